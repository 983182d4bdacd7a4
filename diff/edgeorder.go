package diff

import (
	"cmp"
	"slices"
	"strings"
)

// The order of a class's specs. Where resolve's edges, colors and
// users leave several candidates alike, it pairs them in the class's
// order; the engine's order ends with the hash, so that such a tie went
// by the labels: two builds alike but for users that gained or lost an
// edge (an edge added or dropped) paired in hash order, and the edges
// over them crossed under one labelling in ten. canonicalOrder orders
// each class's specs by a key of their place in their own snapshot's
// graph (structKeys), the engine's order only among specs of one key
// (each spec's own place in it, not its list's, keyOrder), so that the
// ties go by the graphs, whatever the hashes.

// structRounds is how many rounds structKeys mixes each node's
// neighbours in: a fixed count, so that the keys cost the graph's edges
// times it.
const structRounds = 8

// structKeys is a key of each node of g (by its place in g.Nodes()) that
// no relabelling of the hashes changes: its name and facets, then
// structRounds rounds each mixing in its dependencies' keys (by edge
// name) and its users' keys, as multisets (sums of mixed keys, so that
// no list is sorted). A dependency of no node counts by its edge name
// alone.
func structKeys(g Graph) []uint64 {
	nodes := g.Nodes()
	key := make([]uint64, len(nodes))
	// The edges as places: off[i]..off[i+1] of to, -1 for a dependency
	// of no node; name is each edge's name's key.
	off := make([]int32, len(nodes)+1)
	var to []int32
	var name []uint64
	for i, n := range nodes {
		h := fnvString(fnvOffset, n.Name)
		for _, l := range [][]string{n.spec().Versions, n.Variants()} {
			h = fnvByte(h, 1)
			for _, v := range l {
				h = fnvByte(fnvString(h, v), 0)
			}
		}
		for _, v := range [4]string{n.Compiler(), n.OS(), n.Platform(), n.Target()} {
			h = fnvString(fnvByte(h, 2), v)
		}
		key[i] = mix64(h)
		for _, d := range n.Deps() {
			x := int32(-1)
			if _, at := g.place(d.Hash); at >= 0 {
				x = int32(at)
			}
			to = append(to, x)
			name = append(name, mix64(fnvString(fnvOffset, d.Name)))
		}
		off[i+1] = int32(len(to))
	}
	down := make([]uint64, len(nodes))
	up := make([]uint64, len(nodes))
	for range structRounds {
		clear(down)
		clear(up)
		for i := range nodes {
			for e := off[i]; e < off[i+1]; e++ {
				k := name[e]
				if x := to[e]; x >= 0 {
					down[i] += mix64(k ^ mix64(key[x]))
					up[x] += mix64(k + mix64(key[i]^0x9e3779b97f4a7c15))
				} else {
					down[i] += mix64(k)
				}
			}
		}
		for i := range key {
			key[i] = mix64(key[i] ^ mix64(down[i]+0x632be59bd9b4e019) ^ mix64(up[i]+0x85ebca6b2b2e5a3d)>>1)
		}
	}
	return key
}

// fnvOffset is FNV-1a's offset basis: structKeys hashes by a fixed
// function, never a seeded one, so that its order is the same in every
// run.
const fnvOffset = 14695981039346656037

// fnvByte is FNV-1a's step over b.
func fnvByte(h uint64, b byte) uint64 { return (h ^ uint64(b)) * 1099511628211 }

// fnvString is FNV-1a's steps over s, then a terminator.
func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = fnvByte(h, s[i])
	}
	return fnvByte(h, 0xff)
}

