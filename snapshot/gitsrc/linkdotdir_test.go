package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestRewrittenLinkIntoDotDir: a link of PATH to a file in a dot-folder
// of PATH (cache/other.json to .data/idx.txt) is read as that file, but
// the judge of PATH's files leaves dot-folders out, as the walk does,
// and the judge of links' targets took only those out of PATH: with
// "*.txt ident" above, a clone's other.json lost the spec between a
// "$Id:" and the next '$' (1 spec), while HEAD:cache read 2 with no
// word. A .gitattributes in the dot-folder itself, which the walk does
// not see, counts too.
func TestRewrittenLinkIntoDotDir(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	for _, tc := range []struct {
		file, attrs string
		refused     bool
	}{
		{".gitattributes", "*.txt ident\n", true},
		{"cache/.data/.gitattributes", "idx.txt working-tree-encoding=UTF-16LE\n", true},
		{".gitattributes", "*.txt -text\n*.json ident\n", false},
	} {
		dir := t.TempDir()
		git := func(args ...string) {
			t.Helper()
			if out, err := gittest.Git(dir, nil, args...); err != nil {
				t.Fatalf("git %v: %v: %s", args, err, out)
			}
		}
		write := func(rel, text string) {
			t.Helper()
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		git("init", "-q", ".")
		write("cache/.data/idx.txt", oneLineIndex)
		if err := os.Symlink(".data/idx.txt", filepath.Join(dir, "cache", "other.json")); err != nil {
			t.Skip("no symbolic links:", err)
		}
		git("add", ".")
		git("commit", "-qm", "index")
		write(tc.file, tc.attrs)
		git("add", tc.file) // alone: "git add ." would store idx.txt's "$Id:...$" as "$Id$"
		git("commit", "-qm", "attributes")
		r, err := OpenRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		snap, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
		switch {
		case tc.refused && err == nil:
			t.Errorf("%s %q: read %d specs, no error; want other.json refused", tc.file, tc.attrs, snap.Specs())
		case tc.refused && !strings.Contains(err.Error(), "HEAD:cache/other.json: a symbolic link to HEAD:cache/.data/idx.txt: git check-attr says"):
			t.Errorf("%s %q: %v; want other.json refused, naming cache/.data/idx.txt", tc.file, tc.attrs, err)
		case tc.refused:
		case err != nil:
			t.Errorf("%s %q: %v; want no error", tc.file, tc.attrs, err)
		case snap.Specs() != 2:
			t.Errorf("%s %q: %d specs; want 2", tc.file, tc.attrs, snap.Specs())
		}
	}
}
