package mirror_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestRedactTokenAsUser: a URL whose user information is a single word
// (https://TOKEN@host/, the form of a GitHub or GitLab access token) sends
// that word as the credential, so it is never shown; a user name beside a
// password is shown, the password not. (Adversarial pass 71: Redact kept
// a lone user name, so a token given so was printed in every message,
// report and JSON path.)
func TestRedactTokenAsUser(t *testing.T) {
	for _, c := range []struct{ in, want, secret string }{
		{"https://ghp_t0k3n@mirror.example.org/cache", "https://mirror.example.org/cache", "t0k3n"},
		{"https://ghp_t0k3n:@mirror.example.org/cache", "https://mirror.example.org/cache", "t0k3n"},
		{"https://user:s3cret@mirror.example.org/cache?sig=q", "https://user@mirror.example.org/cache", "s3cret"},
		{"https://mirror.example.org/cache", "https://mirror.example.org/cache", "\x00"},
	} {
		got := mirror.Redact(c.in)
		if got != c.want || strings.Contains(got, c.secret) {
			t.Errorf("Redact(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

// TestRedactNoHost (83rd adversarial pass): a URL of three slashes
// (https:///user:TOKEN@host/x), or none (https:user:TOKEN@host), has no
// host to net/url, and its user and password are in its path or opaque
// part: Redact kept them ("https:///user:TOKEN@host/x: a URL without a
// host"). What comes before an @ in the first part of the path goes.
func TestRedactNoHost(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https:///u:s3cret@mirror.example.org/x", "https:///…mirror.example.org/x"},
		{"https:////s3cret@mirror.example.org/x", "https:////…mirror.example.org/x"},
		{"https:u:s3cret@mirror.example.org/x", "https:…mirror.example.org/x"},
		{"file:///home/me/cache@v1/x", "file:///home/me/cache@v1/x"},
	} {
		if got := mirror.Redact(c.in); got != c.want || strings.Contains(got, "s3cret") {
			t.Errorf("Redact(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}
