package mirror_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPBadLocationKeepsToken (82nd adversarial pass): a redirect whose
// Location does not parse was told with net/http's error, which quotes
// the Location whole: its query (a signed URL's signature, a token) went
// to the log. The error names the mirror's URL, redacted, and says the
// Location did not parse, without quoting it.
func TestHTTPBadLocationKeepsToken(t *testing.T) {
	root := oldV3(t)
	srv := newServer(t, root)
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		w.Header().Set("Location", "/x%zz?X-Amz-Signature=s3cret")
		w.WriteHeader(http.StatusFound)
		return true
	}
	_, _, err := fetch(&mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Retries: -1}, srv.URL+"/")
	if err == nil {
		t.Fatal("a redirect to a Location that does not parse was followed")
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Errorf("the error quotes the Location's query: %v", err)
	}
	if !strings.Contains(err.Error(), "Location") {
		t.Errorf("the error does not say the Location is to blame: %v", err)
	}
}
