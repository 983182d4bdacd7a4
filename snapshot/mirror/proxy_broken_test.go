package mirror_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestProxyBrokenNamed (adversarial pass 92b): a proxy that answers
// CONNECT with what is no HTTP ("garbage"), with a status line longer
// than the headers' bound, or not at all, failed the request as
// "https://mirror/...: malformed HTTP response" or "unexpected EOF", as
// if the mirror had broken off: the proxy, where the fault is, was not
// named (its refusals are). A request that got no connection through
// a proxy names it, without its password.
func TestProxyBrokenNamed(t *testing.T) {
	for _, answer := range []string{
		"garbage\r\n\r\n",
		"HTTP/1.1 407 " + strings.Repeat("A", 2<<20) + "\r\n\r\n",
		"",
	} {
		ln := cannedProxy(t, answer)
		u := &url.URL{Scheme: "http", Host: ln.Addr().String(), User: url.UserPassword("alice", "s3cret")}
		tr := mirror.Transport().Clone()
		tr.Proxy = http.ProxyURL(u)
		h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Client: &http.Client{Transport: tr}}
		_, _, err := fetch(h, "https://mirror.example/mirror")
		ln.Close()
		if err == nil {
			t.Fatalf("%.20q: no error", answer)
		}
		msg := err.Error()
		if !strings.Contains(msg, "through the proxy http://alice@"+u.Host) {
			t.Errorf("a proxy answering %.20q: %q; want the proxy named", answer, msg)
		}
		if strings.Contains(msg, "s3cret") {
			t.Errorf("%q shows the proxy's password", msg)
		}
	}
}

// TestProxyPathNotShown (adversarial pass 92b): HTTPS_PROXY that does
// not parse as a URL ("http://alice:s3cret@proxy host:8080", a space)
// net/http reads again after "http://", as the proxy http://http with
// the path //alice:s3cret@proxy%20host:8080, password and all; the
// proxy was named with its path, which no proxy's URL needs. It is
// named by its scheme, user and host.
func TestProxyPathNotShown(t *testing.T) {
	tr := mirror.Transport().Clone()
	tr.Proxy = func(*http.Request) (*url.URL, error) {
		return url.Parse("http://127.0.0.1:1//alice:s3cret@proxy%20host:8080")
	}
	h := &mirror.HTTP{NoCache: true, Retries: -1, Client: &http.Client{Transport: tr}}
	_, _, err := fetch(h, "https://mirror.example/mirror")
	if err == nil || !strings.Contains(err.Error(), "proxy http://127.0.0.1:1") {
		t.Fatalf("%v; want the proxy named", err)
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Errorf("%q shows the password in the proxy's path", err)
	}
}
