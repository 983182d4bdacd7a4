package mirror_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPStall (issue 35, adversarial round 3): a request was bounded
// by a fixed 2 minutes, its body included. A server that answers nothing,
// or drips a byte at a time, held each of the four tries for the full
// 2 minutes, and a large index on a slow but steady link failed at 2
// minutes each time, however fast it came. Now an answer that brings
// fewer than MinRate bytes a second over Stall is given up (and tried
// again), a steady one runs as long as it needs, and the whole load is
// bounded by Total (--download-timeout).
func TestHTTPStall(t *testing.T) {
	t.Parallel()
	idx := index(t, "old")
	root := t.TempDir()
	if err := mirrorgen.V3(root, idx, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	blob, _ := mirrorgen.BlobOf(root)
	blobData, _ := os.ReadFile(filepath.Join(root, blob))
	srv := newServer(t, root)
	isBlob := func(r *http.Request) bool { return strings.HasSuffix(r.URL.Path, blob) }
	h := func() *mirror.HTTP {
		return &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Stall: 500 * time.Millisecond, Retries: -1}
	}
	drip := func(every time.Duration, n int) func(w http.ResponseWriter, r *http.Request) bool {
		return func(w http.ResponseWriter, r *http.Request) bool {
			if !isBlob(r) {
				return false
			}
			srv.record(r, 200)
			w.Header().Set("Content-Length", fmt.Sprint(len(blobData)))
			for i := 0; i < len(blobData); i += n {
				if _, err := w.Write(blobData[i:min(i+n, len(blobData))]); err != nil {
					return true
				}
				w.(http.Flusher).Flush()
				select {
				case <-r.Context().Done():
					return true
				case <-time.After(every):
				}
			}
			return true
		}
	}
	t.Run("slow drip", func(t *testing.T) {
		srv.fault = drip(20*time.Millisecond, 1) // 50 bytes a second
		start := time.Now()
		_, _, err := fetch(h(), srv.URL)
		if err == nil || !strings.Contains(err.Error(), "/"+blob+": fewer than 1024 bytes a second for 500ms: given up") {
			t.Errorf("%v", err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("given up after %s; want about the stall time, 500ms", d)
		}
		srv.requests()
	})
	t.Run("no answer", func(t *testing.T) {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if !isBlob(r) {
				return false
			}
			srv.record(r, 0)
			<-r.Context().Done()
			return true
		}
		start := time.Now()
		_, _, err := fetch(h(), srv.URL)
		if err == nil || !strings.Contains(err.Error(), "/"+blob+": no answer for 500ms: given up") {
			t.Errorf("%v", err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("given up after %s; want about the stall time, 500ms", d)
		}
		srv.requests()
	})
	t.Run("slow and steady", func(t *testing.T) {
		// Ten pieces over a second: longer than the stall time, faster
		// than the least rate; a per-request bound no longer cuts it.
		srv.fault = drip(100*time.Millisecond, len(blobData)/10+1)
		hh := h()
		hh.MinRate = 100
		if _, _, err := fetch(hh, srv.URL); err != nil {
			t.Fatal(err)
		}
		srv.requests()
	})
	t.Run("the whole load's time", func(t *testing.T) {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if !isBlob(r) {
				return false
			}
			srv.record(r, 0)
			<-r.Context().Done()
			return true
		}
		hh := h()
		hh.Retries, hh.Total = 100, 1200*time.Millisecond
		start := time.Now()
		_, _, err := fetch(hh, srv.URL)
		if err == nil || !strings.Contains(err.Error(), "the whole download's time, 1.2s, is up (--download-timeout)") {
			t.Errorf("%v", err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("given up after %s; want about 1.2s", d)
		}
		srv.requests()
	})
}
