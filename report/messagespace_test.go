package report

import (
	"fmt"
	"testing"
)

// TestVisibleMessageBackslashBeforeShownSpace (issue 35 class a):
// VisibleMessage wrote a message's edge spaces and runs of spaces \x20
// but left a backslash before one as it is, so a name a message holds
// outside quotes (as VisibleInput writes it) that ends in a backslash
// read, before such a space, as an escaped \x20: "bad a\ " and "bad
// a\x20" both read "bad a\\x20" rendered. Such a backslash is doubled
// ("bad a\\\x20"); a quoted value's, which Go doubled, is left as it is.
// Names of the characters of spaces and escapes, in a sentence and at
// its end, quoted or written by VisibleInput, read apart rendered.
func TestVisibleMessageBackslashBeforeShownSpace(t *testing.T) {
	alphabet := []string{`\`, " ", "x", "2", "0", "a"}
	for _, form := range []struct {
		name string
		msg  func(v string) string
	}{
		{"a name in a sentence", func(v string) string { return "root " + VisibleInput(v) + " removed" }},
		{"a name at the end", func(v string) string { return "bad " + VisibleInput(v) }},
		{"a name at the start", func(v string) string { return VisibleInput(v) + " is bad" }},
		{"a quoted name", func(v string) string { return fmt.Sprintf("root %q removed", v) }},
	} {
		readApartRendered(t, form.name, alphabet, func(v string) string { return VisibleMessage(form.msg(v)) })
	}
	for in, want := range map[string]string{
		`bad a\ `:                     `bad a\\\x20`,
		`bad a\\x20`:                  `bad a\\x20`,
		`root a\  removed`:            `root a\\\x20\x20removed`,
		`root a\\  removed`:           `root a\\\x20\x20removed`,
		`root a\\\  removed`:          `root a\\\\\x20\x20removed`,
		`version "a\\  " is odd`:      `version "a\\\x20\x20" is odd`,
		`a\ b`:                        `a\ b`,
		`path C:\dir\ and more`:       `path C:\dir\ and more`,
		`two  spaces \x20 as written`: `two\x20\x20spaces \x20 as written`,
	} {
		if got := VisibleMessage(in); got != want {
			t.Errorf("VisibleMessage(%q) = %q; want %q", in, got, want)
		}
	}
}
