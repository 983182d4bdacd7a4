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
	// (lead d of g17), -C from here; _cache, not checked out, none,
	// nor when its .git file leads nowhere (lead d of g19: it was
	// taken for one checked out, and a log given that git refused).
	sub := filepath.Join(repo, "_c che")
	for _, d := range []string{sub, filepath.Join(repo, ".git", "modules")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, step := range [][]string{{"init", "-q", "--separate-git-dir", filepath.Join(repo, ".git", "modules", "c")}, {"commit", "-q", "--allow-empty", "-m", "one"}} {
		if _, err := gittest.Git(sub, nil, step...); err != nil {
			t.Fatal(step, err)
		}
	}
	if err := os.MkdirAll(filepath.Join(repo, "_cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "_cache", ".git"), []byte("gitdir: ../.git/modules/nowhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Of one commit, its log refuses HEAD~1..HEAD: that log was given,
	// refused pasted (lead a of g19); its refusal is said.
	log := "cachediff -C " + shellword.Shown(sub) + " log --revs 'HEAD~1..HEAD' develop"
	if _, err := r.Series("HEAD~1..HEAD", "_c che/develop", "", ""); err == nil || !strings.Contains(err.Error(), ": its own log ("+log+") refuses: unknown revision HEAD~1 in the range HEAD~1..HEAD (it is past the root") {
		t.Errorf("_c che/develop, checked out, of one commit: %v, want its log's refusal", err)
	}
	if _, err := gittest.Git(sub, nil, "commit", "-q", "--allow-empty", "-m", "two"); err != nil {
		t.Fatal(err)
	}
	own := ": its own log is " + log
	if _, err := r.Series("HEAD~1..HEAD", "_c che/develop", "", ""); err == nil || !strings.HasSuffix(err.Error(), own) {
		t.Errorf("_c che/develop, checked out: %v, want it ending %q", err, own)
	}
	// Within dates, none: the log given would not hold them.
	if _, err := r.Series("HEAD~1..HEAD", "_c che/develop", "2000-01-01", ""); err == nil || strings.Contains(err.Error(), "its own log") || !strings.Contains(err.Error(), `passes through "_c che", a submodule`) {
		t.Errorf("_c che/develop, within dates: %v, want no log of it", err)
	}
	if _, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err == nil || strings.Contains(err.Error(), "its own log") || !strings.Contains(err.Error(), "passes through _cache, a submodule") {
		t.Errorf("_cache/develop, its .git leading nowhere: %v, want no log of it", err)
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
	// At the base too, PATH through the submodule, or the submodule
	// itself: refused with no log to run, where the refusal above gives
	// one.
	if _, err := gittest.Git(repo, nil, "commit", "-q", "--allow-empty", "-m", "empty"); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{
		"_c che/develop": "passes through \"_c che\", a submodule: its pages are in another repository, not in this one" + own,
		"_c che":         "is a submodule (commit 111111111111 of another repository), not a folder or a file: its pages are not in this repository: its own log is cachediff -C " + shellword.Shown(sub) + " log --revs 'HEAD~1..HEAD' .",
	} {
		if _, err := r.Series("HEAD~1..HEAD", p, "", ""); err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s, a submodule at the base too: %v, want it ending %q", p, err, want)
		}
	}
}

// TestLogIn holds the command of another repository's log the hints
// give (LogIn): its PATH "." for the top, ./-x for one beginning with
// -, which pasted was read as a flag, and its -C so too (class c: the
// ./ of PATH could be dropped and no test failed).
func TestLogIn(t *testing.T) {
	for _, c := range []struct{ dir, rng, p, want string }{
		{"sub", "HEAD~1..HEAD", "snap", "cachediff -C sub log --revs 'HEAD~1..HEAD' snap"},
		{"sub", "HEAD~1..HEAD", "", "cachediff -C sub log --revs 'HEAD~1..HEAD' ."},
		{"-d", "A..B", "-x y", "cachediff -C ./-d log --revs A..B './-x y'"},
		{"", "A..B", "-x", "cachediff log --revs A..B ./-x"},
	} {
		if got := LogIn(c.dir, c.rng, c.p, shellword.Shown); got != c.want {
			t.Errorf("LogIn(%q, %q, %q) = %s, want %s", c.dir, c.rng, c.p, got, c.want)
		}
	}
}
