package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
)

// TestSeriesWayBlocked: a pull request that made _cache a submodule
// holding develop/ (or a symbolic link to a folder x with x/develop)
// was logged by the PR recipe's `log --revs HEAD^1..HEAD _cache/develop`
// as removing every package, without a word, while a checkout holds the
// pages there and the pair of the same commits is an error. A name on
// the way to PATH that is a submodule or a link is an error naming it,
// in the log and in the pair.
func TestSeriesWayBlocked(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	tree := pagetest.WriteTree(t, map[string]string{"develop/zlib/specs.md": pagetest.SimplePage("zlib", "develop", 1, 1)})
	// The names hold a space, quoted as the log's other refusals name a
	// path: each quoting undone alone failed no test (class c).
	for _, tt := range []struct{ name, want string }{
		{"submodule", `path "_c che/develop" at commit %s passes through "_c che", a submodule`},
		{"link", `path "_c che/develop" at commit %s passes through "_c che", a symbolic link`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := filepath.Join(t.TempDir(), "repo")
			if _, err := gittest.CommitsAt(repo, "_c che/develop", filepath.Join(tree, "develop")); err != nil {
				t.Fatal(err)
			}
			steps := [][]string{{"rm", "-q", "-r", "--cached", "_c che"}}
			if tt.name == "submodule" {
				steps = append(steps, []string{"update-index", "--add", "--cacheinfo", "160000,1111111111111111111111111111111111111111,_c che"})
			} else {
				target := filepath.Join(t.TempDir(), "target")
				if err := os.WriteFile(target, []byte("x"), 0o644); err != nil {
					t.Fatal(err)
				}
				link, err := gittest.Git(repo, nil, "hash-object", "-w", target)
				if err != nil {
					t.Fatal(err)
				}
				steps = append(steps, []string{"update-index", "--add", "--cacheinfo", "120000," + strings.TrimSpace(link) + ",_c che"})
			}
			steps = append(steps, []string{"commit", "-q", "-m", tt.name})
			for _, step := range steps {
				if _, err := gittest.Git(repo, nil, step...); err != nil {
					t.Fatal(step, err)
				}
			}
			r, err := OpenRepo(repo)
			if err != nil {
				t.Fatal(err)
			}
			head, err := gittest.Git(repo, nil, "rev-parse", "--short=12", "HEAD")
			if err != nil {
				t.Fatal(err)
			}
			head = strings.TrimSpace(head)
			_, err = r.Series("HEAD~1..HEAD", "_c che/develop", "", "")
			if want := fmt.Sprintf(tt.want, head); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("log: %v, want %q", err, want)
			}
			if tt.name == "submodule" {
				want := `path "_c che/develop" does not exist at HEAD (commit ` + head + `): it passes through "_c che", a submodule`
				if _, err := r.Source("HEAD:_c che/develop"); err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("pair: %v, want %q", err, want)
				}
				// PATH itself made a submodule, quoted too.
				if _, err := r.Series("HEAD~1..HEAD", "_c che", "", ""); err == nil || !strings.Contains(err.Error(), `path "_c che" at commit `) {
					t.Errorf("log of the submodule: %v, want its path quoted", err)
				}
			}
		})
	}
}
