package gitsrc

import (
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestNoICasePathspecs: GIT_ICASE_PATHSPECS=1 in cachediff's environment
// made git match every pathspec without case, ":(top,literal)" ones
// too, so that a log over a commit that changed only cache/DATA, beside
// cache/data, listed it as a commit that changed cache/data: a step the
// range does not have. The log is the same whatever the caller's
// environment says of pathspecs.
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
			if err != nil {
				t.Fatal(err)
			}
			if len(commits) != 1 {
				t.Errorf("%s=1: %d commits in the log; want the base alone (no commit of the range changed cache/data)", env, len(commits))
			}
		})
	}
}
