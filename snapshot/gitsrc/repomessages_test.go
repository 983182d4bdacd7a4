package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestRepositoryRefusedNamed (81st adversarial pass): git's own reasons
// for reading no repository, which cachediff cut to their first line or
// read as none at all:
//   - a .git file (a worktree's, a submodule's) whose gitdir: is gone was
//     "not a git repository: DIR (nor any of its parents)", though DIR
//     holds one: the message names where the .git file leads;
//   - a repository of another user (CI's container jobs) was "detected
//     dubious ownership in repository at 'DIR'", without git's next
//     lines, the command that trusts it.
func TestRepositoryRefusedNamed(t *testing.T) {
	dir := t.TempDir()
	gone := filepath.Join(dir, "moved", "worktrees", "w")
	if err := os.WriteFile(filepath.Join(dir, ".git"), []byte("gitdir: "+gone+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := loadArg(dir, "HEAD:_cache/develop", snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "not a git repository: "+gone) || strings.Contains(err.Error(), "nor any of its parents") {
		t.Errorf("a .git file leading nowhere: %v; want ErrNotRepo naming %s", err, gone)
	}

	repo := commitFiles(t, map[string]string{"_cache/develop/bc/specs.md": realPage(t, "bc")}, nil)
	t.Setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
	_, err = loadArg(repo, "HEAD:_cache/develop", snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "dubious ownership") || !strings.Contains(err.Error(), "git config --global --add safe.directory "+repo) {
		t.Errorf("a repository of another user: %v; want git's reason and the command that trusts it", err)
	}
}

// TestDubiousOwnershipCommandQuoted (82nd adversarial pass): the command
// that trusts a repository of another user named its folder bare, so
// that a folder with a space in its name made a command that trusts
// another (git config ... safe.directory /w/a b): the command is git's
// own, quoted as git quotes it.
func TestDubiousOwnershipCommandQuoted(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/bc/specs.md": realPage(t, "bc")}, nil)
	spaced := filepath.Join(t.TempDir(), "a b")
	if err := os.Rename(repo, spaced); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
	_, err := loadArg(spaced, "HEAD:_cache/develop", snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "git config --global --add safe.directory '"+spaced+"'") {
		t.Errorf("a repository of another user in %q: %v; want the command that trusts it, its folder quoted", spaced, err)
	}
}
