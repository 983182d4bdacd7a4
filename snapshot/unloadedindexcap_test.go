package snapshot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestUnloadedIndexSpecFilesCounted (adversarial pass 217f, issue 35
// class e): the spec files beside a build cache's index that did not
// load (skipped by --skip-invalid, the snapshot read from its other
// files) were each "the build cache's index lacks p0@2", and past 20
// counted as of "a stale index: run `spack buildcache update-index`":
// the index lacks nothing, it did not load. Each says so, the first 20
// named and the rest counted, as many warnings of 4x as many files.
func TestUnloadedIndexSpecFilesCounted(t *testing.T) {
	page, err := os.ReadFile("../testdata/real/v0.23.0/armpl-gcc/specs.md")
	if err != nil {
		t.Fatal(err)
	}
	warnings := func(n int) []snapshot.Warning {
		dir := t.TempDir()
		if _, err := spackgen.WriteSpecFolder(filepath.Join(dir, "m"), n, nil); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "m", "index.json"), []byte("{\"database\": \n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, "armpl-gcc"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "armpl-gcc", "specs.md"), page, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := snapshot.Load(dir, snapshot.Options{SkipInvalid: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Skipped) != 1 || !strings.HasSuffix(s.Skipped[0].File, "index.json") {
			t.Fatalf("skipped %v; want the index alone", s.Skipped)
		}
		var out []snapshot.Warning
		for _, w := range s.Warnings {
			if strings.Contains(w.Message, "index lacks") || strings.Contains(w.Message, "stale index") {
				t.Errorf("%s: %s; want no index said to lack a spec: it did not load", w.File, w.Message)
			}
			if strings.Contains(w.Message, "which did not load") {
				out = append(out, w)
			}
		}
		return out
	}
	small, big := warnings(50), warnings(200)
	if len(small) != 21 || len(big) != 21 {
		t.Fatalf("%d and %d warnings of 50 and 200 spec files beside an index that did not load; want 21 each (20 named, 1 counting the rest)", len(small), len(big))
	}
	last := big[len(big)-1]
	if !strings.Contains(last.Message, "not read: 180 more spec files beside a build cache's index, which did not load") || !strings.Contains(last.Message, "of 200 in all") {
		t.Errorf("the last warning: %s: %s; want 180 more counted, of 200", last.File, last.Message)
	}
}
