package gitsrc

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestNotRepoFolderShown (class a/e): ErrNotRepo's message named each
// folder raw: -C nrа (its а Cyrillic), no repository, was "not a git
// repository: /…/nrа (nor any of its parents)", read as nra, and so
// were a GIT_DIR and a GIT_COMMON_DIR; a folder of 6 KB was named
// whole. Each is named as the loaders name a path (in ASCII), cut past
// 2 KB. And GIT_COMMON_DIR alone, a folder without objects and refs,
// set in a work tree whose repository is whole, was "not a git
// repository: DIR (nor any of its parents)": it names GIT_COMMON_DIR.
// No repository is made but one empty git init.
func TestNotRepoFolderShown(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	base := t.TempDir()
	nr := filepath.Join(base, "nr\u0430")
	work := filepath.Join(base, "work")
	for _, d := range []string{nr, work} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := gittest.Git(work, nil, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	resolveIn := func(dir string, env ...string) error {
		t.Helper()
		for i := 0; i < len(env); i += 2 {
			t.Setenv(env[i], env[i+1])
		}
		defer func() {
			for i := 0; i < len(env); i += 2 {
				os.Unsetenv(env[i])
			}
		}()
		r, err := OpenRepo(dir)
		if err != nil {
			return err
		}
		_, err = r.Resolve("HEAD:x")
		return err
	}
	quoted := `"` + strings.TrimSuffix(base, "/") + `/nr\u0430"`
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"-C a folder past ASCII", resolveIn(nr), "not a git repository: " + quoted + " (nor any of its parents)"},
		{"GIT_DIR a folder past ASCII", resolveIn(work, "GIT_DIR", nr), "not a git repository: " + quoted + ", where a .git file"},
		{"GIT_COMMON_DIR alone", resolveIn(work, "GIT_COMMON_DIR", nr), "not a git repository: " + work + ", with GIT_COMMON_DIR " + quoted + ", which has no objects and refs folders"},
	} {
		if !errors.Is(c.err, ErrNotRepo) || !strings.Contains(c.err.Error(), c.want) || strings.ContainsFunc(c.err.Error(), func(r rune) bool { return r >= 0x7f }) {
			t.Errorf("%s: %v; want ErrNotRepo saying %s, in ASCII", c.name, c.err, c.want)
		}
	}
	long := "/w/" + strings.Repeat("\u0430", 3<<10)
	if got := shownFolder(long); len(got) > maxQuotedInput || !strings.HasPrefix(got, `"/w/\u0430`) {
		t.Errorf("a folder of 6 KB: shown as %d bytes, %.40s…; want within %d bytes, in ASCII", len(got), got, maxQuotedInput)
	}
}
