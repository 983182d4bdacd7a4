package mirror_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestBuildCacheURLHint (adversarial pass 206b): a mirror's URL that
// names its build_cache/ (file:///m/build_cache, which as a folder on
// disk is read) said only "not a Spack mirror: no … nor
// build_cache/index.json", as if the index were missing: a mirror's URL
// is its root, and the error now names the URL above, which reads.
func TestBuildCacheURLHint(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	root := "file://" + filepath.ToSlash(dir)
	h := &mirror.HTTP{NoCache: true}
	for _, u := range []string{root + "/build_cache", root + "/build_cache/"} {
		_, err := h.Open(u, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "a mirror's URL is its root, above it ("+root+")") {
			t.Errorf("%s: %v; want the mirror's root named", u, err)
		}
	}
	if _, err := h.Open(root, mirror.Options{}); err != nil {
		t.Errorf("the root the hint names: %v", err)
	}
}

// TestIndexURLHint (adversarial pass 207a): a mirror's URL that names
// its index (https://host/m/build_cache/index.json, or the v3 index
// manifest) said "not a Spack mirror: no … nor build_cache/index.json",
// the file the URL names and the server serves: the error now names
// the mirror's root, which reads.
func TestIndexURLHint(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(root, "v2"), index(t, "old")); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(filepath.Join(root, "v3"), index(t, "old"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	h := &mirror.HTTP{NoCache: true, Retries: -1, Netrc: filepath.Join(root, "no-netrc")}
	for m, file := range map[string]string{"/v2": "build_cache/index.json", "/v3": "v3/manifests/index/index.manifest.json"} {
		u := srv.URL + m + "/" + file
		_, err := h.Open(u, mirror.Options{})
		if want := "a mirror's URL is its root, above it (" + srv.URL + m + ")"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", u, err, want)
		}
		if _, err := h.Open(srv.URL+m, mirror.Options{}); err != nil {
			t.Errorf("the root the hint names, %s: %v", srv.URL+m, err)
		}
	}
}

// TestBuildCacheURLHintQuery (adversarial pass 209a): a mirror's URL
// with a token in its query that names its build_cache/
// (https://h/m/build_cache?token=x) was told the root without the
// query (messages redact it), a URL that pasted back is refused: the
// hint now says the URL above keeps the query (or the credentials) of
// the one given, without quoting it.
func TestBuildCacheURLHintQuery(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(root, "m"), index(t, "old")); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	h := &mirror.HTTP{NoCache: true, Retries: -1, Netrc: filepath.Join(root, "no-netrc")}
	host := strings.TrimPrefix(srv.URL, "http://")
	for u, want := range map[string]string{
		srv.URL + "/m/build_cache?token=secret":        "above it (" + srv.URL + "/m, with the query of the URL given)",
		"http://u:secret@" + host + "/m/build_cache/":  "above it (http://u@" + host + "/m, with the credentials of the URL given)",
		"http://secret@" + host + "/m/build_cache?a=b": "above it (" + srv.URL + "/m, with the credentials and query of the URL given)",
		srv.URL + "/m/build_cache":                     "above it (" + srv.URL + "/m)",
	} {
		_, err := h.Open(u, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "secret") {
			t.Errorf("%s: %v; want %q, no secret", u, err, want)
		}
	}
}

// TestNearIndexHint (adversarial pass 209a): a mirror's folder given as
// file:// whose index is under a near name (build_cache/Index.json,
// build-cache/, "build_cache ") was told only "not a Spack mirror: no …
// nor build_cache/index.json", where the folder read as a snapshot
// reads the file by content: the error now names the file.
func TestNearIndexHint(t *testing.T) {
	for _, near := range []string{"build_cache/Index.json", "build-cache/index.json", "build_cache /index.json", "v3/manifests/index/Index.manifest.json"} {
		if runtime.GOOS == "windows" && strings.Contains(near, " ") {
			continue // Windows drops a name's trailing space
		}
		dir := t.TempDir()
		if err := mirrorgen.V2(dir, index(t, "old")); err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(dir, filepath.FromSlash(near))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(dir, "build_cache", "index.json"), to); err != nil {
			t.Fatal(err)
		}
		_, err := (&mirror.HTTP{NoCache: true}).Open("file://"+filepath.ToSlash(dir), mirror.Options{})
		if want := fmt.Sprintf("it holds %q, which Spack does not read as its index", near); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", near, err, want)
		}
	}
}
