package mirror_test

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestOfflineGoneByContent (adversarial pass 96b): a 404 or a 403 is
// remembered for --offline (absent, refused), but only for a file kept
// by its URL: a blob the index manifest names, or an index.json its
// .hash names, that the last online run found gone was told --offline
// as "not in the cache, and --offline makes no request", and the user
// sent to the cache, where the online run had told the mirror lacks
// the file (or refuses it).
func TestOfflineGoneByContent(t *testing.T) {
	for _, c := range []struct {
		name, layout, gone string
		status             int
	}{
		{"v3 blob 404", "v3", "blobs/", http.StatusNotFound},
		{"v3 blob 403", "v3", "blobs/", http.StatusForbidden},
		{"v2 index 404", "v2", "build_cache/index.json", http.StatusNotFound},
		{"v2 index 403", "v2", "build_cache/index.json", http.StatusForbidden},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			mk := mirrorgen.V2
			if c.layout == "v3" {
				mk = func(dir string, idx []byte) error { return mirrorgen.V3(dir, idx, mirrorgen.Options{}) }
			}
			if err := mk(root, index(t, "old")); err != nil {
				t.Fatal(err)
			}
			var gone atomic.Bool
			srv := newServer(t, root)
			srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
				rel := strings.TrimPrefix(r.URL.Path, "/")
				if gone.Load() && (rel == c.gone || strings.HasPrefix(rel, c.gone) && strings.HasSuffix(c.gone, "/")) {
					http.Error(w, "gone", c.status)
					return true
				}
				return false
			}
			cache := t.TempDir()
			// The first run keeps the file; the mirror then changes
			// (a new index), and the file of the new one is gone.
			if _, _, err := fetch(&mirror.HTTP{CacheDir: cache, Retries: -1}, srv.URL); err != nil {
				t.Fatal(err)
			}
			if err := os.RemoveAll(filepath.Join(root, "blobs")); err != nil {
				t.Fatal(err)
			}
			if err := mk(root, index(t, "new")); err != nil {
				t.Fatal(err)
			}
			gone.Store(true)
			_, _, online := fetch(&mirror.HTTP{CacheDir: cache, Retries: -1}, srv.URL)
			if online == nil {
				t.Fatal("online: no error; want the file gone")
			}
			_, _, offline := fetch(&mirror.HTTP{CacheDir: cache, Offline: true}, srv.URL)
			switch {
			case offline == nil:
				t.Fatalf("--offline: no error; online: %v", online)
			case strings.Contains(offline.Error(), "not in the cache"):
				t.Errorf("--offline: %v\nonline: %v\nwant what the online run found", offline, online)
			case errors.Is(online, mirror.ErrForbidden) != errors.Is(offline, mirror.ErrForbidden):
				t.Errorf("--offline: %v\nonline: %v\nwant the same 403", offline, online)
			}
		})
	}
}

// TestOfflineCachedOverLimit (adversarial pass 96b): --offline with a
// --max-download below an index the cache holds told it "not in the
// cache" (the cache folder named as where to look), where an online run
// with that limit tells it too big, and --max-download the way out.
func TestOfflineCachedOverLimit(t *testing.T) {
	for _, hashed := range []bool{true, false} {
		root := t.TempDir()
		if err := mirrorgen.V2(root, index(t, "old")); err != nil {
			t.Fatal(err)
		}
		if !hashed {
			os.Remove(filepath.Join(root, "build_cache", "index.json.hash"))
		}
		srv := newServer(t, root)
		cache := t.TempDir()
		if _, _, err := fetch(&mirror.HTTP{CacheDir: cache, Retries: -1}, srv.URL); err != nil {
			t.Fatal(err)
		}
		small := mirror.Options{MaxBytes: 100}
		_, online := (&mirror.HTTP{CacheDir: t.TempDir(), Retries: -1}).Open(srv.URL, small)
		_, offline := (&mirror.HTTP{CacheDir: cache, Offline: true}).Open(srv.URL, small)
		if !errors.Is(online, mirror.ErrTooBig) || !errors.Is(offline, mirror.ErrTooBig) {
			t.Errorf("hashed %v: --offline: %v\nonline: %v\nwant both too big", hashed, offline, online)
		} else if !strings.Contains(offline.Error(), "--max-download") {
			t.Errorf("hashed %v: --offline: %v; want --max-download named", hashed, offline)
		}
	}
}

// TestStaleHashNoETagTold (adversarial pass 96b): an index.json its
// stale .hash does not name is kept by its ETag only; one sent without
// an ETag was kept by nothing, without the warning a manifest sent so
// gets, and --offline then said "not in the cache" without saying why.
func TestStaleHashNoETagTold(t *testing.T) {
	idx := index(t, "old")
	srv := newServer(t, t.TempDir())
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		switch r.URL.Path {
		case "/build_cache/index.json.hash":
			w.Header().Set("ETag", `"h"`)
			w.Write([]byte(strings.Repeat("ab", 32) + "\n"))
		case "/build_cache/index.json":
			w.Write(idx)
		default:
			http.NotFound(w, r)
		}
		return true
	}
	var w warnings
	h := &mirror.HTTP{CacheDir: t.TempDir(), Retries: -1, Warn: w.warn}
	if _, _, err := fetch(h, srv.URL); err != nil {
		t.Fatal(err)
	}
	if got := w.all(); len(got) != 1 || !strings.Contains(got[0], "index.json: the server sent no ETag") {
		t.Errorf("warnings %q; want one, naming the index and the missing ETag", got)
	}
	h.Offline = true
	_, _, err := fetch(h, srv.URL)
	if err == nil || !strings.Contains(err.Error(), "index.json: not in the cache, and --offline makes no request: when it was last downloaded, the server sent no ETag for it") {
		t.Errorf("--offline: %v; want that the server sent no ETag", err)
	}
}
