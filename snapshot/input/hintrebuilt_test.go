package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestHintRebuiltRunsNoGit (class c, d): a hint made again to fit its
// room (fitHint) asks git nothing again: its refs are held (MemoRefs),
// and its other questions (a range the log refuses, whether a revision
// holds the folder beside, whether a nested repository knows it) in
// heldAnswers, and gitsrc's of a dashed name (a file of the git
// directory's commit, a tag's reflog) through memoRun. Each
// hint is made with all the room it wants and with 50 bytes, less than
// it takes, which makes it again at each smaller bound: the git runs
// must be the same.
func TestHintRebuiltRunsNoGit(t *testing.T) {
	dir := snapRepo(t, 2)
	runsOf := gittest.Recorded(t)
	hint := func(arg, beside string, room int) (h string, runs int) {
		out := runsOf(func() { h = RevisionHint(dir, arg, beside, room) })
		return h, strings.Count(out, "\n")
	}
	// A repository nested in the work tree, of one commit: HEAD~1 beside
	// its folder is asked of it (KnowsWarned).
	inner := filepath.Join(dir, "inner")
	if err := os.MkdirAll(filepath.Join(inner, "snap"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := gittest.Init(inner); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(inner, nil, "commit", "-q", "--allow-empty", "-m", "one"); err != nil {
		t.Fatal(err)
	}
	// A file -q of the git directory beside a tag -q: -q@{1} is given
	// by the file's commit (gitsrc's gitDirWay) and the tag's way said
	// to be unknown, a tag keeping no reflog (reflogUnknown).
	head, err := gittest.Git(dir, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	head = strings.TrimSpace(head)
	if err := os.WriteFile(filepath.Join(dir, ".git", "-q"), []byte(head+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "packed-refs"), []byte(head+" refs/tags/-q\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]string{{"HEAD..HEAD~1", "snap"}, {"HEAD~1", "snap"}, {"HEAD~5", "snap"}, {"HEAD~1", "inner/snap"}, {"-q@{1}", "snap"}} {
		arg := c[0]
		whole, n := hint(arg, c[1], RoomAfter(""))
		cut, m := hint(arg, c[1], 50)
		if n == 0 || len(whole) <= 50 || m != n {
			t.Errorf("RevisionHint(%s): %d bytes in %d git runs, and given 50 bytes %d in %d; want a hint, made again in as many runs", arg, len(whole), n, len(cut), m)
		}
	}
}
