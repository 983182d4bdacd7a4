package mirror_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestCacheKeptPerToken: what the download cache keeps by its ETag (a
// manifest) is kept per URL, its query included, so that what was sent
// for one token is never what another reads without asking the server;
// a blob, kept by its checksum, is not downloaded again under another
// token (docs/usage.md: a presigned URL's token changes every run).
func TestCacheKeptPerToken(t *testing.T) {
	root := oldV3(t)
	srv := newServer(t, root)
	h := &mirror.HTTP{CacheDir: t.TempDir(), Backoff: time.Millisecond, Netrc: filepath.Join(root, "no-netrc")}
	blobs := func(log []string) (n int) {
		for _, l := range log {
			if strings.Contains(l, "/blobs/") && strings.HasSuffix(l, " 200") {
				n++
			}
		}
		return n
	}
	if _, _, err := fetch(h, srv.URL+"/?token=a"); err != nil {
		t.Fatal(err)
	}
	if first := srv.requests(); blobs(first) != 1 {
		t.Fatalf("first run: %q, want one blob downloaded", first)
	}
	// The same token again: the manifest asked with If-None-Match.
	if _, _, err := fetch(h, srv.URL+"/?token=a"); err != nil {
		t.Fatal(err)
	}
	again := srv.requests()
	if blobs(again) != 0 || !slices.ContainsFunc(again, func(l string) bool { return strings.Contains(l, "index.manifest.json if-none-match 304") }) {
		t.Errorf("the same token again: %q, want the manifest answered 304 and no blob", again)
	}
	// Another token: the manifest is asked for whole (nothing kept for
	// this URL), the blob is the one kept.
	if _, _, err := fetch(h, srv.URL+"/?token=b"); err != nil {
		t.Fatal(err)
	}
	other := srv.requests()
	if blobs(other) != 0 || slices.ContainsFunc(other, func(l string) bool { return strings.Contains(l, "if-none-match") }) {
		t.Errorf("another token: %q, want the manifest asked without an ETag, and no blob", other)
	}
}
