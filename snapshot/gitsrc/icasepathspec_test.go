package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestNoICasePathspecs: GIT_ICASE_PATHSPECS=1 in cachediff's environment
// made git match every pathspec without case, ":(top,literal)" ones
// too, so that a log over a commit that changed only cache/DATA, beside
// cache/data, listed it as a commit that changed cache/data: a step the
// range does not have. The log is the same whatever the caller's
// environment says of pathspecs: since cache/DATA beside cache/data is
// refused (a case-insensitive checkout merges them, TestCaseClashLogRefused),
// the commit is refused at cache/DATA under each, not listed as a step.
func TestNoICasePathspecs(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	dir, git, write := workTree(t)
	write("cache/data/index.json", oneLineIndex)
	git("add", ".")
	git("commit", "-qm", "index")
	write("cache/DATA/x", "x\n")
	git("add", ".")
	git("commit", "-qm", "another folder")
	for _, env := range []string{"GIT_ICASE_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_LITERAL_PATHSPECS"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv(env, "1")
			r, err := OpenRepo(dir)
			if err != nil {
				t.Fatal(err)
			}
			commits, err := r.Series("HEAD~1..HEAD", "cache/data", "", "")
			if err == nil || !strings.Contains(err.Error(), `:cache/DATA: "DATA" is "data"`) {
				t.Errorf("%s=1: %d commits in the log, %v; want the commit refused at cache/DATA, as without it (no commit of the range changed cache/data)", env, len(commits), err)
			}
		})
	}
}

// TestNoShallowFile: git takes GIT_SHALLOW_FILE, as it takes
// .git/shallow, for the commits whose parents it does not have: one in
// cachediff's environment cut a full clone's history short, so that
// HEAD~2 and a log over it were refused, and said so of "a shallow
// clone" the repository is not. It is not passed on, as the graft file
// is not.
func TestNoShallowFile(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	dir, git, write := workTree(t)
	for _, v := range []string{"1", "2", "3"} {
		write("cache/index.json", strings.Replace(oneLineIndex, `"version":"1"`, `"version":"`+v+`"`, 1))
		git("add", ".")
		git("commit", "-qm", "index "+v)
	}
	out, err := gittest.Git(dir, nil, "rev-parse", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	shallow := filepath.Join(t.TempDir(), "shallow")
	if err := os.WriteFile(shallow, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_SHALLOW_FILE", shallow)
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	commits, err := r.Series("HEAD~2..HEAD", "cache", "", "")
	if err != nil || len(commits) != 3 {
		t.Errorf("a log over HEAD~2..HEAD with GIT_SHALLOW_FILE set: %d commits, %v; want 3, no error", len(commits), err)
	}
}
