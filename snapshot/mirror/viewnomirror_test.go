package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestViewOfNoMirror (class e): --view x of a folder that is no Spack
// mirror (file:///tmp/pages, a catalogue's pages) said `no view "x":
// v3/manifests/index/x/index.manifest.json: not found (the mirror has
// no views)`, a mirror it is not; it says what the folder without
// --view says, "not a Spack mirror", so that a log of such URLs with
// --view x names them all as one error, as without it.
func TestViewOfNoMirror(t *testing.T) {
	pages := t.TempDir()
	if err := os.MkdirAll(filepath.Join(pages, "zlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pages, "zlib", "specs.md"), []byte("---\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{t.TempDir(), pages} {
		_, plain := mirror.Open(mirror.Dir(dir), mirror.Options{})
		_, viewed := mirror.Open(mirror.Dir(dir), mirror.Options{View: "x"})
		if plain == nil || viewed == nil || !strings.HasPrefix(plain.Error(), "not a Spack mirror") || viewed.Error() != plain.Error() {
			t.Errorf("%s: --view x: %v; want what it says without --view: %v", dir, viewed, plain)
		}
	}
}

// TestViewOfNoMirrorURL (class e): --view x of an http:// URL that is
// no Spack mirror (every file 404) said `no view "x": …: not found (HTTP
// 404)`, of a mirror it is not, as a folder did before 1fffc9cc: a URL
// cannot tell what it holds without a request. It says what the URL
// without --view says, "not a Spack mirror", in one request more; a
// mirror without the view (one of layout v2, or v3 without an index
// manifest) still says "no view", and is not read whole.
func TestViewOfNoMirrorURL(t *testing.T) {
	for _, tc := range []struct {
		files map[string]string
		want  string // the error's start with --view x; "" as without it
	}{
		{nil, ""},
		{map[string]string{"/build_cache/index.json": `{"database": {"version": "7", "installs": {}}}`}, `no view "x"`},
		{map[string]string{"/v3/layout.json": `{"signing": "gpg"}`}, `no view "x"`},
		// The root's index manifest fails (HTTP 500): said `no view
		// "x": …: not found`, the failure unsaid (e80daefb took it for
		// a manifest there); it is the failure, as without --view.
		{map[string]string{"/v3/manifests/index/index.manifest.json": "500"}, ""},
		// The root's index manifest is refused (HTTP 403): a mirror
		// whose manifest the server keeps, so the view is what is
		// missing, not the server's refusal.
		{map[string]string{"/v3/manifests/index/index.manifest.json": "403"}, `no view "x"`},
	} {
		var asked atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			asked.Add(1)
			if body := tc.files[r.URL.Path]; body == "500" {
				http.Error(w, "boom", http.StatusInternalServerError)
				return
			}
			if tc.files[r.URL.Path] == "403" {
				http.Error(w, "no", http.StatusForbidden)
				return
			}
			if body, ok := tc.files[r.URL.Path]; ok {
				w.Write([]byte(body))
				return
			}
			http.NotFound(w, r)
		}))
		h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond}
		_, plain := h.Open(srv.URL, mirror.Options{})
		plainAsked := asked.Swap(0)
		_, viewed := h.Open(srv.URL, mirror.Options{View: "x"})
		srv.Close()
		switch {
		case viewed == nil:
			t.Errorf("%v: --view x read it", tc.files)
		case tc.want == "" && (plain == nil || viewed.Error() != plain.Error() || asked.Load() > plainAsked+1):
			t.Errorf("%v: --view x: %v (%d requests); want what it says without --view: %v (%d)", tc.files, viewed, asked.Load(), plain, plainAsked)
		case tc.want != "" && !strings.HasPrefix(viewed.Error(), tc.want):
			t.Errorf("%v: --view x: %v; want %s", tc.files, viewed, tc.want)
		}
	}
}
