package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestBothLayoutsWarned (adversarial pass 217b, issue 35 class b): a
// mirror's folder that holds a layout-v3 mirror and a layout-v2 index
// (`spack buildcache migrate` leaves the v2 files in; a Spack older
// than 1.0 pushes to them after) is read as v3, and its v2 index, here
// of other specs, was left out without a word: "no changes" against
// the v3 side alone. The v2 index is warned of, with how to compare
// it; with an index manifest and without one (read from the spec
// manifests), not with --view (a view is a part of the cache).
func TestBothLayoutsWarned(t *testing.T) {
	for _, noIndex := range []bool{false, true} {
		dir := t.TempDir()
		if err := mirrorgen.V3(dir, index(t, "old"), mirrorgen.Options{NoIndex: noIndex, View: "gpu"}); err != nil {
			t.Fatal(err)
		}
		if err := mirrorgen.V2(dir, index(t, "new")); err != nil {
			t.Fatal(err)
		}
		s := load(t, openDir(t, dir, mirror.Options{}))
		want := filepath.Join(dir, "build_cache", "index.json")
		found := false
		for _, w := range s.Warnings {
			if strings.Contains(w.Message, "a layout-v2 index beside a layout-v3 mirror: not read") && strings.Contains(w.Message, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("no index manifest %v: warnings %+v; want one of the v2 index %s, not read", noIndex, s.Warnings, want)
		}
		if noIndex {
			continue
		}
		for _, w := range load(t, openDir(t, dir, mirror.Options{View: "gpu"})).Warnings {
			if strings.Contains(w.Message, "layout-v2 index") {
				t.Errorf("--view gpu: %s: %s; want no warning of the v2 index", w.File, w.Message)
			}
		}
	}
}

// TestBothLayoutsFolderNotWarned (adversarial pass 217f, issue 35 class
// e): a layout-v3 mirror's folder holding a folder named
// build_cache/index.json was warned of "a layout-v2 index beside a
// layout-v3 mirror ... give it alone (.../build_cache/index.json)", a
// folder that is no index. Only a file there is one.
func TestBothLayoutsFolderNotWarned(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, index(t, "old"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "build_cache", "index.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, w := range load(t, openDir(t, dir, mirror.Options{})).Warnings {
		if strings.Contains(w.Message, "layout-v2 index") {
			t.Errorf("a folder named build_cache/index.json: %s: %s; want no warning of a v2 index", w.File, w.Message)
		}
	}
}
