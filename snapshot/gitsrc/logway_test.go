package gitsrc

import (
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
	for _, tt := range []struct{ name, want string }{
		{"submodule", "passes through _cache, a submodule"},
		{"link", "passes through _cache, a symbolic link"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := filepath.Join(t.TempDir(), "repo")
			if _, err := gittest.Commits(repo, filepath.Join(tree, "develop")); err != nil {
				t.Fatal(err)
			}
			steps := [][]string{{"rm", "-q", "-r", "--cached", "_cache"}}
			if tt.name == "submodule" {
				steps = append(steps, []string{"update-index", "--add", "--cacheinfo", "160000,1111111111111111111111111111111111111111,_cache"})
			} else {
				target := filepath.Join(t.TempDir(), "target")
				if err := os.WriteFile(target, []byte("x"), 0o644); err != nil {
					t.Fatal(err)
				}
				link, err := gittest.Git(repo, nil, "hash-object", "-w", target)
				if err != nil {
					t.Fatal(err)
				}
				steps = append(steps, []string{"update-index", "--add", "--cacheinfo", "120000," + strings.TrimSpace(link) + ",_cache"})
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
			if _, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("log: %v, want %q", err, tt.want)
			}
			if tt.name == "submodule" {
				if _, err := r.Source("HEAD:_cache/develop"); err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("pair: %v, want %q", err, tt.want)
				}
			}
		})
	}
}
