package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot/gitsrc"
)

// TestRangeRefusalGivenItsRoom (class e): the hint of a range the log
// refuses quotes that refusal, which names the refs to write: it was cut
// at 1 KB whatever room the line left. NAME~1..HEAD, of a tag and a
// branch NAME of 6 folders of 112 é, whose refusal is 2.7 KB, was given
// its first 1 KB, neither ref to write in it, in a line of 4.8 KB. The
// refusal is quoted whole where the room holds it, and cut within the
// room where it does not.
func TestRangeRefusalGivenItsRoom(t *testing.T) {
	dir := snapRepo(t, 2)
	head, err := gittest.Git(dir, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	e := strings.Repeat("é", 112)
	name := strings.Join([]string{e, e, e, e, e, e}, "/")
	id := strings.TrimSpace(head)
	// Packed, in git's order: one file.
	refs := id + " refs/heads/" + name + "\n" + id + " refs/tags/" + name + "\n"
	if err := os.WriteFile(filepath.Join(dir, ".git", "packed-refs"), []byte(refs), 0o644); err != nil {
		t.Fatal(err)
	}
	arg := name + "~1..HEAD"
	repo, err := gitsrc.OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	refusal := repo.CheckRange(arg)
	if refusal == nil || len(refusal.Error()) <= maxRefusalShown || !strings.Contains(refusal.Error(), "written whole") {
		t.Fatalf("CheckRange(%.20q…) = %v; want a refusal past %d bytes that names the refs written whole", arg, refusal, maxRefusalShown)
	}
	lead := `loading "` + arg + `": no such file or directory`
	h := RevisionHint(dir, arg, "snap", RoomAfter(lead))
	if room := RoomAfter(lead); len(h) > room || !strings.HasSuffix(h, ": "+refusal.Error()) {
		t.Errorf("RevisionHint(%.20q…): %d bytes (room %d), ending %.200q; want the log's refusal of %d bytes whole", arg, len(h), room, h[max(0, len(h)-200):], len(refusal.Error()))
	}
	// With less room, cut within it, said so.
	if h := RevisionHint(dir, arg, "snap", 2<<10); len(h) > 2<<10 || !strings.Contains(h, "… (cut, ") {
		t.Errorf("RevisionHint(%.20q…) in 2 KB: %d bytes, %.200q…; want it cut within the room, said so", arg, len(h), h)
	}
}
