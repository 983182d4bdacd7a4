package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestMirrorRootWithOtherSnapshot: a folder that is a Spack mirror's
// root (build_cache/index.json) and also holds catalogue pages
// (<package>/specs.md) or a lockfile is an error that names what it
// mixes, on disk and as REV:PATH: read through the mirror's index alone,
// its pages were dropped without a word (66 specs of three pages gone,
// "no changes (2 packages, 2 specs)"), where the same folder with the
// index at its top is refused as mixing pages and Spack files. A mirror
// alone still reads.
func TestMirrorRootWithOtherSnapshot(t *testing.T) {
	index, err := os.ReadFile("../../testdata/spack-formats/index.v7-layout2-unsigned.json")
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(realTree, "gcc-runtime", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	write := func(rel string, data []byte) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("mirror/build_cache/index.json", index)
	write("pages/build_cache/index.json", index)
	write("pages/gcc-runtime/specs.md", page)
	write("lock/build_cache/index.json", index)
	write("lock/spack.lock", []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5},"roots":[],"concrete_specs":{}}`))
	cases := []struct{ arg, mixed string }{
		{"mirror", ""},
		{"pages", "gcc-runtime/specs.md"},
		{"lock", "spack.lock"},
	}
	check := func(arg, mixed string) {
		t.Helper()
		snap, err := Load(root, arg, Options{}, snapshot.Options{})
		if mixed == "" {
			if err != nil || snap.Specs() != 2 {
				t.Errorf("%s: %v; want the mirror's 2 specs", arg, err)
			}
			return
		}
		if err == nil {
			t.Errorf("%s: loaded %d specs; want it refused as a mirror's root that holds %s", arg, snap.Specs(), mixed)
		} else if !strings.Contains(err.Error(), "root of a Spack mirror") || !strings.Contains(err.Error(), "holds "+mixed) {
			t.Errorf("%s: %v; want it refused as a mirror's root that holds %s", arg, err, mixed)
		}
	}
	for _, c := range cases {
		check(c.arg, c.mixed)
	}
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "--all"}, {"commit", "-q", "-m", "x"}} {
		if _, err := gittest.Git(root, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cases {
		check("git:HEAD:"+c.arg, c.mixed)
	}
}
