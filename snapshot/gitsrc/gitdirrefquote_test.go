package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitDirRefQuoted (class c): a name that is a file of the git
// directory and a branch is listed as NAME in the git directory, quoted
// as a revision is (quotedRev, 713e98d3); undone alone, no test failed,
// every name asked being ASCII. A file mаin2 (its а Cyrillic) beside a
// branch of that name is named in ASCII.
func TestGitDirRefQuoted(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r, _ := xCommitsGit(t, 2, []string{"branch", "m\u0430in2"})
	id, err := gittest.Git(r.dir, nil, "rev-parse", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(r.dir, ".git", "m\u0430in2"), []byte(id), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = r.Resolve("m\u0430in2~1:x")
	const want = `is the name of more than one ref ("m\u0430in2" in the git directory, "refs/heads/m\u0430in2")`
	if err == nil || !strings.Contains(err.Error(), want) || strings.ContainsRune(err.Error(), '\u0430') {
		t.Errorf("a file of the git directory and a branch m\\u0430in2: %v; want %s, in ASCII", err, want)
	}
}
