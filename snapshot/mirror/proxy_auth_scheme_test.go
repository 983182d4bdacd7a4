package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestProxyAuthHintScheme (pass 91b): a 407 of a proxy reached over
// TLS (HTTPS_PROXY=https://...) was answered with the advice to write
// HTTPS_PROXY=http://USER:PASSWORD@HOST:PORT: followed, the password
// then goes to the proxy in the clear. The advice keeps the proxy's
// own scheme.
func TestProxyAuthHintScheme(t *testing.T) {
	proxy := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusProxyAuthRequired)
	}))
	defer proxy.Close()
	u, err := url.Parse(proxy.URL)
	if err != nil {
		t.Fatal(err)
	}
	tr := mirror.Transport().Clone()
	tr.TLSClientConfig = proxy.Client().Transport.(*http.Transport).TLSClientConfig.Clone()
	tr.Proxy = http.ProxyURL(u)
	h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Client: &http.Client{Transport: tr}}
	_, _, err = fetch(h, "https://mirror.example/mirror")
	if err == nil || !strings.Contains(err.Error(), "HTTP 407") {
		t.Fatalf("%v; want the proxy's 407", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "HTTPS_PROXY=https://USER:PASSWORD@") {
		t.Errorf("%q; want the advice to keep https:// (the password in the clear else)", msg)
	}
}
