package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPRedirectedAway404 (adversarial pass 118b): a mirror URL whose
// every file the server redirects to another host (a site moved, a
// gateway's default page), which answers 404, was "not a Spack mirror:
// no v3/... nor build_cache/index.json", naming neither the URL's files
// nor the redirect: the user looked for the mirror's files on the
// mirror's host. The error now says where the answers came from.
func TestHTTPRedirectedAway404(t *testing.T) {
	away := httptest.NewServer(http.NotFoundHandler())
	defer away.Close()
	awayURL := strings.Replace(away.URL, "127.0.0.1", "localhost", 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, awayURL+"/moved"+r.URL.Path, http.StatusMovedPermanently)
	}))
	defer srv.Close()
	_, _, err := fetch(&mirror.HTTP{NoCache: true, Backoff: time.Millisecond}, srv.URL+"/m")
	if err == nil || !strings.Contains(err.Error(), `redirected to "localhost"`) {
		t.Errorf("%v; want the redirect to localhost named", err)
	}
}
