package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
)

// TestSeriesWayBlockedNew: a pull request that made the catalogue as a
// submodule _cache holding develop/ (a layout a site may use) sent the
// PR recipe to log --revs HEAD^1..HEAD _cache/develop, which said "no
// commit of HEAD^1..HEAD changed _cache/develop, and it does not exist
// at the base": git lists no change below a submodule, and the message
// sent its reader looking for a commit that was there. It now says
// where PATH went at the range's end.
func TestSeriesWayBlockedNew(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	tree := pagetest.WriteTree(t, map[string]string{"docs/readme.md": "# notes\n"})
	repo := filepath.Join(t.TempDir(), "repo")
	if _, err := gittest.CommitsAt(repo, "docs", filepath.Join(tree, "docs")); err != nil {
		t.Fatal(err)
	}
	// Beside it a submodule and a symbolic link whose names hold a
	// space, quoted as the log's other refusals name a path: each
	// quoting undone alone failed no test (class c).
	blob, err := gittest.Git(repo, nil, "rev-parse", "HEAD:docs/readme.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range [][]string{
		{"update-index", "--add", "--cacheinfo", "160000,1111111111111111111111111111111111111111,_cache"},
		{"update-index", "--add", "--cacheinfo", "160000,1111111111111111111111111111111111111111,_c che"},
		{"update-index", "--add", "--cacheinfo", "120000," + strings.TrimSpace(blob) + ",l nk"},
		{"commit", "-q", "-m", "catalogue as a submodule"},
	} {
		if _, err := gittest.Git(repo, nil, step...); err != nil {
			t.Fatal(step, err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	// "_c che" checked out (its .git a file, as a submodule's): the log
	// of its own repository is given, as a revision beside it is
	// (lead d of g17), -C from here; _cache, not checked out, none.
	if err := os.MkdirAll(filepath.Join(repo, "_c che"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "_c che", ".git"), []byte("gitdir: ../.git/modules/c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	own := ": its own log is cachediff -C " + shellword.Shown(filepath.Join(repo, "_c che")) + " log --revs 'HEAD~1..HEAD' develop"
	if _, err := r.Series("HEAD~1..HEAD", "_c che/develop", "", ""); err == nil || !strings.HasSuffix(err.Error(), own) {
		t.Errorf("_c che/develop, checked out: %v, want it ending %q", err, own)
	}
	if _, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err == nil || strings.Contains(err.Error(), "its own log") {
		t.Errorf("_cache/develop, not checked out: %v, want no log of it", err)
	}
	for _, c := range []struct{ path, want string }{
		{"_cache/develop", "passes through _cache, a submodule"},
		{"_c che/develop", `changed "_c che/develop", and it does not exist at the base`},
		{"_c che/develop", `it passes through "_c che", a submodule`},
		{"l nk/develop", `it passes through "l nk", a symbolic link`},
	} {
		if _, err := r.Series("HEAD~1..HEAD", c.path, "", ""); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
	}
}
