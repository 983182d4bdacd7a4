package gitsrc

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestPartialCloneReadsWhatItHolds (adversarial pass 217b, issue 35
// classes b and e): in a partial clone (git clone --filter=blob:none,
// as CI clones a large catalogue), HEAD~1:_cache/develop lacks the blobs
// of the pages HEAD changed, and holds the others (HEAD's checkout
// fetched them). git cat-file dies at the first blob a partial clone
// lacks (it would fetch it, which it may not), and every page after it
// was "not read: reading from git stopped at an earlier file": counted
// as a bad page (214 bad pages of a catalogue whose clone lacked 132),
// and under --skip-invalid left out of the snapshot, though the clone
// holds it. Each page the clone lacks is its own error, saying so, and
// the others are read.
func TestPartialCloneReadsWhatItHolds(t *testing.T) {
	// aida sorts first: its blob, which HEAD changed, is the one git
	// stops at, and the pages after it are those it left unread.
	names := []string{"aida", "bc", "ccache", "curl"}
	files := map[string]string{}
	for _, n := range names {
		files["_cache/develop/"+n+"/specs.md"] = realPage(t, n)
	}
	src := commitFiles(t, files, nil)
	for _, n := range []string{"aida", "bc"} { // changed by HEAD: the clone lacks them at HEAD~1
		p := filepath.Join(src, "_cache/develop", n, "specs.md")
		if err := os.WriteFile(p, []byte(files["_cache/develop/"+n+"/specs.md"]+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := gittest.Git(src, nil, "commit", "-q", "-a", "-m", "next"); err != nil {
		t.Fatal(err)
	}
	clone, err := gittest.PartialClone(src, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}

	_, err = loadArg(clone, "HEAD~1:_cache/develop", snapshot.Options{})
	if err == nil {
		t.Fatal("HEAD~1 with two blobs missing loaded")
	}
	msg := err.Error()
	if !strings.Contains(msg, "2 bad pages") || strings.Contains(msg, "not read") {
		t.Errorf("the error:\n%s\nwant 2 bad pages, the two the clone lacks, and no page not read", msg)
	}
	for _, n := range []string{"aida", "bc"} {
		if !strings.Contains(msg, "_cache/develop/"+n+"/specs.md: git cat-file: object ") || strings.Count(msg, "is missing from this repository, a partial clone") != 2 {
			t.Errorf("the error:\n%s\nwant %s named as missing from the partial clone", msg, n)
		}
	}

	s, err := loadArg(clone, "HEAD~1:_cache/develop", snapshot.Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	var skipped, loaded []string
	for _, sk := range s.Skipped {
		skipped = append(skipped, sk.File)
	}
	for _, p := range s.Packages {
		loaded = append(loaded, p.Name)
	}
	slices.Sort(loaded)
	if want := []string{"HEAD~1:_cache/develop/aida/specs.md", "HEAD~1:_cache/develop/bc/specs.md"}; !slices.Equal(skipped, want) {
		t.Errorf("--skip-invalid skipped %q; want %q, the pages the clone lacks", skipped, want)
	}
	if want := []string{"ccache", "curl"}; !slices.Equal(loaded, want) {
		t.Errorf("--skip-invalid loaded %q; want %q, the pages the clone holds", loaded, want)
	}
}

// TestPartialCloneMirrorNamesFile (adversarial pass 217b, issue 35 class
// e): a Spack mirror at a revision whose index manifest a partial clone
// lacks was "loading HEAD~1:mir: git cat-file: git stopped early: ...
// (an object is missing from this repository, a partial clone ...)",
// naming no file of the mirror. The error names the file git stopped
// at.
func TestPartialCloneMirrorNamesFile(t *testing.T) {
	old := genIndex(t)
	files := map[string]string{}
	addMirror(t, files, "mir", func(dir string) error { return mirrorgen.V3(dir, old, mirrorgen.Options{}) })
	src := commitFiles(t, files, nil)
	// The next commit's index: another version of one spec (the
	// database's own version comes first).
	i := strings.LastIndex(string(old), `"version":"`)
	if i < 0 {
		t.Fatal("the index has no version to change")
	}
	next := string(old[:i]) + `"version":"9` + string(old[i+len(`"version":"`):])
	if next == string(old) {
		t.Fatal("the index has no version to change")
	}
	if err := os.RemoveAll(filepath.Join(src, "mir")); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(filepath.Join(src, "mir"), []byte(next), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "--all"}, {"commit", "-q", "-m", "next"}} {
		if _, err := gittest.Git(src, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	clone, err := gittest.PartialClone(src, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	_, err = loadArg(clone, "HEAD~1:mir", snapshot.Options{})
	if want := "v3/manifests/index/index.manifest.json: git cat-file: "; err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "partial clone") {
		t.Errorf("HEAD~1:mir, its index manifest missing from a partial clone: %v; want %q and the partial clone named", err, want)
	}
}

// TestPartialCloneSpecFilesSized (adversarial pass 217b, issue 35 class
// d): a tree of spec files is listed with its blobs' sizes when the
// command budgets its memory from them (OnRead), and git ls-tree -l
// stops at a blob a partial clone lacks (it would fetch it for its
// size): the whole tree failed, "git ls-tree: warning: lazy fetching
// disabled ...", a layout-v2 mirror whose index the clone holds and
// --skip-invalid alike. The tree is listed without sizes, and each
// blob the clone lacks is its own file's: a spec file beside the
// mirror's index a warning, in a folder of spec files an error that
// --skip-invalid skips.
func TestPartialCloneSpecFilesSized(t *testing.T) {
	index := genIndex(t)
	files := map[string]string{}
	addMirror(t, files, "mir", func(dir string) error { return mirrorgen.V2(dir, index) })
	addMirror(t, files, "mir/build_cache", func(dir string) error { return mirrorgen.SpecFolder(dir, index) })
	src := commitFiles(t, files, nil)
	var changed string // a spec file HEAD changes: the clone lacks it at HEAD~1
	for name := range files {
		if strings.HasSuffix(name, ".spec.json") && (changed == "" || name < changed) {
			changed = name
		}
	}
	if err := os.WriteFile(filepath.Join(src, filepath.FromSlash(changed)), []byte(files[changed]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(src, nil, "commit", "-q", "-a", "-m", "next"); err != nil {
		t.Fatal(err)
	}
	clone, err := gittest.PartialClone(src, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	load := func(arg string, opt snapshot.Options) (*snapshot.Snapshot, error) {
		s, err := r.Source(arg)
		if err != nil {
			return nil, err
		}
		s.OnRead(func(int64) {}) // as the command does: the tree listed with sizes
		src, err := s.Open(mirror.Options{})
		if err != nil {
			return nil, err
		}
		return snapshot.LoadFrom(src, opt)
	}
	lacked := "HEAD~1:" + changed
	snap, err := load("HEAD~1:mir", snapshot.Options{})
	if err != nil {
		t.Fatalf("HEAD~1:mir, whose index the partial clone holds: %v", err)
	}
	warned := false
	for _, w := range snap.Warnings {
		warned = warned || w.File == lacked && strings.Contains(w.Message, "partial clone")
	}
	if !warned || len(snap.Packages) == 0 {
		t.Errorf("HEAD~1:mir: %d packages, warnings %v; want the index's packages and a warning of %s", len(snap.Packages), snap.Warnings, lacked)
	}
	snap, err = load("HEAD~1:mir/build_cache", snapshot.Options{SkipInvalid: true})
	if err != nil {
		t.Fatalf("HEAD~1:mir/build_cache --skip-invalid: %v", err)
	}
	if len(snap.Skipped) != 1 || snap.Skipped[0].File != lacked || len(snap.Packages) == 0 {
		t.Errorf("HEAD~1:mir/build_cache --skip-invalid: skipped %v, %d packages; want %s alone skipped", snap.Skipped, len(snap.Packages), lacked)
	}
}
