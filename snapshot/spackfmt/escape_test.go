package spackfmt

import (
	"errors"
	"strings"
	"testing"
)

// TestStringsReadAsPython: a string is read as Spack (Python's json) reads
// it, or refused. Go's decoder turns a \u escape of half a UTF-16
// surrogate pair into U+FFFD, where Python keeps the lone surrogate: the
// packages zlib\ud800 and zlib\udc00, two names to Spack, were one to
// cachediff, and a diff of an index that lost the one and gained the
// other said "no changes". An escaped string with a byte that is not
// UTF-8 (which Spack cannot read at all) became U+FFFD too. Both are bad
// input; a pair of surrogates, one character to both readers, is read.
func TestStringsReadAsPython(t *testing.T) {
	const h = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	file := func(name string) string {
		return `{"spec":{"_meta":{"version":5},"nodes":[{"name":"` + name + `","version":"1","hash":"` + h + `"}]}}`
	}
	for _, tt := range []struct{ what, name, want string }{
		{"high surrogate alone", `zlib\ud800`, `\ud800`},
		{"low surrogate alone", `zlib\uDC00`, `\uDC00`},
		{"high surrogate before another escape", `zlib\ud800\u0041`, `\ud800`},
		{"low before high", `zlib\udc00\ud800`, `\udc00`},
		{"two highs", `\ud83d\ud83d\ude00`, `\ud83d`},
		{"high surrogate at the end of an escaped string", `\u007alib\ud800`, `\ud800`},
		{"escape and a byte that is not UTF-8", "zlib\\u0041\xff", "UTF-8"},
	} {
		_, err := Decode("x.spec.json", []byte(file(tt.name)))
		var e *Error
		if !errors.As(err, &e) || e.Path != "spec.nodes[0].name" || !strings.Contains(e.Msg, tt.want) {
			t.Errorf("%s: %v, want an error at spec.nodes[0].name naming %q", tt.what, err, tt.want)
		}
	}
	for _, tt := range []struct{ name, want string }{
		{`\ud83d\ude00`, "\U0001F600"},
		{`\uD83D\uDE00x`, "\U0001F600x"},
		{`\\ud800`, `\ud800`}, // an escaped backslash, then text
		{`z\u006cib`, "zlib"},
	} {
		set, err := Decode("x.spec.json", []byte(file(tt.name)))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := set.Nodes[0].Name; got != tt.want {
			t.Errorf("%s: read %q, want %q", tt.name, got, tt.want)
		}
	}
}
