package main

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestFiltersGivenQuotedInASCII (issue 35 classes a and e): the error of
// filters that together select nothing quoted each value with %q, which
// leaves a lookalike as typed: --package '[pр]y-keras' (its second р
// Cyrillic), which matches py-keras, read "[pp]y-keras", and --stack
// "hеp" (its е Cyrillic) read as the stack hep. Each is quoted as
// unmatchedError quotes its value (quoteFilterValue): in ASCII, a cut's
// mark inside the quotes.
func TestFiltersGivenQuotedInASCII(t *testing.T) {
	long := "py-keras" + strings.Repeat("*", 300)
	got := filtersGiven(diff.Filter{Packages: []string{"[pр]y-keras", long}, Stacks: []string{"hеp"}})
	for _, want := range []string{`--package "[p\u0440]y-keras"`, `--stack "h\u0435p"`, `--package "py-keras**`} {
		if !strings.Contains(got, want) {
			t.Errorf("filtersGiven = %s, want it to hold %s", got, want)
		}
	}
	if n := strings.Count(got, `"`); n != 6 {
		t.Errorf("filtersGiven = %s: %d quotes, want each of 3 values in a pair", got, n)
	}
}
