package mirror_test

import (
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestUntrustedCertificateNotRetried (pass 87a): every request that got
// no answer was retried, 4 times in all with a growing wait: a
// certificate that is not trusted fails the same each time, and the
// message ended "(tried 4 times)", as for a server that might come back.
// It is said at once.
func TestUntrustedCertificateNotRetried(t *testing.T) {
	srv, handshakes := countedServer(t, true)
	// The system's roots, which do not hold the test server's.
	h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond}
	_, _, err := fetch(h, srv.URL)
	if err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("%v; want an error of the certificate", err)
	}
	if strings.Contains(err.Error(), "tried") || handshakes.Load() != 1 {
		t.Errorf("%v (%d connections); want it said after one, a certificate that is not trusted being no passing fault", err, handshakes.Load())
	}
}

// TestNotTLSNotRetried (pass 89a): an https:// URL of a server that
// answers in plain HTTP (a port of http://, a proxy's) fails the same
// each time, as a certificate that is not trusted does: it was tried 4
// times, with a growing wait, and said "(tried 4 times)" as of a server
// that might come back. It is said at once.
func TestNotTLSNotRetried(t *testing.T) {
	srv, conns := countedServer(t, false)
	h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond}
	_, _, err := fetch(h, "https://"+strings.TrimPrefix(srv.URL, "http://"))
	if err == nil || !strings.Contains(err.Error(), "HTTP response to HTTPS client") {
		t.Fatalf("%v; want the plain HTTP answer said", err)
	}
	if strings.Contains(err.Error(), "tried") || conns.Load() != 1 {
		t.Errorf("%v (%d connections); want it said after one", err, conns.Load())
	}
}

// TestUntrustedCertificateSaysWhatToDo (pass 89a): the error of a
// certificate signed by an authority the system does not trust (a
// company's own, a TLS-inspecting proxy's) said only that, with nothing
// of how to trust it: where Go reads the system's roots from files
// (Linux, the BSDs), SSL_CERT_FILE names others.
func TestUntrustedCertificateSaysWhatToDo(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" || runtime.GOOS == "windows" {
		t.Skip("the system's verifier, which SSL_CERT_FILE does not change")
	}
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	defer srv.Close()
	h := &mirror.HTTP{NoCache: true, Backoff: time.Millisecond}
	_, _, err := fetch(h, srv.URL)
	if err == nil || !strings.Contains(err.Error(), "unknown authority") || !strings.Contains(err.Error(), "SSL_CERT_FILE") {
		t.Errorf("%v; want the unknown authority said, and SSL_CERT_FILE", err)
	}
}

// countedServer starts a server on the loopback (over TLS, or plain
// HTTP) that answers 404 and counts the connections made to it.
func countedServer(t *testing.T, tls bool) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	conns := new(atomic.Int32)
	srv := httptest.NewUnstartedServer(http.NotFoundHandler())
	srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	if tls {
		srv.StartTLS()
	} else {
		srv.Start()
	}
	t.Cleanup(srv.Close)
	return srv, conns
}
