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

// TestTrustHintQuotesInASCII (issue 35, classes a and e): the file
// SSL_CERT_FILE names is quoted in ASCII (quoteField): quoted with %q,
// a file "cа.pem" (its а Cyrillic) read as the file ca.pem, to add the
// authority to or that is none.
func TestTrustHintQuotesInASCII(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" || runtime.GOOS == "windows" {
		t.Skip("the system's verifier, which SSL_CERT_FILE does not change")
	}
	err := fmt.Errorf("tls: %w", x509.UnknownAuthorityError{})
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
