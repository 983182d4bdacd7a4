package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestDiskLinkIntoGitDir (issue 35 class a: following symbolic links
// out of a repository; items 1 and 3): in a git work tree, a snapshot's
// folder, package folder or page that is a symbolic link into the work
// tree's .git folder is an error naming the link (a page below its
// package's folder, a listed skip under --skip-invalid), as a link out of
// the work tree is. Such links were followed silently: a pull request
// that committed _cache/new/zlib/specs.md -> ../../../.git/config had the
// job's git configuration, which holds its token, read as a page. A link
// that stays in the work tree is followed, and so is one into .git from a
// folder the user named in .git.
func TestDiskLinkIntoGitDir(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(realTree, "gcc-runtime", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	write := func(name string, data []byte) {
		p := filepath.Join(repo, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		p := filepath.Join(repo, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	write(".git/config", []byte("[core]\n\tbare = false\n[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n"))
	write(".git/refs/heads/main", []byte("0123456789012345678901234567890123456789\n"))
	write(".git/pages/gcc-runtime/specs.md", page)
	for _, d := range []string{"page", "pkg", "deep", "snap", "inside"} {
		write(d+"/gcc-runtime/specs.md", page)
	}
	link("../../.git/config", "page/zlib/specs.md")    // a page
	link("../.git/pages/gcc-runtime", "pkg/zlib")      // a package folder
	link("../../.git/refs", "deep/group/refs")         // a folder below one
	link("../.git/pages", "snap/linked")               // the snapshot's folder
	link("../inside/gcc-runtime", "named/gcc-runtime") // stays in the work tree

	for _, c := range []struct {
		arg, link string // link: the link the error names
	}{
		{"page", "page/zlib/specs.md"},
		{"pkg", "pkg/zlib"},
		{"deep", "deep/group/refs"},
		{"snap/linked", "snap/linked"},
	} {
		_, err := Load(repo, c.arg, Options{}, snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), c.link+": a symbolic link to ") && !strings.Contains(err.Error(), c.link+" is a symbolic link to ") || !strings.Contains(err.Error(), "into a git folder of the work tree") {
			t.Errorf("%s: %v; want %s refused as a link into .git", c.arg, err, c.link)
		}
		if err != nil && strings.Contains(err.Error(), "extraheader") {
			t.Errorf("%s: %v; the git configuration was read", c.arg, err)
		}
	}
	// Listed under --skip-invalid, not read; the other page is.
	snap, err := Load(repo, "page", Options{}, snapshot.Options{SkipInvalid: true})
	if err != nil || len(snap.Skipped) != 1 || !strings.HasSuffix(filepath.ToSlash(snap.Skipped[0].File), "page/zlib/specs.md") || snap.Specs() == 0 {
		t.Errorf("page --skip-invalid: %v; want zlib's link listed as skipped, gcc-runtime read", err)
	}
	// A link that stays in the work tree is followed.
	if snap, err := Load(repo, "named", Options{}, snapshot.Options{}); err != nil || snap.Specs() == 0 {
		t.Errorf("a link inside the work tree: %v; want it followed", err)
	}
	// A folder named in .git is the user's choice, with its links.
	link("../gcc-runtime", ".git/pages/again/gcc-runtime")
	if snap, err := Load(repo, filepath.Join(".git", "pages", "again"), Options{}, snapshot.Options{}); err != nil || snap.Specs() == 0 {
		t.Errorf("a folder named in .git: %v; want it read", err)
	}
	// Outside a work tree, the same folder is read as it is.
	if err := os.Rename(filepath.Join(repo, ".git"), filepath.Join(repo, "dotgit")); err != nil {
		t.Fatal(err)
	}
	link("../dotgit/pages/gcc-runtime", "plain/gcc-runtime")
	if snap, err := Load(repo, "plain", Options{}, snapshot.Options{}); err != nil || snap.Specs() == 0 {
		t.Errorf("outside a work tree: %v; want the link followed", err)
	}
}
