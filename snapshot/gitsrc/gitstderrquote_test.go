package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitStderrInASCII (class a): git's own message, which a gitError
// passes on, names a path as it was given: 'HEAD:../wт/x' (its т
// Cyrillic) said git cat-file: '../wт/x' is outside repository, read
// as wt's. It is quoted in ASCII where it holds a byte past ASCII.
func TestGitStderrInASCII(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 1)
	_, err := r.Resolve("HEAD:../w\u0442/x")
	if err == nil || !strings.Contains(err.Error(), `w\u0442/x' is outside repository`) || strings.ContainsRune(err.Error(), '\u0442') {
		t.Errorf("Resolve(HEAD:../w\\u0442/x): %v; want git's message in ASCII", err)
	}
}

// TestGitStderrCut (class c): git's own message of 2 KB and more in
// ASCII is cut about its mark (shownGitLine, 7f8f3eef); undone, no test
// failed. 'HEAD:../<3,000 letters>/x' gets git's "… is outside
// repository" of 3 KB: passed on within 2.2 KB, its end kept.
func TestGitStderrCut(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 1)
	_, err := r.Resolve("HEAD:../" + strings.Repeat(strings.Repeat("w", 199)+"/", 15) + "x")
	if err == nil || !strings.Contains(err.Error(), "/x' is outside repository") || len(err.Error()) > 2200 {
		t.Errorf("Resolve of a path of 3,000 letters outside the repository: %d bytes, %.100v; want git's message cut within 2.2 KB", len(err.Error()), err)
	}
}
