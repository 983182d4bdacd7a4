package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestFileAtTagPlace: a pull request that replaced the folder
// _cache/develop with a file _cache/develop (a page, or a lockfile of
// the same specs) passed the CI recipe's gate, git:HEAD^1:_cache/develop
// against git:HEAD:_cache/develop, with "no changes": the file was read
// as a page named alone, while the site publishes it as one document at
// its own address and no page of the tag. It is bad input there, from
// git and from the checkout alike; the same file named elsewhere, or
// deeper below _cache, is read as asked.
func TestFileAtTagPlace(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	page := pagetest.SimplePage("zlib", "develop", 1, 2)
	repo := zlibRepo(t, page)
	if _, err := loadArg(repo, "HEAD:_cache/develop/zlib/specs.md", snapshot.Options{}); err != nil {
		t.Errorf("a page named alone below the tag's folder: %v", err)
	}
	for _, step := range [][]string{{"reset", "-q", "--hard"}, {"rm", "-q", "-r", "_cache/develop"}} {
		if _, err := gittest.Git(repo, nil, step...); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(repo, "_cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "_cache", "develop"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, step := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", "a file"}} {
		if _, err := gittest.Git(repo, nil, step...); err != nil {
			t.Fatal(err)
		}
	}
	const want = "a file where the site has a tag's folder (_cache/develop)"
	for _, arg := range []string{"HEAD:_cache/develop", filepath.Join(repo, "_cache", "develop")} {
		_, err := loadArg(repo, arg, snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", arg, err, want)
		}
	}
	// Outside any site the same file is a page named alone.
	alone := filepath.Join(t.TempDir(), "_cache", "develop")
	if err := os.MkdirAll(filepath.Dir(alone), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(alone, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := snapshot.Load(alone, snapshot.Options{}); err != nil {
		t.Errorf("outside a site: %v", err)
	}
}

// TestFileAtCatalogPlace: a pull request that replaced the folder _cache
// with a file _cache holding a lockfile of the same specs passed a gate
// on PATH _cache (git:HEAD^1:_cache against git:HEAD:_cache, and the
// checked-out folders) with "no changes", while Jekyll publishes no file
// named _cache and the site lost every page. It is bad input there, from
// git and from the checkout alike, as a file at a tag's place is.
func TestFileAtCatalogPlace(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	page := pagetest.SimplePage("zlib", "develop", 1, 2)
	repo := zlibRepo(t, page)
	for _, step := range [][]string{{"reset", "-q", "--hard"}, {"rm", "-q", "-r", "_cache"}} {
		if _, err := gittest.Git(repo, nil, step...); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "_cache"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, step := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", "a file"}} {
		if _, err := gittest.Git(repo, nil, step...); err != nil {
			t.Fatal(err)
		}
	}
	const want = "a file where the site has its catalogue's folder (_cache)"
	for _, arg := range []string{"HEAD:_cache", filepath.Join(repo, "_cache")} {
		_, err := loadArg(repo, arg, snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", arg, err, want)
		}
	}
	// Outside any site the same file is a page named alone.
	alone := filepath.Join(t.TempDir(), "_cache")
	if err := os.WriteFile(alone, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := snapshot.Load(alone, snapshot.Options{}); err != nil {
		t.Errorf("outside a site: %v", err)
	}
}

// TestSkippedFileAtTagPlace: a lockfile kept as _cache/_x (or .x, x~),
// a name Jekyll leaves out, named as the snapshot was refused, "a file
// where the site has a tag's folder ... Jekyll publishes it as one
// document", exit 2, while the site publishes nothing there and the
// same lockfile as _cache/_x/spack.lock, or the folder _cache/_x, is
// read as asked. It is read as asked too, from git and the checkout.
func TestSkippedFileAtTagPlace(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	const lock = `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},
"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"root"}],
"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1.3","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}
`
	repo := zlibRepo(t, pagetest.SimplePage("zlib", "develop", 1, 1))
	names := []string{"_x", ".x", "#x", "x~"}
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(repo, "_cache", name), []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, step := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", "lockfiles"}} {
		if _, err := gittest.Git(repo, nil, step...); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range names {
		for _, arg := range []string{"HEAD:_cache/" + name, filepath.Join(repo, "_cache", name)} {
			s, err := loadArg(repo, arg, snapshot.Options{})
			if err != nil {
				t.Errorf("%s: %v", arg, err)
			} else if s.Specs() != 1 {
				t.Errorf("%s: %d specs, want 1", arg, s.Specs())
			}
		}
	}
}
