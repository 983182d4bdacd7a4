package mirror_test

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestLeadingSpaceBounded (issue 35, class d: an unbounded read): a
// v2 index.json of 1 GiB of spaces was read whole under --max-download's
// 4 GiB, over HTTP a minute and 3 times its size in memory, to be told
// then that it holds no JSON value. A file that begins with more than 1
// MiB of whitespace is read no further, from a server (and not asked
// for again) or a folder; one that begins with 1 MiB of it still loads.
func TestLeadingSpaceBounded(t *testing.T) {
	const bound = 1 << 20
	const want = "begins with more than 1048576 bytes of whitespace"
	var sent atomic.Int64
	srv := newServer(t, t.TempDir())
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/build_cache/index.json" {
			return false
		}
		chunk := bytes.Repeat([]byte(" "), 64<<10)
		for range 8 * bound / len(chunk) { // 8 MiB, no length said
			n, err := w.Write(chunk)
			sent.Add(int64(n))
			if err != nil {
				break
			}
		}
		return true
	}
	_, _, err := fetch(&mirror.HTTP{NoCache: true, Backoff: time.Millisecond}, srv.URL)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("8 MiB of spaces over HTTP: %v; want %q", err, want)
	}
	if n := strings.Count(strings.Join(srv.requests(), "\n"), "GET /build_cache/index.json "); n > 1 {
		t.Errorf("asked for the index %d times; want once", n)
	}

	idx := index(t, "old")
	for spaces, ok := range map[int]bool{bound: true, bound + 1: false} {
		dir := t.TempDir()
		if err := mirrorgen.V2(dir, idx); err != nil {
			t.Fatal(err)
		}
		os.Remove(filepath.Join(dir, "build_cache", "index.json.hash"))
		data := append(bytes.Repeat([]byte("\n"), spaces), idx...)
		if err := os.WriteFile(filepath.Join(dir, "build_cache", "index.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err == nil {
			_, err = snapshot.LoadFrom(src, snapshot.Options{})
		}
		if ok && err != nil || !ok && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("an index after %d bytes of whitespace: %v; want it loaded: %v", spaces, err, ok)
		}
	}
}
