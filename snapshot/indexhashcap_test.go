package snapshot_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestIndexHashAloneCounted (issue 35 class e): each index.json.hash
// without its index.json was a warning of its own, one a mirror's
// folder, so a tree of many mirrors whose indexes are gone ran to a
// line each. The first 20 are named and one warning more counts the
// rest, naming the first of them, as for spec files beside a stale index
// (TestStaleIndexWarningsCounted): 4x the folders, as many warnings.
func TestIndexHashAloneCounted(t *testing.T) {
	const named = "the checksum of a layout-v2 mirror's index.json, which is not beside it"
	warnings := func(n int) (hashes []snapshot.Warning, all int) {
		dir := t.TempDir()
		for i := range n {
			bc := filepath.Join(dir, fmt.Sprintf("m%04d", i), "build_cache")
			if err := os.MkdirAll(bc, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(bc, "index.json.hash"), []byte(strings.Repeat("a", 64)+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// A spec file, so that the tree loads and its warnings are listed.
		if _, err := spackgen.WriteSpecFolder(filepath.Join(dir, "specs"), 1, nil); err != nil {
			t.Fatal(err)
		}
		s, err := snapshot.Load(dir, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range s.Warnings {
			if strings.Contains(w.Message, "layout-v2 mirror") {
				hashes = append(hashes, w)
			}
		}
		return hashes, len(s.Warnings)
	}
	small, smallAll := warnings(50)
	big, bigAll := warnings(200)
	t.Logf("50 → 200 folders: %d → %d warnings (%d → %d in all)", len(small), len(big), smallAll, bigAll)
	if len(small) != 21 || len(big) != 21 || smallAll != bigAll {
		t.Fatalf("%d and %d warnings (%d and %d in all) of 50 and 200 index.json.hash alone; want 21 each (20 named, 1 counting the rest)", len(small), len(big), smallAll, bigAll)
	}
	for _, w := range big[:20] {
		if !strings.Contains(w.Message, named) {
			t.Errorf("%s: %s; want %q", w.File, w.Message, named)
		}
	}
	last := big[20]
	if want := "180 more checksums of layout-v2 mirrors' index.json, each without its index.json beside it, the first of them this one (of 200 in all): the index was removed"; !strings.HasPrefix(last.Message, want) ||
		!strings.HasSuffix(filepath.ToSlash(last.File), "m0020/build_cache/index.json.hash") {
		t.Errorf("the last warning: %s: %s; want %s: %s", last.File, last.Message, "m0020/build_cache/index.json.hash", want)
	}
	if one, _ := warnings(21); len(one) != 21 || !strings.HasPrefix(one[20].Message, "1 more checksum of a layout-v2 mirror's index.json without") {
		t.Errorf("21 index.json.hash alone: %d warnings, the last %q; want 21, the last counting 1 more checksum", len(one), one[len(one)-1].Message)
	}
}
