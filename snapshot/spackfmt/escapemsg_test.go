package spackfmt

import (
	"strings"
	"testing"
)

// TestBadEscapeMessage (issue 35 class e): an escape JSON has none of
// is told the same way in a string the decoder reads (a name) and in one
// it skips (a CPU feature), at the escape, its character quoted whole.
// A string read went through encoding/json's words, which named the
// first byte of "\é" as a character of its own: `spec.nodes[0].name:
// bad string: invalid character 'Ã' in string escape code`, at the
// string's quote ("\u12" in "lib\u12dwarf": invalid character 'w'); a
// string skipped quoted that byte alone: `bad escape "\\\xc3" in a
// string`.
func TestBadEscapeMessage(t *testing.T) {
	const h = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	file := func(name, feature string) string {
		return `{"spec":{"_meta":{"version":5},"nodes":[{"name":"` + name + `","version":"1",` +
			`"arch":{"platform":"linux","platform_os":"debian6","target":{"name":"core2","features":["` + feature + `"]}},"hash":"` + h + `"}]}}`
	}
	for _, tt := range []struct{ esc, want string }{
		{`\é`, `bad escape "\\\u00e9" in a string`},
		{`\у0041`, `bad escape "\\\u0443" in a string`}, // у Cyrillic, a lookalike of \u
		{`\x41`, `bad escape "\\x" in a string`},
		{`\u12G4`, `bad \u escape in a string`},
		{`\u12`, `bad \u escape in a string`},
		{`\U0041`, `bad escape "\\U" in a string`},
	} {
		read := file("lib"+tt.esc+"dwarf", "mmx")
		skipped := file("libdwarf", "m"+tt.esc+"x")
		_, rerr := Decode("x.spec.json", []byte(read))
		_, serr := Decode("x.spec.json", []byte(skipped))
		if rerr == nil || serr == nil {
			t.Fatalf("%s: read: %v; skipped: %v", tt.esc, rerr, serr)
		}
		rcol := strings.Index(read, tt.esc) + 1
		scol := strings.Index(skipped, tt.esc) + 1
		for _, c := range []struct {
			err  error
			col  int
			path string
		}{{rerr, rcol, "spec.nodes[0].name"}, {serr, scol, "spec.nodes[0].arch.target.features[0]"}} {
			e, ok := c.err.(*Error)
			if !ok {
				t.Fatalf("%s: %T %v", tt.esc, c.err, c.err)
			}
			if e.Msg != tt.want || e.Col != c.col || e.Path != c.path {
				t.Errorf("%s: %v (column %d); want %s: %s at column %d", tt.esc, c.err, e.Col, c.path, tt.want, c.col)
			}
		}
	}
}

// TestCutInEscape (issue 35 class e: a message that differs by where the
// input was cut): a file cut short inside a \u escape is an unterminated
// string, as one cut after its backslash is, in a string the decoder
// skips (a CPU feature) as in one it reads (a name). A skipped one said
// `bad \u escape in a string` for "m\u00" at the file's end.
func TestCutInEscape(t *testing.T) {
	const h = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	for _, whole := range []string{
		`{"spec":{"_meta":{"version":5},"nodes":[{"name":"lib\u0041dwarf","version":"1","hash":"` + h + `"}]}}`,
		`{"spec":{"_meta":{"version":5},"nodes":[{"name":"libdwarf","version":"1",` +
			`"arch":{"platform":"linux","platform_os":"debian6","target":{"name":"core2","features":["m\u0041x"]}},"hash":"` + h + `"}]}}`,
	} {
		at := strings.Index(whole, `\u0041`)
		for cut := at + 1; cut < at+len(`\u0041`); cut++ {
			_, err := Decode("x.spec.json", []byte(whole[:cut]))
			if err == nil || !strings.HasSuffix(err.Error(), ": "+cutInString) {
				t.Errorf("cut after %q: %v; want an unterminated string", whole[at:cut], err)
			}
		}
	}
}
