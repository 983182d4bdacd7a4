package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesAttributesGitProcesses (class d): each commit of a log's
// range that changed a .gitattributes above PATH was resolved in a git
// cat-file of its own (attributesInRange), before the series' one
// batch asked the same of its commits: a process more per such commit.
// Its answers are the batch's now: a range of one or two commits that
// changed _cache/.gitattributes alone costs ten, the nine of a range
// without (TestSeriesGitProcesses) and the rev-list of .gitattributes
// changed elsewhere, however many such commits; and loading the series'
// snapshots none. (The rev-list of wayChanges listed such a commit,
// as a change below _cache, and its git cat-file read the folders on
// the way for it: eleven.)
func TestSeriesAttributesGitProcesses(t *testing.T) {
	for _, attrCommits := range []int{1, 2} {
		dir := changesRepo(t, 3, nil)
		for i := range attrCommits {
			commitFile(t, dir, "_cache/.gitattributes", fmt.Sprintf("*.md -text\n# %d\n", i), "attributes")
		}
		r, err := OpenRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		before := gitRuns.Load()
		commits, err := r.Series(fmt.Sprintf("HEAD~%d..HEAD", 2+attrCommits), "_cache/develop", "", "")
		if err != nil {
			t.Fatal(err)
		}
		if runs := gitRuns.Load() - before; len(commits) != 3 || runs != 10 {
			t.Errorf("%d commits of attributes: %d snapshots, %d git processes; want 3 and 10", attrCommits, len(commits), runs)
		}
		before = gitRuns.Load()
		for _, cm := range commits {
			if _, err := r.Resolve(cm.Spec); err != nil {
				t.Fatal(err)
			}
		}
		if runs := gitRuns.Load() - before; runs != 0 {
			t.Errorf("%d commits of attributes: resolving the snapshots started %d git processes, want none", attrCommits, runs)
		}
	}
}

// commitFile writes data to the file name (slashed, from dir, its
// folders made) and commits all, with the message msg.
func commitFile(t *testing.T, dir, name, data, msg string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "-A"}, {"commit", "-qm", msg}} {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
}
