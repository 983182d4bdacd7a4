package html

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestPairLeadQuotesPaths (issue 35 class a): the page's lead names the
// two snapshots by their paths, each followed by its counts in
// parentheses, and wrote the paths as they are: the old "a (1 spec of 1
// package). New: b" beside the new c, and the old a beside the new "b
// (1 spec of 1 package). New: c", both read "Old: a (1 spec of 1
// package). New: b (1 spec of 1 package). New: c (1 spec of 1
// package).". A path holding a parenthesis is quoted
// (report.StepLabel).
func TestPairLeadQuotesPaths(t *testing.T) {
	side := func(path string) diff.Side { return diff.Side{Path: path, Specs: 1, Packages: 1} }
	seen := map[string][2]string{}
	for _, c := range [][2]string{{"a (1 spec of 1 package). New: b", "c"}, {"a", "b (1 spec of 1 package). New: c"}, {"a", "c"}, {"a", "ѕ1"}, {"a", `"\u04551"`}} {
		got := pairLead(&diff.Report{Old: side(c[0]), New: side(c[1])})
		if other, ok := seen[got]; ok {
			t.Errorf("the snapshots %q and %q read alike: %s", c, other, got)
		}
		seen[got] = c
	}
	if got, want := pairLead(&diff.Report{Old: side("a"), New: side("c")}), "Old: a (1 spec of 1 package). New: c (1 spec of 1 package)."; got != want {
		t.Errorf("pairLead = %q, want %q", got, want)
	}
	// A lookalike quoted in ASCII, as the headline quotes it: the leads
	// of x/s1 and x/ѕ1 (its ѕ U+0455) read alike.
	if got, want := pairLead(&diff.Report{Old: side("x/s1"), New: side("x/ѕ1")}), `Old: x/s1 (1 spec of 1 package). New: "x/\u04551" (1 spec of 1 package).`; got != want {
		t.Errorf("pairLead = %q, want %q", got, want)
	}
}