// mix64 is a bijective mix of x's bits (SplitMix64's finalizer).
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// canonicalOrder orders the old and new specs of each class by their
// structKeys (each spec's place in the engine's order among specs of
// one key, keyOrder), and its pairs
// with them. It returns the keys, of og and ng (nil for no class).
func canonicalOrder(classes []*edgeClass, og, ng Graph, mates map[string]string, other *otherStacks) [2][]uint64 {
	var keys [2][]uint64
	for _, c := range classes {
		if keys[0] == nil {
			keys = [2][]uint64{structKeys(og), structKeys(ng)}
		}
		c.oldListed = make([]bool, len(c.olds))
		for i := len(c.slots); i < len(c.olds); i++ {
			c.oldListed[i] = true
		}
		c.newListed = make([]bool, len(c.news))
		for j := len(c.slots); j < len(c.news); j++ {
			c.newListed[j] = true
		}
		// The pairs the passes took from respell's mates, or of stacks
		// equal both ways round, each way: each mated spec's mate, by its
		// place in the other list.
		oldMate, newMate := make([]int, len(c.olds)), make([]int, len(c.news))
		for i := range oldMate {
			oldMate[i] = -1
		}
		for j := range newMate {
			newMate[j] = -1
		}
		for i, j := range c.pairs {
			if j >= 0 && (mates[c.olds[i].Hash] == c.news[j].Hash || other.alike(c.olds[i], c.news[j])) {
				oldMate[i], newMate[j] = j, i
			}
		}
		oldKey, newKey := specKeys(c.olds, og, keys[0]), specKeys(c.news, ng, keys[1])
		po := keyOrder(c.olds, c.news, og, oldKey, newKey, oldMate)
		pn := keyOrder(c.news, c.olds, ng, newKey, oldKey, newMate)
		at := make([]int, len(pn)) // each new spec's place after
		for x, j := range pn {
			at[j] = x
		}
		olds, news := make([]*Spec, len(po)), make([]*Spec, len(pn))
		oldListed, newListed := make([]bool, len(po)), make([]bool, len(pn))
		pairs := make([]int, len(po))
		for x, i := range po {
			olds[x], oldListed[x] = c.olds[i], c.oldListed[i]
			pairs[x] = c.pairs[i]
			if pairs[x] >= 0 {
				pairs[x] = at[pairs[x]]
			}
		}
		for x, j := range pn {
			news[x], newListed[x] = c.news[j], c.newListed[j]
		}
		if c.newSub != nil {
			sub := make([]int32, len(pn))
			for x, j := range pn {
				sub[x] = c.newSub[j]
			}
			c.newSub = sub
		}
		if c.oldSub != nil {
			sub := make([]int32, len(po))
			for x, i := range po {
				sub[x] = c.oldSub[i]
			}
			c.oldSub = sub
		}
		c.olds, c.news, c.pairs = olds, news, pairs
		c.oldListed, c.newListed = oldListed, newListed
		c.oldKey, c.newKey = specKeys(olds, og, keys[0]), specKeys(news, ng, keys[1])
	}
	return keys
}

// specKeys is each spec's node's key (0: of no node).
func specKeys(specs []*Spec, g Graph, keys []uint64) []uint64 {
	k := make([]uint64, len(specs))
	for i, s := range specs {
		if _, at := g.place(s.Hash); at >= 0 {
			k[i] = keys[at]
		}
	}
	return k
}

