package snapshot

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitFileFormat: a .git file is a repository's only as git's
// read_gitfile reads one, "gitdir: " with its one space first and the
// path to the line breaks at its end: git takes "gitdir:/x", one after
// a space or with spaces after the path for no gitfile (or none that
// leads to a repository), and the files below it for the work tree's
// above. Read as a top, a folder with such a .git in a repository was
// measured from itself (/develop), and a retag of every page passed a
// gate on disk that git:HEAD: refused.
func TestGitFileFormat(t *testing.T) {
	repo := t.TempDir()
	for _, d := range []string{"objects", "refs"} {
		if err := os.MkdirAll(filepath.Join(repo, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		text string
		want bool
	}{
		{"gitdir: " + repo + "\n", true},
		{"gitdir: " + repo + "\r\n", true},
		{"gitdir: " + repo, true},
		{"gitdir:" + repo + "\n", false},
		{"  gitdir: " + repo + "\n", false},
		{"gitdir:  " + repo + "\n", false},
		{"gitdir: " + repo + "  \n", false},
		{"\ngitdir: " + repo + "\n", false},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ".git"), []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := GitEntry(dir); got != c.want {
			t.Errorf(".git %q: a repository's %v, want %v (as git reads a gitfile)", c.text, got, c.want)
		}
	}
}
