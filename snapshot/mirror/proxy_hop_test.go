package mirror_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
	"golang.org/x/net/http/httpproxy"
)

// TestProxyBrokenAfterRedirect (adversarial pass 94b): a mirror
// reached directly (a host NO_PROXY names) that redirects to a host
// reached through a proxy, which answers CONNECT with what is no HTTP:
// whether a connection was had was kept for the request as a whole, and
// the first hop's set it, so the proxy of the hop that failed was not
// named (nor looked for: by the first hop's URL, which has none), and
// a Client of one's own had the proxy's 403 told as "Forbidden". It is
// per hop.
func TestProxyBrokenAfterRedirect(t *testing.T) {
	for _, answer := range []string{"garbage\r\n\r\n", "HTTP/1.1 403 Forbidden\r\n\r\n"} {
		proxyBrokenAfterRedirect(t, answer)
	}
}

func proxyBrokenAfterRedirect(t *testing.T, answer string) {
	ln := cannedProxy(t, answer)
	pu := &url.URL{Scheme: "http", Host: ln.Addr().String(), User: url.UserPassword("alice", "s3cret")}
	mirrorSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://elsewhere.example"+r.URL.Path, http.StatusFound)
	}))
	defer mirrorSrv.Close()
	tr := mirror.Transport().Clone()
	tr.OnProxyConnectResponse = nil // a Client of one's own
	tr.Proxy = func(r *http.Request) (*url.URL, error) {
		if r.URL.Hostname() == "elsewhere.example" {
			return pu, nil
		}
		return nil, nil // NO_PROXY
	}
	h := &mirror.HTTP{NoCache: true, Retries: -1, Backoff: time.Millisecond, Client: &http.Client{Transport: tr}}
	_, _, err := fetch(h, mirrorSrv.URL+"/mirror")
	if err == nil || !strings.Contains(err.Error(), "proxy http://alice@"+pu.Host) {
		t.Errorf("a proxy answering %.20q: %v; want the proxy of the hop that failed named", answer, err)
	}
	if err != nil && strings.Contains(err.Error(), "s3cret") {
		t.Errorf("%q shows the proxy's password", err)
	}
}

// TestAuth407InTunnel (adversarial pass 94b): an https:// mirror reached
// through a proxy (CONNECT), whose answer inside the tunnel is a 407
// (the mirror's own, or a TLS-inspecting proxy's): it was told with the
// advice to put a password in HTTP_PROXY, the variable of an http://
// URL's proxy, which net/http does not read for an https:// one. The
// variable is the one of the URL that got the answer: HTTPS_PROXY.
func TestAuth407InTunnel(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusProxyAuthRequired)
	}))
	defer srv.Close()
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodConnect {
			http.Error(w, "CONNECT only", http.StatusMethodNotAllowed)
			return
		}
		up, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		// The 200 written after Hijack, and the tunnel read from its
		// reader: what the server read ahead (the first byte of the
		// TLS handshake, at times) is there, not in c.
		c, buf, err := http.NewResponseController(w).Hijack()
		if err != nil {
			up.Close()
			return
		}
		buf.WriteString("HTTP/1.1 200 Connection established\r\n\r\n")
		buf.Flush()
		go func() { io.Copy(up, buf); up.Close() }()
		io.Copy(c, up)
		c.Close()
	}))
	defer proxy.Close()
	pu, err := url.Parse(proxy.URL)
	if err != nil {
		t.Fatal(err)
	}
	tr := mirror.Transport().Clone()
	tr.TLSClientConfig = srv.Client().Transport.(*http.Transport).TLSClientConfig.Clone()
	tr.Proxy = http.ProxyURL(pu)
	h := &mirror.HTTP{NoCache: true, Retries: -1, Client: &http.Client{Transport: tr}}
	_, _, err = fetch(h, srv.URL+"/mirror")
	if err == nil || strings.Contains(err.Error(), "HTTP_PROXY=") || !strings.Contains(err.Error(), "407") {
		t.Errorf("%v; want the 407 told without advice for HTTP_PROXY", err)
	}
}

// TestProxyCGIRefusalNotRetried (adversarial pass 94b): in a CGI handler
// (REQUEST_METHOD set) net/http refuses to use HTTP_PROXY for an
// http:// URL, and fails the request: the same again however often it
// is asked, it was retried, "(tried 4 times)" after seconds of waiting,
// as a passing fault.
func TestProxyCGIRefusalNotRetried(t *testing.T) {
	tr := mirror.Transport().Clone()
	cgi := httpproxy.Config{HTTPProxy: "http://proxy.example:3128", CGI: true}
	proxy := cgi.ProxyFunc()
	tr.Proxy = func(r *http.Request) (*url.URL, error) { return proxy(r.URL) }
	h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Client: &http.Client{Transport: tr}}
	_, _, err := fetch(h, "http://mirror.example/mirror")
	if err == nil || !strings.Contains(err.Error(), "HTTP_PROXY") || strings.Contains(err.Error(), "tried") {
		t.Errorf("%v; want the refusal told once", err)
	}
}

// TestAuth407ThroughSOCKS (adversarial pass 95b): an http:// mirror
// reached through a SOCKS5 proxy (HTTP_PROXY=socks5://...), which
// answers 407: a SOCKS proxy speaks no HTTP, and the 407 is the
// mirror's, but it was told as the proxy's, with the advice to put a
// password in HTTP_PROXY=http://USER:PASSWORD@HOST:PORT, which would
// change the proxy's scheme.
func TestAuth407ThroughSOCKS(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusProxyAuthRequired)
	}))
	defer srv.Close()
	ln := serveConns(t, socks5)
	tr := mirror.Transport().Clone()
	tr.Proxy = http.ProxyURL(&url.URL{Scheme: "socks5", Host: ln.Addr().String()})
	h := &mirror.HTTP{NoCache: true, Retries: -1, Client: &http.Client{Transport: tr}}
	_, _, err := fetch(h, srv.URL+"/mirror")
	if err == nil || strings.Contains(err.Error(), "the proxy") || strings.Contains(err.Error(), "HTTP_PROXY=") || !strings.Contains(err.Error(), "407") {
		t.Errorf("%v; want the 407 told as the mirror's", err)
	}
}

// socks5 serves one SOCKS5 CONNECT (no authentication, an IPv4
// address) on c.
func socks5(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	var head [2]byte
	if _, err := io.ReadFull(r, head[:]); err != nil || head[0] != 5 {
		return
	}
	if _, err := io.ReadFull(r, make([]byte, head[1])); err != nil {
		return
	}
	c.Write([]byte{5, 0})
	req := make([]byte, 10) // VER CMD RSV ATYP=1 ADDR(4) PORT(2)
	if _, err := io.ReadFull(r, req); err != nil || req[3] != 1 {
		return
	}
	addr := net.JoinHostPort(net.IP(req[4:8]).String(), strconv.Itoa(int(req[8])<<8|int(req[9])))
	up, err := net.Dial("tcp", addr)
	if err != nil {
		c.Write([]byte{5, 1, 0, 1, 0, 0, 0, 0, 0, 0})
		return
	}
	defer up.Close()
	c.Write([]byte{5, 0, 0, 1, 0, 0, 0, 0, 0, 0})
	go io.Copy(up, r)
	io.Copy(c, up)
}
