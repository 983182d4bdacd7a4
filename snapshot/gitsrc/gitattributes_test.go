package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestGitattributesRefused: a .gitattributes file inside PATH is an
// error. A checkout rewrites the files it names, REV:PATH reads the
// blobs as committed: a commit that added _cache/develop/.gitattributes
// giving a page working-tree-encoding=UTF-16LE, and changed no page,
// loaded as the snapshot before it ("no changes"), while the checkout,
// which the site is built from, held the page in UTF-16, which Jekyll
// publishes as no page (the 46th adversarial pass).
func TestGitattributesRefused(t *testing.T) {
	clone, commit := seriesClone(t)
	commit("_cache/develop/.gitattributes", "*/specs.md working-tree-encoding=UTF-16LE\n")
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	want := "_cache/develop/.gitattributes: a .gitattributes file among the pages"
	if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:_cache/develop"), snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a .gitattributes inside PATH: %v; want an error naming it", err)
	}
	// The snapshot before it still loads.
	if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD~1:_cache/develop"), snapshot.Options{}); err != nil {
		t.Errorf("HEAD~1: %v", err)
	}
}

// TestGitattributesAbove: a .gitattributes of a folder above PATH (the
// repository's top, _cache) that may give the pages a
// working-tree-encoding is an error at its line, read from the
// resolution's own git process; one whose lines cannot touch a page
// (*.png, another attribute) is not. The same commit through a path
// from the current folder (./develop from _cache) is judged alike.
func TestGitattributesAbove(t *testing.T) {
	clone, commit := seriesClone(t)
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	load := func(r *Repo, spec string) error {
		_, err := snapshot.LoadFrom(mustSource(t, r, spec), snapshot.Options{})
		return err
	}
	commit(".gitattributes", "*.png binary\n*.sh text eol=lf\n*.ps1 working-tree-encoding=UTF-16LE\n")
	if err := load(r, "HEAD:_cache/develop"); err != nil {
		t.Errorf("attributes that touch no page: %v", err)
	}
	for _, tc := range []struct{ file, text, want string }{
		{".gitattributes", "*.png binary\n# a comment\n*.md working-tree-encoding=UTF-16LE\n", "HEAD:.gitattributes: line 3: this line gives files a working-tree-encoding"},
		{"_cache/.gitattributes", "develop/**/specs.md\tworking-tree-encoding=UTF-16\n", "HEAD:_cache/.gitattributes: line 1: this line gives"},
		// A macro counts in the repository's own file alone: git drops
		// one from any other (TestMacroBelowTopDropped).
		{".gitattributes", "[attr]wide working-tree-encoding=UTF-16\n", "HEAD:.gitattributes: line 1: this line gives"},
	} {
		commit(".gitattributes", "*.png binary\n")
		commit(tc.file, tc.text)
		if err := load(r, "HEAD:_cache/develop"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: %v; want an error holding %q", tc.file, tc.text, err, tc.want)
		}
		// A page named alone, and the folder from inside _cache.
		if err := load(r, "HEAD:_cache/develop/bc/specs.md"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q, a page alone: %v; want an error holding %q", tc.file, tc.text, err, tc.want)
		}
		sub, err := OpenRepo(filepath.Join(clone, "_cache"))
		if err != nil {
			t.Fatal(err)
		}
		if err := load(sub, "HEAD:./develop"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q, from _cache: %v; want an error holding %q", tc.file, tc.text, err, tc.want)
		}
		if err := os.Remove(filepath.Join(clone, filepath.FromSlash(tc.file))); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(clone, nil, "commit", "-q", "-a", "-m", "rm"); err != nil {
			t.Fatal(err)
		}
	}
	// The commit before the attributes loads.
	if err := load(r, "HEAD~10:_cache/develop"); err != nil {
		t.Errorf("before: %v", err)
	}
}

// seriesClone clones the series' repository into a test folder, and
// returns it with a function that commits a file of the given text
// (a commit even where the file is unchanged).
func seriesClone(t *testing.T) (string, func(file, text string)) {
	t.Helper()
	repo, _ := series(t)
	dir := t.TempDir()
	clone := filepath.Join(dir, "clone")
	if _, err := gittest.Git(dir, nil, "clone", "-q", repo, clone); err != nil {
		t.Fatal(err)
	}
	return clone, func(file, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(clone, filepath.FromSlash(file)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(clone, nil, "add", file); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(clone, nil, "commit", "-q", "--allow-empty", "-m", file); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGitattributesAnyCaseRefused: a .gitattributes inside PATH named in
// another case (".GITATTRIBUTES") is refused as one named so: a checkout
// on a case-insensitive file system (macOS) reads it from the working
// tree where the index has no ".gitattributes" (attr.c's read_attr),
// and rewrites the pages it names, yet HEAD:_cache/develop loaded as
// committed.
func TestGitattributesAnyCaseRefused(t *testing.T) {
	clone, commit := seriesClone(t)
	commit("_cache/develop/.GITATTRIBUTES", "*.md ident\n")
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	want := "_cache/develop/.GITATTRIBUTES: a .gitattributes file among the pages"
	if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:_cache/develop"), snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a .GITATTRIBUTES inside PATH: %v; want an error naming it", err)
	}
	// A log loads the commit, as it changed PATH, and so refuses it.
	if c, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err != nil || len(c) != 2 {
		t.Errorf("log over the commit: %d commits, %v; want it loaded", len(c), err)
	}
}
