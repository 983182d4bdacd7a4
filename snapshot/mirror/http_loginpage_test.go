package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPPageElsewhereNamed (adversarial pass 86): a mirror behind a
// single sign-on redirects every file to a login page on another host.
// The message asked whether the URL was the mirror's root, naming the
// mirror's URL alone: the user, whose URL is right, was not told that
// the page came from another host, where the redirect led.
func TestHTTPPageElsewhereNamed(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(root, "v2"), index(t, "old")); err != nil {
		t.Fatal(err)
	}
	login := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!DOCTYPE html><html><body>Sign in</body></html>"))
	}))
	defer login.Close()
	srv := newServer(t, root)
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		http.Redirect(w, r, strings.Replace(login.URL, "127.0.0.1", "localhost", 1)+"/sso?return=secret", http.StatusFound)
		return true
	}
	_, _, err := fetch(&mirror.HTTP{NoCache: true, Retries: -1}, srv.URL+"/v2")
	if err == nil || !strings.Contains(err.Error(), "an HTML or XML page") || !strings.Contains(err.Error(), `redirected to "localhost"`) {
		t.Errorf("a redirect to a login page on another host: %v; want the page named, and the host it came from", err)
	}
	if err != nil && strings.Contains(err.Error(), "secret") {
		t.Errorf("the message shows the Location's query: %v", err)
	}
}
