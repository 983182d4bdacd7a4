package atom

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
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
	var b bytes.Buffer
	if err := Format.Render(&b, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	feed := parseFeed(t, b.Bytes())
	if len(feed.Items) != 1 {
		t.Fatalf("%d entries, want 1", len(feed.Items))
	}
	it := feed.Items[0]
	if !strings.HasPrefix(it.Title, "_cache/develop-0223: ") {
		t.Errorf("entry title %q: want it to name the new snapshot by its path, as its tag names both", it.Title)
	}
	if !strings.Contains(it.Content, "_cache/develop-0223") || !strings.Contains(it.Content, "(from _cache/develop-0216)") {
		t.Errorf("entry content %q: want both snapshots named by their paths", it.Content)
	}
	// Tags that differ name the sides, as before.
	r.New.Tag = "develop-2025-02-23"
	b.Reset()
	if err := Format.Render(&b, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if it := parseFeed(t, b.Bytes()).Items[0]; !strings.HasPrefix(it.Title, "develop-2025-02-23: ") || !strings.Contains(it.Content, "(from develop)") {
		t.Errorf("distinct tags: entry %q / %q, want them named by their tags", it.Title, it.Content)
	}
}
