package gitsrc

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestNotRepoLineBreakNamed: GIT_DIR naming a folder that is none, its
// name holding a line break after an intact repository's .git, is named
// whole. git quotes it across two lines, and the error, read from the
// first, said the intact repository's .git was "moved or removed". It
// is quoted, as ErrNotRepo names a folder (shownFolder).
func TestNotRepoLineBreakNamed(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/bc/specs.md": realPage(t, "bc")}, nil)
	gitDir := filepath.Join(repo, ".git") + "\n::error::x"
	t.Setenv("GIT_DIR", gitDir)
	_, err := loadArg(repo, "HEAD:_cache/develop", snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "not a git repository: "+strconv.QuoteToASCII(gitDir)+", where") {
		t.Errorf("GIT_DIR %q: %v; want an error naming it whole", gitDir, err)
	}
}
