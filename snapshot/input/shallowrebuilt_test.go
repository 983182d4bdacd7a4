package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestShallowHintRebuiltRunsNoGit (class c, d): in a shallow clone, the
// hint of HEAD~1 beside a branch HEAD at the clone's oldest commit says
// its way written whole (refs/heads/HEAD~1) is unknown, with gitsrc's
// unknownHint, which asks git whether the clone has a ref of its name:
// asked again each time the hint was made again to fit its room
// (fitHint), a git run more a rebuild (14 runs against 10). Made with all the room it wants and with 50 bytes, the hint
// runs git as many times.
func TestShallowHintRebuiltRunsNoGit(t *testing.T) {
	dir := snapRepo(t, 3)
	out, err := gittest.Git(dir, nil, "rev-parse", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	// Shallow at HEAD~1, as a clone of depth 2 is (its grafts' file,
	// no clone run), a branch HEAD there.
	id := strings.TrimSpace(out) + "\n"
	if err := os.WriteFile(filepath.Join(dir, ".git", "shallow"), []byte(id), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "packed-refs"), []byte(strings.TrimSpace(out)+" refs/heads/HEAD\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runsOf := gittest.Recorded(t)
	hint := func(room int) (h string, runs string) {
		runs = runsOf(func() { h = RevisionHint(dir, "HEAD~1", "snap", room) })
		return h, runs
	}
	whole, n := hint(RoomAfter(""))
	cut, m := hint(50)
	if !strings.Contains(whole, "is an unknown revision") || strings.Count(m, "\n") != strings.Count(n, "\n") {
		t.Errorf("RevisionHint(HEAD~5) in a shallow clone: %q in %d git runs, and given 50 bytes %q in %d (%q against %q); want its way written whole said unknown, made again in as many runs",
			whole, strings.Count(n, "\n"), cut, strings.Count(m, "\n"), m, n)
	}
}
