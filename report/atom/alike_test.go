package atom

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestAtomEntrySidesOfOneTag: two copies of _cache/develop, taken on
// different nights, share their tag. Their step's entry was titled
// "develop: new package zlib" and said "develop (from develop)", as if
// the snapshot were compared with itself, where every other format names
// the two by their paths (report.SideNames). The entry names them as the
// step alone tells them apart, so its title never changes on a later run.
func TestAtomEntrySidesOfOneTag(t *testing.T) {
	r := &diff.Report{
		Old:      diff.Side{Path: "_cache/develop-0216", Tag: "develop"},
		New:      diff.Side{Path: "_cache/develop-0223", Tag: "develop"},
		Packages: []diff.Package{{Name: "zlib", Status: "added"}},
	}
	feed := oneEntryFeed(t, r)
	it := feed.Items[0]
	if !strings.HasPrefix(it.Title, "_cache/develop-0223: ") {
		t.Errorf("entry title %q: want it to name the new snapshot by its path, as its tag names both", it.Title)
	}
	if !strings.Contains(it.Content, "_cache/develop-0223") || !strings.Contains(it.Content, "(from _cache/develop-0216)") {
		t.Errorf("entry content %q: want both snapshots named by their paths", it.Content)
	}
	// Tags that differ name the sides, as before.
	r.New.Tag = "develop-2025-02-23"
	if it := renderFeed(t, r).Items[0]; !strings.HasPrefix(it.Title, "develop-2025-02-23: ") || !strings.Contains(it.Content, "(from develop)") {
		t.Errorf("distinct tags: entry %q / %q, want them named by their tags", it.Title, it.Content)
	}
}
