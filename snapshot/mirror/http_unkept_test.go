package mirror_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/asnobody"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// warnings collects what HTTP.Warn is told.
type warnings struct {
	mu   sync.Mutex
	msgs []string
}

func (w *warnings) warn(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.msgs = append(w.msgs, msg)
}

func (w *warnings) all() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.msgs
}

// TestCacheUnwritable (issue 35, adversarial round 3): a download cache
// folder that cannot be written was passed over without a word, and a
// later --offline run failed "not in the cache" with no hint why. The
// online run warns once, naming the folder; --offline says the cache
// cannot be written.
func TestCacheUnwritable(t *testing.T) {
	// The test as nobody runs in another folder: the index by its full path.
	const env = "CACHEDIFF_TEST_INDEX"
	if os.Getenv(env) == "" {
		abs, err := filepath.Abs(filepath.Join("..", "..", "testdata", "spack-gen", "new", "build_cache", "index.json"))
		if err != nil {
			t.Fatal(err)
		}
		t.Setenv(env, abs)
	}
	if !asnobody.Run(t) {
		return
	}
	idx, err := os.ReadFile(os.Getenv(env))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if err := mirrorgen.V3(root, idx, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	cache := filepath.Join(t.TempDir(), "cache")
	if err := os.Mkdir(cache, 0o555); err != nil {
		t.Fatal(err)
	}
	var w warnings
	h := &mirror.HTTP{CacheDir: cache, Backoff: time.Millisecond, Warn: w.warn}
	if _, _, err := fetch(h, srv.URL); err != nil {
		t.Fatal(err)
	}
	if got := w.all(); len(got) != 1 || !strings.Contains(got[0], "the download cache "+cache+" cannot be written (permission denied)") || !strings.Contains(got[0], "--offline will not find it") {
		t.Errorf("warnings %q; want one, naming the cache folder and --offline", got)
	}
	h.Offline = true
	_, _, err = fetch(h, srv.URL)
	if err == nil || !strings.Contains(err.Error(), "--offline makes no request: the download cache "+cache+" cannot be written (permission denied)") {
		t.Errorf("--offline: %v; want that the cache cannot be written", err)
	}
	h.CacheDir = filepath.Join(cache, "none")
	_, _, err = fetch(h, srv.URL)
	if err == nil || !strings.Contains(err.Error(), "the download cache "+h.CacheDir+" does not exist, and cannot be made ("+cache+": permission denied)") {
		t.Errorf("--offline, no cache folder: %v; want that it does not exist", err)
	}
}

// TestNoETagUnkept (issue 35, adversarial round 3): a server that sends
// no ETag (python3 -m http.server) has its manifests kept by no cache, so
// --offline after a good online run failed "not in the cache" without
// saying why. The online run warns that the server sent no ETag, and
// --offline says so.
func TestNoETagUnkept(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V3(root, index(t, "new"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		http.FileServer(http.Dir(root)).ServeHTTP(noETag{w}, r)
		return true
	}
	var w warnings
	h := &mirror.HTTP{CacheDir: t.TempDir(), Backoff: time.Millisecond, Warn: w.warn}
	for range 2 {
		if _, _, err := fetch(h, srv.URL); err != nil {
			t.Fatal(err)
		}
	}
	if got := w.all(); len(got) != 2 || !strings.Contains(got[0], "index.manifest.json: the server sent no ETag") || !strings.Contains(got[0], "--offline will not find it") {
		t.Errorf("warnings %q; want one a run, naming the manifest, the missing ETag and --offline", got)
	}
	h.Offline = true
	_, _, err := fetch(h, srv.URL)
	if err == nil || !strings.Contains(err.Error(), "index.manifest.json: not in the cache, and --offline makes no request: when it was last downloaded, the server sent no ETag for it") {
		t.Errorf("--offline: %v; want that the server sent no ETag", err)
	}
}

// noETag drops the ETag a handler sets (http.FileServer sets none, but a
// test must not hang on that).
type noETag struct{ http.ResponseWriter }

func (w noETag) WriteHeader(code int) {
	w.Header().Del("ETag")
	w.ResponseWriter.WriteHeader(code)
}
