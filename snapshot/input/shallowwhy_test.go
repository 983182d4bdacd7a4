package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestShallowAmbiguousHintSaysWhy (class e): in a shallow clone, the
// hint of HEAD~1 beside a branch HEAD at the clone's oldest commit said
// "'refs/heads/HEAD~1', the other way written whole, is an unknown
// revision" alone, where the log says why (gitsrc's unknownHint: the
// clone's history stops short, and how to fetch more): a new user was
// left to think the way a typo. The reason is said after it.
func TestShallowAmbiguousHintSaysWhy(t *testing.T) {
	dir := snapRepo(t, 3)
	out, err := gittest.Git(dir, nil, "rev-parse", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	// Shallow at HEAD~1, as a clone of depth 2 is (its grafts' file,
	// no clone run), a branch HEAD there.
	id := strings.TrimSpace(out)
	if err := os.WriteFile(filepath.Join(dir, ".git", "shallow"), []byte(id+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "packed-refs"), []byte(id+" refs/heads/HEAD\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	hint := RevisionHint(dir, "HEAD~1", "snap", RoomAfter(""))
	if !strings.Contains(hint, "'refs/heads/HEAD~1', the other way written whole, is an unknown revision (this is a shallow clone, whose history stops short: fetch more of it") {
		t.Errorf("RevisionHint(HEAD~1) in a shallow clone: %q; want the way unknown said to be past the clone's history", hint)
	}
}
