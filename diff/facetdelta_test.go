package diff

import (
	"fmt"
	"slices"
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
		{"one named none", []string{"+a"}, []string{"+a", "none"}, `(variants none → "none")`},
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

// TestFacetDeltaReorderedVariants: two lists of the same variants in
// another order, or with one repeated (--no-canonicalize keeps them as
// written), were warned whole, both lists: a spec of 800k variants and
// its reversed copy made a warning of 16 MB, the JSON report as large,
// and a peak of 5.6x the pair's input. Each list is now shown from the
// first place they part, cut as the other warnings are.
func TestFacetDeltaReorderedVariants(t *testing.T) {
	names := func(n int) []string {
		l := make([]string, n)
		for i := range l {
			l[i] = fmt.Sprintf("+v%06d", i)
		}
		return l
	}
	long := names(20000)
	reversed := slices.Clone(long)
	slices.Reverse(reversed)
	swapped := slices.Clone(long)
	swapped[100], swapped[101] = swapped[101], swapped[100]
	for _, c := range []struct {
		name     string
		old, new []string
		want     string
	}{
		{"reversed", long, reversed,
			"(variants +v000000 +v000001 +v000002 +v000003 +v000004 +v000005 +v000006 +v000007 …and 19992 more → +v019999 +v019998 +v019997 +v019996 +v019995 +v019994 +v019993 +v019992 …and 19992 more)"},
		{"two swapped", long, swapped,
			"(variants, past the first 100 alike, +v000100 +v000101 +v000102 +v000103 +v000104 +v000105 +v000106 +v000107 …and 19892 more → +v000101 +v000100 +v000102 +v000103 +v000104 +v000105 +v000106 +v000107 …and 19892 more)"},
		{"one repeated", []string{"+a", "~b"}, []string{"+a", "+a", "~b"}, "(variants, past the first 1 alike, ~b → +a ~b)"},
		{"short, reordered", []string{"+a", "~b"}, []string{"~b", "+a"}, "(variants +a ~b → ~b +a)"},
	} {
		o, n := sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3"), sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")
		o.Variants, n.Variants = c.old, c.new
		r := compare(snap("a", o), snap("b", n))
		if len(r.Warnings) != 1 {
			t.Fatalf("%s: warnings %+v, want one", c.name, r.Warnings)
		}
		msg := r.Warnings[0].Message
		if !strings.Contains(msg, c.want) || len(msg) > 500 {
			t.Errorf("%s: the warning is %d bytes, %.400q; want it to say %s", c.name, len(msg), msg, c.want)
		}
	}
}
