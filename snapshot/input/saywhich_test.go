package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSayWhichWithinLine (class a, e, c): the refusal of an argument
// that reads both ways, a folder on disk and REV:PATH in git, ends with
// the two spellings to paste (sayWhich), each a word cut past 2 KB
// (hintWord; e2bfc598's cut there, undone alone, failed no test). It
// named the path and the revision in git raw and whole (namedPath): of
// HEAD:d/ and 12 folders of 80 U+200B, a message of 9.2 KB (its path
// 17 KB more once escaped), the line cut by its cap before either
// spelling; HEAD:dа (its а Cyrillic) said "and dа at revision HEAD",
// read as da.
func TestSayWhichWithinLine(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := t.TempDir()
	long := "d" + strings.Repeat("/"+strings.Repeat("\u200b", 80), 12)
	for _, at := range []string{long, "HEAD:" + long, "d\u0430", "HEAD:d\u0430"} {
		if err := os.MkdirAll(filepath.Join(repo, at), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, at, "index.json"), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := gittest.Init(repo); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "d", "d\u0430"}, {"commit", "-qm", "one"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Load(repo, "HEAD:d\u0430", Options{}, snapshot.Options{})
	if want := `and "d\u0430" at revision HEAD`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("HEAD:dа (its а Cyrillic): %v; want %s", err, want)
	}
	_, err = Load(repo, "HEAD:"+long, Options{}, snapshot.Options{})
	if err == nil {
		t.Fatal("loaded; want it refused as ambiguous")
	}
	msg := err.Error()
	if len(msg) > 8<<10-len("cachediff: ") || !strings.Contains(msg, "ambiguous: a folder on disk") || !strings.HasSuffix(msg, " for the revision") || !strings.Contains(msg, "say which: $'./HEAD:d/") {
		t.Errorf("a message of %d bytes: %.200s … %s; want at most 8 KB, ending with the two spellings", len(msg), msg, msg[max(0, len(msg)-200):])
	}
}
