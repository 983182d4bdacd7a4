package mirror_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestOfflineStale404 (issue 35, adversarial round 3): the cache
// remembers a 404 (for --offline: absent, not unknown), and kept
// remembering it after the file came: a mirror that moved from layout v2
// to v3 was read online from its new index, and then, --offline, from the
// old v2 index still in the cache, as if the v3 index manifest were
// missing, without a word. A file that is there forgets its 404.
func TestOfflineStale404(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V2(root, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	// The server gives no ETag for the index manifest, so the cache
	// cannot keep it (a static server without ETags, a proxy that drops
	// them).
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.HasSuffix(r.URL.Path, "index.manifest.json") {
			return false
		}
		data, err := os.ReadFile(filepath.Join(root, r.URL.Path))
		if err != nil {
			http.NotFound(w, r)
			return true
		}
		w.Write(data)
		return true
	}
	cache := t.TempDir()
	h := func(offline bool) *mirror.HTTP {
		return &mirror.HTTP{CacheDir: cache, Offline: offline, Backoff: time.Millisecond}
	}
	old, _, err := fetch(h(false), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	// The mirror moves to layout v3, with the new index.
	if err := mirrorgen.V3(root, index(t, "new"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	online, src, err := fetch(h(false), srv.URL)
	if err != nil || src.Layout != mirror.LayoutV3 || dump(t, online) == dump(t, old) {
		t.Fatalf("online after the move: %v; want the new index, of layout v3", err)
	}
	offline, src, err := fetch(h(true), srv.URL)
	if err == nil {
		t.Fatalf("--offline read layout %s, the old index: %v; want an error: the index manifest is not in the cache", src.Layout, dump(t, offline) == dump(t, old))
	}
	if !strings.Contains(err.Error(), "index.manifest.json: not in the cache, and --offline makes no request") {
		t.Errorf("%v", err)
	}
}

// TestOfflineDeleted (issue 35, adversarial round 3): a file the cache
// kept by its ETag stayed readable --offline after the server answered
// 404 for it: a view deleted from the mirror was still read --offline,
// while online said there was none. A 404 drops what the cache kept.
func TestOfflineDeleted(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V3(root, index(t, "old"), mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	cache := t.TempDir()
	load := func(offline bool) error {
		h := &mirror.HTTP{CacheDir: cache, Offline: offline, Backoff: time.Millisecond}
		src, err := h.Open(srv.URL, mirror.Options{View: "gpu"})
		if err == nil {
			_, err = snapshot.LoadFrom(src, snapshot.Options{})
		}
		return err
	}
	if err := load(false); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(root, "v3/manifests/index/gpu")); err != nil {
		t.Fatal(err)
	}
	if err := load(false); err == nil || !strings.Contains(err.Error(), `no view "gpu"`) {
		t.Fatalf("online, the view deleted: %v", err)
	}
	if err := load(true); err == nil || !strings.Contains(err.Error(), `no view "gpu"`) {
		t.Errorf("--offline, the view deleted: %v; want no view, as the server said", err)
	}
}
