package mirror_test

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// serveConns listens on the loopback and hands each connection to
// handle, on a goroutine of its own, until the listener is closed (by
// the caller, or at the test's end).
func serveConns(t *testing.T, handle func(net.Conn)) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go handle(c)
		}
	}()
	return ln
}

// cannedProxy is a proxy on the loopback that reads a request and sends
// answer as it is, whatever was asked.
func cannedProxy(t *testing.T, answer string) net.Listener {
	return serveConns(t, func(c net.Conn) {
		defer c.Close()
		if _, err := http.ReadRequest(bufio.NewReader(c)); err == nil {
			c.Write([]byte(answer))
		}
	})
}

// viaProxy returns an HTTP that reaches mirrors through the proxy at
// proxyURL (cachediff's transport, on a Client of its own), as the user
// alice with the password s3cret, which no message may show; and the
// proxy's URL, with them.
func viaProxy(t *testing.T, proxyURL string) (*mirror.HTTP, *url.URL) {
	t.Helper()
	u, err := url.Parse(proxyURL)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword("alice", "s3cret")
	tr := mirror.Transport().Clone()
	tr.Proxy = http.ProxyURL(u)
	return &mirror.HTTP{NoCache: true, Backoff: time.Millisecond, Client: &http.Client{Transport: tr}}, u
}

// hostsClient is a client that dials each "HOST:PORT" of addr at its
// server's address (a test's own names for them, mirror.test,
// cdn.mirror.test), any other at addr[""] (a host past ASCII, which
// net/http dials by its punycode), its idle connections closed at the
// test's end.
func hostsClient(t *testing.T, addr map[string]string) *http.Client {
	tr := &http.Transport{DialContext: func(ctx context.Context, network, a string) (net.Conn, error) {
		to, ok := addr[a]
		if !ok {
			to = addr[""]
		}
		return (&net.Dialer{}).DialContext(ctx, network, to)
	}}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}
