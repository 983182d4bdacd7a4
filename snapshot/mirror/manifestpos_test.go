package mirror_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestManifestSyntaxErrorPosition (issue 35 class e): broken JSON in a
// layout-v3 manifest is told at its line and column, as the catalogue's
// reader and spackfmt tell it; the message carried none:
//
//	{"version": 3,\n "data": [x]}
//	before: m.json: not a manifest: invalid character 'x' looking for beginning of value
//	after:  m.json: line 2, column 11: not a manifest: invalid character 'x' ...
//
// A wrong byte at every offset of a manifest (unsigned, and signed,
// whose lines are the file's) is told there; one past the document is
// data after it, there. A manifest cut at every offset is cut short at
// its end, inside a character too, where it said "not UTF-8 text", and a
// byte that is no UTF-8 is told where it is.
func TestManifestSyntaxErrorPosition(t *testing.T) {
	h := strings.Repeat("ab", 32)
	manifest := "{\n  \"version\": 3,\n  \"note\": \"é€😀\",\n  \"more\": [true, null, -1.5e3, {}],\n  \"data\": [\n    {\n      \"contentLength\": 10,\n" +
		"      \"mediaType\": \"application/vnd.spack.db.v8+json\",\n      \"compression\": \"none\",\n" +
		"      \"checksumAlgorithm\": \"sha256\",\n      \"checksum\": \"" + h + "\"\n    }\n  ]\n}\n"
	signedHead := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n"
	signedTail := "-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	at := func(text string, off int) string {
		line := 1 + strings.Count(text[:off], "\n")
		return fmt.Sprintf("line %d, column %d", line, off-strings.LastIndex(text[:off], "\n"))
	}
	for _, wrap := range []struct{ head, tail string }{{"", ""}, {signedHead, signedTail}} {
		whole := wrap.head + manifest + wrap.tail
		if _, err := mirror.DecodeManifest("m.json", []byte(whole)); err != nil {
			t.Fatalf("bad test: %v", err)
		}
		end := len(wrap.head) + strings.LastIndex(manifest, "}") + 1 // the document's end
		// inString marks the bytes of the manifest's strings, quotes too
		// (it has no escape).
		inString := make([]bool, len(manifest))
		for i, in := 0, false; i < len(manifest); i++ {
			if manifest[i] == '"' {
				in = !in
				inString[i] = true
			}
			inString[i] = inString[i] || in
		}
		for p := len(wrap.head); p < len(wrap.head)+len(manifest); p++ {
			if manifest[p-len(wrap.head)]&0xc0 == 0x80 {
				continue // inside a character
			}
			if wrap.head != "" && p == len(wrap.head)+len(manifest)-1 {
				continue // the line's end before the signature's line
			}
			_, size := utf8.DecodeRuneInString(whole[p:])
			for _, bad := range []string{"\x01", "€", "\xff"} {
				if bad == "€" && inString[p-len(wrap.head)] {
					continue // a character of a string, or its quote
				}
				text := whole[:p] + bad + whole[p+size:]
				_, err := mirror.DecodeManifest("m.json", []byte(text))
				var want string
				switch {
				case bad == "\xff":
					want = "m.json: " + at(text, p) + ": not a manifest: not UTF-8 text"
				case bad == "\x01":
					want = "m.json: " + at(text, p) + ": not a manifest: invalid character '\\x01'"
				default:
					want = "m.json: " + at(text, p) + ": not a manifest: invalid character '€'"
				}
				if p >= end {
					want = "m.json: " + at(text, p) + ": not a manifest: data after the JSON object"
					if bad == "\xff" {
						want = "m.json: " + at(text, p) + ": not a manifest: not UTF-8 text"
					}
				}
				if err == nil || !strings.HasPrefix(err.Error(), want) {
					t.Errorf("%q at byte %d: %v; want %s", bad, p, err, want)
				}
			}
		}
		if wrap.head != "" {
			continue // a signed manifest cut short is told by its signature
		}
		// A byte that is no UTF-8 after another defect: the first is told.
		for in, want := range map[string]string{
			`{"version": 3, "data": []}` + "\xc3":       "line 1, column 27: not a manifest: not UTF-8 text",
			`{"version": 3, "data": []} x` + "\xc3":     "line 1, column 28: not a manifest: data after the JSON object",
			`{"version": 3, "data": [x, "` + "\xc3":     "line 1, column 25: not a manifest: invalid character 'x' looking for beginning of value",
			`{"version": 3, "data": [x, "` + "\xff\"]}": "line 1, column 25: not a manifest: invalid character 'x' looking for beginning of value",
			`{"version": 3, "data": ["` + "\xff\", x]}": "line 1, column 26: not a manifest: not UTF-8 text",
			"\xc3": "line 1, column 2: not a manifest: the JSON is cut short", // cut inside its first character
		} {
			if _, err := mirror.DecodeManifest("m.json", []byte(in)); err == nil || err.Error() != "m.json: "+want {
				t.Errorf("%q: %v; want m.json: %s", in, err, want)
			}
		}
		for cut := 1; cut < end; cut++ {
			text := whole[:cut]
			_, err := mirror.DecodeManifest("m.json", []byte(text))
			want := "m.json: " + at(text, cut) + ": not a manifest: the JSON is cut short"
			if err == nil || err.Error() != want {
				t.Errorf("cut at byte %d (%q): %v; want %s", cut, text[max(0, cut-8):], err, want)
			}
		}
	}
}
