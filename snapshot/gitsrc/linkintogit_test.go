package gitsrc

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkIntoGitDir: a pull request that added _cache/develop/zlib/g, a
// symbolic link to ../../../.git, passed the PR recipe's gate with a
// warning, "broken symbolic link": the object store holds no .git, but
// every checkout has it, and the checked-out folder refused the files
// below zlib/g that the site would publish. A link into the top's .git
// is an error; one to a name no checkout has either is still a warning.
func TestLinkIntoGitDir(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := zlibWithLinks(t, map[string]string{"g": "../../../.git", "c.json": "../../../.git/config", "n": "../../../nothing"})
	_, err := loadArg(repo, "HEAD:_cache/develop", snapshot.Options{})
	for _, name := range []string{"g", "c.json"} {
		if err == nil || !strings.Contains(err.Error(), "zlib/"+name+": a symbolic link into the repository's own .git folder") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err != nil && strings.Contains(err.Error(), "zlib/n:") {
		t.Errorf("a link to a name no checkout has: %v", err)
	}
}

// TestLinkIntoGitDirNames: a link into the top's .git is judged by its
// name as the checked-out folder judges what it leads to: to a file
// there, one of a name Jekyll leaves out (.x, _x) is no error (the walk
// on disk reads it not, and no site publishes it; refusing it was an
// over-refusal a random pass found, _cache/develop/astyle/.x to
// ../../../.git/HEAD), and a dot-named one to the folder is a
// dot-folder, refused under a tag's folder as one.
func TestLinkIntoGitDirNames(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := zlibWithLinks(t, map[string]string{".x": "../../../.git/HEAD", "_x": "../../../.git/HEAD", ".g": "../../../.git"})
	_, err := loadArg(repo, "HEAD:_cache/develop", snapshot.Options{})
	var le *snapshot.LoadError
	if !errors.As(err, &le) || len(le.Errs) != 1 || !strings.HasSuffix(le.Errs[0].File, "zlib/.g") || !strings.Contains(le.Errs[0].Msg, "a folder whose name starts with a dot") {
		t.Errorf("%v, want zlib/.g alone refused, as a dot-folder", err)
	}
}

// TestLinkIntoGitDirBesideCatalogue: a link into the top's .git outside
// a tag's folder of _cache (catalog/head to ../.git/HEAD, catalog/g to
// ../.git, beside a folder of Spack files) was refused from git, while
// the checked-out folder, which reads no file of .git's names there, and
// the site, which shows none of it among the catalogue's pages, passed
// it. It is a warning there, the lockfile read; under a tag's folder it
// stays an error (TestLinkIntoGitDir).
func TestLinkIntoGitDirBesideCatalogue(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := zlibRepo(t, pagetest.SimplePage("zlib", "develop", 1, 1))
	lock := `{"_meta": {"file-type": "spack-lockfile", "lockfile-version": 5, "specfile-version": 4}, "roots": [{"hash": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "spec": "zlib"}], "concrete_specs": {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": {"name": "zlib", "version": "1.3", "arch": {"platform": "linux", "platform_os": "ubuntu22.04", "target": "x86_64"}, "hash": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`
	if err := os.MkdirAll(filepath.Join(repo, "catalog"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "catalog", "spack.lock"), []byte(lock), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{"head": "../.git/HEAD", "g": "../.git"} {
		if err := os.Symlink(target, filepath.Join(repo, "catalog", name)); err != nil {
			t.Skip(err)
		}
	}
	for _, step := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", "catalog"}} {
		if _, err := gittest.Git(repo, nil, step...); err != nil {
			t.Fatal(err)
		}
	}
	for _, arg := range []string{"HEAD:catalog", filepath.Join(repo, "catalog")} {
		s, err := loadArg(repo, arg, snapshot.Options{})
		if err != nil {
			t.Errorf("%s: %v", arg, err)
			continue
		}
		if s.Specs() != 1 {
			t.Errorf("%s: %d specs, want 1", arg, s.Specs())
		}
	}
}

// TestLinkIntoGitSubfolderAtTagPlace: a pull request that added
// _cache/g, a symbolic link to ../.git/objects, passed a gate on PATH
// _cache from git with a warning, "not followed", exit 0, while the
// checked-out folder refused the files below g that the site would
// publish as a tag's: git cannot tell a folder below .git from a file.
// At a tag's place, a link anywhere into .git is an error.
func TestLinkIntoGitSubfolderAtTagPlace(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := zlibRepo(t, pagetest.SimplePage("zlib", "develop", 1, 1))
	for name, target := range map[string]string{"g": "../.git/objects", "r": "../.git/refs/"} {
		if err := os.Symlink(target, filepath.Join(repo, "_cache", name)); err != nil {
			t.Skip(err)
		}
	}
	for _, step := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", "links"}} {
		if _, err := gittest.Git(repo, nil, step...); err != nil {
			t.Fatal(err)
		}
	}
	_, err := loadArg(repo, "HEAD:_cache", snapshot.Options{})
	for _, name := range []string{"g", "r"} {
		if err == nil || !strings.Contains(err.Error(), "_cache/"+name+": a symbolic link into the repository's own .git folder") {
			t.Errorf("%s: %v, want it refused", name, err)
		}
	}
}

// zlibWithLinks is a repository of one page, _cache/develop/zlib, and a
// commit that adds symbolic links beside it: each name of links, to its
// target, committed as git stores a link (the object store's text), so
// that a target git's own checkout would refuse (.git) is committed too.
func zlibWithLinks(t *testing.T, links map[string]string) string {
	t.Helper()
	repo := zlibRepo(t, pagetest.SimplePage("zlib", "develop", 1, 1))
	dir := t.TempDir()
	for name, target := range links {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(target), 0o644); err != nil {
			t.Fatal(err)
		}
		oid, err := gittest.Git(repo, nil, "hash-object", "-w", file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(repo, nil, "update-index", "--add", "--cacheinfo", "120000,"+strings.TrimSpace(oid)+",_cache/develop/zlib/"+name); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := gittest.Git(repo, nil, "commit", "-q", "-m", "links"); err != nil {
		t.Fatal(err)
	}
	return repo
}

// zlibRepo is a repository of one commit holding one page, page, at
// _cache/develop/zlib/specs.md.
func zlibRepo(t *testing.T, page string) string {
	t.Helper()
	tree := pagetest.WriteTree(t, map[string]string{"develop/zlib/specs.md": page})
	repo := filepath.Join(t.TempDir(), "repo")
	if _, err := gittest.Commits(repo, filepath.Join(tree, "develop")); err != nil {
		t.Fatal(err)
	}
	return repo
}
