//go:build unix

package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSubmoduleIndexOrGitmodules: git knows a submodule by the
// superproject's index, a checkout by .gitmodules; either places a
// nested repository's _cache in the superproject's site, on disk and from
// git alike. A clone added with git add and no .gitmodules entry passed
// on disk (measured from its own top, /develop) a gate that -C _cache
// git:HEAD:develop refused; one left in .gitmodules after git rm
// --cached passed from git and failed on disk. A clone that neither
// holds (a dotfiles repository above it) is its own top both ways.
func TestSubmoduleIndexOrGitmodules(t *testing.T) {
	sub := commitFiles(t, map[string]string{
		"develop/bc/specs.md":     realPage(t, "bc"),
		"develop/a/curl/specs.md": realPage(t, "curl"),
	}, nil)
	super := commitFiles(t, map[string]string{"README": "r\n"}, nil)
	cache := filepath.Join(super, "_cache")
	if _, err := gittest.Git(super, nil, "clone", "-q", sub, "_cache"); err != nil {
		t.Fatal(err)
	}
	check := func(what string, placed bool) {
		t.Helper()
		_, diskErr := snapshot.Load(filepath.Join(cache, "develop"), snapshot.Options{})
		r, err := OpenRepo(cache)
		if err != nil {
			t.Fatal(err)
		}
		src, err := r.Source("HEAD:develop")
		if err != nil {
			t.Fatal(err)
		}
		_, gitErr := src.Load(snapshot.Options{})
		for way, err := range map[string]error{"on disk": diskErr, "from git": gitErr} {
			refused := err != nil && strings.Contains(err.Error(), `is in folder "a/curl" below its tag's package folders`)
			if refused != placed {
				t.Errorf("%s, %s: placed in the superproject's site %v, want %v (%v)", what, way, refused, placed, err)
			}
		}
	}
	check("a clone neither the index nor .gitmodules holds", false)
	if _, err := gittest.Git(super, nil, "-c", "advice.addEmbeddedRepo=false", "add", "_cache"); err != nil {
		t.Fatal(err)
	}
	check("a clone added to the index, no .gitmodules", true)
	if err := os.WriteFile(filepath.Join(super, ".gitmodules"), []byte("[submodule \"c\"]\n\tpath = _cache\n\turl = ../c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(super, nil, "rm", "-q", "-f", "--cached", "_cache"); err != nil {
		t.Fatal(err)
	}
	check("a clone .gitmodules names, out of the index", true)
}

// TestSubmoduleSitePathGitDirOutside: with GIT_DIR naming a submodule's
// repository (.git/modules/_cache), git reads it from any folder, one
// outside its work tree too (the superproject's top, or /tmp with
// GIT_WORK_TREE), where nothing above is a second work tree and git
// names no superproject: git:HEAD:develop was measured from the
// submodule's top, and a retag of every page passed a gate.
func TestSubmoduleSitePathGitDirOutside(t *testing.T) {
	super := commitFiles(t, map[string]string{"README": "r\n"}, nil)
	addSubmodule(t, super, "_cache", map[string]string{"develop/bc/specs.md": realPage(t, "bc")})
	gitDir := filepath.Join(super, ".git", "modules", "_cache")
	t.Setenv("GIT_DIR", gitDir)
	for _, dir := range []string{super, t.TempDir()} {
		if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("GIT_DIR %s, run in %s: site path %q, want /_cache/develop", gitDir, dir, got)
		}
	}
}

