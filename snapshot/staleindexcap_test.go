package snapshot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestStaleIndexWarningsCounted (adversarial pass 217b, issue 35 class
// e): a build cache's folder whose index lacks the specs of thousands
// of its spec files (a stale index) got a warning for each: the text
// report of an index of 200 specs beside the 3,168 spec manifests of a
// v3 mirror was 8,912 lines, its Markdown 567 KB. The first 20 are
// named, and one warning more counts the rest, naming the first of
// them; the count does not grow with the files (4x as many: as many
// warnings).
func TestStaleIndexWarningsCounted(t *testing.T) {
	index, err := os.ReadFile("../testdata/spack-formats/index.v8-layout2-unsigned-mixed.json")
	if err != nil {
		t.Fatal(err)
	}
	warnings := func(n int) []snapshot.Warning {
		dir := t.TempDir()
		if _, err := spackgen.WriteSpecFolder(dir, n, nil); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "index.json"), index, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := snapshot.Load(dir, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var out []snapshot.Warning
		for _, w := range s.Warnings {
			if strings.Contains(w.Message, "the build cache's index lacks") {
				out = append(out, w)
			}
		}
		return out
	}
	small, big := warnings(50), warnings(200)
	if len(small) != 21 || len(big) != 21 {
		t.Fatalf("%d and %d warnings of 50 and 200 spec files the index lacks; want 21 each (20 named, 1 counting the rest)", len(small), len(big))
	}
	last := big[len(big)-1]
	if !strings.Contains(last.Message, "not read: 180 more spec files whose specs the build cache's index lacks") || !strings.Contains(last.Message, "of 200 in all") {
		t.Errorf("the last warning: %s: %s; want 180 more counted, of 200", last.File, last.Message)
	}
	// One past the 20 named is one more spec file, not "1 more spec files".
	if one := warnings(21); len(one) != 21 || !strings.Contains(one[20].Message, "not read: 1 more spec file whose specs") {
		t.Errorf("21 spec files the index lacks: %d warnings, the last %q; want 21, the last counting 1 more spec file", len(one), one[len(one)-1].Message)
	}
}
