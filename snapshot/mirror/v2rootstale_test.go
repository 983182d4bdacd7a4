package mirror_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestV2RootStaleIndexWarns (adversarial pass 206b): a layout-v2 mirror
// whose index is stale (its build_cache/ holds spec files of specs the
// index lacks) warned of each of them read as its build_cache/ folder,
// and read as the mirror's root (a folder, as Spack's mirror URL names
// it) left them out without a word: the same files, a warning on one
// spelling only.
func TestV2RootStaleIndexWarns(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	bc := filepath.Join(dir, "build_cache")
	if err := mirrorgen.SpecFolder(bc, index(t, "new")); err != nil {
		t.Fatal(err)
	}
	stale := func(s *snapshot.Snapshot) []string {
		var out []string
		for _, w := range s.Warnings {
			if strings.Contains(w.Message, "the build cache's index lacks") {
				out = append(out, filepath.Base(w.File))
			}
		}
		slices.Sort(out)
		return out
	}
	folder, err := snapshot.Load(bc, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := stale(folder)
	if len(want) == 0 {
		t.Fatal("the build_cache/ folder: no spec file the index lacks; the test needs some")
	}
	// A spec file that does not decode (a push cut short) is a warning
	// at the root, not an error: the same mirror at a URL, which cannot
	// list its spec files, reads through it.
	if err := os.WriteFile(filepath.Join(bc, "zz-cut.spec.json"), []byte(`{"spec":`), 0o644); err != nil {
		t.Fatal(err)
	}
	root := load(t, openDir(t, dir, mirror.Options{}))
	cut := false
	for _, w := range root.Warnings {
		cut = cut || strings.HasSuffix(w.File, "zz-cut.spec.json") && strings.Contains(w.Message, "not read")
	}
	if !cut {
		t.Errorf("a spec file cut short beside the mirror's index: no warning; want one naming it")
	}
	if got := stale(root); !slices.Equal(got, want) {
		t.Errorf("the mirror's root warns of %d spec files the index lacks, its build_cache/ of %d: %v", len(got), len(want), want[:min(3, len(want))])
	}
	if a, b := dump(t, root), dump(t, folder); a != b {
		t.Errorf("the mirror's root and its build_cache/ read other specs")
	}
}

// TestV2RootReadsByContent (adversarial pass 209a): a spec file of a
// layout-v2 mirror's build_cache/ under another name (foo.json, which
// the build_cache/ folder reads by content) whose spec a stale index
// lacks was warned of read as the folder, and left out without a word
// read as the mirror's root: the root now judges the files the folder
// reads, and leaves alone, as the folder does, a *.json that is no
// Spack file.
func TestV2RootReadsByContent(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	bc := filepath.Join(dir, "build_cache")
	if err := mirrorgen.SpecFolder(bc, index(t, "new")); err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join(bc, "*.spec.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no spec files: %v", err)
	}
	for _, n := range names {
		if err := os.Rename(n, strings.TrimSuffix(n, ".spec.json")+".json"); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range map[string]string{"package.json": `{"name": "x"}`, "cut.json": `{"a":`} {
		if err := os.WriteFile(filepath.Join(bc, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	warned := func(s *snapshot.Snapshot) []string {
		var out []string
		for _, w := range s.Warnings {
			out = append(out, filepath.Base(w.File)+": "+w.Message)
		}
		slices.Sort(out)
		return out
	}
	folder, err := snapshot.Load(bc, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := warned(folder)
	if len(want) == 0 || !strings.Contains(want[0], "the build cache's index lacks") {
		t.Fatalf("the build_cache/ folder warns of %q; the test needs a spec file the index lacks", want)
	}
	root := load(t, openDir(t, dir, mirror.Options{}))
	if got := warned(root); !slices.Equal(got, want) {
		t.Errorf("the mirror's root warns:\n%q\nits build_cache/:\n%q", got, want)
	}
}

// TestV2RootIndexCutEarlySkipInvalid (adversarial pass 209a): a
// layout-v2 mirror whose build_cache/index.json is empty or cut short
// before its first key (`{"databa`) was, with --skip-invalid, skipped as
// a file of no kind, and the spec files beside it read as the snapshot
// (exit 0 or 1, a cache Spack never reads), from the mirror's root and
// its build_cache/ alike, where its URL, and the same index cut a
// kilobyte later, failed: named index.json, it is an index, and the
// snapshot fails with its error. The mirror's index of other JSON
// (`{"hello": 1}`) is its index too, as at its URL.
func TestV2RootIndexCutEarlySkipInvalid(t *testing.T) {
	for _, tc := range []struct {
		name   string
		index  func([]byte) []byte
		folder bool // its build_cache/ fails too (other JSON there is no Spack file)
	}{
		{"empty", func(b []byte) []byte { return b[:0] }, true},
		{"cut at 1", func(b []byte) []byte { return b[:1] }, true},
		{"cut at 8", func(b []byte) []byte { return b[:8] }, true},
		{"other JSON", func([]byte) []byte { return []byte(`{"hello": 1}`) }, false},
	} {
		dir := t.TempDir()
		if err := mirrorgen.V2(dir, index(t, "old")); err != nil {
			t.Fatal(err)
		}
		bc := filepath.Join(dir, "build_cache")
		if err := mirrorgen.SpecFolder(bc, index(t, "new")); err != nil {
			t.Fatal(err)
		}
		ix := filepath.Join(bc, "index.json")
		data, err := os.ReadFile(ix)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(ix, tc.index(data), 0o644); err != nil {
			t.Fatal(err)
		}
		opts := snapshot.Options{SkipInvalid: true}
		if s, err := snapshot.Load(bc, opts); tc.folder && err == nil {
			t.Errorf("index.json %s, its build_cache/ with --skip-invalid: %d packages read from the spec files beside it; want an error", tc.name, len(s.Packages))
		}
		src := openDir(t, dir, mirror.Options{})
		if s, err := snapshot.LoadFrom(src, opts); err == nil {
			t.Errorf("index.json %s, the mirror's root with --skip-invalid: %d packages read from the spec files beside it; want an error", tc.name, len(s.Packages))
		}
	}
}

// TestSignedMirrorKeyIndex (adversarial pass 209a): a signed layout-v2
// mirror holds build_cache/_pgp/index.json, Spack's index of its keys
// ({"keys": {...}}): its build_cache/ folder was refused as holding an
// index.json that is no build-cache index (exit 2, where the mirror's
// root and URL read), and the root, which now judges what the folder
// reads, warned of it. It is left alone in both.
func TestSignedMirrorKeyIndex(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	bc := filepath.Join(dir, "build_cache")
	if err := os.MkdirAll(filepath.Join(bc, "_pgp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bc, "_pgp", "index.json"), []byte(`{"keys": {"0123456789ABCDEF0123456789ABCDEF01234567": {}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	folder, err := snapshot.Load(bc, snapshot.Options{})
	if err != nil {
		t.Fatalf("the build_cache/ folder of a signed mirror: %v", err)
	}
	root := load(t, openDir(t, dir, mirror.Options{}))
	for _, s := range []*snapshot.Snapshot{folder, root} {
		for _, w := range s.Warnings {
			if strings.Contains(w.File, "_pgp") {
				t.Errorf("%s: a warning of Spack's key index: %s: %s", s.Path, w.File, w.Message)
			}
		}
	}
	if a, b := dump(t, root), dump(t, folder); a != b {
		t.Errorf("the mirror's root and its build_cache/ read other specs")
	}
}
