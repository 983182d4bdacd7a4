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

// TestProxyAuthHTTPMirror (adversarial pass 92b): a proxy that wants a
// password answers an http:// mirror's request itself (no CONNECT):
// "HTTP 407 Proxy Authentication Required", told as the mirror's answer,
// without the proxy's name nor the advice an https:// mirror's 407 has.
// It is said as the proxy's, with the advice in HTTP_PROXY, the variable
// an http:// URL's proxy comes from, and without the proxy's password.
func TestProxyAuthHTTPMirror(t *testing.T) {
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Proxy-Authenticate", `Basic realm="corp"`)
		w.WriteHeader(http.StatusProxyAuthRequired)
	}))
	defer proxy.Close()
	h, u := viaProxy(t, proxy.URL)
	_, _, err := fetch(h, "http://mirror.example/mirror")
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if !strings.Contains(msg, "the proxy http://alice@"+u.Host) || !strings.Contains(msg, "HTTP_PROXY=http://USER:PASSWORD@HOST:PORT") {
		t.Errorf("%q; want the proxy named, and the advice in HTTP_PROXY", msg)
	}
	if strings.Contains(msg, "s3cret") {
		t.Errorf("%q shows the proxy's password", msg)
	}
}

// TestProxyAuthAfterRedirect (adversarial pass 93b): an http:// mirror
// on a host NO_PROXY names (reached directly) that redirects to a host
// reached through a proxy, which answers 407: the proxy was looked for
// by the first request's URL, which has none, and its 407 was told as
// the mirror's. It is the proxy of the request that got the answer.
func TestProxyAuthAfterRedirect(t *testing.T) {
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusProxyAuthRequired)
	}))
	defer proxy.Close()
	pu, err := url.Parse(proxy.URL)
	if err != nil {
		t.Fatal(err)
	}
	mirrorSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://elsewhere.example"+r.URL.Path, http.StatusFound)
	}))
	defer mirrorSrv.Close()
	tr := mirror.Transport().Clone()
	tr.Proxy = func(r *http.Request) (*url.URL, error) {
		if r.URL.Hostname() == "elsewhere.example" {
			return pu, nil
		}
		return nil, nil // NO_PROXY
	}
	h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Client: &http.Client{Transport: tr}}
	_, _, err = fetch(h, mirrorSrv.URL+"/mirror")
	if err == nil || !strings.Contains(err.Error(), "the proxy http://"+pu.Host+" answered HTTP 407") {
		t.Errorf("%v; want the 407 told as the proxy's", err)
	}
}
