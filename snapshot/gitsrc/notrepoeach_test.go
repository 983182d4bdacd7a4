package gitsrc

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestNotRepoEachFolderShown (class c): four of the folders 948ec333
// names in ASCII (shownFolder) were put back raw with no test failing:
// GIT_COMMON_DIR beside a GIT_DIR it leaves no repository of, the work
// tree GIT_COMMON_DIR alone leaves none of, and both folders of a -C
// that is a symbolic link to a folder of no repository. Each folder
// here holds a Cyrillic letter, and each message must be in ASCII and
// name it escaped. One git init.
func TestNotRepoEachFolderShown(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	base := t.TempDir()
	work := filepath.Join(base, "w\u043erk")
	none := filepath.Join(base, "n\u043ene")
	link := filepath.Join(base, "l\u0456nk")
	for _, d := range []string{work, none} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(none, link); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(work, nil, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CEILING_DIRECTORIES", base)
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
	base = strings.TrimSuffix(base, "/")
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"GIT_COMMON_DIR beside GIT_DIR", resolveIn(work, "GIT_DIR", filepath.Join(work, ".git"), "GIT_COMMON_DIR", none), `with GIT_COMMON_DIR "` + base + `/n\u043ene"`},
		{"GIT_COMMON_DIR alone, its work tree", resolveIn(work, "GIT_COMMON_DIR", none), `not a git repository: "` + base + `/w\u043erk", with GIT_COMMON_DIR`},
		{"-C a link to no repository", resolveIn(link), `not a git repository: "` + base + `/n\u043ene" (nor any of its parents), where "` + base + `/l\u0456nk" leads`},
	} {
		if !errors.Is(c.err, ErrNotRepo) || !strings.Contains(c.err.Error(), c.want) || strings.ContainsFunc(c.err.Error(), func(r rune) bool { return r >= 0x7f }) {
			t.Errorf("%s: %v; want ErrNotRepo saying %s, in ASCII", c.name, c.err, c.want)
		}
	}
}
