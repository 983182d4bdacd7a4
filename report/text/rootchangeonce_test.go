package text

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestChangedRootSpellingsSayChangeOnce (issue 35 class e): a changed
// root written several ways (one old and one new hash) says what
// changed once, after its spellings, in the headline as in the roots
// line and the news ("root zlib = zlib@1.3 changed: 1.3 → 1.5"). Said
// by its spellings because another root reads the same, and of a
// provider swap, the headline said the change after each spelling, as
// if two changes were one:
//
//	2 roots changed (zlib 1.3 → 1.5 = zlib@1.3 1.3 → 1.5, zlib@1.3.0 1.3 → 1.5)
//	1 root changed (mpi mpich@4.1 → openmpi@5.0 = mpi@3 mpich@4.1 → openmpi@5.0)
func TestChangedRootSpellingsSayChangeOnce(t *testing.T) {
	const a1, a2, b1, b2 = "a1aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "a2aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "b1bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "b2bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	ch := func(root, on, ov, oh, nn, nv, nh string) diff.RootChange {
		return diff.RootChange{Root: root, Old: diff.RootSpec{Name: on, Version: ov, Hash: oh}, New: diff.RootSpec{Name: nn, Version: nv, Hash: nh}}
	}
	for _, c := range []struct {
		changed  []diff.RootChange
		headline string
	}{
		{[]diff.RootChange{ch("zlib", "zlib", "1.3", a1, "zlib", "1.5", b1), ch("zlib@1.3", "zlib", "1.3", a1, "zlib", "1.5", b1), ch("zlib@1.3.0", "zlib", "1.3", a2, "zlib", "1.5", b2)},
			"2 roots changed (zlib = zlib@1.3 1.3 → 1.5, zlib@1.3.0 1.3 → 1.5)"},
		{[]diff.RootChange{ch("mpi", "mpich", "4.1", a1, "openmpi", "5.0", b1), ch("mpi@3", "mpich", "4.1", a1, "openmpi", "5.0", b1)},
			"1 root changed (mpi = mpi@3 mpich@4.1 → openmpi@5.0)"},
		{[]diff.RootChange{ch("mpi", "mpich", "4.1", a1, "openmpi", "5.0", b1), ch("mpi@3", "mpich", "4.1", a1, "openmpi", "5.0", b1), ch("mpi", "mpich", "4.1", a2, "openmpi", "5.0", b2)},
			// Told apart by their spellings (9551522e): no hash needed.
			"2 roots changed (mpi = mpi@3 mpich@4.1 → openmpi@5.0, mpi mpich@4.1 → openmpi@5.0)"},
		// As before: one spelling each, and a rebuild of one version.
		{[]diff.RootChange{ch("zlib", "zlib", "1.3", a1, "zlib", "1.5", b1), ch("zlib@1.3", "zlib", "1.3", a1, "zlib", "1.5", b1)},
			"1 root changed (zlib 1.3 → 1.5)"},
		{[]diff.RootChange{ch("zlib", "zlib", "1.3", a1, "zlib", "1.3", b1), ch("zlib@1.3", "zlib", "1.3", a1, "zlib", "1.3", b1), ch("zlib@1.3.0", "zlib", "1.3", a2, "zlib", "1.3", b2)},
			"2 roots changed (zlib = zlib@1.3, zlib@1.3.0)"},
	} {
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: c.changed}}}
		h, _ := report.RootsHeadline(r)
		if h != c.headline {
			t.Errorf("headline %q; want %q", h, c.headline)
		}
		// The roots line says each root as the headline does.
		doc := report.NewDocument(r, report.Options{})
		lines := (&Document{&doc}).TextCauses()
		want := "roots: " + strings.TrimSuffix(strings.SplitN(c.headline, " (", 2)[1], ")")
		if !strings.Contains(c.headline, "→") {
			continue // the roots line says "1.3 (new hash)"
		}
		if len(lines) == 0 || lines[0] != want {
			t.Errorf("roots line %q; want %q", lines, want)
		}
	}
}
