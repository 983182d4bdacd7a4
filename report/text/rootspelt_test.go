package text

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestTextCausesOneRootChanged (issue 35 class e): one spec named as two
// roots (zlib and zlib@1, one hash) and changed (both to one new hash)
// is one root changed, as the headline says ("1 root changed"), and as
// TextCauses says of such roots added and removed (+zlib = zlib@1). Its
// roots line, which user templates get, listed the change once a
// spelling: "zlib 1.2 → 1.3, zlib 1.2 → 1.3", the same words twice.
func TestTextCausesOneRootChanged(t *testing.T) {
	const o, n, o2, n2 = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "cccccccccccccccccccccccccccccccc", "dddddddddddddddddddddddddddddddd"
	side := func(v, h string) diff.RootSpec { return diff.RootSpec{Name: "zlib", Version: v, Hash: h} }
	r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{
		{Root: "zlib", Old: side("1.2", o), New: side("1.3", n)},
		{Root: "zlib@1", Old: side("1.2", o), New: side("1.3", n)},
		// Rebuilt at one version: the spellings are named.
		{Root: "zlib+shared", Old: side("1.3", o2), New: side("1.3", n2)},
		{Root: "zlib+shared@1", Old: side("1.3", o2), New: side("1.3", n2)},
		// Another new hash of the same old spec: another root, said
		// by its spelling (it was said again, "zlib 1.2 → 1.3, …,
		// zlib 1.2 → 1.3"; then merged with zlib, TestRootChangedOnce).
		{Root: "zlib@1.2", Old: side("1.2", o), New: side("1.3", o2)},
	}}}}
	doc := report.NewDocument(r, report.Options{})
	got := (&Document{&doc}).TextCauses()
	want := "roots: zlib = zlib@1 1.2 → 1.3, zlib+shared = zlib+shared@1 1.3 (new hash), zlib@1.2 1.2 → 1.3"
	if len(got) == 0 || got[0] != want {
		t.Errorf("TextCauses: %q; want first %q", got, want)
	}
	if h, _ := report.RootsHeadline(r); !strings.HasPrefix(h, "3 roots changed") {
		t.Errorf("headline %q; want 3 roots changed", h)
	}
}
