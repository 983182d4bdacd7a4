package text

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestVersionRunsTellVersionsApart (issue 35 class a): the text log's
// "Versions over time" joins a package's versions by "; ", each before
// its runs, and wrote each as it is: the versions 1.0 in A and 2.0
// since B, and the one version "1.0 in A; 2.0" since B (the package in
// A too), both read "1.0 in A; 2.0 since B". A version is written as a
// one-for-one move writes it (report.MoveSide): quoted where it holds a
// space or a quote, ∅ where empty.
func TestVersionRunsTellVersionsApart(t *testing.T) {
	label := func(i int) string { return string(rune('A' + i)) }
	all := []diff.Span{{From: 0, To: 2}}
	seen := map[string]string{}
	for _, c := range []struct {
		what string
		vs   []diff.VersionSpan
	}{
		{"1.0 in A, 2.0 since B", []diff.VersionSpan{{Version: "1.0", Span: diff.Span{From: 0, To: 0}}, {Version: "2.0", Span: diff.Span{From: 1, To: 2}}}},
		{`"1.0 in A; 2.0" since B`, []diff.VersionSpan{{Version: "1.0 in A; 2.0", Span: diff.Span{From: 1, To: 2}}}},
		{`"" since B`, []diff.VersionSpan{{Version: "", Span: diff.Span{From: 1, To: 2}}}},
		{`"∅" since B`, []diff.VersionSpan{{Version: "∅", Span: diff.Span{From: 1, To: 2}}}},
		{`"2.0 " since B`, []diff.VersionSpan{{Version: "2.0 ", Span: diff.Span{From: 1, To: 2}}}},
		{`"2.0" since B`, []diff.VersionSpan{{Version: "2.0", Span: diff.Span{From: 1, To: 2}}}},
	} {
		got := versionRuns(diff.PackageTimeline{Name: "zlib", Present: all, Versions: c.vs}, 3, label)
		if other, ok := seen[got]; ok {
			t.Errorf("the versions %s and %s read alike: %s", c.what, other, got)
		}
		seen[got] = c.what
	}
	if got, want := versionRuns(diff.PackageTimeline{Name: "zlib", Present: all, Versions: []diff.VersionSpan{{Version: "", Span: diff.Span{From: 1, To: 2}}}}, 3, label), "∅ since B"; got != want {
		t.Errorf("an empty version's runs = %q, want %q", got, want)
	}
}