// TestSubmoduleIndexUnread: a superproject whose index git cannot read
// (corrupt here; of another owner, which git refuses without
// safe.directory) may hold a gitlink: read as none, a clone added with
// git add and no .gitmodules entry was its own top on disk and from git,
// and a retag of every page passed a gate both ways.
func TestSubmoduleIndexUnread(t *testing.T) {
	sub := commitFiles(t, map[string]string{"develop/a/curl/specs.md": realPage(t, "curl")}, nil)
	super := commitFiles(t, map[string]string{"README": "r\n"}, nil)
	cache := filepath.Join(super, "_cache")
	if _, err := gittest.Git(super, nil, "clone", "-q", sub, "_cache"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(super, ".git", "index"), []byte("DIRC\x00\x00\x00\x09garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diskErr := snapshot.Load(filepath.Join(cache, "develop"), snapshot.Options{})
	r, err := OpenRepo(cache)
	if err != nil {
		t.Fatal(err)
	}
	src, err := r.Source("HEAD:develop")
	if err != nil {
		t.Fatal(err)
	}
	_, gitErr := src.Load(snapshot.Options{})
	for way, err := range map[string]error{"on disk": diskErr, "from git": gitErr} {
		if err == nil || !strings.Contains(err.Error(), `is in folder "a/curl" below its tag's package folders`) {
			t.Errorf("%s: a page below a package folder, the superproject's index unread: %v", way, err)
		}
	}
}

// TestCloneInJekyllSite: Jekyll builds every file of its site's folder,
// a clone of the catalogue's _cache that a build script left there
// (ignored by git, in no index or .gitmodules) too, and so does an export
// of the site (a _config.yml, no git): measured from the clone's top,
// a page below a package folder (or a retag of every page) passed a gate,
// on disk and from git, that the same pages as a plain folder there
// failed.
func TestCloneInJekyllSite(t *testing.T) {
	sub := commitFiles(t, map[string]string{"develop/a/curl/specs.md": realPage(t, "curl")}, nil)
	site := commitFiles(t, map[string]string{"_config.yml": "title: x\n", ".gitignore": "_cache/\n"}, nil)
	export := t.TempDir()
	if err := os.WriteFile(filepath.Join(export, "_config.yml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, top := range []string{site, export} {
		if _, err := gittest.Git(top, nil, "clone", "-q", sub, "_cache"); err != nil {
			t.Fatal(err)
		}
		cache := filepath.Join(top, "_cache")
		_, diskErr := snapshot.Load(filepath.Join(cache, "develop"), snapshot.Options{})
		r, err := OpenRepo(cache)
		if err != nil {
			t.Fatal(err)
		}
		src, err := r.Source("HEAD:develop")
		if err != nil {
			t.Fatal(err)
		}
		if got := src.SitePath(); got != "/_cache/develop" {
			t.Errorf("%s: site path %q, want /_cache/develop", cache, got)
		}
		_, gitErr := src.Load(snapshot.Options{})
		for way, err := range map[string]error{"on disk": diskErr, "from git": gitErr} {
			if err == nil || !strings.Contains(err.Error(), `is in folder "a/curl" below its tag's package folders`) {
				t.Errorf("%s, %s: a page below a package folder: %v", cache, way, err)
			}
		}
	}
}

// TestSubmoduleSitePathWorkTreeVar: GIT_WORK_TREE in the environment
// (another folder) had git name it as the submodule's top, with no
// superproject: -C _cache git:HEAD:develop was measured from the
// submodule's top, and a retag of every page passed a gate. The
// repository's checkout is where the superproject's Jekyll builds it,
// with GIT_DIR naming its repository in .git/modules too.
func TestSubmoduleSitePathWorkTreeVar(t *testing.T) {
	super := commitFiles(t, map[string]string{"README": "r\n"}, nil)
	addSubmodule(t, super, "_cache", map[string]string{"develop/bc/specs.md": realPage(t, "bc")})
	t.Setenv("GIT_WORK_TREE", t.TempDir())
	for _, gitDir := range []string{"", filepath.Join(super, ".git", "modules", "_cache")} {
		if gitDir != "" {
			t.Setenv("GIT_DIR", gitDir)
		}
		if got := sitePath(t, filepath.Join(super, "_cache"), "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("GIT_WORK_TREE set, GIT_DIR %q: site path %q, want /_cache/develop", gitDir, got)
		}
	}
}

// TestSubmoduleSitePathThroughLink: -C _cache, where _cache is a link to
// a submodule at vendor/cat, was measured from git's real path
// (/vendor/cat/develop): no rule of _cache's tag folders held, and a
// retag of every page passed a gate that ./_cache/develop on disk, the
// same spelling, failed. -C vendor/cat is measured there, as on disk.
func TestSubmoduleSitePathThroughLink(t *testing.T) {
	super := commitFiles(t, map[string]string{"README": "r\n"}, nil)
	addSubmodule(t, super, "vendor/cat", map[string]string{"develop/a/curl/specs.md": realPage(t, "curl")})
	if err := os.Symlink(filepath.Join("vendor", "cat"), filepath.Join(super, "_cache")); err != nil {
		t.Skip(err)
	}
	for _, c := range []struct{ dir, want string }{
		{"_cache", "/_cache/develop"},
		{"_cache/develop", "/_cache/develop"},
		{"vendor/cat", "/vendor/cat/develop"},
	} {
		if got := sitePath(t, filepath.Join(super, filepath.FromSlash(c.dir)), "HEAD:develop"); got != c.want {
			t.Errorf("-C %s: site path %q, want %s", c.dir, got, c.want)
		}
	}
	if _, err := snapshot.Load(filepath.Join(super, "_cache", "develop"), snapshot.Options{}); err == nil {
		t.Error("./_cache/develop on disk: a page below a package folder loaded")
	}
}

// TestCloneInPlacedClone: a clone that the work tree above does not hold,
// where that work tree is itself placed in a Jekyll site (a clone a build
// script left in it), is a folder of that site as a plain folder there
// is: site/ext/_cache, a clone inside the unheld clone site/ext, was its
// own top (/develop) on disk and from git, and a retag of every page
// passed a gate that the same pages as a plain folder there failed.
func TestCloneInPlacedClone(t *testing.T) {
	sub := commitFiles(t, map[string]string{"develop/a/curl/specs.md": realPage(t, "curl")}, nil)
	ext := commitFiles(t, map[string]string{"README": "r\n"}, nil)
	site := commitFiles(t, map[string]string{"_config.yml": "title: t\n", ".gitignore": "ext/\n"}, nil)
	if _, err := gittest.Git(site, nil, "clone", "-q", ext, "ext"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(filepath.Join(site, "ext"), nil, "clone", "-q", sub, "_cache"); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(site, "ext", "_cache")
	_, diskErr := snapshot.Load(filepath.Join(cache, "develop"), snapshot.Options{})
	r, err := OpenRepo(cache)
	if err != nil {
		t.Fatal(err)
	}
	src, err := r.Source("HEAD:develop")
	if err != nil {
		t.Fatal(err)
	}
	_, gitErr := src.Load(snapshot.Options{})
	for way, err := range map[string]error{"on disk": diskErr, "from git": gitErr} {
		if err == nil || !strings.Contains(err.Error(), `is in folder "a/curl" below its tag's package folders`) {
			t.Errorf("%s: a clone inside a clone a Jekyll site holds, a page below a package folder: %v", way, err)
		}
	}
	if got := src.SitePath(); got != "/ext/_cache/develop" {
		t.Errorf("site path %q, want /ext/_cache/develop", got)
	}
}

// TestGitEntryNotRepository: a .git that git passes by (a FIFO, a link
// to a device or to nothing) makes no work tree's top: git reads the
// folder as one of the repository above. Taken as a top, the folder
// _cache/x with a FIFO .git was measured from itself (/develop) on disk,
// and a retag of every page passed a gate that git:HEAD:_cache/x/develop
// and the same folder with no .git failed.
func TestGitEntryNotRepository(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/x/develop/a/curl/specs.md": realPage(t, "curl")}, nil)
	x := filepath.Join(repo, "_cache", "x")
	for _, mk := range []func(p string) error{
		func(p string) error { return syscall.Mkfifo(p, 0o644) },
		func(p string) error { return os.Symlink(os.DevNull, p) },
		func(p string) error { return os.Symlink(filepath.Join(repo, "none"), p) },
	} {
		p := filepath.Join(x, ".git")
		if err := mk(p); err != nil {
			t.Fatal(err)
		}
		_, err := snapshot.Load(filepath.Join(x, "develop"), snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), `is in folder "develop/a/curl" below its tag's package folders`) {
			t.Errorf("%s: a page below a package folder: %v", p, err)
		}
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSubmoduleGitDirGitfile: GIT_DIR=.git in a submodule's checkout
// names its .git file, which git follows into the superproject's
// modules folder, as it follows a link to that folder: read by its
// spelling (no "modules" in it), the submodule was its own top, and a
// retag of every page passed a gate that -C _cache alone failed.
func TestSubmoduleGitDirGitfile(t *testing.T) {
	super := commitFiles(t, map[string]string{"README": "r\n"}, nil)
	addSubmodule(t, super, "_cache", map[string]string{"develop/bc/specs.md": realPage(t, "bc")})
	cache := filepath.Join(super, "_cache")
	link := filepath.Join(t.TempDir(), "repo")
	if err := os.Symlink(filepath.Join(super, ".git", "modules", "_cache"), link); err != nil {
		t.Fatal(err)
	}
	for _, gitDir := range []string{".git", filepath.Join(cache, ".git"), link} {
		t.Setenv("GIT_DIR", gitDir)
		if got := sitePath(t, cache, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("GIT_DIR %s: site path %q, want /_cache/develop", gitDir, got)
		}
	}
}

// TestNestedClonesLinear: whether a work tree is placed in a site
// depends on the work trees above it, each asked once: a walk up a chain
// of N clones inside a Jekyll site, each asking git of all those above,
// ran N² git processes (32 clones: 992 processes, 13 s).
func TestNestedClonesLinear(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	const n = 16
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "_config.yml"), []byte("title: t\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The first git init's .git is that of every other clone (git init
	// writes no path of its own into it): one git process, not n.
	fresh := ""
	for i := range n {
		dir = filepath.Join(dir, fmt.Sprintf("c%d", i))
		if fresh != "" {
			if err := os.CopyFS(filepath.Join(dir, ".git"), os.DirFS(fresh)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := gittest.Git(filepath.Dir(dir), nil, "init", "-q", filepath.Base(dir)); err != nil {
			t.Fatal(err)
		}
		fresh = filepath.Join(t.TempDir(), "git")
		if err := os.CopyFS(fresh, os.DirFS(filepath.Join(dir, ".git"))); err != nil {
			t.Fatal(err)
		}
	}
	tag := filepath.Join(dir, "_cache", "develop")
	if err := os.MkdirAll(filepath.Join(tag, "bc"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tag, "bc", "specs.md"), []byte(realPage(t, "bc")), 0o644); err != nil {
		t.Fatal(err)
	}
	before := gitRuns.Load()
	if _, err := snapshot.Load(tag, snapshot.Options{}); err != nil {
		t.Fatal(err)
	}
	if runs := gitRuns.Load() - before; runs > 3*n {
		t.Errorf("%d nested clones: %d git processes, want at most %d", n, runs, 3*n)
	}
}

// TestSubmoduleThroughOutsideLink: -C a link from outside any work tree
// to a submodule's checkout (/tmp/lnk -> super/_cache) is the submodule,
// which git reads from where the link leads: nested looked above the
// link's spelling only, found no second work tree, and the submodule was
// its own top from git (/develop), passing a gate on a retag of every
// page that the same link's develop on disk failed.
func TestSubmoduleThroughOutsideLink(t *testing.T) {
	super := commitFiles(t, map[string]string{"README": "r\n"}, nil)
	addSubmodule(t, super, "_cache", map[string]string{"develop/bc/specs.md": realPage(t, "bc")})
	link := filepath.Join(t.TempDir(), "lnk")
	if err := os.Symlink(filepath.Join(super, "_cache"), link); err != nil {
		t.Fatal(err)
	}
	if got := sitePath(t, link, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("-C %s: site path %q, want /_cache/develop", link, got)
	}
}
