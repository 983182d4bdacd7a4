package diff

import (
	"cmp"
	"fmt"
	"slices"
)

// checkDepSelves checks that each pair's changed dependency that is a
// listed pair with an own change (its why.self) has that change among
// the pair's root causes (and so for a changed root's why): the engine
// offers a changed dependency's own change to each of its dependents by
// a path of one name (solveOne, based; solveCycle and solveRing too,
// inside a cycle), and lists it among the references the dependent's
// set adds itself. A report edited to drop it (a chain's set cut, the
// group counts mended to match) rendered as a cause of fewer specs than
// it is.
//
// A changed dependency is that pair when it has the pair's package
// name and both its hashes: one named otherwise (an edge whose name is
// not its spec's package), added, removed, outside the listed pairs
// (--package, --stack), or swapped for another provider (named by the
// virtual, whose cause, of kind provider, the table holds under the
// same name and hashes) is not checked, nor is the pair itself (a spec
// depending on itself, bad input: a member of a cycle never has its
// own change as a cause), nor an own change the table holds twice.
//
// The own change is looked for among the references the set adds itself
// (sorted by cause, checkCauseSets: a binary search), where cachediff
// writes it; only then in its bases, each set's bases counted once, each
// set walked once per cause asked and at most 32 bases a set of the
// report in all: past that, an own change not found is refused as one
// the set does not list itself, so that a report edited to stack bases
// costs no more than its size.
func checkDepSelves(r *Report) error {
	c := r.Causes
	if c == nil || len(c.Table) == 0 {
		return nil
	}
	type pairKey struct{ name, old, new string }
	selfOf := map[pairKey]int{}
	for i := range r.Packages {
		p := &r.Packages[i]
		for _, l := range [][]Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for j := range l {
				pr := &l[j]
				if w := pr.Why; w != nil && w.Self != nil && *w.Self >= 0 && *w.Self < len(c.Table) && pr.Old != nil && pr.New != nil {
					selfOf[pairKey{p.Name, pr.Old.Hash, pr.New.Hash}] = *w.Self
				}
			}
		}
	}
	if len(selfOf) == 0 {
		return nil
	}
	// skip are the dependencies by name and hashes whose own change is
	// not asked for: a cause of the table of the same name and hashes
	// is a provider swap (the dependency is the virtual's, swapped), or
	// the own change again (refused after the laws, as the table's
	// cause twice: CheckCauseListOrder), which the sets may name in its
	// place.
	skip := map[pairKey]bool{}
	for i := range c.Table {
		x := &c.Table[i]
		k := pairKey{x.Name, x.OldHash, x.NewHash}
		if t, ok := selfOf[k]; ok && t != i &&
			(slices.ContainsFunc(x.Changes, func(ch Change) bool { return ch.Kind == "provider" }) || compareCauses(*x, c.Table[t]) == 0) {
			skip[k] = true
		}
	}
	budget := 32*len(c.Sets) + 1024
	// nb[s] is 1 + the number of set s's bases, found once a set (0: not
	// yet): a set of K bases asked for each of M causes cost M·K.
	var nb []int32
	bases := func(s int) []CauseRef {
		if nb == nil {
			nb = make([]int32, len(c.Sets))
		}
		if nb[s] == 0 {
			n := 0
			for n < len(c.Sets[s]) && c.Sets[s][n].SetBase != nil {
				if depSelfStep != nil {
					depSelfStep()
				}
				n++
			}
			nb[s] = int32(n) + 1
		}
		return c.Sets[s][:nb[s]-1]
	}
	own := func(s, t int) bool {
		_, ok := slices.BinarySearchFunc(c.Sets[s][len(bases(s)):], t, func(ref CauseRef, t int) int { return cmp.Compare(ref.Cause, t) })
		return ok
	}
	deep := map[[2]int]bool{} // set and cause: held, once walked
	var seenAt []int          // the walk that saw each set, by stamp
	stamp := 0
	var stack []int
	// holds reports whether set s's expansion holds cause t, and whether
	// it could tell (false when the walk's budget is spent).
	holds := func(s, t int) (bool, bool) {
		if s <= 0 || s >= len(c.Sets) {
			return false, true
		}
		if own(s, t) {
			return true, true
		}
		if len(bases(s)) == 0 {
			return false, true
		}
		if h, ok := deep[[2]int{s, t}]; ok {
			return h, true
		}
		if seenAt == nil {
			seenAt = make([]int, len(c.Sets))
		}
		stamp++
		stack = append(stack[:0], s)
		seenAt[s] = stamp
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, ref := range bases(k) {
				if depSelfStep != nil {
					depSelfStep()
				}
				if budget--; budget < 0 {
					return false, false
				}
				b := ref.SetBase
				if b.Set <= 0 || b.Set >= len(c.Sets) || seenAt[b.Set] == stamp {
					continue
				}
				if own(b.Set, t) {
					deep[[2]int{s, t}] = true
					return true, true
				}
				seenAt[b.Set] = stamp
				stack = append(stack, b.Set)
			}
		}
		deep[[2]int{s, t}] = false
		return false, true
	}
	// check checks the why w at path at, of the pair (or changed root)
	// name, oldHash → newHash.
	check := func(at, name string, w *Why, oldHash, newHash string) error {
		if w == nil || !w.Known || len(w.Causes) > 0 {
			return nil
		}
		for k := range w.Changed {
			d := &w.Changed[k]
			if d.OldHash == "" || d.NewHash == "" || d.OldHash == oldHash && d.NewHash == newHash {
				continue
			}
			key := pairKey{d.Name, d.OldHash, d.NewHash}
			t, ok := selfOf[key]
			if !ok || skip[key] {
				continue
			}
			held, sure := holds(w.Set, t)
			switch {
			case !sure:
				return lawf(fmt.Sprintf("%s.changed[%d]", at, k), "%q %q → %q changed for a reason of its own (causes.table[%d], its pair's why.self), but the root causes of %q (why.set %d) do not list it among their own references, and their bases are too deep to search: cachediff lists a changed dependency's own change among the references of each dependent's set", shortValue(d.Name), shortValue(d.OldHash), shortValue(d.NewHash), t, shortValue(name), w.Set)
			case !held:
				return lawf(fmt.Sprintf("%s.changed[%d]", at, k), "%q %q → %q changed for a reason of its own (causes.table[%d], its pair's why.self), but the root causes of %q (why.set %d) do not hold that change: a changed dependency's own change is a root cause of each of its dependents", shortValue(d.Name), shortValue(d.OldHash), shortValue(d.NewHash), t, shortValue(name), w.Set)
			}
		}
		return nil
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		for _, l := range whyLists(p) {
			for j := range l.pairs {
				pr := &l.pairs[j]
				if pr.Old == nil || pr.New == nil {
					continue
				}
				if err := check(fmt.Sprintf("packages[%d].specs.%s[%d].why", i, l.name, j), p.Name, pr.Why, pr.Old.Hash, pr.New.Hash); err != nil {
					return err
				}
			}
		}
	}
	if c.Roots != nil {
		for i := range c.Roots.Changed {
			rc := &c.Roots.Changed[i]
			if err := check(fmt.Sprintf("causes.roots.changed[%d].why", i), rc.New.Name, rc.Why, rc.Old.Hash, rc.New.Hash); err != nil {
				return err
			}
		}
	}
	return nil
}

// depSelfStep, when set (by tests), is called for each element of a
// set that checkDepSelves looks at as a base: counting a set's bases, or
// walking them.
var depSelfStep func()
