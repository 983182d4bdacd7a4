package mirror_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestOfflineNotStaleAfterNoETag (issue 35, adversarial round 3): a
// manifest kept by its ETag stayed in the cache when the server later
// sent it without one: the online run read the new index, and --offline
// then read the old one, without a word. A file sent without an ETag
// drops what the cache kept of it.
func TestOfflineNotStaleAfterNoETag(t *testing.T) {
	root := oldV3(t)
	srv := newServer(t, root)
	cache := t.TempDir()
	h := func(offline bool) *mirror.HTTP {
		return &mirror.HTTP{CacheDir: cache, Offline: offline, Backoff: time.Millisecond}
	}
	old, _, err := fetch(h(false), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	// The mirror gets a new index, and the server (a proxy put in front
	// of it) stops sending ETags.
	if err := mirrorgen.V3(root, index(t, "new"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		http.FileServer(http.Dir(root)).ServeHTTP(noETag{w}, r)
		return true
	}
	online, _, err := fetch(h(false), srv.URL)
	if err != nil || dump(t, online) == dump(t, old) {
		t.Fatalf("online: %v; want the new index", err)
	}
	offline, _, err := fetch(h(true), srv.URL)
	if err == nil {
		t.Fatalf("--offline read the old index (%v): want an error, the manifest not kept", dump(t, offline) == dump(t, old))
	}
}
