package gitsrc

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
)

// TestSeriesAbsentBaseProcesses: a log whose base predates PATH (the
// catalogue added in the range, an ordinary log) asks of that commit
// whether PATH is a submodule and whether a name on the way is one or a
// symbolic link. Asked apart, the two were two git ls-tree processes of
// the same commit, one more than before the way was asked; one lists
// both. Counted with a git that logs its arguments (gittest.Recorded).
func TestSeriesAbsentBaseProcesses(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in git is a shell script")
	}
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := filepath.Join(t.TempDir(), "repo")
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "README"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, step := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "c0"}} {
		if _, err := gittest.Git(repo, nil, step...); err != nil {
			t.Fatal(err)
		}
	}
	page := pagetest.SimplePage("zlib", "develop", 1, 2)
	if err := os.MkdirAll(filepath.Join(repo, "_cache", "develop", "zlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "_cache", "develop", "zlib", "specs.md"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, step := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", "c1"}} {
		if _, err := gittest.Git(repo, nil, step...); err != nil {
			t.Fatal(err)
		}
	}
	base, err := gittest.Git(repo, nil, "rev-parse", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	base = strings.TrimSpace(base)
	runsOf := gittest.Recorded(t)
	var commits []Commit
	log := runsOf(func() { commits, err = r0(repo).Series("HEAD~1..HEAD", "_cache/develop", "", "") })
	if err != nil {
		t.Fatal(err)
	}
	if len(commits) != 2 || !commits[0].Absent {
		t.Fatalf("Series: %+v; want the base absent and one step", commits)
	}
	n := 0
	for line := range strings.Lines(log) {
		if strings.Contains(line, " ls-tree ") && strings.Contains(line, " "+base+" ") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d git ls-tree of the absent base; want one:\n%s", n, log)
	}
}
