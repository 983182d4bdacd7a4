package diff_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// gSpec is a spec of a drawn graph: package, id, version and edges
// (name, id; an id of no spec is a dangling hash).
type gSpec struct {
	name, id, version string
	deps              [][2]string
}

// gShape is a drawn pair of graphs: each side's specs, the pairs by
// place (old id to new id, as the new side was made from the old),
// whether the new side changed edges (structural: then the pairs by
// place are no bound), whether the sides are written as Spack
// lockfiles (lock: each spec no other is over a root, its stacks the
// roots over it) rather than indexes, and what was done, for messages.
type gShape struct {
	sides      [2][]gSpec
	place      map[string]string
	structural bool
	lock       bool
	what       []string
}

// gIndex writes specs as a Spack index.json, each id's hash drawn by
// rng (hash[id], id[hash]; a dependency's id of no spec gets one too,
// dangling) and the specs in an order drawn by rng.
func gIndex(t *testing.T, rng *rand.Rand, specs []gSpec, hash, id map[string]string) string {
	t.Helper()
	fresh := func(x string) {
		if _, ok := hash[x]; ok {
			return
		}
		for {
			b := make([]byte, 32)
			for i := range b {
				b[i] = byte('a' + rng.IntN(26))
			}
			if _, ok := id[string(b)]; !ok {
				hash[x], id[string(b)] = string(b), x
				return
			}
		}
	}
	for _, sp := range specs {
		fresh(sp.id)
	}
	for _, sp := range specs {
		for _, d := range sp.deps {
			fresh(d[1])
		}
	}
	var b strings.Builder
	b.WriteString(`{"database":{"version":"7","installs":{`)
	deps := [][2]string{}
	for k, x := range rng.Perm(len(specs)) {
		sp := specs[x]
		deps = deps[:0]
		for _, d := range sp.deps {
			deps = append(deps, [2]string{d[0], hash[d[1]]})
		}
		if k > 0 {
			b.WriteByte(',')
		}
		writeIndexEntry(&b, hash[sp.id], sp.name, sp.version, deps)
	}
	b.WriteString(`}}}`)
	return b.String()
}

// gLockfile writes specs as a Spack lockfile, as gIndex writes an
// index: each spec no other spec is over a root, spelled by its name,
// and the specs in an order drawn by rng.
func gLockfile(t *testing.T, rng *rand.Rand, specs []gSpec, hash, id map[string]string) string {
	t.Helper()
	idx := gIndex(t, rng, specs, hash, id) // draws the hashes as gIndex does
	var db struct {
		Database struct {
			Installs map[string]struct {
				Spec json.RawMessage `json:"spec"`
			} `json:"installs"`
		} `json:"database"`
	}
	if err := json.Unmarshal([]byte(idx), &db); err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, sp := range specs {
		for _, d := range sp.deps {
			used[d[1]] = true
		}
	}
	var roots, entries []string
	for _, x := range rng.Perm(len(specs)) {
		sp := specs[x]
		if !used[sp.id] {
			roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, hash[sp.id], sp.name))
		}
		entries = append(entries, fmt.Sprintf("%q:%s", hash[sp.id], db.Database.Installs[hash[sp.id]].Spec))
	}
	return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
		strings.Join(roots, ",") + `],"concrete_specs":{` + strings.Join(entries, ",") + `}}`
}

// gColors colors each spec of a side by colour refinement over its
// name, version, dependencies and users: a structural label no
// relabelling of the hashes changes.
func gColors(specs []gSpec) map[string]string {
	col := map[string]string{}
	users := map[string][][2]string{}
	for _, sp := range specs {
		col[sp.id] = sp.name + "@" + sp.version
		for _, d := range sp.deps {
			users[d[1]] = append(users[d[1]], [2]string{sp.name, sp.id})
		}
	}
	for range len(specs) + 1 {
		next := map[string]string{}
		for _, sp := range specs {
			var l []string
			for _, d := range sp.deps {
				l = append(l, "d"+d[0]+":"+col[d[1]])
			}
			for _, u := range users[sp.id] {
				l = append(l, "u"+u[0]+":"+col[u[1]])
			}
			slices.Sort(l)
			next[sp.id] = fmt.Sprintf("%016x", hashString(col[sp.id]+"|"+strings.Join(l, ",")))
		}
		col = next
	}
	for _, sp := range specs {
		col[sp.id] = sp.name + "#" + col[sp.id][:6]
	}
	return col
}

