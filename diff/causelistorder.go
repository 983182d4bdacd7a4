package diff

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
)

// CheckCauseListOrder checks that a report's causes.table, paths and sets
// are listed as the engine lists them, each entry once: the table sorted
// by name, hashes and changes (compareCauses), the sets numbered in the
// order the pairs' whys name them (then the changed roots' whys), each
// set before its bases (setID), and the links in the order the sets'
// references, then their bases, then the whys' vias first walk them
// (explainer.result). A report whose entries were duplicated or reordered
// (every index renumbered to match) renders as the one the engine wrote,
// but was not written by it: render refuses it, naming the entry. It is
// checked after CheckLaws, which keeps every index in range, no path or
// base looping and no entry unnamed; a report whose causes were written
// out whole (before issue 35, AdoptCauses) is not held to it.
func CheckCauseListOrder(r *Report) error {
	c := r.Causes
	if c == nil {
		return nil
	}
	for i, t := range c.Table {
		if err := checkChangeOrder(fmt.Sprintf("causes.table[%d].changes", i), t.Changes); err != nil {
			return err
		}
	}
	for i := 1; i < len(c.Table); i++ {
		a, b := c.Table[i-1], c.Table[i]
		switch d := compareCauses(a, b); {
		case d == 0:
			return lawf(fmt.Sprintf("causes.table[%d]", i), "the cause of causes.table[%d] again (%q): the table names each cause once", i-1, shortValue(b.Name))
		case d > 0:
			return lawf(fmt.Sprintf("causes.table[%d]", i), "%q %q → %q after %q %q → %q: the table is sorted by name, hashes and changes", shortValue(b.Name), shortValue(b.OldHash), shortValue(b.NewHash),
				shortValue(a.Name), shortValue(a.OldHash), shortValue(a.NewHash))
		}
	}
	// The whys in the order the engine gives them out: the pairs', then
	// the changed roots' (kind 2), each named only in a message.
	type whyAt struct {
		w       *Why
		kind, i int32
		j       int32
	}
	at := func(a whyAt) string {
		switch a.kind {
		case 0:
			return fmt.Sprintf("packages[%d].specs.rebuilt[%d].why", a.i, a.j)
		case 1:
			return fmt.Sprintf("packages[%d].specs.updated[%d].why", a.i, a.j)
		}
		return fmt.Sprintf("causes.roots.changed[%d].why", a.i)
	}
	var whys []whyAt
	for i := range r.Packages {
		p := &r.Packages[i]
		for j := range p.Specs.Rebuilt {
			whys = append(whys, whyAt{p.Specs.Rebuilt[j].Why, 0, int32(i), int32(j)})
		}
		for j := range p.Specs.Updated {
			whys = append(whys, whyAt{p.Specs.Updated[j].Why, 1, int32(i), int32(j)})
		}
	}
	if c.Roots != nil {
		for i := range c.Roots.Changed {
			whys = append(whys, whyAt{c.Roots.Changed[i].Why, 2, int32(i), 0})
		}
	}
	// A why's changed dependencies, sorted by name (then hashes, which
	// are not checked: a spec may have two dependencies of one name).
	for _, a := range whys {
		if a.w == nil {
			continue
		}
		ch := a.w.Changed
		for i := 1; i < len(ch); i++ {
			x, y := ch[i-1], ch[i]
			if x.Name > y.Name {
				return lawf(fmt.Sprintf("%s.changed[%d]", at(a), i), "%q after %q: a pair's changed dependencies are sorted by name", shortValue(y.Name), shortValue(x.Name))
			}
		}
	}
	if len(c.Sets) == 0 && len(c.Paths) == 0 {
		return nil
	}
	// Sets: numbered as first named, a set's bases after it, in order.
	// Each on the stack with the set whose base it is (-1 for the why's
	// own): the set numbered last is not, once its bases are walked.
	nextSet := 1
	var stack [][2]int
	for _, a := range whys {
		if a.w == nil || a.w.Set <= 0 {
			continue
		}
		stack = append(stack[:0], [2]int{a.w.Set, -1})
		for len(stack) > 0 {
			t, from := stack[len(stack)-1][0], stack[len(stack)-1][1]
			stack = stack[:len(stack)-1]
			switch {
			case t < nextSet:
				continue
			case t > nextSet:
				by := at(a) + ".set"
				if from >= 0 {
					by = fmt.Sprintf("a base of causes.sets[%d], of %s", from, by)
				}
				return lawf(fmt.Sprintf("causes.sets[%d]", t), "named (by %s) before causes.sets[%d]: cachediff numbers the sets in the order the pairs name them, a set's bases after it", by, nextSet)
			}
			nextSet++
			bases := c.Sets[t]
			n := 0
			for n < len(bases) && bases[n].SetBase != nil {
				n++
			}
			for k := n - 1; k >= 0; k-- {
				stack = append(stack, [2]int{bases[k].Set, t})
			}
		}
	}
	if nextSet < len(c.Sets) {
		return lawf(fmt.Sprintf("causes.sets[%d]", nextSet), "no pair names it, nor a set a pair names")
	}
	seed := maphash.MakeSeed()
	var h maphash.Hash
	h.SetSeed(seed)
	var buf [17]byte
	write := func(kind byte, a, b int) {
		buf[0] = kind
		binary.LittleEndian.PutUint64(buf[1:], uint64(a))
		binary.LittleEndian.PutUint64(buf[9:], uint64(b))
		h.Write(buf[:])
	}
	setHash := func(k int) uint64 {
		h.Reset()
		for _, ref := range c.Sets[k] {
			switch {
			case ref.SetBase != nil:
				write('b', ref.Set, ref.Via)
			case ref.Over != nil:
				write('o', ref.Cause, ref.Path)
			default:
				write('r', ref.Cause, ref.Path)
			}
		}
		return h.Sum64()
	}
	sameRef := func(x, y CauseRef) bool {
		return (x.SetBase == nil) == (y.SetBase == nil) && (x.Over == nil) == (y.Over == nil) &&
			(x.SetBase == nil || *x.SetBase == *y.SetBase) && x.Cause == y.Cause && x.Path == y.Path
	}
	if err := firstTwice(len(c.Sets), setHash, func(a, b int) bool { return slices.EqualFunc(c.Sets[a], c.Sets[b], sameRef) }, func(a, b int) error {
		return lawf(fmt.Sprintf("causes.sets[%d]", b), "the set of causes.sets[%d] again: cachediff names each set once", a)
	}); err != nil {
		return err
	}
	// Links: numbered as the sets' references, then the sets' bases'
	// vias, then the whys' vias first walk them.
	nextLink := 0
	number := func(from int, by func() string) error {
		for i := from; i >= nextLink; {
			if i > nextLink {
				return lawf(fmt.Sprintf("causes.paths[%d]", i), "walked (from %s) before causes.paths[%d]: cachediff numbers the links in the order the sets' references, then their bases, then the pairs' vias walk them", by(), nextLink)
			}
			nextLink++
			nx := c.Paths[i].Next
			if nx == nil {
				break
			}
			i = *nx
		}
		return nil
	}
	for k, set := range c.Sets {
		for j, ref := range set {
			if ref.SetBase != nil {
				continue
			}
			if err := number(ref.Path, func() string { return fmt.Sprintf("causes.sets[%d][%d].path", k, j) }); err != nil {
				return err
			}
		}
		for j, ref := range set {
			if ref.SetBase == nil {
				break
			}
			if err := number(ref.Via, func() string { return fmt.Sprintf("causes.sets[%d][%d].via", k, j) }); err != nil {
				return err
			}
		}
	}
	for _, a := range whys {
		if a.w == nil || a.w.Via == nil {
			continue
		}
		if err := number(*a.w.Via, func() string { return at(a) + ".via" }); err != nil {
			return err
		}
	}
	if nextLink < len(c.Paths) {
		return lawf(fmt.Sprintf("causes.paths[%d]", nextLink), "no set's reference, base or pair's via walks it")
	}
	linkHash := func(k int) uint64 {
		h.Reset()
		h.WriteString(c.Paths[k].Name)
		if nx := c.Paths[k].Next; nx != nil {
			write('n', *nx, 0)
		}
		return h.Sum64()
	}
	sameLink := func(a, b int) bool {
		x, y := c.Paths[a], c.Paths[b]
		return x.Name == y.Name && (x.Next == nil) == (y.Next == nil) && (x.Next == nil || *x.Next == *y.Next)
	}
	return firstTwice(len(c.Paths), linkHash, sameLink, func(a, b int) error {
		return lawf(fmt.Sprintf("causes.paths[%d]", b), "the link of causes.paths[%d] again (%q, the same next): cachediff names each link once", a, shortValue(c.Paths[b].Name))
	})
}

