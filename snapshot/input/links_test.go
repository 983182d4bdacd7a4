package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkOutOfWorkTreeAtAnyDepth: in a git work tree, a snapshot's
// folder whose page, or folder below a package's, is a symbolic link out
// of the work tree is an error naming the link (a listed skip under
// --skip-invalid), as a package folder or the snapshot's own folder that
// is such a link already was: only the path's parts and the folder's
// own entries were checked, and a page linked from elsewhere on the
// machine (_cache/new/llvm/specs.md → /tmp/…) was read silently, where
// it stands in for the package in a checkout. A link inside the work
// tree is followed, and outside a work tree nothing is checked.
func TestLinkOutOfWorkTreeAtAnyDepth(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(realTree, "gcc-runtime", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	for _, p := range []string{"gcc-runtime/specs.md", "deep/gcc-runtime/specs.md"} {
		os.MkdirAll(filepath.Join(outside, filepath.Dir(p)), 0o755)
		if err := os.WriteFile(filepath.Join(outside, p), page, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repo := t.TempDir()
	mk := func(name string) string {
		d := filepath.Join(repo, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	mk(".git")
	link := func(target, name string) {
		os.MkdirAll(filepath.Dir(name), 0o755)
		if err := os.Symlink(target, name); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	// A page linked out, below its package's folder.
	link(filepath.Join(outside, "gcc-runtime/specs.md"), filepath.Join(mk("page"), "gcc-runtime", "specs.md"))
	// A folder below the snapshot's entries, linked out.
	link(filepath.Join(outside, "deep"), filepath.Join(mk("folder"), "group", "deep"))
	// A page linked inside the work tree: followed.
	in := filepath.Join(mk("in"), "gcc-runtime", "specs.md")
	os.MkdirAll(filepath.Dir(in), 0o755)
	if err := os.WriteFile(in, page, 0o644); err != nil {
		t.Fatal(err)
	}
	link(in, filepath.Join(mk("inlink"), "gcc-runtime", "specs.md"))

	for _, c := range []struct {
		dir, arg, link string // link: the link the error names, "" for none
	}{
		{repo, "page", "page/gcc-runtime/specs.md"},
		{repo, "folder", "folder/group/deep"},
		{filepath.Join(repo, "page"), ".", "gcc-runtime/specs.md"},
		{repo, ".", "page/gcc-runtime/specs.md"},
		{repo, "inlink", ""},
	} {
		snap, err := Load(c.dir, c.arg, Options{}, snapshot.Options{})
		if c.link == "" {
			if err != nil || snap.Specs() == 0 {
				t.Errorf("%s in %s: %v; want a link inside the work tree followed", c.arg, c.dir, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.link+": a symbolic link to ") || !strings.Contains(err.Error(), "outside the git work tree") {
			t.Errorf("%s in %s: %v; want %s refused as a link out of the work tree", c.arg, c.dir, err, c.link)
		}
		if c.arg == "page" {
			// Listed under --skip-invalid, not read.
			snap, err := Load(c.dir, c.arg, Options{}, snapshot.Options{SkipInvalid: true})
			if err == nil {
				t.Errorf("%s --skip-invalid: %d specs read; want no page left", c.arg, snap.Specs())
			}
		}
	}
	// Named from outside the work tree (a job that runs elsewhere, by
	// the checkout's absolute path): the work tree that holds the path
	// is checked. It was not, and the link was followed silently.
	elsewhere := t.TempDir()
	if _, err := Load(elsewhere, filepath.Join(repo, "page"), Options{}, snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "page/gcc-runtime/specs.md: a symbolic link to ") {
		t.Errorf("named from outside the work tree: %v; want the link refused", err)
	}
	// Outside a work tree, the same folder is read as it is.
	os.Remove(filepath.Join(repo, ".git"))
	if snap, err := Load(repo, "page", Options{}, snapshot.Options{}); err != nil || snap.Specs() == 0 {
		t.Errorf("outside a work tree: %v; want the link followed", err)
	}
}

// TestLinkOutOfWorkTreeHintQuoted: the path the error of a snapshot
// folder linked out of the work tree says to give is a shell word: "give
// /tmp/out dir/develop to read it", pasted, was two arguments.
func TestLinkOutOfWorkTreeHintQuoted(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "out dir")
	if err := os.MkdirAll(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(repo, "snap")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	_, err := Load(repo, "snap", Options{}, snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "give '"+outside+"' to read it") {
		t.Errorf("snap, a link to %s: %v; want the path to give quoted", outside, err)
	}
}
