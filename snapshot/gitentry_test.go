package snapshot

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitEntryNoRepository: a .git that holds no repository (an empty
// folder, a folder whose HEAD names nothing, an empty file, a file whose
// gitdir: leads nowhere) is no work tree's top: git adds the files below
// it to the work tree above as a plain folder's (git add, git:HEAD:).
// Taken as a top, _cache was measured from itself (/develop), and a
// page of another tag or below a package's folder passed a gate on disk
// that git:HEAD:_cache/develop and the same pages with no .git failed.
func TestGitEntryNoRepository(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"r/.git/HEAD":                       "ref: refs/heads/main\n",
		"r/e/_cache/develop/a/bc/specs.md":  simplePage("bc", "develop", 2, 1),
		"r/h/_cache/.git/HEAD":              "garbage\n",
		"r/h/_cache/develop/a/bc/specs.md":  simplePage("bc", "develop", 2, 1),
		"r/f/_cache/.git":                   "",
		"r/f/_cache/develop/a/bc/specs.md":  simplePage("bc", "develop", 2, 1),
		"r/g/_cache/.git":                   "gitdir: /nonexistent/p186a\n",
		"r/g/_cache/develop/a/bc/specs.md":  simplePage("bc", "develop", 2, 1),
		"r/ok/_cache/.git":                  "gitdir: ../../ok.git\n",
		"r/ok.git/HEAD":                     "ref: refs/heads/main\n",
		"r/ok/_cache/develop/a/bc/specs.md": simplePage("bc", "develop", 2, 1),
		"r/dh/_cache/.git/HEAD":             "0123456789ABCDEF0123456789abcdef01234567\r\n",
		"r/dh/_cache/develop/a/bc/specs.md": simplePage("bc", "develop", 2, 1),
		"r/sp/_cache/.git/HEAD":             "ref:\n refs/heads/main\n",
		"r/sp/_cache/develop/a/bc/specs.md": simplePage("bc", "develop", 2, 1),
	})
	if err := os.Mkdir(filepath.Join(dir, "r", "e", "_cache", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A HEAD with no folders objects and refs beside it (writeTree
	// makes them beside each HEAD it writes) is no repository either.
	ho := filepath.Join(dir, "r", "ho", "_cache")
	if err := os.MkdirAll(filepath.Join(ho, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ho, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(ho, os.DirFS(filepath.Join(dir, "r", "e", "_cache"))); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"e", "h", "f", "g", "ho"} {
		p := filepath.Join(dir, "r", sub, "_cache", "develop")
		_, err := Load(p, Options{})
		checkErr(t, err, filepath.Join(p, "a", "bc", "specs.md"), 0, 0, `titled "bc", is in folder "a/bc" below its tag's package folders`)
	}
	// A .git file that leads to a repository is a clone's, its own top;
	// so is a folder whose HEAD git reads as a commit's name (its first
	// 40 characters, in either case, whatever follows) or a ref after
	// "ref:" and any white space.
	for _, sub := range []string{"ok", "dh", "sp"} {
		if _, err := Load(filepath.Join(dir, "r", sub, "_cache", "develop"), Options{}); err != nil {
			t.Errorf("%s, a clone, its own top: %v", sub, err)
		}
	}
}
