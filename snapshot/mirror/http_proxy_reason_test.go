package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestProxyRefusalOwnReason (pass 90b): a proxy's answer to CONNECT
// reaches net/http as its reason phrase alone, and pass 89a knew a
// refusal only by a phrase of net/http's own (http.StatusText). A proxy
// that words its own ("407 authenticationrequired", as Blue Coat's does;
// "403 Access Denied") read as the mirror's error, and was tried 4
// times; one whose phrase is another code's ("502 Forbidden") was taken
// for that code; a 429, passing, was not retried; and a long phrase
// (64 KB) was quoted whole. The proxy's code is now read from its
// answer itself.
func TestProxyRefusalOwnReason(t *testing.T) {
	long := strings.Repeat("x", 64<<10)
	for _, c := range []struct {
		status  string
		code    string
		retried bool
	}{
		{"407 authenticationrequired", "HTTP 407", false},
		{"403 Access Denied", "HTTP 403", false},
		{"502 Forbidden", "HTTP 502", true},
		{"429 Too Many Requests", "HTTP 429", true},
		{"502 " + long, "HTTP 502", true},
		// No reason at all: the code's own words, not "HTTP 407  (it
		// wants...", two spaces around nothing (pass 91b).
		{"407", "HTTP 407 Proxy Authentication Required (", false},
	} {
		var connects atomic.Int32
		proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodConnect {
				w.WriteHeader(http.StatusTeapot)
				return
			}
			connects.Add(1)
			conn, buf, err := http.NewResponseController(w).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			buf.WriteString("HTTP/1.1 " + c.status + "\r\nContent-Length: 0\r\n\r\n")
			buf.Flush()
		}))
		h, u := viaProxy(t, proxy.URL)
		_, _, err := fetch(h, "https://mirror.example/mirror")
		proxy.Close()
		name := shortName(c.status)
		if err == nil {
			t.Fatalf("%s: no error", name)
		}
		msg := err.Error()
		if !strings.Contains(msg, "the proxy http://alice@"+u.Host) || !strings.Contains(msg, c.code) {
			t.Errorf("%s: %q; want the proxy named, and its %s", name, shortName(msg), c.code)
		}
		if strings.Contains(msg, "s3cret") || len(msg) > 1000 {
			t.Errorf("%s: %q: the proxy's password, or its answer whole", name, shortName(msg))
		}
		if retried := connects.Load() > 1; retried != c.retried {
			t.Errorf("%s: %q after %d CONNECTs; want retried %v", name, shortName(msg), connects.Load(), c.retried)
		}
	}
}

func shortName(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
