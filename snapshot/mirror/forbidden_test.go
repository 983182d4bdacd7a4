package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// bucket serves the folder dir as a public S3 bucket that grants reads
// and not listings: a file that is not there is HTTP 403 Access Denied,
// not 404 (S3 tells a missing key only to whom may list the bucket).
// forbidden lists files that are there and refused all the same.
func bucket(t *testing.T, dir string, forbidden ...string) *httptest.Server {
	inner := mirrorgen.Handler(dir, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rel := strings.TrimPrefix(r.URL.Path, "/")
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
		for _, f := range forbidden {
			if rel == f {
				err = os.ErrPermission
			}
		}
		if err != nil {
			http.Error(w, "<Error><Code>AccessDenied</Code></Error>", http.StatusForbidden)
			return
		}
		inner.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestForbiddenIsAbsent: a layout-v2 mirror in a bucket that answers 403
// for a missing file is read (adversarial pass 71: the 403 of the first
// file probed, the v3 index manifest, failed every such mirror with exit
// 2), with a warning that names the 403 read as absent; a bucket that
// refuses everything still fails with the 403, and a layout-v3 mirror
// whose index manifest is refused is never read as the v2 index beside
// it.
func TestForbiddenIsAbsent(t *testing.T) {
	h := func() *mirror.HTTP { return &mirror.HTTP{NoCache: true, Retries: -1} }
	v2 := t.TempDir()
	if err := mirrorgen.V2(v2, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	disk, err := snapshot.LoadFrom(mustOpen(t, v2), snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}

	s, src, err := fetch(h(), bucket(t, v2).URL)
	if err != nil {
		t.Fatalf("a v2 mirror in a bucket that answers 403 for what is missing: %v", err)
	}
	if s.Specs() != disk.Specs() || src.Layout != mirror.LayoutV2 {
		t.Errorf("read %d specs of layout %s; want %d of v2", s.Specs(), src.Layout, disk.Specs())
	}
	warned := false
	for _, w := range s.Warnings {
		if strings.Contains(w.File+w.Message, "403") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning that a 403 was read as absent: %v", s.Warnings)
	}

	_, _, err = fetch(h(), bucket(t, v2, "build_cache/index.json").URL)
	if err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("a bucket that refuses the index: %v; want the 403", err)
	}

	// A migrated mirror: v3 beside the v2 index it came from.
	both := t.TempDir()
	if err := mirrorgen.V2(both, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(both, index(t, "new"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	_, _, err = fetch(h(), bucket(t, both, "v3/manifests/index/index.manifest.json").URL)
	if err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("a v3 mirror whose index manifest is refused: %v; want the 403, not the v2 index", err)
	}
}

func mustOpen(t *testing.T, dir string) *mirror.Source {
	t.Helper()
	src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestForbiddenOffline: the 403s a bucket answered are remembered as
// its 404s are, so that --offline reads the v2 mirror it read online.
func TestForbiddenOffline(t *testing.T) {
	v2 := t.TempDir()
	if err := mirrorgen.V2(v2, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	srv := bucket(t, v2)
	cache := t.TempDir()
	on, _, err := fetch(&mirror.HTTP{CacheDir: cache, Retries: -1}, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	srv.Close()
	off, _, err := fetch(&mirror.HTTP{CacheDir: cache, Offline: true}, srv.URL)
	if err != nil || off.Specs() != on.Specs() {
		t.Fatalf("offline: %v; want the %d specs read online", err, on.Specs())
	}
}
