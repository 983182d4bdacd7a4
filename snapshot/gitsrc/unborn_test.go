package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestUnknownHeadOnAnUnbornBranch (pass 118a, issue 35, class e): on a
// branch without a commit (git checkout --orphan, in a repository that
// has commits elsewhere) `log --revs HEAD PATH` and HEAD:PATH said
// "unknown revision HEAD", sending the user to look for a typo in a name
// git always knows. The error names the branch and says it has no
// commit yet; another unknown name says nothing of it.
func TestUnknownHeadOnAnUnbornBranch(t *testing.T) {
	r := unbornRepo(t)
	want := "HEAD is branch fresh, which has no commit yet"
	for _, rng := range []string{"HEAD", "HEAD~1..HEAD", "main..HEAD"} {
		if _, err := r.Series(rng, "a", "", ""); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Series(%q) on an unborn branch: %v; want it to say %q", rng, err, want)
		}
	}
	if _, err := r.commit("HEAD"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("commit(HEAD) on an unborn branch: %v; want it to say %q", err, want)
	}
	if _, err := r.Series("nosuch..main", "a", "", ""); err == nil || strings.Contains(err.Error(), "no commit yet") {
		t.Errorf("Series(nosuch..main): %v; want an unknown revision, and no word of an unborn branch", err)
	}
}

// TestUnknownAtOnAnUnbornBranch (pass 119a, issue 35, class e): "@" is
// git's own name for HEAD (@, @~1, @:PATH, main..@), and on a branch
// without a commit it said "unknown revision @", as for a typo, where
// HEAD said which branch had no commit. @{-1}, the branch checked out
// before, is another's: no word of this one.
func TestUnknownAtOnAnUnbornBranch(t *testing.T) {
	r := unbornRepo(t)
	want := "HEAD is branch fresh, which has no commit yet"
	for _, rng := range []string{"@", "@~1..@", "main..@", "@^!"} {
		if _, err := r.Series(rng, "a", "", ""); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Series(%q) on an unborn branch: %v; want it to say %q", rng, err, want)
		}
	}
	if _, err := r.commit("@:a"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("commit(@:a) on an unborn branch: %v; want it to say %q", err, want)
	}
	if _, err := r.Series("@{-1}", "a", "", ""); err == nil || strings.Contains(err.Error(), "no commit yet") {
		t.Errorf("Series(@{-1}): %v; want an unknown revision, and no word of an unborn branch", err)
	}
}

// TestUnknownAtTypoOnAnUnbornBranch (pass 120a, issue 35, class e): "@@"
// and "HEAD@" are no name git reads, with a commit or without (only
// @{...} follows HEAD's @), yet on a branch without a commit they said
// the branch had no commit yet, as if a commit would make them work: a
// typo is to read as one.
func TestUnknownAtTypoOnAnUnbornBranch(t *testing.T) {
	r := unbornRepo(t)
	for _, rng := range []string{"@@", "HEAD@", "main..@@", "HEAD@~1"} {
		if _, err := r.Series(rng, "a", "", ""); err == nil || strings.Contains(err.Error(), "no commit yet") {
			t.Errorf("Series(%q) on an unborn branch: %v; want an unknown revision, and no word of an unborn branch", rng, err)
		}
	}
	if _, err := r.Series("HEAD@{0}", "a", "", ""); err == nil || !strings.Contains(err.Error(), "HEAD is branch fresh, which has no commit yet") {
		t.Errorf("Series(HEAD@{0}) on an unborn branch: %v; want it to name the branch", err)
	}
}

// unbornRepo returns a repository with a commit on main whose HEAD is
// branch fresh, made with git checkout --orphan: no commit yet.
func unbornRepo(t *testing.T) *Repo {
	t.Helper()
	dir, commitTo := newRepo(t)
	commitTo("main", "x", "1")
	if _, err := gittest.Git(dir, nil, "checkout", "-q", "--orphan", "fresh"); err != nil {
		t.Fatal(err)
	}
	return r0(dir)
}
