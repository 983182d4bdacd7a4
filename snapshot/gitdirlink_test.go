package snapshot

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSubmoduleGitdirThroughLink: a submodule's .git file whose gitdir
// line reaches the superproject's .git/modules through a symbolic link
// (an absolute path spelt by a linked home) named, compared as written,
// no folder of the modules: the submodule was its own top, and a page
// below a package folder loaded, as in a plain spelling it did not.
func TestSubmoduleGitdirThroughLink(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"co/.git/HEAD":                    "ref: refs/heads/main\n",
		"co/.git/modules/c/HEAD":          "ref: refs/heads/main\n",
		"co/_cache/develop/a/bc/specs.md": simplePage("bc", "develop", 2, 1),
	})
	link := filepath.Join(t.TempDir(), "home")
	if err := os.Symlink(dir, link); err != nil {
		t.Skip(err)
	}
	gitFile := "gitdir: " + filepath.Join(link, "co", ".git", "modules", "c") + "\n"
	if err := os.WriteFile(filepath.Join(dir, "co", "_cache", ".git"), []byte(gitFile), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "co", "_cache", "develop")
	_, err := Load(p, Options{})
	checkErr(t, err, filepath.Join(p, "a", "bc", "specs.md"), 0, 0, `titled "bc", is in folder "a/bc" below its tag's package folders`)
}

// TestSubmoduleGitFileThroughLink: a link _cache -> vendor/cat to a
// submodule: git reads the submodule's relative gitdir line
// (../../.git/modules/vendor/cat) from where the link leads, where
// cachediff joined it to the link's path, found no modules folder there,
// and measured ./_cache/develop from its own top: a page below a package
// folder loaded, where the same pages at _cache failed.
func TestSubmoduleGitFileThroughLink(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"co/.git/HEAD":                        "ref: refs/heads/main\n",
		"co/.git/modules/vendor/cat/HEAD":     "ref: refs/heads/main\n",
		"co/vendor/cat/.git":                  "gitdir: ../../.git/modules/vendor/cat\n",
		"co/vendor/cat/develop/a/bc/specs.md": simplePage("bc", "develop", 2, 1),
	})
	if err := os.Symlink(filepath.Join("vendor", "cat"), filepath.Join(dir, "co", "_cache")); err != nil {
		t.Skip(err)
	}
	p := filepath.Join(dir, "co", "_cache", "develop")
	_, err := Load(p, Options{})
	checkErr(t, err, filepath.Join(p, "a", "bc", "specs.md"), 0, 0, `titled "bc", is in folder "a/bc" below its tag's package folders`)
}
