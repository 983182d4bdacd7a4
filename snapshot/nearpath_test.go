package snapshot

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/shelltest"
)

// TestMisspeltFolderNamesTheOneMeant (issue 35, class e): a snapshot's
// folder with a typo in a name (_cache/devlop, _cahce/develop) was
// "loading _cache/devlop: no such file or directory", naming no folder
// where one a typo away exists. It names it, as the path was written; a
// name near none gets no hint.
func TestMisspeltFolderNamesTheOneMeant(t *testing.T) {
	top := t.TempDir()
	if err := os.MkdirAll(filepath.Join(top, "_cache", "develop", "zlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{filepath.Join(top, "_cache", "devlop"), filepath.Join(top, "_cache", "develop")},
		{filepath.Join(top, "_cahce", "develop", "zlib"), filepath.Join(top, "_cache", "develop", "zlib")},
		{filepath.Join(top, "_cache", "nope"), ""},
		{filepath.Join(top, "_cache", "devlop", "curl"), ""}, // corrected, not there either
	} {
		_, err := Open(c.path)
		if err == nil {
			t.Errorf("Open(%q): %v; want not found", c.path, err)
			continue
		}
		hint := "did you mean " + c.want + "?"
		if c.want != "" && !strings.HasSuffix(err.Error(), hint) || c.want == "" && strings.Contains(err.Error(), "did you mean") {
			t.Errorf("Open(%q): %v; want the hint %q", c.path, err, c.want)
		}
	}
}

// TestMisspeltColonFolderStaysOnDisk (adversarial pass 207a, class e):
// a misspelt relative path with a colon in a folder's name
// (./_cache/a:b/devlop) was told "did you mean _cache/a:b/develop?",
// which pasted back is read as REV:PATH ("unknown revision _cache/a"):
// the path meant is named after ./, a path on disk only.
func TestMisspeltColonFolderStaysOnDisk(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a file name on Windows has no colon")
	}
	top := t.TempDir()
	if err := os.MkdirAll(filepath.Join(top, "_cache", "a:b", "develop"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(top)
	want := "./" + filepath.Join("_cache", "a:b", "develop")
	_, err := Open("./" + filepath.Join("_cache", "a:b", "devlop"))
	if err == nil || !strings.HasSuffix(err.Error(), "did you mean "+want+"?") {
		t.Errorf("Open(./_cache/a:b/devlop): %v; want the hint %q", err, want)
	}
}

// TestNearHintInASCII (issue 35, classes a and e): the folder a missing
// path was likely meant as was a shell word as it is, a lookalike raw:
// "loading snap1: no such file or directory: did you mean './snаp1'?"
// (its а Cyrillic) offered the name typed. It is written in ASCII, as
// "loading PATH" quotes a path, and pasted into bash, where LANG is
// unset too, names that folder.
func TestNearHintInASCII(t *testing.T) {
	dir := t.TempDir()
	meant := filepath.Join(dir, "snаp1")
	if err := os.Mkdir(meant, 0o755); err != nil {
		t.Fatal(err)
	}
	got := NearHint(filepath.Join(dir, "snap1"))
	word, ok := strings.CutPrefix(got, ": did you mean ")
	word, ok2 := strings.CutSuffix(word, "?")
	if !ok || !ok2 || !strings.HasSuffix(word, `sn\xd0\xb0p1'`) || strings.ContainsFunc(got, func(r rune) bool { return r > '~' }) {
		t.Fatalf("NearHint: %q; want it to offer a word ending sn\\xd0\\xb0p1', in ASCII", got)
	}
	if w := shelltest.PastedWords(t, word); len(w) != 1 || w[0] != meant {
		t.Errorf("NearHint offers %s, which bash reads as %q; want %q", word, w, meant)
	}
}
