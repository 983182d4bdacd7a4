package mirror_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestNetrcNotSentElsewhere (83rd adversarial pass): the credentials of a
// .netrc file for the mirror's host were set as an Authorization header,
// which net/http sends on along a redirect to a subdomain of the host
// (mirror.test to cdn.mirror.test): to a host they were not given for.
// They go to the mirror's host alone, as credentials in the URL do; a
// redirect elsewhere is asked without them.
func TestNetrcNotSentElsewhere(t *testing.T) {
	root := oldV3(t)
	cdn := newServer(t, root)
	front := newServer(t, root)
	front.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if r.Header.Get("Authorization") == "" {
			http.Error(w, "401", http.StatusUnauthorized)
			return true
		}
		http.Redirect(w, r, "http://cdn.mirror.test"+r.URL.RequestURI(), http.StatusFound)
		return true
	}
	client := hostsClient(t, map[string]string{"mirror.test:80": front.Listener.Addr().String(), "cdn.mirror.test:80": cdn.Listener.Addr().String()})
	rc := filepath.Join(t.TempDir(), "netrc")
	if err := os.WriteFile(rc, []byte("machine mirror.test login me password n3trc\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Retries: -1, Netrc: rc, Client: client}
	if _, _, err := fetch(h, "http://mirror.test/"); err != nil {
		t.Fatal(err)
	}
	if len(cdn.requests()) == 0 {
		t.Fatal("no request was redirected")
	}
	if cdn.auth != "" {
		t.Errorf("cdn.mirror.test was sent %q, the .netrc credentials of mirror.test", cdn.auth)
	}
	// The host redirected to asks for credentials: the hint says they
	// were not sent there, not that they were refused.
	cdn.fault = func(w http.ResponseWriter, r *http.Request) bool {
		http.Error(w, "401", http.StatusUnauthorized)
		return true
	}
	_, _, err := fetch(h, "http://mirror.test/")
	if err == nil || !strings.Contains(err.Error(), `redirected to "cdn.mirror.test", which wants credentials`) {
		t.Errorf("a 401 of the host redirected to: %v; want it named, and why it got no credentials", err)
	}
}
