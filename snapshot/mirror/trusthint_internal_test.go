package mirror

import (
	"crypto/x509"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestTrustHintTrue (pass 90b): the advice for a certificate of an
// unknown authority said SSL_CERT_FILE "replaces the system's" roots,
// which on Linux it does not: Go reads it in place of the system's
// bundle, and reads the system's folders (/etc/ssl/certs, which holds
// every authority on Debian, Alpine, RHEL) still. And set already, it
// was told to be set: the file it names is the one to add to.
func TestTrustHintTrue(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" || runtime.GOOS == "windows" {
		t.Skip("the system's verifier, which SSL_CERT_FILE does not change")
	}
	err := fmt.Errorf("tls: %w", x509.UnknownAuthorityError{})
	t.Setenv("SSL_CERT_FILE", "")
	hint := trustHint(err)
	if !strings.Contains(hint, "SSL_CERT_FILE=FILE") || strings.Contains(hint, "replaces") {
		t.Errorf("%q; want SSL_CERT_FILE, and no word of it replacing the system's roots", hint)
	}
	t.Setenv("SSL_CERT_FILE", "/etc/company-ca.pem")
	hint = trustHint(err)
	if !strings.Contains(hint, `SSL_CERT_FILE="/etc/company-ca.pem"`) || strings.Contains(hint, "SSL_CERT_FILE=FILE") {
		t.Errorf("%q; want the file SSL_CERT_FILE names, to add the authority to", hint)
	}
	if trustHint(fmt.Errorf("x")) != "" {
		t.Error("a hint for an error of no certificate")
	}
}
