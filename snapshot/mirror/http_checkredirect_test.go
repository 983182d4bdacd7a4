package mirror_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestOwnCheckRedirectNotRetried: a Client of one's own whose
// CheckRedirect refuses a redirect decided so, and the same request
// would be refused again: it was taken for a passing fault and tried 4
// times (pass 95b's lead). It is said once, naming the redirect and the
// Client's reason.
func TestOwnCheckRedirectNotRetried(t *testing.T) {
	srv := newServer(t, t.TempDir())
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		srv.record(r, http.StatusFound)
		http.Redirect(w, r, "/elsewhere?token=s3cret", http.StatusFound)
		return true
	}
	h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Client: &http.Client{
		CheckRedirect: func(*http.Request, []*http.Request) error { return errors.New("no redirects here") },
	}}
	_, err := h.Open(srv.URL+"/m", mirror.Options{})
	if err == nil || !strings.Contains(err.Error(), "redirected to") || !strings.Contains(err.Error(), "no redirects here") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("a redirect the Client refuses: %v; want it named, with the Client's reason, the token not shown", err)
	}
	if got := srv.requests(); len(got) != 1 {
		t.Errorf("requests %q; want one: a Client's refusal is not tried again", got)
	}
}
