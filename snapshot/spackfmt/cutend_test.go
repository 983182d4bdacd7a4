package spackfmt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCutShortSaysEnd (issue 35 class e: a message that differs by
// where the input was cut): a spec file cut short anywhere is refused
// with a message that says the file ends there. Cut after a key's
// value, or after a key, it said only "want ',' or '}' in an object",
// "want ',' or ']' in an array" or "want ':' after a key", as for a
// file with a wrong byte there, where a cut before a key said "want a
// key, not the end of the file"; cut inside a literal ("tr") or a
// number ("1."), "bad literal" or "bad number"; cut inside a string,
// "unterminated string" alone.
func TestCutShortSaysEnd(t *testing.T) {
	for _, name := range []string{"spec.v4-libdwarf-core2.spec.json", "spec.v5-libdwarf-m1.spec.json", "index.v8-layout2-unsigned-mixed.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-formats", name))
		if err != nil {
			t.Fatal(err)
		}
		for cut := 1; cut < len(data); cut++ {
			if strings.TrimSpace(string(data[cut:])) == "" {
				break // the document whole
			}
			_, err := Decode(name, data[:cut])
			if err == nil || !strings.HasSuffix(err.Error(), ", not the end of the file") {
				t.Errorf("%s cut at byte %d (%q): %v; want a message that the file ends", name, cut, data[max(0, cut-10):cut], err)
			}
		}
	}
	// A wrong byte is named, as the end is.
	for in, want := range map[string]string{
		`{"spec" 1}`:                   "want ':' after a key, not a number",
		`{"spec":{"_meta":{} "x"}}`:    "want ',' or '}' in an object, not a string",
		`{"spec":{"nodes":[{} {}]}}`:   "want ',' or ']' in an array, not an object",
		`{"spec":{"_meta":{"x":tru}}}`: `want a value, not "tru"`,
		`{"spec":{"_meta":{"x":1.}}}`:  `want ` + aNumber + `, not "1."`,
	} {
		if _, err := Decode("x.spec.json", []byte(in)); err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
}

// TestCutInCharacterSaysEnd (issue 35 class e: a message that differs
// by where the input was cut): a file cut inside a character past ASCII
// is cut short, in a string the decoder skips (a CPU feature, a key and
// a value of an object it does not read) as in one it reads (a name).
// A skipped one said `string is not valid UTF-8` for "mé" cut after
// the first byte of 'é', and `bad escape "\\\xc3" in a string` for
// "m\é" cut so.
func TestCutInCharacterSaysEnd(t *testing.T) {
	const h = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	for _, at := range []struct{ before, after string }{
		{`{"spec":{"_meta":{"version":5},"nodes":[{"name":"lib`, `x","version":"1","hash":"` + h + `"}]}}`},
		{`{"spec":{"_meta":{"version":5},"nodes":[{"name":"lib","version":"1","arch":{"platform":"linux","platform_os":"debian6",` +
			`"target":{"name":"core2","features":["m`, `x"]}},"hash":"` + h + `"}]}}`},
		{`{"spec":{"_meta":{"version":5},"nodes":[{"name":"lib","version":"1","x":{"k`, `x":1},"hash":"` + h + `"}]}}`},
		{`{"spec":{"_meta":{"version":5},"nodes":[{"name":"lib","version":"1","x":["v`, `x"],"hash":"` + h + `"}]}}`},
	} {
		for _, c := range []string{"é", "€", "😀", `\é`, `\€`, `\😀`} {
			whole := at.before + c + at.after
			for cut := len(at.before) + 1; cut < len(at.before)+len(c); cut++ {
				_, err := Decode("x.spec.json", []byte(whole[:cut]))
				if err == nil || !strings.HasSuffix(err.Error(), ": "+cutInString) {
					t.Errorf("cut at byte %d (%q): %v; want an unterminated string", cut, whole[max(0, cut-10):cut], err)
				}
			}
		}
	}
}
