package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestMirrorFromGit reads layout-v3 mirrors committed to git, with an
// index and without one (from their spec manifests): the same specs as
// the index itself, and a few git processes whatever the number of specs
// (the manifests in one batch, their blobs in another).
func TestMirrorFromGit(t *testing.T) {
	index := genIndex(t)
	files := map[string]string{}
	for _, c := range []struct {
		dir string
		o   mirrorgen.Options
	}{{"with", mirrorgen.Options{}}, {"without", mirrorgen.Options{NoIndex: true}}} {
		addMirror(t, files, c.dir, func(dir string) error { return mirrorgen.V3(dir, index, c.o) })
	}
	repo := commitFiles(t, files, nil)
	file := filepath.Join(t.TempDir(), "index.json")
	os.WriteFile(file, index, 0o644)
	want, err := snapshot.Load(file, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"HEAD:with", "HEAD:without"} {
		before := gitRuns.Load()
		got, err := loadArg(repo, arg, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		runs := gitRuns.Load() - before
		if got.Specs() != want.Specs() || got.Layout != "v3" || len(got.Packages) != len(want.Packages) {
			t.Errorf("%s: %d specs of %d packages, layout %q; want %d of %d, v3", arg, got.Specs(), len(got.Packages), got.Layout, want.Specs(), len(want.Packages))
		}
		if runs > 6 {
			t.Errorf("%s: %d git processes for %d specs; want a few", arg, runs, want.Specs())
		}
	}
}

// TestOpenListsOnce checks that telling whether a REV:PATH is a mirror's
// root costs no git process: loadArg lists the tree once, as Repo.Load
// does.
func TestOpenListsOnce(t *testing.T) {
	files := map[string]string{}
	for i := range 5 {
		files[fmt.Sprintf("snap/build_cache/pkg%d.spec.json", i)] = specFile(i)
	}
	repo := commitFiles(t, files, nil)
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	before := gitRuns.Load()
	if _, err := r.Load("HEAD:snap", snapshot.Options{}); err != nil {
		t.Fatal(err)
	}
	load := gitRuns.Load() - before
	before = gitRuns.Load()
	if _, err := loadArg(repo, "git:HEAD:snap", snapshot.Options{}); err != nil {
		t.Fatal(err)
	}
	if arg := gitRuns.Load() - before; arg != load {
		t.Errorf("loadArg: %d git processes, Repo.Load: %d", arg, load)
	}
}

// genIndex is the index of testdata/spack-gen/old cut to its first
// genSpecs specs (genCut).
func genIndex(t *testing.T) []byte {
	t.Helper()
	return genCut(t, "old")
}

// genCut is the index of testdata/spack-gen/SIDE (old or new) cut to its
// first genSpecs specs, as written (a line each, the database's version
// first): a mirror of them is a few dozen files to write, commit and
// read, where the whole index's 80 specs made some 250, and the tests
// that build one took seconds each. The cuts of old and new differ in
// six of their specs.
func genCut(t *testing.T, side string) []byte {
	t.Helper()
	index, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-gen", side, "build_cache", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(index), "\n"), "\n")
	if len(lines) < genSpecs+2 || !strings.HasSuffix(lines[0], `"installs":{`) || lines[len(lines)-1] != "}}}" {
		t.Fatalf("the index of testdata/spack-gen/%s is not a spec a line, %d lines", side, len(lines))
	}
	kept := append([]string{lines[0]}, lines[1:1+genSpecs]...)
	kept[genSpecs] = strings.TrimSuffix(kept[genSpecs], ",")
	return []byte(strings.Join(append(kept, "}}}"), "\n") + "\n")
}

// genSpecs is how many specs genCut keeps.
const genSpecs = 12

// addMirror has gen make a mirror in a folder, and adds its files to
// files, under prefix, to be committed.
func addMirror(t *testing.T, files map[string]string, prefix string, gen func(dir string) error) {
	t.Helper()
	dir := t.TempDir()
	if err := gen(dir); err != nil {
		t.Fatal(err)
	}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		files[prefix+"/"+filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
