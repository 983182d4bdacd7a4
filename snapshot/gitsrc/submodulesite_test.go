package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSubmoduleSitePath: a catalogue whose _cache is a submodule, read
// from the submodule's own repository (-C _cache, git:HEAD:develop), is
// held to the rules of _cache's tag folders, as the checked-out folder
// is: the superproject's Jekyll builds the submodule's files as its own.
// Measured from the submodule's top (/develop), a page below a package
// folder, which the site shows at another package's address, loaded. So
// is a submodule with a _config.yml of its own, which the superproject's
// Jekyll never reads: as its own site (/develop), a retag of every page
// passed a gate, from git and on disk.
func TestSubmoduleSitePath(t *testing.T) {
	pages := map[string]string{
		"develop/bc/specs.md":     realPage(t, "bc"),
		"develop/a/curl/specs.md": realPage(t, "curl"),
	}
	super := commitFiles(t, map[string]string{"_config.yml": ""}, nil)
	addSubmodule(t, super, "_cache", pages)
	pages["_config.yml"] = ""
	addSubmodule(t, super, "own", pages)
	r, err := OpenRepo(filepath.Join(super, "_cache"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := r.Source("HEAD:develop")
	if err != nil {
		t.Fatal(err)
	}
	if got := src.SitePath(); got != "/_cache/develop" {
		t.Errorf("site path %q, want /_cache/develop", got)
	}
	_, err = src.Load(snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), `is in folder "a/curl" below its tag's package folders`) {
		t.Errorf("a page below a package folder of the submodule _cache: %v", err)
	}
	r, err = OpenRepo(filepath.Join(super, "own"))
	if err != nil {
		t.Fatal(err)
	}
	src, err = r.Source("HEAD:develop")
	if err != nil {
		t.Fatal(err)
	}
	if got := src.SitePath(); got != "/own/develop" {
		t.Errorf("a submodule with a _config.yml: site path %q, want /own/develop", got)
	}
	if got, ok := snapshot.SiteOf(filepath.Join(super, "own", "develop")); got != "/own/develop" || !ok {
		t.Errorf("a submodule with a _config.yml, on disk: site path %q, %v; want /own/develop", got, ok)
	}
}

// TestCloneBelowConfig: a _config.yml below a work tree's top
// (_cache/_config.yml) is no site's top, since Jekyll reads only the one
// at its source's top: a clone left at _cache/develop (ignored by git)
// below one was measured from it (/develop) on disk and from git alike,
// and a retag of every page passed a gate.
func TestCloneBelowConfig(t *testing.T) {
	tag := commitFiles(t, map[string]string{"a/curl/specs.md": realPage(t, "curl")}, nil)
	site := commitFiles(t, map[string]string{"_config.yml": "title: x\n", "_cache/_config.yml": "x: 1\n", ".gitignore": "_cache/develop/\n"}, nil)
	if _, err := gittest.Git(site, nil, "clone", "-q", tag, filepath.Join("_cache", "develop")); err != nil {
		t.Fatal(err)
	}
	dev := filepath.Join(site, "_cache", "develop")
	if got, ok := snapshot.SiteOf(dev); got != "/_cache/develop" || !ok {
		t.Errorf("on disk: site path %q, %v; want /_cache/develop", got, ok)
	}
	if got := sitePath(t, dev, "HEAD:a"); got != "/_cache/develop/a" {
		t.Errorf("from git: site path %q, want /_cache/develop/a", got)
	}
}

// TestSubmoduleSitePathHook: every hook of a submodule runs with GIT_DIR
// (and GIT_INDEX_FILE) naming the submodule's repository in the
// superproject's .git/modules: a pre-push hook in _cache that gated
// git:HEAD:develop measured it from the submodule's top, skipped for
// GIT_DIR, and a retag of every page passed. A catalogue two submodules
// down (site/_cache) is placed through both, the superproject asked
// without the submodule's GIT_DIR.
func TestSubmoduleSitePathHook(t *testing.T) {
	pages := map[string]string{
		"develop/bc/specs.md":     realPage(t, "bc"),
		"develop/a/curl/specs.md": realPage(t, "curl"),
	}
	// _cache, and site (a README) holding a _cache of its own, as
	// git submodule update --init --recursive leaves them.
	super := commitFiles(t, map[string]string{"_config.yml": ""}, nil)
	addSubmodule(t, super, "_cache", pages)
	addSubmodule(t, super, "site", map[string]string{"README": "m\n"})
	addSubmodule(t, filepath.Join(super, "site"), "_cache", pages)
	for _, c := range []struct{ dir string }{{"site"}, {"."}} {
		args := []string{"commit", "-q", "-m", "sub"}
		if c.dir == "." {
			args = []string{"add", "site"}
		}
		if _, err := gittest.Git(filepath.Join(super, c.dir), nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ dir, gitDir, want string }{
		{"_cache", ".git/modules/_cache", "/_cache/develop"},
		{"site/_cache", ".git/modules/site/modules/_cache", "/site/_cache/develop"},
	} {
		gitDir := filepath.Join(super, filepath.FromSlash(c.gitDir))
		t.Setenv("GIT_DIR", gitDir)
		t.Setenv("GIT_INDEX_FILE", filepath.Join(gitDir, "index"))
		r, err := OpenRepo(filepath.Join(super, filepath.FromSlash(c.dir)))
		if err != nil {
			t.Fatal(err)
		}
		src, err := r.Source("HEAD:develop")
		if err != nil {
			t.Fatal(err)
		}
		if got := src.SitePath(); got != c.want {
			t.Errorf("%s with GIT_DIR set: site path %q, want %s", c.dir, got, c.want)
		}
		_, err = src.Load(snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), `is in folder "a/curl" below its tag's package folders`) {
			t.Errorf("%s with GIT_DIR set: a page below a package folder: %v", c.dir, err)
		}
	}
	// A superproject's hook (GIT_DIR its .git) run with -C _cache reads
	// the superproject, which git then works in from _cache: its
	// foo/develop is no page of _cache.
	t.Setenv("GIT_DIR", filepath.Join(super, ".git"))
	t.Setenv("GIT_INDEX_FILE", filepath.Join(super, ".git", "index"))
	r, err := OpenRepo(filepath.Join(super, "_cache"))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.superPath(); got != "" {
		t.Errorf("GIT_DIR of the superproject, -C _cache: placed at %q, want nowhere", got)
	}
}

// TestTopAndSuper: git writes the paths of rev-parse --show-toplevel
// --show-superproject-working-tree raw, one a line: a submodule at
// "a\nb/_cache" was cut at its first newline, named no folder, and was
// read as its own site (a retag of every page passed a gate).
func TestTopAndSuper(t *testing.T) {
	for _, c := range []struct{ out, top, super string }{
		{"/s/_cache\n/s\n", "/s/_cache", "/s"},
		{"/s/a\nb/_cache\n/s\n", "/s/a\nb/_cache", "/s"},
		{"/s\nt/a\nb/_cache\n/s\nt\n", "/s\nt/a\nb/_cache", "/s\nt"},
		{"/\n", "", ""},
		{"/s/_cache\n", "", ""},
		{"/s/_cache\n/x\n", "", ""},
	} {
		top, super, ok := topAndSuper(c.out)
		if top != c.top || super != c.super || ok != (c.top != "") {
			t.Errorf("%q: %q, %q, %v; want %q, %q", c.out, top, super, ok, c.top, c.super)
		}
	}
}

// TestCloneInYAMLSite: Jekyll reads _config.yaml, or _config.toml, when
// its site has no _config.yml: a clone of _cache left in such a site, in
// a work tree that does not hold it or in an export, was its own top
// (/develop) on disk and from git, and a retag of every page passed a
// gate that the same site with a _config.yml refused.
func TestCloneInYAMLSite(t *testing.T) {
	sub := commitFiles(t, map[string]string{"develop/a/curl/specs.md": realPage(t, "curl")}, nil)
	site := commitFiles(t, map[string]string{"_config.yaml": "title: x\n", ".gitignore": "_cache/\n"}, nil)
	export := t.TempDir()
	if err := os.WriteFile(filepath.Join(export, "_config.toml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, top := range []string{site, export} {
		if _, err := gittest.Git(top, nil, "clone", "-q", sub, "_cache"); err != nil {
			t.Fatal(err)
		}
		cache := filepath.Join(top, "_cache")
		if got, ok := snapshot.SiteOf(filepath.Join(cache, "develop")); got != "/_cache/develop" || !ok {
			t.Errorf("%s, on disk: site path %q, %v; want /_cache/develop", cache, got, ok)
		}
		if got := sitePath(t, cache, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("%s, from git: site path %q, want /_cache/develop", cache, got)
		}
	}
}

// sitePath is the SitePath of the source spec names in the repository
// whose work tree holds dir: where the submodule tests place a tree.
func sitePath(t *testing.T, dir, spec string) string {
	t.Helper()
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	src, err := r.Source(spec)
	if err != nil {
		t.Fatal(err)
	}
	return src.SitePath()
}
