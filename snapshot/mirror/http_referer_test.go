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

// TestHTTPRedirectKeepsToken (81st adversarial pass): a mirror URL's
// query (?token=...) goes with each request to the mirror, and nowhere
// else: on a redirect to another host (a CDN, a bucket), net/http sent
// the URL it left, query and all, as the Referer header, so that host
// got the token.
func TestHTTPRedirectKeepsToken(t *testing.T) {
	root := oldV3(t)
	blob, _ := mirrorgen.BlobOf(root)
	var mu sync.Mutex
	var seen []string // what the other host was sent
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.String(), r.Header.Get("Referer"), r.Header.Get("Authorization"))
		mu.Unlock()
		mirrorgen.Handler(root, nil).ServeHTTP(w, r)
	}))
	defer other.Close()
	srv := newServer(t, root)
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Query().Get("token") != "s3cret" {
			http.Error(w, "no token", http.StatusForbidden)
			return true
		}
		if !strings.HasSuffix(r.URL.Path, blob) {
			return false
		}
		http.Redirect(w, r, strings.Replace(other.URL, "127.0.0.1", "localhost", 1)+r.URL.Path, http.StatusFound)
		return true
	}
	if _, _, err := fetch(&mirror.HTTP{NoCache: true, Backoff: time.Millisecond}, srv.URL+"/?token=s3cret"); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) == 0 {
		t.Fatal("the redirect was not followed")
	}
	for _, v := range seen {
		if strings.Contains(v, "s3cret") {
			t.Errorf("the other host was sent the token: %q", v)
		}
	}
}
