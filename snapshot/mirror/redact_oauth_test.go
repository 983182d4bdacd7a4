package mirror_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestRedactTokenBesidePlaceholder (adversarial pass 118b): GitHub's
// form of a token in a URL, https://TOKEN:x-oauth-basic@host/, gives the
// token as the user name and a fixed word as the password: Redact kept
// the user name beside a password, and the token was printed in every
// message, report and JSON path ("https://ghp_...@host/m: ..."). A user
// name beside that placeholder is the credential, and left out.
func TestRedactTokenBesidePlaceholder(t *testing.T) {
	for _, in := range []string{
		"https://ghp_t0k3n:x-oauth-basic@mirror.example.org/cache",
		"https://ghp_t0k3n:X-OAuth-Basic@mirror.example.org/cache",
	} {
		if got := mirror.Redact(in); got != "https://mirror.example.org/cache" || strings.Contains(got, "t0k3n") {
			t.Errorf("Redact(%q) = %q; want the token left out", in, got)
		}
	}
}
