package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestRootHintKeepsEscapedSlash (adversarial pass i24, class e): the
// root a URL inside a mirror is told to give instead (its build_cache/,
// its index.json, a view's folder) was written from the URL's decoded
// path, so an escaped slash in it, as a GitLab project's URL has
// (/api/v4/projects/group%2Fproject/…), became a slash: the hint named
// …/g/p/mirror, where the mirror's files were asked for, and are
// served, under …/g%2Fp/mirror. It keeps the URL's own spelling.
func TestRootHintKeepsEscapedSlash(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	for _, p := range []string{"/api/g%2Fp/mirror/build_cache", "/api/g%2Fp/mirror/build_cache/index.json", "/api/g%2Fp/mirror/v3/manifests/index/gpu/", "/api/g%2Fp/mirror/v3"} {
		_, err := (&mirror.HTTP{NoCache: true}).Open(srv.URL+p, mirror.Options{})
		if want := "its root, above it (" + srv.URL + "/api/g%2Fp/mirror"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", p, err, want)
		}
	}
	// An escaped slash at the root's end (adversarial pass i26, class
	// e): path.Dir of …/a//build_cache dropped the empty name it leaves,
	// and the hint named …/a, a folder the mirror is not in. The root
	// of /build_cache is the server's root.
	for p, root := range map[string]string{"/a%2F/build_cache": "/a%2F)", "/a%2F/build_cache/index.json": "/a%2F)", "/build_cache": "/)"} {
		_, err := (&mirror.HTTP{NoCache: true}).Open(srv.URL+p, mirror.Options{})
		if want := "its root, above it (" + srv.URL + root; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", p, err, want)
		}
	}
}
