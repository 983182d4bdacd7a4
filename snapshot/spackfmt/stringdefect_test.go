package spackfmt

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestFirstStringDefect (issue 35 class e: one defect, one message,
// whatever the path): a string with two defects is told by its first,
// the same in a string the decoder reads (a name) and in one it skips
// (a CPU feature), at the same place, as encoding/json and Python's
// json name the first. A string read stopped at a control character or
// a byte that is no UTF-8 after a bad escape, and at the end of a file
// cut after one, where a string skipped named the escape:
//
//	"lib\x<U+0001>": read: control character in a string, at the quote;
//	                 skipped: bad escape "\\x" in a string, at the escape
//
// and named a lone surrogate (no defect to JSON: Spack reads it, and a
// string skipped keeps it) before a bad escape: "lib\x\ud800" was "the
// escape \ud800 is half of a UTF-16 surrogate pair" read, bad escape
// "\\x" skipped. A byte that is no UTF-8 was told at the string's quote
// read, at the byte skipped; it is told at the byte, as a bad escape is.
func TestFirstStringDefect(t *testing.T) {
	const h = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	const readHead = `{"spec":{"_meta":{"version":5},"nodes":[{"name":"`
	const readTail = `","version":"1","hash":"` + h + `"}]}}`
	const skipHead = `{"spec":{"_meta":{"version":5},"nodes":[{"name":"lib","version":"1",` +
		`"arch":{"platform":"linux","platform_os":"debian6","target":{"name":"core2","features":["`
	const skipTail = `"]}},"hash":"` + h + `"}]}}`
	const surrogate = "the escape \\ud800 is half of a UTF-16 surrogate pair"
	type defect struct {
		text, msg string
		atQuote   bool // told at the string's quote, not at the defect
	}
	defects := []defect{
		{`\x`, `bad escape "\\x" in a string`, false},
		{`\é`, `bad escape "\\\u00e9" in a string`, false},
		{`\😀`, `bad escape "\\\U0001f600" in a string`, false},
		{`\U0041`, `bad escape "\\U" in a string`, false},
		{`\u12G4`, `bad \u escape in a string`, false},
		{`\u12"`, `bad \u escape in a string`, false},
		{"\x01", "control character U+0001 in a string", false},
		{"\n", "control character U+000A in a string", false},
		{"\xff", "string is not valid UTF-8", false},
		{"\xc0\x80", "string is not valid UTF-8", false},
		{"\xed\xa0\x80", "string is not valid UTF-8", false},
		{`\ud800`, "", false}, // a defect to cachediff only, in a string it reads
	}
	// at is the line and column of offset off of data.
	at := func(data string, off int) (int, int) {
		line := 1 + strings.Count(data[:off], "\n")
		return line, off - strings.LastIndex(data[:off], "\n")
	}
	check := func(what, data, path string, quote, off int, msg string) {
		t.Helper()
		_, err := Decode("x.spec.json", []byte(data))
		if msg == "" {
			if err != nil {
				t.Errorf("%s: %v; want it read", what, err)
			}
			return
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %v; want %s", what, err, msg)
			return
		}
		line, col := at(data, off)
		if !strings.HasPrefix(e.Msg, msg) || e.Path != path || e.Line != line || e.Col != col {
			t.Errorf("%s: %v; want %d:%d: %s: %s", what, err, line, col, path, msg)
		}
	}
	for _, a := range defects {
		for _, b := range append(defects, defect{}) {
			for _, side := range []struct{ head, tail, path string }{
				{readHead, readTail, "spec.nodes[0].name"},
				{skipHead, skipTail, "spec.nodes[0].arch.target.features[0]"},
			} {
				read := side.head == readHead
				body := "m" + a.text + "z" + b.text + "y"
				quote := len(side.head) - 1
				// The first defect JSON knows, then a lone surrogate
				// in a string read.
				first, off := defect{}, 0
				switch {
				case a.msg != "":
					first, off = a, len(side.head)+1
				case b.msg != "":
					first, off = b, len(side.head)+2+len(a.text)
				case read && a.text == `\ud800`:
					first, off = defect{msg: surrogate}, len(side.head)+1
				case read && b.text == `\ud800`:
					first, off = defect{msg: surrogate}, len(side.head)+2+len(a.text)
				}
				if first.atQuote {
					off = quote
				}
				what := side.path + " " + strings.TrimSuffix(body, `"`)
				check(what, side.head+body+side.tail, side.path, quote, off, first.msg)
				// Cut after the string's last byte: the file ends in it.
				cut := side.head + body
				if first.msg == "" || first.msg == surrogate {
					first, off = defect{msg: cutInString}, quote
				}
				if a.text == `\u12"` || b.text == `\u12"` {
					continue // a quote ends the string: no cut inside it
				}
				check(what+" (cut)", cut, side.path, quote, off, first.msg)
			}
			// Cut anywhere in the string: read and skipped say the same,
			// at the same place in it.
			body := "m" + a.text + "z" + b.text + "y"
			for cut := 0; cut <= len(body); cut++ {
				told := [2]string{}
				for n, side := range []string{readHead, skipHead} {
					_, err := Decode("x.spec.json", []byte(side+body[:cut]))
					var e *Error
					if !errors.As(err, &e) {
						t.Fatalf("%q cut at %d: %v", body, cut, err)
					}
					col := e.Col
					if e.Line == 1 {
						col -= len(side)
					}
					told[n] = fmt.Sprintf("%d:%d: %s", e.Line, col, e.Msg)
				}
				if told[0] != told[1] {
					t.Errorf("%q cut at %d: read: %s; skipped: %s", body, cut, told[0], told[1])
				}
			}
		}
	}
}
