package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestViewsHintLinkOut (class b/e): from a git tree, a view whose
// index.manifest.json is a committed link out of the mirror was named
// among the views a missing --view is told of (its views: "gpu",
// "half"), and --view half then refused it as "a symbolic link out of
// the mirror": the hint asked the tree only whether it holds the file.
// It names a view where the tree resolves its manifest inside the
// mirror, as a folder's mirror does; a link inside it is one.
func TestViewsHintLinkOut(t *testing.T) {
	files := map[string]string{"out.json": "{}"}
	addMirror(t, files, "m", func(dir string) error { return mirrorgen.V3(dir, genIndex(t), mirrorgen.Options{View: "gpu"}) })
	r, err := OpenRepo(commitFiles(t, files, map[string]string{
		"m/v3/manifests/index/half/index.manifest.json": "../../../../../out.json",
		"m/v3/manifests/index/also/index.manifest.json": "../gpu/index.manifest.json",
	}))
	if err != nil {
		t.Fatal(err)
	}
	s := mustSource(t, r, "HEAD:m")
	_, err = s.Open(mirror.Options{View: "nope"})
	if err == nil || !strings.Contains(err.Error(), `(its views: "also", "gpu")`) {
		t.Errorf("--view nope: %v; want the views also and gpu named, not half", err)
	}
	if _, err := s.Open(mirror.Options{View: "also"}); err != nil {
		t.Errorf("--view also, a link inside the mirror: %v", err)
	}
	if _, err := s.Open(mirror.Options{View: "half"}); err == nil || !strings.Contains(err.Error(), "a symbolic link out of the mirror") {
		t.Errorf("--view half, a link out of the mirror: %v; want it refused", err)
	}
}