// keyOrder is the places of specs sorted by their nodes' keys (a spec
// of no node first), then the specs the passes paired (listed: left
// removed or added) first, then each spec's own place in the engine's
// order (its stacks, then its hash). The class's lists are the passes'
// pairs in order, a new spec at its old spec's place: by the list's
// order among specs of one key, two new builds alike (identical twins)
// came in the order of the old specs the passes paired them with, one
// way round and not the other, resolve gave each old spec the first
// left, and new → old did not mirror old → new (TestAlikeTwinsMirror).
// The mates' pairs come first as they are the same both ways round
// (respell's mates, pairMates, and the passes' pairs whose stacks are
// equal both ways round, otherStacks.alike: of debian's q rooted
// curl@2.0, now e rooted curl@2.0 and i curl, builds alike, q took i,
// "curl" first, while its root changed into e, TestTwinPairedAsItsRoot),
// where the stacks one way are not: the old
// side's are respelt into the new side's spellings. Of ubuntu's o
// rooted hdf5@=1.0 and hdf5@1.0, now q (hdf5, respell's mate) and l
// (hdf5@1.0), builds alike, old → new took o's mate q (stack hdf5
// before hdf5@1.0), new → old l (hdf5@1.0 before q's stack respelt
// hdf5@=1.0), and the roots hdf5@1.0 paired otherwise each way
// (TestRootTwiceMateSpecsMirror). Mated specs of one key go by their
// mates' keys, then by their pairs' two hashes as a set (pairKey), an
// order both lists share whichever side is old: by stacks and hash,
// ubuntu's d and q, builds alike rooted cmake, now j (cmake@=1.0) and 7
// (cmake@2.0.1) of other keys, the roots pairing d with j and q with 7,
// came q before d (their stacks respelt cmake@2.0.1 and cmake@=1.0)
// old → new and, as d and q, both cmake, by hash new → old, so the
// exact pass paired one way round as the roots did and the other
// crosswise (TestRootMatesOfOneKeyMirror). Other specs go by their
// stacks, each spec's own as its side wrote them (its graph's node),
// not the old side's respelt: of libx a and b, both of curl-x@=1.0's
// root, now c of curl-x's (that root respelt) and d of curl-x@1.0's,
// old → new put c (curl-x) before d, new → old d before c (respelt
// curl-x@=1.0), and a, b paired c, d one way and d, c the other
// (TestTwinsOrderedByTheirOwnStacks). specs' keys are k, their mates'
// (of the other list, others) otherKey; mate is each spec's mate's
// place in others (-1: none); g is specs' side's graph.
func keyOrder(specs, others []*Spec, g Graph, k, otherKey []uint64, mate []int) []int {
	stacks := make([][]string, len(specs)) // each spec's own, as its side wrote them
	for i, s := range specs {
		stacks[i] = s.Stacks
		if n, at := g.place(s.Hash); at >= 0 {
			stacks[i] = g.stacks(n, at)
		}
	}
	order := make([]int, len(specs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case k[a] < k[b]:
			return -1
		case k[a] > k[b]:
			return 1
		}
		ma, mb := mate[a], mate[b]
		if c := cmp.Compare(boolInt(mb >= 0), boolInt(ma >= 0)); c != 0 || ma < 0 {
			return cmp.Or(c, compareJoined(stacks[a], stacks[b]), strings.Compare(specs[a].Hash, specs[b].Hash))
		}
		// Two mated specs of one key: by their mates' keys, then by
		// their pairs' hashes as sets, the same order either way round.
		return cmp.Or(cmp.Compare(otherKey[ma], otherKey[mb]),
			strings.Compare(pairKey(specs[a].Hash, others[ma].Hash), pairKey(specs[b].Hash, others[mb].Hash)))
	})
	return order
}

// mirrorClasses are classes the other way round: each's new specs as
// its old ones and its old specs as its new ones, its pairs turned
// about, for resolveClasses to pair new to old. They share the specs'
// lists and the subs (each's subs of the other side), and are for
// pairing only (apply writes none of them).
func mirrorClasses(classes []*edgeClass) []*edgeClass {
	out := make([]*edgeClass, len(classes))
	for x, c := range classes {
		pairs := make([]int, len(c.news))
		for j := range pairs {
			pairs[j] = -1
		}
		for i, j := range c.pairs {
			if j >= 0 {
				pairs[j] = i
			}
		}
		out[x] = &edgeClass{pkg: c.pkg, kind: c.kind, slots: c.slots, olds: c.news, news: c.olds, pairs: pairs,
			subs: c.subs, oldSub: c.newSub, newSub: c.oldSub, subOfOld: !c.subOfOld,
			oldKey: c.newKey, newKey: c.oldKey, cells: c.cells, subOldF: c.subNewF, subNewF: c.subOldF}
	}
	return out
}

