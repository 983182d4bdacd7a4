package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSpackFileSkippedName: a pull request that replaced every page of
// _cache/develop with _cache/develop/_spack.lock, a lockfile of the same
// specs (each spec a root under each of its stacks' names), passed the
// PR recipe's gate with "No changes", exit 0, while Jekyll publishes no
// file whose name starts with _, ., # or ~ and the site showed no page
// of the tag. A Spack file below a tag's folder of _cache is bad input
// whatever its name, from git and from the checkout alike.
func TestSpackFileSkippedName(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	const lock = `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},
"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"root"}],
"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1.3","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}
`
	names := []string{"_spack.lock", ".spack.lock", "#spack.lock", "~spack.lock", "_x.json", "bc/_spack.lock"}
	dir := t.TempDir()
	for _, n := range names {
		p := filepath.Join(dir, "_cache", "develop", filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repo := filepath.Join(t.TempDir(), "repo")
	if _, err := gittest.CommitsAt(repo, "_cache", filepath.Join(dir, "_cache")); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"HEAD:_cache/develop", filepath.Join(repo, "_cache", "develop")} {
		_, err := loadArg(repo, arg, snapshot.Options{})
		for _, n := range names {
			if err == nil || !strings.Contains(err.Error(), "develop/"+n+": a Spack file among the catalogue's pages") {
				t.Errorf("%s: %v, want %s refused", arg, err, n)
				break
			}
		}
	}
	// Outside _cache the same files load, as Spack's files anywhere.
	if _, err := snapshot.Load(filepath.Join(dir, "_cache", "develop", "_spack.lock"), snapshot.Options{}); err != nil {
		t.Errorf("named alone: %v", err)
	}
}

// TestSpackFileInCollection: a pull request that deleted every page of
// _cache/develop and added _cache/spack.lock (or _cache/_spack.lock), a
// lockfile of the same specs, passed a gate on PATH _cache with "No
// changes", exit 0: the rule of a Spack file among the catalogue's pages
// looked below a tag's folder only, while the site shows the specs of
// neither at any package's address. A Spack file directly in _cache is
// bad input too, from git and from the checkout alike; outside _cache
// the same folder loads.
func TestSpackFileInCollection(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	const lock = `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},
"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"root"}],
"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1.3","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}
`
	for _, n := range []string{"spack.lock", "_spack.lock"} {
		repo := filepath.Join(t.TempDir(), "repo")
		for _, top := range []string{"_cache", "catalog"} {
			if err := os.MkdirAll(filepath.Join(repo, top), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(repo, top, n), []byte(lock), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, step := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "lockfiles"}} {
			if _, err := gittest.Git(repo, nil, step...); err != nil {
				t.Fatal(err)
			}
		}
		for _, arg := range []string{"HEAD:_cache", filepath.Join(repo, "_cache")} {
			_, err := loadArg(repo, arg, snapshot.Options{})
			if err == nil || !strings.Contains(err.Error(), n+": a Spack file in the catalogue's folder (_cache)") {
				t.Errorf("%s with %s: %v, want it refused", arg, n, err)
			}
		}
		for _, arg := range []string{"HEAD:catalog", filepath.Join(repo, "catalog")} {
			if _, err := loadArg(repo, arg, snapshot.Options{}); err != nil {
				t.Errorf("%s with %s: %v", arg, n, err)
			}
		}
	}
}

// TestSpackFileSkippedTagFolder: a pull request that deleted every page
// of _cache/develop and added _cache/_d/spack.lock, a lockfile of the
// same specs below a tag's folder Jekyll leaves out by its name, passed
// a gate on PATH _cache with "No changes", exit 0, while the site shows
// nothing of _d. It is bad input, from git and from the checkout alike.
func TestSpackFileSkippedTagFolder(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	const lock = `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},
"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"root"}],
"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1.3","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}
`
	for _, d := range []string{"_d", "#d", "~d"} {
		repo := filepath.Join(t.TempDir(), "repo")
		if err := os.MkdirAll(filepath.Join(repo, "_cache", d), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, "_cache", d, "spack.lock"), []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, step := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "lockfile"}} {
			if _, err := gittest.Git(repo, nil, step...); err != nil {
				t.Fatal(err)
			}
		}
		for _, arg := range []string{"HEAD:_cache", filepath.Join(repo, "_cache")} {
			_, err := loadArg(repo, arg, snapshot.Options{})
			if err == nil || !strings.Contains(err.Error(), d+"/spack.lock: a Spack file in the catalogue's folder (under _cache/"+d+")") {
				t.Errorf("%s with %s: %v, want it refused", arg, d, err)
			}
		}
		// Named itself, Spack's files kept where the site publishes
		// nothing are read as asked.
		for _, arg := range []string{"HEAD:_cache/" + d, filepath.Join(repo, "_cache", d)} {
			if _, err := loadArg(repo, arg, snapshot.Options{}); err != nil {
				t.Errorf("%s: %v", arg, err)
			}
		}
	}
}
