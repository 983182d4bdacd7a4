package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestFeedIDNamesItsInvisibleCharacter (issue 35 class e): a --feed-id
// holding a space other than ASCII's (U+00A0, which reads as a space)
// or another invisible or control character is refused, and the message
// names the character as an escape and where it is in the id, not only
// "a control or invisible character" of an id quoted whole. It is
// refused before any snapshot is read.
func TestFeedIDNamesItsInvisibleCharacter(t *testing.T) {
	for _, c := range []struct{ id, want string }{
		{"https://example.org/\u00a0feed.xml", `holds \u00a0, an invisible character, at character 21`},
		{"tag:example.org,2025:a\u00a0b\u200bc", `holds \u00a0, an invisible character, at character 23 (and 1 more)`},
		{"urn:x\u202e", `holds \u202e, an invisible character, at character 6`},
		{"urn:\u0085x", `holds \u0085, a control character, at character 5`},
		{"urn:x\ufffdy", `holds U+FFFD, the replacement character, at character 6`},
		{"urn:é\xffx", `holds the byte \xff, not UTF-8, at character 6`},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-f", "atom", "--feed-id", c.id, "no-such-old", "no-such-new"}, &stdout, &stderr)
		msg := stderr.String()
		if code != 2 || stdout.Len() > 0 || !strings.HasPrefix(msg, "cachediff: --feed-id ") {
			t.Errorf("--feed-id %q: exit %d, stderr %q, %d bytes out; want exit 2 and a --feed-id error", c.id, code, msg, stdout.Len())
			continue
		}
		if !strings.Contains(msg, c.want) {
			t.Errorf("--feed-id %q: %q, want it to say %q", c.id, msg, c.want)
		}
	}
}

// TestFlagErrorsOfLongValuesSayWhy (issue 35 class e): --feed-id and
// --link-base quoted their value whole, and the line, cut at
// maxErrorLine, lost what follows it: of a 100,000-character id, which
// character it holds and where (what unseenIn names for a long id), or
// what is wrong with it. The value is quoted in short.
func TestFlagErrorsOfLongValuesSayWhy(t *testing.T) {
	long := strings.Repeat("a", 100000)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-f", "atom", "--feed-id", "https://example.org/" + long + "\u00a0"}, `holds \u00a0, an invisible character, at character 100021`},
		{[]string{"-f", "atom", "--feed-id", long}, "want an absolute URI"},
		{[]string{"--link-base", "https://u:p@example.org/" + long}, "a URL with a user name or password"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append(c.args, "no-such-old", "no-such-new"), &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != 2 || !strings.Contains(line, c.want) || len(line) > 1000 {
			t.Errorf("%s of %d bytes: exit %d, first line of %d bytes %.300q…; want exit 2 and a short line saying %q", c.args[len(c.args)-2], len(c.args[len(c.args)-1]), code, len(line), line, c.want)
		}
	}
}
