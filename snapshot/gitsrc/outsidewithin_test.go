package gitsrc

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestOutsidePathWithinLine (class a/e): a log's PATH outside the
// repository named the repository's top whole (topNamed), and the other
// work tree it lies in whole, twice, its -C word raw: a top 14 folders
// of 120 Cyrillic letters deep (3.4 KB; 10 KB in ASCII) ran the message
// past the 8 KB line cap, what to do cut off; -C 'othеr' (its е
// Cyrillic) read as other's. Each path is cut about its mark past 2 KB
// (logPath), each word to paste written in ASCII, within 2 KB, and the
// -C word pastes back through bash as the folder. Two git inits, no
// commit.
func TestOutsidePathWithinLine(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	deep := base
	for range 14 {
		deep = filepath.Join(deep, strings.Repeat("\u0435", 120))
	}
	other := filepath.Join(base, "oth\u0435r")
	for _, d := range []string{filepath.Join(deep, "top"), filepath.Join(other, "_cache")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{filepath.Join(deep, "top"), other} {
		if _, err := gittest.Git(d, nil, "init", "-q"); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(filepath.Join(deep, "top"))
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(filepath.Join(deep, "top"), filepath.Join(other, "_cache"))
	_, err = r.Series("HEAD~1..HEAD", rel, "", "")
	msg := "<nil>"
	if err != nil {
		msg = err.Error()
	}
	const c = "and the path from there, _cache"
	if !strings.HasSuffix(msg, c) || len(msg) > 7<<10 || strings.ContainsFunc(msg, func(r rune) bool { return r >= 0x7f && r != '…' }) {
		t.Fatalf("a PATH outside a repository 3.4 KB deep: %d bytes, %.200q…%q; want it to end %q, in ASCII, within 7 KB", len(msg), msg, msg[max(0, len(msg)-200):], c)
	}
	word, _, _ := strings.Cut(msg[strings.LastIndex(msg, "give -C ")+len("give -C "):], " and the path")
	out, err := exec.Command("bash", "-c", "printf %s "+word).Output()
	if err != nil || string(out) != other {
		t.Errorf("the -C word %s, through bash -c: %q (%v); want %q", word, out, err, other)
	}
}
