package gitsrc

import (
	"os"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestCaseClashMirrorDotView: a layout-v3 mirror's views .x and .X (two
// index manifests, of two indexes) are read apart from git, while a
// checkout on a case-insensitive file system writes .x's manifest over
// .X's, in one folder: git:HEAD:m --view .X read the one index, such a
// checkout the other. clashBelow left dot-folders out, as the walk of
// pages does, though a mirror reads what is in them. Refused.
func TestCaseClashMirrorDotView(t *testing.T) {
	newIndex := genNewIndex(t)
	files, other := map[string]string{}, map[string]string{}
	addMirror(t, files, "m", func(dir string) error { return mirrorgen.V3(dir, genIndex(t), mirrorgen.Options{View: ".x"}) })
	addMirror(t, other, "m", func(dir string) error { return mirrorgen.V3(dir, newIndex, mirrorgen.Options{View: ".X"}) })
	for p, text := range other {
		if _, ok := files[p]; !ok {
			files[p] = text
		}
	}
	repo := commitFiles(t, files, nil)
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, view := range []string{".x", ".X"} {
		src, err := mustSource(t, r, "HEAD:m").Open(mirror.Options{View: view})
		if err == nil {
			var snap *snapshot.Snapshot
			if snap, err = snapshot.LoadFrom(src, snapshot.Options{}); err == nil {
				t.Errorf("--view %s, views .x and .X: %d specs, no error; want it refused", view, snap.Specs())
				continue
			}
		}
		if !strings.Contains(err.Error(), "below PATH, in another case") {
			t.Errorf("--view %s: %v; want it refused as a name in another case", view, err)
		}
	}
}

// TestCaseClashMirrorTopDotFolder: a mirror's dot-folder at its top,
// which no mirror reads (build_cache/, v3/ and blobs/ alone), is left
// out as the walk of pages leaves it out: HEAD:m with .github/A.md beside
// .github/a.md was refused ("REV:PATH reads both", which it read
// neither of) where m from disk loaded.
func TestCaseClashMirrorTopDotFolder(t *testing.T) {
	files := map[string]string{}
	addMirror(t, files, "m", func(dir string) error { return mirrorgen.V3(dir, genIndex(t), mirrorgen.Options{}) })
	files["m/.github/A.md"], files["m/.github/a.md"] = "a\n", "b\n"
	r, err := OpenRepo(commitFiles(t, files, nil))
	if err != nil {
		t.Fatal(err)
	}
	src, err := mustSource(t, r, "HEAD:m").Open(mirror.Options{})
	if err == nil {
		_, err = snapshot.LoadFrom(src, snapshot.Options{})
	}
	if err != nil {
		t.Errorf("HEAD:m with .github/A.md beside .github/a.md: %v", err)
	}
}

// TestCaseClashMirrorTopDotFiles: a dot-file at a mirror's top, which no
// mirror reads (build_cache/, v3/ and blobs/ alone), is left out as a
// dot-folder or a dot-named submodule there is: HEAD:m with m/.t beside
// m/.T was refused, "REV:PATH reads both", which it read neither of,
// where m from disk loaded. A .gitattributes there in another case is
// refused still (rewrittenMirror).
func TestCaseClashMirrorTopDotFiles(t *testing.T) {
	index, err := os.ReadFile("../../testdata/spack-formats/index.v8-layout2-unsigned-mixed.json")
	if err != nil {
		t.Fatal(err)
	}
	repo := commitFiles(t, map[string]string{
		"m/build_cache/index.json": string(index),
		"m/.t":                     "x\n",
		"m/.T":                     "y\n",
		"a/build_cache/index.json": string(index),
		"a/.gitattributes":         "*.md text\n",
		"a/.GITATTRIBUTES":         "*.json ident\n",
	}, nil)
	if got, err := loadArg(repo, "HEAD:m", snapshot.Options{}); err != nil || got.Specs() == 0 {
		t.Errorf("HEAD:m, a mirror with the dot-files .t and .T at its top: %v; want its index read", err)
	}
	if _, err := loadArg(repo, "HEAD:a", snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "a .gitattributes named in another case") {
		t.Errorf("HEAD:a, a mirror with .gitattributes beside .GITATTRIBUTES at its top: %v; want it refused", err)
	}
}
