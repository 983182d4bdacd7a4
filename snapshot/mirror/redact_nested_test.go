package mirror_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestRedactURLAfterPrefix (adversarial pass 120b): a URL written after
// a prefix of its own (git:HEAD:https://user:TOKEN@host/r.json, given to
// render, which names it redacted as "not from a URL") has no host to
// net/url, and Redact looked for the user and password in its first
// part alone ("HEAD:https:"): it was shown whole, password included.
func TestRedactURLAfterPrefix(t *testing.T) {
	for in, want := range map[string]string{
		"git:HEAD:https://user:s3cret@mirror.example.org/r.json":         "git:HEAD:https://…mirror.example.org/r.json",
		"git:HEAD:https://ghp_s3cret@mirror.example.org/r.json?x=s3cret": "git:HEAD:https://…mirror.example.org/r.json",
		"HEAD:https://mirror.example.org/r.json":                         "HEAD:https://mirror.example.org/r.json",
	} {
		if got := mirror.Redact(in); got != want || strings.Contains(got, "s3cret") {
			t.Errorf("Redact(%q) = %q; want %q", in, got, want)
		}
	}
}
