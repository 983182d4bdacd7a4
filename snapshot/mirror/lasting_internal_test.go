package mirror

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"testing"
)

// TestLastingDNS (pass 87a): a host name that does not exist is said at
// once, not retried; a resolver's passing failure is retried.
func TestLastingDNS(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{fmt.Errorf("dial: %w", &net.OpError{Op: "dial", Err: &net.DNSError{Err: "no such host", Name: "mirror.invalid", IsNotFound: true}}), true},
		{&net.OpError{Op: "dial", Err: &net.DNSError{Err: "server misbehaving", Name: "mirror.example", IsTemporary: true}}, false},
		{&net.OpError{Op: "dial", Err: errors.New("connection refused")}, false},
		// pass 89a: an https:// URL of a server that does not speak TLS.
		{fmt.Errorf("get: %w", http.ErrSchemeMismatch), true},
		{&net.OpError{Op: "remote error", Err: tls.RecordHeaderError{Msg: "first record does not look like a TLS handshake"}}, true},
		// pass 89a: an address that is no address (a proxy's port
		// 99999, in HTTPS_PROXY) was tried 4 times.
		{&net.OpError{Op: "proxyconnect", Err: &net.OpError{Op: "dial", Err: &net.AddrError{Err: "invalid port", Addr: "99999"}}}, true},
	} {
		if got := lasting(c.err); got != c.want {
			t.Errorf("lasting(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
