package mirror_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPAnswersNamed (adversarial pass 78): a 401 says how to give
// credentials, or that those given were refused; a server that answers a
// web page where the mirror's file should be says so, not "invalid
// character '<'"; and a token in the mirror URL's query goes with every
// request, not dropped (every file was then refused).
func TestHTTPAnswersNamed(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(root, "v2"), index(t, "old")); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	h := &mirror.HTTP{NoCache: true, Retries: -1, Netrc: filepath.Join(root, "no-netrc")}

	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		w.Header().Set("WWW-Authenticate", `Basic realm="mirror"`)
		http.Error(w, "401", http.StatusUnauthorized)
		return true
	}
	for _, c := range []struct{ url, want string }{
		{srv.URL + "/v2", "give them in the URL (https://USER:TOKEN@host/path) or in a .netrc file"},
		{strings.Replace(srv.URL, "://", "://user:secret@", 1) + "/v2", "the credentials in the URL were refused"},
		// A token in the query was sent, and refused (81st adversarial
		// pass: the hint said to give credentials, as if none were).
		{srv.URL + "/v2/?token=secret", "the URL's query (a token?) was sent with each request, and refused"},
	} {
		_, _, err := fetch(h, c.url)
		if err == nil || !strings.Contains(err.Error(), "HTTP 401") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s answering 401: %v, want the status and %q", c.url, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "secret") {
			t.Errorf("the message shows the password: %v", err)
		}
	}

	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("\n<!DOCTYPE html><html><body>Sign in</body></html>"))
		return true
	}
	_, _, err := fetch(h, srv.URL+"/v2")
	if err == nil || !strings.Contains(err.Error(), "an HTML or XML page") || !strings.Contains(err.Error(), "text/html") || strings.Contains(err.Error(), "invalid character") {
		t.Errorf("a web page for every file: %v, want it named an HTML page", err)
	}

	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Query().Get("token") != "abc" {
			http.Error(w, "<Error><Code>AccessDenied</Code></Error>", http.StatusForbidden)
			return true
		}
		return false
	}
	s, _, err := fetch(h, srv.URL+"/v2/?token=abc")
	if err != nil {
		t.Fatalf("a mirror URL with a token in its query: %v", err)
	}
	if s.Specs() == 0 {
		t.Errorf("a mirror URL with a token in its query: no specs")
	}
}
