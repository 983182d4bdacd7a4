package snapshot

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestOddTagPages (issue 11 item 13): a page of another tag among the
// pages of one tag (a typo in categories, or none) is a bad page named
// with its line, not a failure of the whole snapshot; --skip-invalid
// leaves it out and lists it.
func TestOddTagPages(t *testing.T) {
	noTag := strings.Replace(simplePage("xz", "develop", 4, 1), "categories: [package, develop]\n", "", 1)
	dir := writeTree(t, map[string]string{
		"zlib/specs.md":  simplePage("zlib", "develop", 1, 1),
		"bzip2/specs.md": simplePage("bzip2", "develop", 2, 1),
		"lz4/specs.md":   simplePage("lz4", "develop", 3, 1),
		"zstd/specs.md":  simplePage("zstd", "devlop", 5, 1),
		"xz/specs.md":    noTag,
	})
	_, err := Load(dir, Options{})
	zstd, xz := filepath.Join(dir, "zstd", "specs.md"), filepath.Join(dir, "xz", "specs.md")
	checkErr(t, err, zstd, 4, 0, `this page has tag "devlop", but 3 other pages of this snapshot are of tag "develop": a snapshot holds one tag`)
	checkErr(t, err, xz, 6, 0, `this page has no tag (categories: [package, <tag>]), but 3 other pages of this snapshot are of tag "develop"`)
	if n := len(err.(*LoadError).Errs); n != 2 {
		t.Errorf("%d errors, want 2: %v", n, err)
	}
	snap, err := Load(dir, Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if snap.Tag != "develop" || len(snap.Packages) != 3 || len(snap.Skipped) != 2 ||
		snap.Skipped[0].File != xz || snap.Skipped[0].Line != 6 || snap.Skipped[1].File != zstd || snap.Skipped[1].Line != 4 {
		t.Errorf("tag %q, %d packages, skipped %+v", snap.Tag, len(snap.Packages), snap.Skipped)
	}
	// Pages without a tag, but for one: that one is odd.
	dir = writeTree(t, map[string]string{
		"zlib/specs.md":  strings.Replace(simplePage("zlib", "develop", 1, 1), "categories: [package, develop]\n", "", 1),
		"bzip2/specs.md": strings.Replace(simplePage("bzip2", "develop", 2, 1), "categories: [package, develop]\n", "categories: [package]\n", 1),
		"lz4/specs.md":   simplePage("lz4", "v1", 3, 1),
	})
	_, err = Load(dir, Options{})
	checkErr(t, err, filepath.Join(dir, "lz4", "specs.md"), 4, 0, `this page has tag "v1", but 2 other pages of this snapshot are without a tag`)
}
