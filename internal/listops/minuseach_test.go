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
