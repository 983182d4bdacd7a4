package main

import (
	"bytes"
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

// TestUnmatchedClosestInASCII (issue 35 class a): the hint of a --stack
// value that selects nothing wrote the closest name as a shell word of
// its characters, so a lockfile root "nеxtflow" (its е Cyrillic) was
// hinted `--stack "nextflow" matches no stack … (closest: 'nеxtflow')`,
// the name typed to the eye. It is written in ASCII, $'n\xd0\xb5xtflow',
// which pasted into bash or zsh selects the root; the hint to repeat
// --stack for a list's stacks too.
func TestUnmatchedClosestInASCII(t *testing.T) {
	root := "n\u0435xtflow"
	file := rootsLock(t, []string{root, "zlib"}, func(i int) string { return strings.Repeat(string(rune('a'+i)), 32) })
	for _, c := range []struct{ value, want string }{
		{"nextflow", `(closest: $'n\xd0\xb5xtflow')`},
		{root + ",zlib", `repeat it, --stack $'n\xd0\xb5xtflow' --stack zlib`},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--stack", c.value, file, file}, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("--stack %q: exit %d, stderr %q; want 2, with %s", c.value, code, stderr.String(), c.want)
		}
	}
}

// TestFiltersGivenWithinLine (issue 35 class e): ten values of 200
// invalid bytes each, quoted in ASCII (\x80, four bytes of each), made
// the error of filters that together select nothing a line past
// maxErrorLine, which printError cut before what the error is
// (selectNothing). The values past maxFiltersGiven bytes are counted.
func TestFiltersGivenWithinLine(t *testing.T) {
	var f diff.Filter
	for i := range 5 {
		bad := strings.Repeat("\x80", 199) + string(rune('a'+i))
		f.Packages = append(f.Packages, bad)
		f.Stacks = append(f.Stacks, bad)
	}
	err := emptySelection(f, &diff.Report{})
	if err == nil {
		t.Fatal("emptySelection = nil, want the error of filters that select nothing")
	}
	var out bytes.Buffer
	printError(&out, err)
	line := strings.TrimSuffix(out.String(), "\n")
	if !strings.HasSuffix(line, selectNothing) || len(line) > maxErrorLine {
		t.Errorf("printError wrote %d bytes ending %q, want at most %d ending with %q", len(line), line[max(0, len(line)-80):], maxErrorLine, selectNothing)
	}
	for _, want := range []string{"--package \"\\x80", "more --package value", "--stack \"\\x80", "more --stack value"} {
		if !strings.Contains(line, want) {
			t.Errorf("printError wrote %.200q…, want it to hold %q", line, want)
		}
	}
}
