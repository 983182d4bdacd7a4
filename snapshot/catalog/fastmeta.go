package catalog

import (
	"math/bits"
	"slices"

	"github.com/cachediff/cachediff/internal/memo"
	"github.com/cachediff/cachediff/snapshot"
)

// metaAgrees reports whether checkMeta would find nothing to say: the
// common case, decided without checkMeta's maps. When it says false,
// checkMeta describes the disagreement (or finds none: metaAgrees may give
// up on pages with many distinct values).
func metaAgrees(m *meta, specs []snapshot.Spec, fin *snapshot.Finisher, st *state) bool {
	if m.NumSpecs != nil && *m.NumSpecs != len(specs) {
		return false
	}
	sc := &st.scratch
	for i := range sc.sets {
		sc.sets[i] = sc.sets[i][:0]
	}
	sc.stacks = sc.stacks[:0]
	sc.gen++
	const maxDistinct = 64
	add := func(i int, v string) bool {
		k := memo.String(v)
		e := memo.Lookup(sc.seen[:], k)
		if e.Holds(k) && e.Value.of(i, sc.gen) {
			return true // the very string, added before
		}
		at := slices.Index(sc.sets[i], v)
		if at < 0 {
			if sc.sets[i] = append(sc.sets[i], v); len(sc.sets[i]) > maxDistinct {
				return false
			}
			at = len(sc.sets[i]) - 1
		}
		e.Set(k, seenString{i, at, sc.gen})
		return true
	}
	for i := range specs {
		s := &specs[i]
		if !add(0, s.Compiler) || !add(1, s.OS) || !add(2, s.Platform) || !add(3, s.Target) {
			return false
		}
		for _, v := range s.Versions {
			if !add(5, v) {
				return false
			}
		}
	stacks:
		for _, name := range s.Stacks {
			k := memo.String(name)
			e := memo.Lookup(sc.seen[:], k)
			if e.Holds(k) && e.Value.of(4, sc.gen) {
				sc.stacks[e.Value.at].n++ // the very string, counted before
				continue
			}
			for j := range sc.stacks {
				if sc.stacks[j].name == name {
					sc.stacks[j].n++
					e.Set(k, seenString{4, j, sc.gen})
					continue stacks
				}
			}
			if sc.stacks = append(sc.stacks, stackCount{name, 1}); len(sc.stacks) > maxDistinct {
				return false
			}
			sc.sets[4] = append(sc.sets[4], name)
			e.Set(k, seenString{4, len(sc.stacks) - 1, sc.gen})
		}
	}
	switch {
	case m.byStack != nil:
		for _, c := range sc.stacks {
			if claimedCount(m.byStack, c.name) != c.n {
				return false
			}
		}
		for _, c := range m.byStack {
			if c.n != 0 && !contains(sc.sets[4], c.name) {
				return false
			}
		}
	case m.NumSpecsByStack != nil:
		for _, c := range sc.stacks {
			if m.NumSpecsByStack[c.name] != c.n {
				return false
			}
		}
		for name, n := range m.NumSpecsByStack {
			if n != 0 && !contains(sc.sets[4], name) {
				return false
			}
		}
	}
	for i, f := range []struct {
		facet string
		vals  []string
	}{
		{"compiler", m.Compilers}, {"", m.OSs}, {"", m.Platforms}, {"", m.Targets}, {"", m.Stacks}, {"version", m.Versions},
	} {
		if f.vals == nil {
			continue
		}
		// Every claimed value is a spec's, and every spec's is claimed.
		claimed := f.vals
		if !fin.Raw && f.facet != "" {
			sc.claimed = sc.claimed[:0]
			for _, v := range f.vals {
				sc.claimed = append(sc.claimed, fin.Canonical(f.facet, v))
			}
			claimed = sc.claimed
		}
		// At most maxDistinct values: a bit each for those claimed.
		var found uint64
		for _, v := range claimed {
			at := -1
			k := memo.String(v)
			if e := memo.Lookup(sc.seen[:], k); e.Holds(k) && e.Value.of(i, sc.gen) {
				at = e.Value.at // the very string of a spec
			} else if at = slices.Index(sc.sets[i], v); at < 0 {
				return false
			}
			found |= 1 << at
		}
		if bits.OnesCount64(found) != len(sc.sets[i]) {
			return false
		}
	}
	return true
}

type stackCount struct {
	name string
	n    int
}

// metaScratch is metaAgrees's memory, kept from page to page.
type metaScratch struct {
	sets    [6][]string // compilers, oss, platforms, targets, stacks, versions
	stacks  []stackCount
	claimed []string
	// seen remembers, by identity (see memo), strings of this page
	// (generation gen) already in a set: the loader interns what it
	// reads, so a value repeated over a page's specs is mostly the very
	// string, found by one comparison instead of a scan of the set.
	seen [256]memo.Slot[seenString]
	gen  uint32
}

// seenString is a string's place in set (and in the stacks counted, for
// set 4), seen while metaAgrees read page generation gen.
type seenString struct {
	set, at int
	gen     uint32
}

// of reports whether e is of set, seen on page generation gen.
func (e seenString) of(set int, gen uint32) bool { return e.gen == gen && e.set == set }

// claimedCount is the count of stack name in counts (0 when absent, as
// a map gives).
func claimedCount(counts []stackCount, name string) int {
	for _, c := range counts {
		if c.name == name {
			return c.n
		}
	}
	return 0
}

func contains(l []string, v string) bool {
	for _, x := range l {
		if x == v {
			return true
		}
	}
	return false
}
