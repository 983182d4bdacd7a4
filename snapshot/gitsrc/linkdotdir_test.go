package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
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
		dir, git, write := workTree(t)
		write("cache/.data/idx.txt", oneLineIndex)
		if err := os.Symlink(".data/idx.txt", filepath.Join(dir, "cache", "other.json")); err != nil {
			t.Skip("no symbolic links:", err)
		}
		git("add", ".")
		git("commit", "-qm", "index")
		judgeLinkTarget(t, dir, git, write, tc.file, tc.attrs, tc.refused, "cache/.data/idx.txt")
	}
}

// TestRewrittenLinkTargetAttrLink: the .gitattributes beside a link's
// target, committed as a symbolic link whose target reads "*.txt ident",
// was left out of the judge of link targets, but git reads its blob from
// the index as any: a clone's data/idx.txt got ident (1 spec through
// cache/other.json), while HEAD:cache read 2 with no word.
func TestRewrittenLinkTargetAttrLink(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	dir, git, _ := workTree(t)
	for _, d := range []string{"cache", "data"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "data", "idx.txt"), []byte(oneLineIndex), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../data/idx.txt", filepath.Join(dir, "cache", "other.json")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	git("add", ".")
	git("commit", "-qm", "index")
	if err := os.Symlink("*.txt ident", filepath.Join(dir, "data", ".gitattributes")); err != nil {
		t.Fatal(err)
	}
	git("add", "data/.gitattributes")
	git("commit", "-qm", "attributes")
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
	switch {
	case err == nil:
		t.Errorf("read %d specs, no error; want other.json refused", snap.Specs())
	case !strings.Contains(err.Error(), "HEAD:cache/other.json: a symbolic link to HEAD:data/idx.txt: git check-attr says a checkout gives this file the ident attribute"):
		t.Errorf("%v; want other.json refused, naming data/idx.txt", err)
	}
}

// TestRewrittenMirrorAttrLink: a mirror's own .gitattributes committed
// as a symbolic link whose target reads "*.json ident" gives a clone's
// build_cache/index.json ident (git reads the link's blob from the
// index as text), but the judge of a mirror took only regular files:
// REV:PATH read 2 specs, the checkout 1, with no word.
func TestRewrittenMirrorAttrLink(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	dir, git, write := workTree(t)
	write("m/build_cache/index.json", oneLineIndex)
	git("add", "m")
	git("commit", "-qm", "mirror")
	if err := os.Symlink("*.json ident", filepath.Join(dir, "m", ".gitattributes")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	git("add", "m/.gitattributes")
	git("commit", "-qm", "attributes")
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	src, err := mustSource(t, r, "HEAD:m").Open(mirror.Options{})
	var snap *snapshot.Snapshot
	if err == nil {
		snap, err = snapshot.LoadFrom(src, snapshot.Options{})
	}
	switch {
	case err == nil:
		t.Errorf("read %d specs, no error; want the index refused as given ident", snap.Specs())
	case !strings.Contains(err.Error(), "HEAD:m/build_cache/index.json") || !strings.Contains(err.Error(), "gives this file the ident attribute"):
		t.Errorf("%v; want the index named, given ident", err)
	}
}

// TestRewrittenMirrorAttrCase: a mirror's .GITATTRIBUTES ("*.json
// ident") may be read as its .gitattributes by a checkout on a
// case-insensitive file system (attr.c's read_attr falls back to the
// working tree), which then drops specs from build_cache/index.json,
// yet HEAD:m read the mirror as committed (git check-attr --cached
// reads the index alone). It is refused, wherever git would read it.
func TestRewrittenMirrorAttrCase(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	dir, git, write := workTree(t)
	write("m/build_cache/index.json", oneLineIndex)
	write("m/.GITATTRIBUTES", "*.json ident\n")
	git("add", "m")
	git("commit", "-qm", "mirror")
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	src, err := mustSource(t, r, "HEAD:m").Open(mirror.Options{})
	if err == nil {
		_, err = snapshot.LoadFrom(src, snapshot.Options{})
	}
	if err == nil || !strings.Contains(err.Error(), "m/.GITATTRIBUTES") || !strings.Contains(err.Error(), "named in another case") {
		t.Errorf("%v; want the .GITATTRIBUTES named", err)
	}
}
