package gitsrc

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestUnpublishedNamesInGit: REV:PATH refuses the pages Jekyll does not
// publish by their names as a folder on disk does (snapshot's
// TestUnpublishedNames), with the same rule: a page's own name, and the
// tag's folder below _cache, whether PATH is the tag's folder, _cache or
// the top of the repository. A package folder's name does not count.
func TestUnpublishedNamesInGit(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	tree := pagetest.WriteTree(t, map[string]string{
		"develop/zlib/specs.md":  pagetest.SimplePage("zlib", "develop", 1, 1),
		"develop/_llvm/specs.md": pagetest.SimplePage("_llvm", "develop", 2, 1),
		"develop/xz/_specs.md":   pagetest.SimplePage("xz", "develop", 3, 1),
		"develop/lz4/#specs.md":  pagetest.SimplePage("lz4", "develop", 4, 1),
		"develop/gz/.specs.md":   pagetest.SimplePage("gz", "develop", 5, 1),
		"develop/_notes/_a.md":   "# notes\n",
	})
	repo := filepath.Join(dir, "repo")
	if _, err := gittest.Commits(repo, filepath.Join(tree, "develop")); err != nil {
		t.Fatal(err)
	}
	bad := []string{"gz/.specs.md", "lz4/#specs.md", "xz/_specs.md"}
	for _, arg := range []string{"HEAD:_cache/develop", "HEAD:_cache", "HEAD:"} {
		_, err := loadArg(repo, arg, snapshot.Options{})
		var le *snapshot.LoadError
		if !errors.As(err, &le) {
			t.Fatalf("%s: want bad pages, got %v", arg, err)
		}
		var got []string
		for _, e := range le.Errs {
			if !strings.HasPrefix(e.Msg, "the site leaves this page") || !strings.Contains(e.Msg, "does not publish a file whose name starts with") {
				t.Errorf("%s: %s: %s", arg, e.File, e.Msg)
			}
			got = append(got, strings.TrimPrefix(e.File, "HEAD:_cache/develop/"))
		}
		if !slices.Equal(got, bad) {
			t.Errorf("%s: bad pages %q, want %q", arg, got, bad)
		}
	}
	snap, err := loadArg(repo, "HEAD:_cache/develop", snapshot.Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Packages) != 2 || len(snap.Skipped) != len(bad) {
		t.Errorf("%d packages, skipped %v", len(snap.Packages), snap.Skipped)
	}
	if _, err := loadArg(repo, "HEAD:_cache/develop/xz/_specs.md", snapshot.Options{}); err != nil {
		t.Errorf("a page named alone: %v", err)
	}

	// The tag's folder renamed _develop: none of its pages is published.
	if _, err := gittest.Git(repo, nil, "mv", "_cache/develop", "_cache/_develop"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "commit", "-q", "-m", "hide"); err != nil {
		t.Fatal(err)
	}
	_, err = loadArg(repo, "HEAD:_cache", snapshot.Options{})
	for _, p := range []string{"zlib/specs.md", "_llvm/specs.md"} {
		if !strings.Contains(err.Error(), "HEAD:_cache/_develop/"+p+": the site leaves this page") {
			t.Errorf("HEAD:_cache: %v, want %s refused", err, p)
		}
	}
	if !strings.Contains(err.Error(), `tag folder whose name starts with "_" (_develop)`) {
		t.Errorf("HEAD:_cache: %v", err)
	}
}

// TestDotFolderInGit: REV:PATH judges a folder whose name starts with a
// dot under a tag's folder of _cache as a folder on disk does
// (snapshot's TestDotFolderAmongPages): Jekyll publishes its files, and
// the walk, which does not enter it, dropped a page there without a
// word, which could take a package's address by its permalink.
func TestDotFolderInGit(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	tree := pagetest.WriteTree(t, map[string]string{
		"develop/llvm/specs.md":      pagetest.SimplePage("llvm", "develop", 1, 1),
		"develop/llvm/t/.x/specs.md": pagetest.SimplePage("llvm", "develop", 2, 1),
		"develop/llvm/t/.x/other.md": pagetest.SimplePage("llvm", "develop", 3, 1),
	})
	repo := filepath.Join(dir, "repo")
	if _, err := gittest.Commits(repo, filepath.Join(tree, "develop")); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"HEAD:_cache/develop", "HEAD:_cache"} {
		_, err := loadArg(repo, arg, snapshot.Options{})
		var le *snapshot.LoadError
		if !errors.As(err, &le) || len(le.Errs) != 1 {
			t.Fatalf("%s: want one bad folder, got %v", arg, err)
		}
		if e := le.Errs[0]; e.File != "HEAD:_cache/develop/llvm/t/.x" || !strings.HasPrefix(e.Msg, "a folder whose name starts with a dot among the catalogue's pages") {
			t.Errorf("%s: %s: %s", arg, e.File, e.Msg)
		}
	}
	// The folder named itself is entered: its pages are judged as pages
	// (here, a folder too deep under _cache).
	if _, err := loadArg(repo, "HEAD:_cache/develop/llvm/t/.x", snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "below its tag's package folders") {
		t.Errorf("the dot-folder named: %v", err)
	}
}

// TestTagFolderRetaggedInGit: REV:PATH refuses a page whose tag is not
// its tag folder's name below _cache, as a folder on disk does
// (snapshot's TestTagFolderRetagged), whether PATH is the tag's folder,
// or _cache; a folder of another name than _cache keeps its
// pages' tags.
func TestTagFolderRetaggedInGit(t *testing.T) {
	repo := commitFiles(t, map[string]string{
		"_cache/v0.23.1/bc/specs.md":   pagetest.SimplePage("bc", "v0.23.2", 1, 1),
		"_cache/v0.23.1/zlib/specs.md": pagetest.SimplePage("zlib", "v0.23.1", 2, 1),
		"mirror/v0.23.1/bc/specs.md":   pagetest.SimplePage("bc", "v0.23.2", 1, 1),
	}, nil)
	for _, arg := range []string{"HEAD:_cache/v0.23.1", "HEAD:_cache"} {
		_, err := loadArg(repo, arg, snapshot.Options{})
		var le *snapshot.LoadError
		if !errors.As(err, &le) || len(le.Errs) != 1 {
			t.Fatalf("%s: %v; want one bad page", arg, err)
		}
		e := le.Errs[0]
		if e.File != "HEAD:_cache/v0.23.1/bc/specs.md" && !strings.HasSuffix(e.File, "_cache/v0.23.1/bc/specs.md") || e.Line != 4 ||
			!strings.Contains(e.Msg, `this page has tag "v0.23.2" but is in _cache's tag folder "v0.23.1"`) {
			t.Errorf("%s: %s: line %d: %s", arg, e.File, e.Line, e.Msg)
		}
	}
	if snap, err := loadArg(repo, "HEAD:mirror/v0.23.1", snapshot.Options{}); err != nil || snap.Tag != "v0.23.2" {
		t.Errorf("outside _cache: %v", err)
	}
}
