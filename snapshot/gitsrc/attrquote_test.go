package gitsrc

import (
	"strings"
	"testing"
)

// TestRewrittenMsgQuotedInASCII: the .gitattributes files the refusal
// of a rewritten page names are quoted in ASCII, as the loaders quote a
// path (quotedInput): quoted as Go does (%q), a folder zlіb (its і
// Cyrillic) read as zlib, and one of 96 KB was named whole, past the
// line cap.
func TestRewrittenMsgQuotedInASCII(t *testing.T) {
	for p, want := range map[string]string{
		"zl\u0456b/.gitattributes":                             `"zl\u0456b/.gitattributes"`,
		strings.Repeat("\u0456", 48<<10) + "\n/.gitattributes": `"\u0456\u0456`,
	} {
		msg := rewrittenMsg("page", "ident", 1, []attrFile{{path: p}})
		if !strings.Contains(msg, want) || strings.ContainsAny(msg, "\u0456\n") || len(msg) > 4<<10 {
			t.Errorf("a .gitattributes of %d bytes: %.300q; want it named %s, in ASCII, within 4 KB", len(p), msg, want)
		}
	}
}
