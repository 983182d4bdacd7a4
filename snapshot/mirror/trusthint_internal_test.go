package mirror

import (
	"crypto/x509"
	"fmt"
	"os"
	"path/filepath"
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
	bundle := filepath.Join(t.TempDir(), "company-ca.pem")
	if err := os.WriteFile(bundle, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SSL_CERT_FILE", bundle)
	hint = trustHint(err)
	if !strings.Contains(hint, fmt.Sprintf("SSL_CERT_FILE=%q", bundle)) || strings.Contains(hint, "SSL_CERT_FILE=FILE") {
		t.Errorf("%q; want the file SSL_CERT_FILE names, to add the authority to", hint)
	}
	// (adversarial pass 92b) Naming no file, or one that is none
	// (/dev/null), it was the file to add the authority to.
	for _, f := range []string{"/etc/no-such-ca.pem", os.DevNull} {
		t.Setenv("SSL_CERT_FILE", f)
		hint = trustHint(err)
		if !strings.Contains(hint, fmt.Sprintf("SSL_CERT_FILE=%q names no file", f)) || strings.Contains(hint, "add its PEM certificate to the file") {
			t.Errorf("SSL_CERT_FILE=%s: %q; want it said to name no file, and not to be added to", f, hint)
		}
	}
	if trustHint(fmt.Errorf("x")) != "" {
		t.Error("a hint for an error of no certificate")
	}
}