// firstTwice finds, among n entries, the first (by its later index) that
// equals an earlier one, by their hashes sorted, then compared: 12
// bytes an entry, where a map of them held several times that.
func firstTwice(n int, hash func(int) uint64, same func(a, b int) bool, twice func(a, b int) error) error {
	hs := make([]uint64, n)
	order := make([]int32, n)
	for i := range n {
		hs[i], order[i] = hash(i), int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if hs[a] != hs[b] {
			if hs[a] < hs[b] {
				return -1
			}
			return 1
		}
		return int(a - b)
	})
	best := [2]int{-1, -1}
	for i := 0; i < n; {
		j := i + 1
		for j < n && hs[order[j]] == hs[order[i]] {
			j++
		}
		// A run of one hash, by index: each against those before it.
		for x := i + 1; x < j; x++ {
			for y := i; y < x; y++ {
				if a, b := int(order[y]), int(order[x]); same(a, b) && (best[1] < 0 || b < best[1]) {
					best = [2]int{a, b}
					break
				}
			}
		}
		i = j
	}
	if best[1] < 0 {
		return nil
	}
	return twice(best[0], best[1])
}

// checkChangeOrder checks a cause's changes (at, a path) as the engine
// lists them: by kind in the order of changeKinds (its facets in pass
// order, then an edge's change; a recipe or an unexplained change
// alone), each kind once but "other", which an edge's deptypes or
// virtuals give once per edge.
func checkChangeOrder(at string, cs []Change) error {
	rank := func(k string) int { return slices.Index(changeKinds, k) }
	for i := 1; i < len(cs); i++ {
		a, b := cs[i-1], cs[i]
		switch ra, rb := rank(a.Kind), rank(b.Kind); {
		case ra == rb && a.Kind != "other":
			return lawf(fmt.Sprintf("%s[%d].kind", at, i), "%q again: a cause changes each way once", b.Kind)
		case ra > rb:
			return lawf(fmt.Sprintf("%s[%d].kind", at, i), "%q after %q: a cause's changes are in the order %s", b.Kind, a.Kind, strings.Join(changeKinds, ", "))
		}
	}
	return nil
}
