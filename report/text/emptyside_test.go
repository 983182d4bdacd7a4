package text

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
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