// hashString is s's FNV-1a hash.
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// gSignature is what a report says in structural labels: counts, each
// pair and list, each pair's changed dependencies and resolved causes,
// groups; mirrored swaps the sides.
func gSignature(r *diff.Report, id map[string]string, col [2]map[string]string, mirrored, causes bool) []string {
	o, n := 0, 1
	if mirrored {
		o, n = 1, 0
	}
	c := func(side int, h string) string {
		if h == "" {
			return "-"
		}
		x, ok := id[h]
		if !ok {
			return "?" + h
		}
		if cc, ok := col[side][x]; ok {
			return cc
		}
		return "dangling"
	}
	var sig []string
	for _, p := range r.Packages {
		for _, s := range p.Specs.Added {
			sig = append(sig, []string{"added ", "removed "}[o]+c(n, s.Hash))
		}
		for _, s := range p.Specs.Removed {
			sig = append(sig, []string{"removed ", "added "}[o]+c(o, s.Hash))
		}
		for kind, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for _, x := range l {
				a, b := c(o, x.Old.Hash), c(n, x.New.Hash)
				if mirrored {
					a, b = b, a
				}
				line := fmt.Sprintf("%s %s→%s", []string{"rebuilt", "updated"}[kind], a, b)
				if x.Why != nil {
					var ch []string
					for _, d := range x.Why.Changed {
						oh, nh := c(o, d.OldHash), c(n, d.NewHash)
						if mirrored {
							oh, nh = nh, oh
						}
						ch = append(ch, d.Name+":"+oh+"→"+nh)
					}
					slices.Sort(ch)
					line += " changed " + strings.Join(ch, ",")
					if causes {
						var cs []string
						for _, cause := range r.Causes.Resolve(x.Why, p.Name) {
							var k []string
							for _, chg := range cause.Changes {
								k = append(k, chg.Kind+":"+chg.From+">"+chg.To)
							}
							cs = append(cs, fmt.Sprintf("%s %s→%s %v %v", cause.Name, c(o, cause.OldHash), c(n, cause.NewHash), k, cause.Path))
						}
						slices.Sort(cs)
						line += " causes " + strings.Join(cs, "; ")
					}
				}
				sig = append(sig, line)
			}
		}
	}
	slices.Sort(sig)
	sig = append(sig, groupKeys(r, mirrored)...)
	s := r.Summary.Specs
	if mirrored {
		s.Old, s.New, s.Added, s.Removed = s.New, s.Old, s.Removed, s.Added
	}
	sig = append(sig, fmt.Sprintf("counts %+v", s))
	return sig
}

// gKept is how many old edges pairs (old id to new id) keep: old a
// over old b, and pairs[a] over pairs[b].
func gKept(sides [2][]gSpec, pairs map[string]string) int {
	has := map[[2]string]bool{}
	for _, sp := range sides[1] {
		for _, d := range sp.deps {
			has[[2]string{sp.id, d[1]}] = true
		}
	}
	k := 0
	for _, sp := range sides[0] {
		for _, d := range sp.deps {
			a, ok1 := pairs[sp.id]
			b, ok2 := pairs[d[1]]
			if ok1 && ok2 && has[[2]string{a, b}] {
				k++
			}
		}
	}
	return k
}

// gLoad writes both sides of sh as index files under hashes drawn from
// rng and loads them from memory (loadIndex); id takes each hash to its
// spec's id.
func gLoad(t *testing.T, rng *rand.Rand, sh gShape) (o, n *snapshot.Snapshot, id map[string]string) {
	t.Helper()
	id = map[string]string{}
	var idx [2]string
	hash := map[string]string{}
	write, base := gIndex, "index.json"
	if sh.lock {
		write, base = gLockfile, "spack.lock"
	}
	for s := range idx {
		idx[s] = write(t, rng, sh.sides[s], hash, id)
	}
	o = loadIndex(t, "old/"+base, idx[0])
	n = loadIndex(t, "new/"+base, idx[1])
	return o, n, id
}

// gCheck compares sh's sides under labellings of the hashes and orders
// of the input, both ways, and returns what went wrong: a signature
// (gSignature) or number of edges kept that changes with the labels, a
// way that is not the other's mirror (by signature, and by the pairs'
// hashes: specs of one colour swapped leave the signatures alike),
// fewer edges kept than the pairs by place (unless sh is structural), a
// snapshot against itself with changes. CheckLaws holds every report
// (compareLawful).
func gCheck(t *testing.T, sh gShape, labellings uint64, stream uint64) []string {
	t.Helper()
	var seeds []uint64
	for seed := range labellings {
		seeds = append(seeds, seed)
	}
	return gCheckSeeds(t, sh, seeds, stream)
}

