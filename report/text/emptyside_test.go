package text

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestTextCausesEmptyOldVersion: a lockfile root whose old side has no
// version (version "") was written "app  → 1.0" by TextCauses, which
// user templates get: an arrow from nothing, which reads as a value cut
// off, where every built-in format writes "∅ → 1.0" since report.None.
// So was the template function change ("1.0 → " for a version gone),
// and a root rebuilt at no version read "tool  (new hash)".
func TestTextCausesEmptyOldVersion(t *testing.T) {
	r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{
		{Root: "app", Old: diff.RootSpec{Name: "app"}, New: diff.RootSpec{Name: "app", Version: "1.0"}},
		{Root: "lib", Old: diff.RootSpec{Name: "lib", Version: "2.0"}, New: diff.RootSpec{Name: "lib"}},
		{Root: "tool", Old: diff.RootSpec{Name: "tool"}, New: diff.RootSpec{Name: "tool"}},
	}}}}
	doc := report.NewDocument(r, report.Options{})
	d := &Document{&doc}
	got := strings.Join(d.TextCauses(), "\n")
	for _, want := range []string{"app ∅ → 1.0", "lib 2.0 → ∅", "tool (new hash)"} {
		if !strings.Contains(got, want) {
			t.Errorf("TextCauses: %q; want %q in it", got, want)
		}
	}
	// A root rebuilt at no version: its name, then the hash, one space
	// between, as Spack spells a spec without a version.
	if strings.Contains(got, "  ") {
		t.Errorf("TextCauses: %q has a double space", got)
	}
	change := report.Funcs(nil)["change"].(func(string, string) string)
	for _, tc := range [][3]string{{"1.0", "", "1.0 → ∅"}, {"", "gcc@13", "∅ → gcc@13"}, {"x", "x", "x"}} {
		if got := change(tc[0], tc[1]); got != tc[2] {
			t.Errorf("change %q %q = %q; want %q", tc[0], tc[1], got, tc[2])
		}
	}
}

// TestTextLinesTellNoVersionApart (issue 35 class a): a package's line
// says "no version" for a side whose specs list none, and wrote the one
// version "no version" as it is: the new package zlib of no version and
// of the version "no version" both read "zlib: new, no version". That
// version is quoted, as a pair's side that reads as ∅ is (report.Same).
func TestTextLinesTellNoVersionApart(t *testing.T) {
	read := map[string][]string{}
	for _, vs := range [][]string{{}, {"no version"}, {`"no version"`}, {"1.0"}} {
		r := reporttest.OnePackage("zlib")
		p := &r.Packages[0]
		p.Status = diff.Added
		s := *p.Specs.Rebuilt[0].New
		s.Versions = vs
		p.Specs.Rebuilt, p.Specs.Added = []diff.Pair{}, []diff.Spec{s}
		p.Versions = diff.VersionChange{Old: []string{}, New: vs, Added: vs, Removed: []string{}, Direction: diff.NoChange}
		p.Counts = diff.Counts{New: 1, Added: 1}
		doc := report.NewDocument(r, report.Options{})
		got := strings.Join((&Document{&doc}).TextLines(), "\n")
		if !strings.HasPrefix(got, "zlib: new, ") {
			t.Fatalf("the versions %q: no line of the new package zlib in %q", vs, got)
		}
		if other, ok := read[got]; ok {
			t.Errorf("the versions %q and %q read alike: %q", vs, other, got)
		}
		read[got] = vs
	}
}
