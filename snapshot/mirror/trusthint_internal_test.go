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
	err := unknownAuthority(t)
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

// unknownAuthority is an error of a certificate of an authority the
// system does not trust, where SSL_CERT_FILE counts (it skips t
// elsewhere).
func unknownAuthority(t *testing.T) error {
	t.Helper()
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" || runtime.GOOS == "windows" {
		t.Skip("the system's verifier, which SSL_CERT_FILE does not change")
	}
	return fmt.Errorf("tls: %w", x509.UnknownAuthorityError{})
}

// TestTrustHintQuotesInASCII (issue 35, classes a and e): the file
// SSL_CERT_FILE names is quoted in ASCII (quoteField): quoted with %q,
// a file "cа.pem" (its а Cyrillic) read as the file ca.pem, to add the
// authority to or that is none.
func TestTrustHintQuotesInASCII(t *testing.T) {
	err := unknownAuthority(t)
	dir := t.TempDir()
	bundle := filepath.Join(dir, "c\u0430.pem")
	if err := os.WriteFile(bundle, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{
		{bundle, "to the file SSL_CERT_FILE=\"" + dir + `/c\u0430.pem" names`},
		{filepath.Join(dir, "n\u043e.pem"), "SSL_CERT_FILE=\"" + dir + `/n\u043e.pem" names no file`},
	} {
		t.Setenv("SSL_CERT_FILE", c.file)
		if hint := trustHint(err); !strings.Contains(hint, c.want) || strings.ContainsFunc(hint, func(r rune) bool { return r >= 0x80 }) {
			t.Errorf("SSL_CERT_FILE=%s: %q; want %s, in ASCII", c.file, hint, c.want)
		}
	}
}
