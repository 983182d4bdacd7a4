package mirror_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPRedirects (issue 35, adversarial round 3): a redirect to
// file:// was tried four times, as if the connection had broken, and
// then said "unsupported protocol scheme"; a redirect from https to http
// was followed, sending the request, and the Authorization of the URL's
// or .netrc's credentials, in the clear. Both are refused at once, naming
// where the redirect led (without credentials).
func TestHTTPRedirects(t *testing.T) {
	root := oldV3(t)
	blob, _ := mirrorgen.BlobOf(root)
	var plainHits atomic.Int32
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		plainHits.Add(1)
		mirrorgen.Handler(root, nil).ServeHTTP(w, r)
	}))
	defer plain.Close()
	var to string
	var hits atomic.Int32
	tls := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, blob) {
			hits.Add(1)
			http.Redirect(w, r, to+r.URL.Path, http.StatusFound)
			return
		}
		mirrorgen.Handler(root, nil).ServeHTTP(w, r)
	}))
	defer tls.Close()
	h := func() *mirror.HTTP {
		return &mirror.HTTP{Client: tls.Client(), NoCache: true, Backoff: time.Millisecond}
	}
	for _, c := range []struct{ name, to, want string }{
		{"file", "file://" + filepath.Dir(filepath.Join(root, blob)), "redirected to file://"},
		{"https to http", "http://user:s3cret@" + strings.TrimPrefix(plain.URL, "http://"), "redirected from https to http://user@127.0.0.1:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			to = c.to
			hits.Store(0)
			_, _, err := fetch(h(), tls.URL)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v; want %q", err, c.want)
			}
			if err != nil && strings.Contains(err.Error(), "s3cret") {
				t.Errorf("the message shows the password: %v", err)
			}
			if n := hits.Load(); n != 1 {
				t.Errorf("the redirect was asked for %d times; want once, not retried", n)
			}
			if n := plainHits.Load(); n != 0 {
				t.Errorf("the plain-HTTP server got %d requests", n)
			}
		})
	}
	// A redirect among https servers, or from http to https, is
	// followed, as a CDN's is.
	other := httptest.NewTLSServer(mirrorgen.Handler(root, nil))
	defer other.Close()
	to = other.URL
	if _, _, err := fetch(h(), tls.URL); err != nil {
		t.Errorf("https to https: %v", err)
	}
	to = tls.URL
	if _, _, err := fetch(h(), plain.URL); err != nil {
		t.Errorf("http: %v", err)
	}
}

// TestHTTPHugeHeaders (issue 35, adversarial round 3): an answer's
// headers were read up to net/http's 10 MB, at each of the four tries.
// A mirror's answers have headers of a few hundred bytes: past
// maxHeaderBytes (1 MiB) they are refused.
func TestHTTPHugeHeaders(t *testing.T) {
	root := oldV3(t)
	srv := newServer(t, root)
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		for i := range 300 { // 2.4 MB
			w.Header().Add(fmt.Sprintf("X-Junk-%d", i), strings.Repeat("x", 8000))
		}
		return false
	}
	_, _, err := fetch(&mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Retries: -1}, srv.URL)
	if err == nil || !strings.Contains(err.Error(), "headers are over 1048576 bytes") {
		t.Errorf("%v; want the headers refused past 1 MiB", err)
	}
	srv.requests()
}

// TestHTTPRedirectOtherHost: a redirect to another host (a CDN, a
// bucket) is followed, and the credentials of the URL or .netrc are not
// sent there; a 304 to a request that asked for no comparison is an
// error, not an empty file.
func TestHTTPRedirectOtherHost(t *testing.T) {
	root := oldV3(t)
	blob, _ := mirrorgen.BlobOf(root)
	var auth atomic.Value
	auth.Store("")
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth.Store(r.Header.Get("Authorization"))
		mirrorgen.Handler(root, nil).ServeHTTP(w, r)
	}))
	defer other.Close()
	srv := newServer(t, root)
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.HasSuffix(r.URL.Path, blob) {
			return false
		}
		srv.record(r, 302)
		http.Redirect(w, r, strings.Replace(other.URL, "127.0.0.1", "localhost", 1)+r.URL.Path, http.StatusFound)
		return true
	}
	u := strings.Replace(srv.URL, "http://", "http://user:s3cret@", 1)
	if _, _, err := fetch(&mirror.HTTP{NoCache: true, Backoff: time.Millisecond}, u); err != nil {
		t.Fatal(err)
	}
	if srv.auth == "" {
		t.Error("the mirror's own host got no credentials")
	}
	if a := auth.Load().(string); a != "" {
		t.Errorf("the other host got Authorization %q", a)
	}
	srv.requests()
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		srv.record(r, 304)
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	if _, _, err := fetch(&mirror.HTTP{NoCache: true, Backoff: time.Millisecond}, srv.URL); err == nil || !strings.Contains(err.Error(), "HTTP 304 Not Modified") {
		t.Errorf("a 304 without a cache: %v", err)
	}
	srv.requests()
}
