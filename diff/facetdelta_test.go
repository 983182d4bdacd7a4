package diff

import (
	"fmt"
	"strings"
	"testing"
)

// TestFacetDeltaManyVariants: a hash whose variants differ between the
// snapshots warned with both lists whole ("variants +v0 +v1 … → +v0
// ~v1 …"): a spec of 1.28M variants, one flipped, made a warning of 25
// MB, and the message built and joined as much again at the diff's
// peak. The warning names the variants that differ, those of each side
// the other lacks, up to maxDeltaVariants and how many more.
func TestFacetDeltaManyVariants(t *testing.T) {
	variants := func(n int, flip func(i int) bool) []string {
		l := make([]string, n)
		for i := range l {
			sign := "+"
			if flip(i) {
				sign = "~"
			}
			l[i] = fmt.Sprintf("%sv%06d", sign, i)
		}
		return l
	}
	for _, c := range []struct {
		name     string
		old, new []string
		want     string
	}{
		{"one flipped", variants(20000, func(int) bool { return false }), variants(20000, func(i int) bool { return i == 500 }),
			"(variants +v000500 → ~v000500)"},
		{"many flipped", variants(20000, func(int) bool { return false }), variants(20000, func(i int) bool { return i%1000 == 1 }),
			"(variants +v000001 +v001001 +v002001 +v003001 +v004001 +v005001 +v006001 +v007001 …and 12 more → ~v000001 ~v001001 ~v002001 ~v003001 ~v004001 ~v005001 ~v006001 ~v007001 …and 12 more)"},
		{"one added", []string{"+a", "~b"}, []string{"+a", "~b", "+c"}, "(variants none → +c)"},
		{"one gone", []string{"+a", "~b"}, []string{"+a"}, "(variants ~b → none)"},
	} {
		o, n := sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3"), sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")
		o.Variants, n.Variants = c.old, c.new
		r := compare(snap("a", o), snap("b", n))
		if len(r.Warnings) != 1 {
			t.Fatalf("%s: warnings %+v, want one", c.name, r.Warnings)
		}
		msg := r.Warnings[0].Message
		if !strings.Contains(msg, c.want) || len(msg) > 400 {
			t.Errorf("%s: the warning is %d bytes, %.300q; want it to say %s", c.name, len(msg), msg, c.want)
		}
	}
}