// gCheckSeeds is gCheck under the labellings of the seeds given (of PCG
// stream stream), each held to the first's.
func gCheckSeeds(t *testing.T, sh gShape, seeds []uint64, stream uint64) []string {
	t.Helper()
	col := [2]map[string]string{gColors(sh.sides[0]), gColors(sh.sides[1])}
	var first [2][]string
	var firstKept int
	var why []string
	for i, seed := range seeds {
		rng := rand.New(rand.NewPCG(seed, stream))
		o, nw, id := gLoad(t, rng, sh)
		var mirror []string
		var forth map[string]string
		for way, snaps := range [][2]*snapshot.Snapshot{{o, nw}, {nw, o}} {
			r := compareLawful(t, snaps[0], snaps[1], diff.Filter{})
			sig := gSignature(r, id, col, way == 1, way == 0)
			if plain := gSignature(r, id, col, way == 1, false); way == 0 {
				mirror = plain
			} else if !slices.Equal(plain, mirror) {
				why = append(why, fmt.Sprintf("labelling %d: new → old is not the mirror:\n%s\nold → new:\n%s", seed, strings.Join(plain, "\n"), strings.Join(mirror, "\n")))
			}
			// The mirror by hashes too: specs alike in their graphs (one
			// colour) swapped leave the signatures alike.
			if pairs := pairIDs(r, id, way == 1); way == 0 {
				forth = pairs
			} else if !maps.Equal(pairs, forth) {
				why = append(why, fmt.Sprintf("labelling %d: new → old pairs %v, old → new %v", seed, gSorted(pairs), gSorted(forth)))
			}
			if way == 0 {
				pairs := pairIDs(r, id, false)
				k := gKept(sh.sides, pairs)
				if i == 0 {
					firstKept = k
				} else if k != firstKept {
					why = append(why, fmt.Sprintf("labelling %d: pairs keep %d edges, %d under labelling %d", seed, k, firstKept, seeds[0]))
				}
				if pk := gKept(sh.sides, sh.place); k < pk && !sh.structural {
					why = append(why, fmt.Sprintf("labelling %d: pairs %v keep %d edges, %d by place", seed, pairs, k, pk))
				}
			}
			if i == 0 {
				first[way] = sig
			} else if !slices.Equal(sig, first[way]) {
				why = append(why, fmt.Sprintf("labelling %d, %s:\n%s\nunder labelling %d:\n%s", seed, []string{"old → new", "new → old"}[way], strings.Join(sig, "\n"), seeds[0], strings.Join(first[way], "\n")))
			}
		}
		for _, s := range [2]*snapshot.Snapshot{o, nw} {
			if r := compareLawful(t, s, s, diff.Filter{}); r.HasChanges() {
				why = append(why, fmt.Sprintf("labelling %d: a snapshot against itself has changes", seed))
			}
		}
		if len(why) > 0 {
			return why
		}
	}
	return nil
}

// gSorted is pairs (old id to new id) as a sorted list, for messages.
func gSorted(pairs map[string]string) []string {
	var l []string
	for o, n := range pairs {
		l = append(l, o+"→"+n)
	}
	slices.Sort(l)
	return l
}

// gMake is old against a copy of it (each id's "o" made "n") that mut
// changes; the pairs by place are each copy's.
func gMake(old []gSpec, mut func(nw []gSpec)) gShape {
	var sh gShape
	sh.place = map[string]string{}
	nw := make([]gSpec, len(old))
	for i, sp := range old {
		x := gSpec{name: sp.name, id: "n" + sp.id[1:], version: sp.version}
		for _, d := range sp.deps {
			x.deps = append(x.deps, [2]string{d[0], "n" + d[1][1:]})
		}
		nw[i] = x
		sh.place[sp.id] = x.id
	}
	mut(nw)
	sh.sides = [2][]gSpec{old, nw}
	return sh
}

// gBump makes every spec of package name version 2.
func gBump(name string) func(nw []gSpec) {
	return func(nw []gSpec) {
		for i := range nw {
			if nw[i].name == name {
				nw[i].version = "2"
			}
		}
	}
}
