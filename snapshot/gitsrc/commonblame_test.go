package gitsrc

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestCommonDirBlamedWhereGitFinds (class e): GIT_COMMON_DIR, a folder
// without objects and refs, was blamed where a .git is in the folder
// or above, not where git finds a repository without it: in a bare
// repository (no .git) the error said "not a git repository: DIR (nor
// any of its parents)", the variable unnamed; where a .git file leads
// nowhere, or an empty .git folder is no repository, the variable was
// blamed, though unset git fails as well. One bare git init.
func TestCommonDirBlamedWhereGitFinds(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	base := t.TempDir()
	bare := filepath.Join(base, "bare.git")
	if _, err := gittest.Git(base, nil, "init", "-q", "--bare", bare); err != nil {
		t.Fatal(err)
	}
	led := filepath.Join(base, "led")
	empty := filepath.Join(base, "empty")
	for _, d := range []string{led, filepath.Join(empty, ".git")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(led, ".git"), []byte("gitdir: "+filepath.Join(base, "gone")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CEILING_DIRECTORIES", base)
	t.Setenv("GIT_COMMON_DIR", filepath.Join(base, "none"))
	for _, c := range []struct {
		name, dir string
		blamed    bool
	}{
		{"a bare repository", bare, true},
		{"a .git file leading nowhere", led, false},
		{"an empty .git folder", empty, false},
	} {
		r, err := OpenRepo(c.dir)
		if err == nil {
			_, err = r.Resolve("HEAD:x")
		}
		if !errors.Is(err, ErrNotRepo) || strings.Contains(err.Error(), "with GIT_COMMON_DIR ") != c.blamed {
			t.Errorf("%s: %v; want ErrNotRepo, GIT_COMMON_DIR named: %v", c.name, err, c.blamed)
		}
	}
}
