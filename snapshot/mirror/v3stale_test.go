package mirror_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestV3StaleIndexWarns (adversarial pass 207a): a layout-v3 mirror
// with an index manifest whose spec manifests include specs the index
// lacks (pushed to after its index was last updated) left them out
// without a word, where a v2 mirror's spec files the index lacks are
// warned of (TestV2RootStaleIndexWarns). The manifests' names give
// their hashes: each the index lacks is warned of, none read; with a
// view, whose index is a part of the cache's, none is.
func TestV3StaleIndexWarns(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, index(t, "old"), mirrorgen.Options{View: "v"}); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(dir, index(t, "new"), mirrorgen.Options{NoIndex: true}); err != nil {
		t.Fatal(err)
	}
	v2 := t.TempDir()
	if err := mirrorgen.V2(v2, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.SpecFolder(filepath.Join(v2, "build_cache"), index(t, "new")); err != nil {
		t.Fatal(err)
	}
	stale := func(s *snapshot.Snapshot) []string {
		var out []string
		for _, w := range s.Warnings {
			if strings.Contains(w.Message, "the build cache's index lacks") {
				name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(w.File), ".spec.manifest.json"), ".spec.json")
				out = append(out, name+" "+w.Message)
			}
		}
		slices.Sort(out)
		return out
	}
	want := stale(load(t, openDir(t, v2, mirror.Options{})))
	if len(want) == 0 {
		t.Fatal("the v2 mirror: no spec file the index lacks; the test needs some")
	}
	root := load(t, openDir(t, dir, mirror.Options{}))
	if got := stale(root); !slices.Equal(got, want) {
		t.Errorf("the v3 mirror warns of %d spec manifests its index lacks, the v2 mirror of %d spec files: %q", len(got), len(want), want[:min(2, len(want))])
	}
	if a, b := dump(t, root), dump(t, load(t, openDir(t, v2, mirror.Options{}))); a != b {
		t.Errorf("the v3 and v2 mirrors read other specs")
	}
	if w := load(t, openDir(t, dir, mirror.Options{View: "v"})).Warnings; len(w) > 0 {
		t.Errorf("the view: %d warnings, want none: %v", len(w), w[0])
	}
}
