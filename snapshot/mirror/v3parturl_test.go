package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestV3PartURLNamesRoot (adversarial pass q6, issue 35 class e): a URL
// of a folder inside a layout-v3 mirror (…/v3, …/v3/manifests/spec,
// …/blobs/sha256, a view's folder) was "not a Spack mirror: no
// v3/manifests/index/index.manifest.json (layout v3) nor
// build_cache/index.json (layout v2)", the mirror, a folder or a few
// above, unnamed, where a URL of its build_cache/ is told its root. It
// is told the root too, with --view for a view's folder; over HTTP and
// file:// alike.
func TestV3PartURLNamesRoot(t *testing.T) {
	root := oldV3(t)
	if err := os.MkdirAll(filepath.Join(root, "v3", "manifests", "index", "gpu"), 0o755); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	open := func(u string) error {
		_, err := (&mirror.HTTP{NoCache: true}).Open(u, mirror.Options{})
		return err
	}
	for _, base := range []string{srv.URL, "file://" + filepath.ToSlash(root)} {
		for _, tc := range []struct{ rel, want string }{
			{"/v3", "the URL names a layout-v3 mirror's v3/ folder, and a mirror's URL is its root, above it (" + base + ")"},
			{"/v3/manifests/spec/", "v3/manifests/spec/ folder, and a mirror's URL is its root, above it (" + base + ")"},
			{"/blobs/sha256", "blobs/sha256/ folder, and a mirror's URL is its root, above it (" + base + ")"},
			{"/v3/manifests/index/gpu", "(" + base + ", with --view gpu)"},
		} {
			if err := open(base + tc.rel); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: %v; want %q", base+tc.rel, err, tc.want)
			}
		}
	}
}
