package mirror_test

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestProxyAnswerPerRequest (pass 91b): the transport's hook on a
// proxy's answer to CONNECT is shared by every request of the process;
// fetches at once, through one proxy that refuses (403), one that wants
// a password (407) and one that opens the tunnel (200), each get their
// own answer: no refusal is told for another fetch, and the tunnel works.
// Run with -race.
func TestProxyAnswerPerRequest(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V3(filepath.Join(root, "m"), index(t, "old"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	tlsMirror := httptest.NewTLSServer(mirrorgen.Handler(root, nil))
	defer tlsMirror.Close()
	refuse := func(status string) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			conn, buf, err := http.NewResponseController(w).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			buf.WriteString("HTTP/1.1 " + status + "\r\nContent-Length: 0\r\n\r\n")
			buf.Flush()
		}))
	}
	deny, auth := refuse("403 denied-by-A"), refuse("407 wants-B")
	defer deny.Close()
	defer auth.Close()
	tunnel := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodConnect {
			w.WriteHeader(http.StatusTeapot)
			return
		}
		up, err := net.Dial("tcp", r.Host)
		if err != nil {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		defer up.Close()
		conn, buf, err := http.NewResponseController(w).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		buf.WriteString("HTTP/1.1 200 Connection established\r\n\r\n")
		buf.Flush()
		done := make(chan struct{})
		go func() { io.Copy(up, buf); up.(*net.TCPConn).CloseWrite(); close(done) }()
		io.Copy(conn, up)
		<-done
	}))
	defer tunnel.Close()
	proxyOf := map[string]*httptest.Server{"deny.example": deny, "auth.example": auth, "127.0.0.1": tunnel}
	tr := mirror.Transport().Clone()
	tr.TLSClientConfig = tlsMirror.Client().Transport.(*http.Transport).TLSClientConfig.Clone()
	tr.Proxy = func(r *http.Request) (*url.URL, error) {
		return url.Parse(proxyOf[r.URL.Hostname()].URL)
	}
	client := &http.Client{Transport: tr}
	var wg sync.WaitGroup
	for i := range 24 {
		wg.Go(func() {
			h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Client: client}
			switch i % 3 {
			case 0:
				_, _, err := fetch(h, "https://deny.example/m")
				if err == nil || !strings.Contains(err.Error(), deny.URL+" did not open") || !strings.Contains(err.Error(), "HTTP 403 denied-by-A") || strings.Contains(err.Error(), "wants-B") {
					t.Errorf("through the refusing proxy: %v", err)
				}
			case 1:
				_, _, err := fetch(h, "https://auth.example/m")
				if err == nil || !strings.Contains(err.Error(), auth.URL+" did not open") || !strings.Contains(err.Error(), "HTTP 407 wants-B") || strings.Contains(err.Error(), "denied-by-A") {
					t.Errorf("through the proxy that wants a password: %v", err)
				}
			default:
				if _, _, err := fetch(h, tlsMirror.URL+"/m"); err != nil {
					t.Errorf("through the tunnel: %v", err)
				}
			}
		})
	}
	wg.Wait()
}
