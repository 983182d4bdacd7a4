package mirror

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"
)

// TestProxyRetryAfter (pass 91b): a proxy's 429 or 503 to CONNECT is
// retried since pass 90b, but at the back-off alone: the Retry-After it
// asks for, which usage.md promises is waited for ("at least the
// Retry-After a 429 or 503 asks for"), was dropped, and a rate-limiting
// proxy was asked again at once. The wait it asks for is now kept, as
// a mirror's is.
func TestProxyRetryAfter(t *testing.T) {
	for _, status := range []string{"429 Too Many Requests", "503 Service Unavailable"} {
		proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			conn, buf, err := http.NewResponseController(w).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			buf.WriteString("HTTP/1.1 " + status + "\r\nRetry-After: 3\r\nContent-Length: 0\r\n\r\n")
			buf.Flush()
		}))
		pu, err := url.Parse(proxy.URL)
		if err != nil {
			t.Fatal(err)
		}
		tr := transport().(*http.Transport).Clone()
		tr.Proxy = http.ProxyURL(pu)
		base, _ := url.Parse("https://mirror.example/m/")
		s := &httpStore{h: &HTTP{NoCache: true, Client: &http.Client{Transport: tr}}, base: base, ctx: context.Background()}
		_, _, err = s.get("index.json", "", 1<<20)
		proxy.Close()
		var r retryable
		if !errors.As(err, &r) {
			t.Fatalf("%s: %v; want it retried", status, err)
		}
		if r.after != 3*time.Second {
			t.Errorf("%s: %v: retried after %s; want the proxy's Retry-After, 3s", status, err, r.after)
		}
	}
}
