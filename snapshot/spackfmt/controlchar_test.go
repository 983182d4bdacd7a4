package spackfmt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/shareddata"
)

// TestControlCharacterNamed (issue 35 class e: a message that sends the
// reader on a detour): a control character in a string was told at the
// string's opening quote, without naming it, where a bad escape and a
// byte that is no UTF-8 are told at the byte:
//
//	spec.v5's "name":"libd<U+0001>warf"
//	before: line 8, column 8: spec.nodes[0].name: control character in a string
//	after:  line 8, column 13: spec.nodes[0].name: control character U+0001 in a string
//
// In every string of real files (a spec file, an index, a lockfile: keys,
// values read and values skipped), a control character put after the
// string's first character is told there and named, whatever string it
// is in. The files as they are read.
func TestControlCharacterNamed(t *testing.T) {
	files := map[string]string{}
	for _, name := range []string{"spec.v5-libdwarf-m1.spec.json", "index.v7-layout2-unsigned.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-formats", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(data)
	}
	if dir := shareddata.Dir("lockfiles"); dir != "" { // the lockfile when ../shared is there
		data, err := os.ReadFile(filepath.Join(dir, "charmoniumQ__wf-reg-test", "ebe45e2", "engines__nextflow__spack.lock"))
		if err != nil {
			t.Fatal(err)
		}
		files["spack.lock"] = string(data)
	}
	for name, text := range files {
		if _, err := Decode(name, []byte(text)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		strs := 0
		for q := strings.IndexByte(text, '"'); q >= 0; {
			end := q + 1 + strings.IndexByte(text[q+1:], '"')
			if end > q+1 { // a string of a character or more
				strs++
				for _, c := range []byte{0x01, '\t', '\n', 0x1f} {
					at := q + 2
					bad := text[:at] + string(c) + text[at:]
					_, err := Decode(name, []byte(bad))
					line := 1 + strings.Count(bad[:at], "\n")
					col := at - strings.LastIndex(bad[:at], "\n")
					want := fmt.Sprintf("control character U+%04X in a string", c)
					var e *Error
					if !errors.As(err, &e) || e.Line != line || e.Col != col || e.Msg != want {
						t.Errorf("%s: %q after byte %d: %v; want %d:%d: %s", name, c, at, err, line, col, want)
					}
				}
			}
			next := strings.IndexByte(text[end+1:], '"')
			if next < 0 {
				break
			}
			q = end + 1 + next
		}
		if strs < 50 {
			t.Fatalf("%s: %d strings tried", name, strs)
		}
	}
}
