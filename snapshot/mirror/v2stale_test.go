package mirror_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestV2StaleHashOfflineNotOlder (adversarial pass 95b): an index.json
// its stale index.json.hash does not name is kept by its ETag (91af5df),
// but nothing dropped what was kept when a later run read the index
// otherwise: sent without an ETag, or gone (404, 403), or too big. An
// --offline run then read the index of a run before, not what the last
// online run read, and answered where that run failed.
func TestV2StaleHashOfflineNotOlder(t *testing.T) {
	old, cur := index(t, "old"), index(t, "new")
	for _, c := range []struct {
		name string
		then func(w http.ResponseWriter)
		max  int64
	}{
		{"no ETag", func(w http.ResponseWriter) { w.Write(cur) }, 0},
		{"404", func(w http.ResponseWriter) { http.NotFound(w, nil) }, 0},
		{"403", func(w http.ResponseWriter) { http.Error(w, "no", http.StatusForbidden) }, 0},
		{"too big", func(w http.ResponseWriter) {
			w.Header().Set("ETag", `"e2"`)
			w.Write(append(old, strings.Repeat(" ", 64)...))
		}, int64(len(old) + 1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			var second atomic.Bool
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch r.URL.Path {
				case "/m/build_cache/index.json.hash":
					w.Header().Set("ETag", `"h"`)
					w.Write([]byte(strings.Repeat("ab", 32) + "\n"))
				case "/m/build_cache/index.json":
					if second.Load() {
						c.then(w)
						return
					}
					w.Header().Set("ETag", `"e1"`)
					w.Write(old)
				default:
					http.NotFound(w, r)
				}
			}))
			defer srv.Close()
			cache := t.TempDir()
			h := &mirror.HTTP{CacheDir: cache, Retries: -1}
			if _, _, err := fetch(h, srv.URL+"/m"); err != nil {
				t.Fatal(err)
			}
			second.Store(true)
			h = &mirror.HTTP{CacheDir: cache, Retries: -1}
			_, err := h.Open(srv.URL+"/m", mirror.Options{MaxBytes: c.max})
			if (err == nil) != (c.name == "no ETag") {
				t.Fatalf("the second online run: %v", err)
			}
			off := &mirror.HTTP{CacheDir: cache, Offline: true}
			src, err2 := off.Open(srv.URL+"/m", mirror.Options{MaxBytes: c.max})
			sum := sha256.Sum256(old)
			if err2 == nil && src.Checksum == hex.EncodeToString(sum[:]) {
				t.Errorf("--offline read the index of a run before the last (checksum %s)", src.Checksum)
			}
		})
	}
}

// TestOfflineTooBigByContent (adversarial pass 95b): --offline reads a
// file found too big as the online run did (cb2c2ad), but only a file
// kept by its URL: an index.json its .hash names, or a blob, found too
// big was told offline as "not in the cache", and the user sent to the
// cache, not to --max-download.
func TestOfflineTooBigByContent(t *testing.T) {
	idx := index(t, "old")
	sum := sha256.Sum256(idx)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/m/build_cache/index.json.hash":
			w.Header().Set("ETag", `"h"`)
			w.Write([]byte(hex.EncodeToString(sum[:]) + "\n"))
		case "/m/build_cache/index.json":
			w.Header().Set("ETag", `"e"`)
			w.Write(idx)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	cache := t.TempDir()
	o := mirror.Options{MaxBytes: int64(len(idx) - 1)}
	for _, h := range []*mirror.HTTP{{CacheDir: cache, Retries: -1}, {CacheDir: cache, Offline: true}} {
		_, err := h.Open(srv.URL+"/m", o)
		if !errors.Is(err, mirror.ErrTooBig) || !strings.Contains(err.Error(), "--max-download") {
			t.Errorf("offline %v: %v; want it too big", h.Offline, err)
		}
	}
}

// TestOfflineTooBigOtherLimit (adversarial pass 95b): a file found too
// big was remembered so by the limit it was asked with, and only a run
// with that limit forgot it: a later run with another --max-download
// that found it gone left the mark, and --offline with the first limit
// told the file too big, where the last run had found none.
func TestOfflineTooBigOtherLimit(t *testing.T) {
	idx := index(t, "old")
	var gone atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/m/build_cache/index.json" && !gone.Load() {
			w.Header().Set("ETag", `"e"`)
			w.Write(idx)
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	cache := t.TempDir()
	small := mirror.Options{MaxBytes: int64(len(idx) - 1)}
	if _, err := (&mirror.HTTP{CacheDir: cache, Retries: -1}).Open(srv.URL+"/m", small); !errors.Is(err, mirror.ErrTooBig) {
		t.Fatalf("%v; want it too big", err)
	}
	gone.Store(true)
	if _, err := (&mirror.HTTP{CacheDir: cache, Retries: -1}).Open(srv.URL+"/m", mirror.Options{}); err == nil || errors.Is(err, mirror.ErrTooBig) {
		t.Fatalf("%v; want no index", err)
	}
	_, err := (&mirror.HTTP{CacheDir: cache, Offline: true}).Open(srv.URL+"/m", small)
	if err == nil || errors.Is(err, mirror.ErrTooBig) {
		t.Errorf("--offline: %v; want no index, as the last run found", err)
	}
}
