package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestProxyRefusalSaid (pass 89a): a proxy that does not open the
// tunnel to an https:// mirror (its answer to CONNECT) reaches net/http
// as its status text alone: the error was "https://mirror/...:
// Forbidden (tried 4 times)", as if the mirror had said it, and a
// refusal (403, 407) was tried 4 times. It now names the proxy (without
// its password) and its status, and a refusal is said at once; a 502 is
// retried as before.
func TestProxyRefusalSaid(t *testing.T) {
	for _, c := range []struct {
		code    int
		retried bool
	}{{http.StatusForbidden, false}, {http.StatusProxyAuthRequired, false}, {http.StatusBadGateway, true}} {
		var connects atomic.Int32
		proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodConnect {
				connects.Add(1)
			}
			w.WriteHeader(c.code)
		}))
		u, err := url.Parse(proxy.URL)
		if err != nil {
			t.Fatal(err)
		}
		u.User = url.UserPassword("alice", "s3cret")
		h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond,
			Client: &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(u)}}}
		_, _, err = fetch(h, "https://mirror.example/mirror")
		proxy.Close()
		if err == nil {
			t.Fatalf("HTTP %d: no error", c.code)
		}
		msg := err.Error()
		if !strings.Contains(msg, "proxy") || !strings.Contains(msg, proxy.URL[len("http://"):]) || !strings.Contains(msg, http.StatusText(c.code)) {
			t.Errorf("HTTP %d: %q; want the proxy named, and its answer", c.code, msg)
		}
		if strings.Contains(msg, "s3cret") {
			t.Errorf("HTTP %d: %q shows the proxy's password", c.code, msg)
		}
		if retried := connects.Load() > 1; retried != c.retried {
			t.Errorf("HTTP %d: %q after %d CONNECTs; want retried %v", c.code, msg, connects.Load(), c.retried)
		}
	}
}