// mirrorWins says whether the pairing of mirrored (resolved new to old)
// is the report's rather than that of classes (resolved old to new:
// pairOf, old hash to new, over every package): it keeps more of
// the distinct edges of og with an end in a class's old spec (an edge
// u over v kept where u's pair is over v's pair; a spec of no class is
// its own pair where it has none), or as many and its pairs' places
// (keys: structKeys of og and ng) sum less, each pair's a function of
// its two keys that is the same either way round, or as great (the two
// differ by specs of one key swapped, alike in their graphs) it holds
// the least pair of the two's difference, its two hashes taken as a
// set. Each is the same whichever snapshot is old, so the choice is the
// mirror of the other way's; the hashes choose only between pairings
// alike but for specs their graphs do not tell apart.
func mirrorWins(classes, mirrored []*edgeClass, og, ng Graph, pairOf map[string]string, keys [2][]uint64) bool {
	if samePairing(classes, mirrored) {
		return false
	}
	// The class's old specs, each's pair by the mirror (\x00: none).
	mirrorOf := map[string]string{}
	for x, c := range classes {
		for _, o := range c.olds {
			mirrorOf[o.Hash] = "\x00"
		}
		for j, i := range mirrored[x].pairs {
			if i >= 0 {
				mirrorOf[c.olds[i].Hash] = c.news[j].Hash
			}
		}
	}
	kept := func(mirror bool) int {
		pair := func(h string) string {
			m, inClass := mirrorOf[h]
			if mirror && inClass {
				return m
			}
			if n, ok := pairOf[h]; ok {
				return n
			}
			if inClass {
				return "\x00"
			}
			return h
		}
		k := 0
		var vs, have []string
		for _, u := range og.Nodes() {
			_, uIn := mirrorOf[u.Hash()]
			vs = vs[:0]
			for _, d := range u.Deps() {
				if _, dIn := mirrorOf[d.Hash]; uIn || dIn {
					vs = append(vs, d.Hash)
				}
			}
			if len(vs) == 0 {
				continue
			}
			pu := ng.Node(pair(u.Hash()))
			if pu == nil {
				continue
			}
			slices.Sort(vs)
			vs = slices.Compact(vs) // distinct edges
			have = have[:0]
			for _, e := range pu.Deps() {
				have = append(have, e.Hash)
			}
			slices.Sort(have)
			for _, v := range vs {
				if _, ok := slices.BinarySearch(have, pair(v)); ok {
					k++
				}
			}
		}
		return k
	}
	kf, km := kept(false), kept(true)
	if kf != km {
		return km > kf
	}
	key := func(g Graph, side int, h string) uint64 {
		if _, at := g.place(h); at >= 0 {
			return keys[side][at]
		}
		return 0
	}
	var sum [2]uint64
	for x, c := range classes {
		for i, j := range c.pairs {
			if j >= 0 {
				a, b := key(og, 0, c.olds[i].Hash), key(ng, 1, c.news[j].Hash)
				sum[0] += mix64(a^b) + mix64(a+b)
			}
		}
		for j, i := range mirrored[x].pairs {
			if i >= 0 {
				a, b := key(og, 0, c.olds[i].Hash), key(ng, 1, c.news[j].Hash)
				sum[1] += mix64(a^b) + mix64(a+b)
			}
		}
	}
	if sum[0] != sum[1] {
		return sum[1] < sum[0]
	}
	// As many edges and as great a sum: the pairings differ by specs of
	// one key swapped (alike in their graphs). Each way keeping its own
	// pairing, new → old did not mirror old → new; the pairing of the
	// least pair of the two's difference, its two hashes taken as a set,
	// is the same pairing either way round.
	least, mirror := "", false
	for x, c := range classes {
		for i, j := range c.pairs {
			if j >= 0 && mirrored[x].pairs[j] != i {
				if k := pairKey(c.olds[i].Hash, c.news[j].Hash); least == "" || k < least {
					least, mirror = k, false
				}
			}
		}
		for j, i := range mirrored[x].pairs {
			if i >= 0 && c.pairs[i] != j {
				if k := pairKey(c.olds[i].Hash, c.news[j].Hash); least == "" || k < least {
					least, mirror = k, true
				}
			}
		}
	}
	return mirror
}

// pairKey is a pair's two hashes as a set: the lesser first, whichever
// side each is of.
func pairKey(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + "\x00" + b
}

// samePairing says whether classes and mirrored pair the same specs: each
// pair of classes is one of mirrored, and they make as many. A pairing
// is one to one, so that no list is searched (an old spec unpaired
// looked for in the mirror's pairs cost its unpaired specs times its
// pairs).
func samePairing(classes, mirrored []*edgeClass) bool {
	steps := 0
	if samePairingHook != nil {
		defer func() { samePairingHook(steps) }()
	}
	for x, c := range classes {
		n := 0
		for i, j := range c.pairs {
			steps++
			if j >= 0 {
				if mirrored[x].pairs[j] != i {
					return false
				}
				n++
			}
		}
		for _, i := range mirrored[x].pairs {
			steps++
			if i >= 0 {
				n--
			}
		}
		if n != 0 {
			return false
		}
	}
	return true
}

// samePairingHook, when set (by tests), is called with how many entries
// of the pairings samePairing read.
var samePairingHook func(steps int)
