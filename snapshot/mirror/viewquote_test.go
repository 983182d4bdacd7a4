package mirror_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestViewQuotedInASCII (issue 35, classes a and e): --view's value,
// the index manifest it names, the view a URL's folder names, the host
// of a file URL and the host a mirror redirected to were shown raw or
// with %q: --view $'g\ny' put a line of its own in "no view" (its file
// named raw after it), and a lookalike (gе, its е Cyrillic) read as the
// view ge, the host dеv as dev. Each is quoted in ASCII, as a
// manifest's fields are (quoteField), or a shell word in ASCII where a
// hint says what to type.
func TestViewQuotedInASCII(t *testing.T) {
	dir := oldV3(t)
	srv := newServer(t, dir)
	h := &mirror.HTTP{NoCache: true, Retries: -1}
	check := func(what string, err error, want string) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), want) || strings.ContainsFunc(err.Error(), func(r rune) bool { return r < ' ' || r > '~' && r != '…' }) {
			t.Errorf("%s: %v; want %s, in printable ASCII", what, err, want)
		}
	}
	for view, want := range map[string]string{
		"g\ny": `no view "g\ny": "v3/manifests/index/g\ny/index.manifest.json": not found`,
		"gе":   `no view "g\u0435": "v3/manifests/index/g\u0435/index.manifest.json": not found`,
	} {
		_, err := mirror.Open(mirror.Dir(dir), mirror.Options{View: view})
		check(view, err, want)
	}
	// Over HTTP, as from a folder: the file was named by its URL,
	// percent-encoded, "…/index/g%D0%B5/…" and for x%41 "…/x%2541/…", a
	// view of another name than the one given.
	for view, want := range map[string]string{
		"gе":   `no view "g\u0435": "v3/manifests/index/g\u0435/index.manifest.json": not found (HTTP 404)`,
		"x%41": `no view "x%41": v3/manifests/index/x%41/index.manifest.json: not found (HTTP 404)`,
	} {
		_, err := h.Open(srv.URL+"/", mirror.Options{View: view})
		check(view+" over HTTP", err, want)
	}
	_, err := mirror.Open(mirror.Dir(dir), mirror.Options{View: "gе/x"})
	check("a slash", err, `--view "g\u0435/x": a view is a folder name`)
	_, err = h.Open(srv.URL+"/v3/manifests/index/g%D0%B5/", mirror.Options{})
	check("a view's folder", err, `with --view $'g\xd0\xb5')`)
	_, err = h.Open("file://dеv/m", mirror.Options{})
	check("a file URL's host", err, `file URL of host "d\u0435v"`)

	front := newServer(t, dir)
	front.fault = func(w http.ResponseWriter, r *http.Request) bool {
		http.Redirect(w, r, "http://cdn.mirrоr.test"+r.URL.RequestURI(), http.StatusFound)
		return true
	}
	cdn := newServer(t, dir)
	cdn.fault = func(w http.ResponseWriter, r *http.Request) bool {
		http.Error(w, "401", http.StatusUnauthorized)
		return true
	}
	client := hostsClient(t, map[string]string{"mirror.test:80": front.Listener.Addr().String(), "": cdn.Listener.Addr().String()})
	h = &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Retries: -1, Client: client}
	_, _, err = fetch(h, "http://mirror.test/")
	check("a redirect", err, `redirected to "cdn.mirr\u043er.test", which wants credentials`)
}

// TestViewColonQuoted (classes a and e): a view's index manifest whose
// folder holds ": " was named as it is, "v3/manifests/index/a:
// b/index.manifest.json: line 1, column 2: …", read as the file
// v3/manifests/index/a and a place "b/index.manifest.json" in it. It is
// quoted, from a folder and over HTTP, as the loader's paths are
// (loadingPath).
func TestViewColonQuoted(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, zlibIndex, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "v3", "manifests", "index", "a: b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "v3", "manifests", "index", "a: b", "index.manifest.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, dir)
	want := `"v3/manifests/index/a: b/index.manifest.json": line 1, column 2: not a manifest`
	_, err := mirror.Open(mirror.Dir(dir), mirror.Options{View: "a: b"})
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("from a folder: %v; want it to begin %s", err, want)
	}
	_, err = (&mirror.HTTP{NoCache: true, Retries: -1}).Open(srv.URL+"/", mirror.Options{View: "a: b"})
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("over HTTP: %v; want it to begin %s", err, want)
	}
}
