package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestFormatFeedAndComment (class e): a new user who asks for a feed by
// its other names (-f rss, -f xml, -f feed) or for a GitHub comment as a
// format (-f github) was told the list of formats with no suggestion:
// the feed is atom, and the comment is --github-comment.
func TestFormatFeedAndComment(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-f", "rss", "a", "b"}, `(did you mean atom?)`},
		{[]string{"log", "-f", "RSS", "a", "b", "c"}, `(did you mean atom?)`},
		{[]string{"log", "-f", "xml", "a", "b"}, `(did you mean atom?)`},
		{[]string{"render", "-f", "feed", "r.json"}, `(did you mean atom?)`},
		{[]string{"-f", "github", "a", "b"}, `(for a GitHub comment: --github-comment, which writes Markdown that fits one)`},
		{[]string{"render", "--format=comment", "r.json"}, `(for a GitHub comment: --github-comment, which writes Markdown that fits one)`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
