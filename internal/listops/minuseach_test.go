package listops

import (
	"fmt"
	"slices"
	"testing"
)

// TestMinusEach: MinusEach yields the strings Minus returns, in order,
// for each of its ways (a short list scanned, sorted lists merged, a set
// of b), and stops where yield says so.
func TestMinusEach(t *testing.T) {
	var sorted, shuffled []string
	for i := range 100 {
		sorted = append(sorted, fmt.Sprintf("v%03d", i))
	}
	for i := range 100 {
		shuffled = append(shuffled, sorted[(i*37)%100])
	}
	odd := func(l []string) (out []string) {
		for i, s := range l {
			if i%3 == 0 {
				out = append(out, s)
			}
		}
		return out
	}
	for _, c := range []struct {
		name string
		a, b []string
	}{
		{"few out", shuffled, sorted[:5]},
		{"few in", sorted[:7], shuffled},
		{"sorted", sorted, odd(sorted)},
		{"unordered", shuffled, odd(shuffled)},
		{"none out", sorted, nil},
		{"empty", nil, sorted},
	} {
		var got []string
		MinusEach(c.a, c.b, func(s string) bool { got = append(got, s); return true })
		if want := Minus(c.a, c.b, nil); !slices.Equal(got, want) {
			t.Errorf("%s: MinusEach yields %q, want %q", c.name, got, want)
		}
		n := 0
		MinusEach(c.a, c.b, func(string) bool { n++; return n < 3 })
		if want := min(3, len(got)); n != want {
			t.Errorf("%s: yield called %d times after it said stop at the third, want %d", c.name, n, want)
		}
	}
}

// TestMinusEachMergesSorted (class c): lists sorted by their bytes alone
// ("+z0" "a1": z after a by name), or by CompareVariants alone (a
// canonical spec's variants: "+a0" "~a1" "+a2", out of byte order),
// are merged, allocating nothing; a set of
// b is built only for lists in neither order. Either order dropped
// from MinusEach's merge yields the same strings through the set, so
// no test of what it yields noticed.
func TestMinusEachMergesSorted(t *testing.T) {
	var byBytes, byName []string
	for i := range 64 {
		byBytes = append(byBytes, fmt.Sprintf("%s%03d", []string{"+z", "a"}[i/32], i))
		byName = append(byName, fmt.Sprintf("%ca%03d", "+~"[i%2], i))
	}
	if !slices.IsSorted(byBytes) || slices.IsSortedFunc(byBytes, CompareVariants) || slices.IsSorted(byName) || !slices.IsSortedFunc(byName, CompareVariants) {
		t.Fatal("byBytes is not sorted by bytes alone, or byName by CompareVariants alone")
	}
	every3 := func(l []string) (out []string) {
		for i := 0; i < len(l); i += 3 {
			out = append(out, l[i])
		}
		return out
	}
	n := 0
	count := func(string) bool { n++; return true }
	for _, c := range []struct {
		name   string
		a, b   []string
		allocs bool
	}{
		{"sorted by bytes", byBytes, every3(byBytes), false},
		{"sorted by variant name", byName, every3(byName), false},
		{"in no order", slices.Concat(byName[32:], byName[:32]), every3(byName), true},
	} {
		n = 0
		allocs := testing.AllocsPerRun(3, func() { MinusEach(c.a, c.b, count) })
		if want := len(Minus(c.a, c.b, nil)) * 4; n != want {
			t.Errorf("%s: %d strings yielded in 4 runs, want %d", c.name, n, want)
		}
		if got := allocs > 0; got != c.allocs {
			t.Errorf("%s: MinusEach allocated %.0f times a run, want allocations %v (a merge allocates nothing, a set of b does)", c.name, allocs, c.allocs)
		}
	}
}
