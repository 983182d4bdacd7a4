package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHashAskedOnce (adversarial pass i29, class d/e): a v2 mirror's
// index.json.hash that a server failed (a 500, a 503 or 429 asking to
// wait) was tried 4 times, with the backoff between
// (3.5 s by default) and a notice of each retry, to be ignored then, as
// the mirror is read without it. It is asked for once, as the probe of
// a v3 mirror's is, and index.json once: no retry, no notice, no wait.
func TestHashAskedOnce(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, zlibIndex); err != nil {
		t.Fatal(err)
	}
	files := mirrorgen.Handler(dir, nil)
	for _, c := range []struct{ name, why string }{
		{"500", "HTTP 500 Internal Server Error"},
		{"503", "HTTP 503 Service Unavailable"},
		{"429", "HTTP 429 Too Many Requests"},
	} {
		var mu sync.Mutex
		asked := map[string]int{}
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			asked[r.URL.Path]++
			mu.Unlock()
			if r.URL.Path != "/build_cache/index.json.hash" {
				files.ServeHTTP(w, r)
				return
			}
			switch c.name {
			case "500":
				http.Error(w, "down", http.StatusInternalServerError)
			case "503", "429":
				w.Header().Set("Retry-After", "1")
				code := http.StatusServiceUnavailable
				if c.name == "429" {
					code = http.StatusTooManyRequests
				}
				http.Error(w, "wait", code)
			}
		}))
		var notices []string
		start := time.Now()
		src, err := (&mirror.HTTP{NoCache: true, Backoff: 2 * time.Second, Retrying: func(s string) { notices = append(notices, s) }}).Open(srv.URL, mirror.Options{})
		if err != nil {
			t.Errorf("the .hash's %s: %v; want the mirror read without it", c.name, err)
			srv.Close()
			continue
		}
		s := load(t, src)
		took := time.Since(start)
		srv.Close()
		if n := asked["/build_cache/index.json.hash"]; n != 1 {
			t.Errorf("the .hash's %s: asked for %d times; want once", c.name, n)
		}
		if n := asked["/build_cache/index.json"]; n != 1 {
			t.Errorf("the .hash's %s: index.json asked for %d times; want once", c.name, n)
		}
		if len(notices) != 0 || took > time.Second {
			t.Errorf("the .hash's %s: %d notices of a retry %q, %s; want none, at once", c.name, len(notices), notices, took)
		}
		var of []string
		for _, w := range s.Warnings {
			if strings.Contains(w.File+w.Message, "index.json.hash") {
				of = append(of, w.File+": "+w.Message)
			}
		}
		if len(of) != 1 || !strings.HasPrefix(of[0], srv.URL+"/build_cache/index.json.hash: ") || !strings.Contains(of[0], c.why) || strings.Contains(of[0], "tried") {
			t.Errorf("the .hash's %s: warnings of the .hash %q; want one, saying %q", c.name, of, c.why)
		}
	}
}
