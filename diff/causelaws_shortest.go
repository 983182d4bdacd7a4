package diff

import "fmt"

// checkShortest checks that set s, from node q (the pair whose why names
// it, or the spec its via reaches), holds each cause by a path no longer
// than one through a changed dependency of q that is a pair of the
// report: cachediff composes a pair's paths from its dependencies'
// (solve), each the shortest (then first by name), so that a cause that
// dependency d reaches by n names, q reaches by n+1 at most, and by n+1
// through a name after d's only when by fewer. A reference
// edited to another link that goes there too, by more names, rendered:
// the walk by hashes found its path real. A dependency cut (or q), a
// base's causes (whose lengths are the base's, through its via), and
// the pairs the report does not list say nothing; past lawHashWalks
// steps an element of the causes and whys, no more is checked (a
// report cachediff writes costs less: a pair with a via is no start of
// its set's paths, and a dependency's set and via are looked at once a
// start).
func (h *hashWalk) checkShortest(s int, q int32) error {
	c := h.c
	x := &h.nodes[q]
	if x.w.Cut || h.shortBudget < 0 {
		return nil
	}
	if h.bound == nil {
		h.bound = map[int]shortBound{}
		h.boundSeen = map[[2]int]bool{}
	}
	clear(h.bound)
	clear(h.boundSeen)
	for k := range x.w.Changed {
		d := &x.w.Changed[k]
		id, ok := h.byHash[[2]string{d.OldHash, d.NewHash}]
		if !ok || id == q {
			continue
		}
		y := h.nodes[id].w
		if y.Cut || y.Set <= 0 || y.Set >= len(c.Sets) {
			continue
		}
		vl := 0
		if y.Via != nil {
			if *y.Via < 0 || *y.Via >= len(h.depth) {
				continue
			}
			vl = h.depth[*y.Via]
		}
		if h.boundSeen[[2]int{y.Set, vl}] {
			continue
		}
		h.boundSeen[[2]int{y.Set, vl}] = true
		for i := range c.Sets[y.Set] {
			if h.shortBudget--; h.shortBudget < 0 {
				return nil
			}
			ref := &c.Sets[y.Set][i]
			if ref.SetBase != nil || ref.Path < 0 || ref.Path >= len(h.depth) {
				continue
			}
			n := 1 + vl + h.depth[ref.Path]
			if b, ok := h.bound[ref.Cause]; !ok || n < b.names || n == b.names && d.Name < x.w.Changed[b.dep].Name {
				h.bound[ref.Cause] = shortBound{names: n, dep: k}
			}
		}
	}
	if len(h.bound) == 0 {
		return nil
	}
	for i := range c.Sets[s] {
		if h.shortBudget--; h.shortBudget < 0 {
			return nil
		}
		ref := &c.Sets[s][i]
		if ref.SetBase != nil || ref.Path < 0 || ref.Path >= len(h.depth) {
			continue
		}
		b, ok := h.bound[ref.Cause]
		if !ok {
			continue
		}
		t, d := &c.Table[ref.Cause], &x.w.Changed[b.dep]
		switch n, first := h.depth[ref.Path], c.Paths[ref.Path].Name; {
		case n > b.names:
			return lawf(fmt.Sprintf("causes.sets[%d][%d].path", s, i), "%d, a path of %d names from %s (%q) to cause %d, %q %q → %q, but its changed dependency %q %q → %q, a pair of the report, reaches that cause by %d: cachediff writes a cause's shortest path",
				ref.Path, n, x.where(), shortValue(x.name), ref.Cause, shortValue(t.Name), shortValue(t.OldHash), shortValue(t.NewHash),
				shortValue(d.Name), shortValue(d.OldHash), shortValue(d.NewHash), b.names-1)
		case n == b.names && d.Name < first:
			return lawf(fmt.Sprintf("causes.sets[%d][%d].path", s, i), "%d, a path of %d names from %s (%q) to cause %d, %q %q → %q, through %q, but its changed dependency %q %q → %q, a pair of the report, reaches that cause by as many: cachediff writes the first of a cause's shortest paths by name",
				ref.Path, n, x.where(), shortValue(x.name), ref.Cause, shortValue(t.Name), shortValue(t.OldHash), shortValue(t.NewHash),
				shortValue(first), shortValue(d.Name), shortValue(d.OldHash), shortValue(d.NewHash))
		}
	}
	return nil
}

// shortBound is how many names a path from a pair to a cause has at most
// (checkShortest): through changed dependency dep of the pair.
type shortBound struct{ names, dep int }
