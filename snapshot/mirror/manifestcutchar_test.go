package mirror_test

import (
	"regexp"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestManifestCutInCharacterIsCutShort (issue 35 class e: a message
// that differs by where the input was cut), the sibling in a mirror's
// layout-v3 manifests of 42ed2ea4 (the Spack reader): a manifest cut
// inside a character past ASCII is cut short, as it is cut one byte
// before the character. It said "not UTF-8 text", the words for a byte
// that is none; such a byte is still refused so, as is a character cut
// after the document. A file cut inside its first character, after
// white space or none, is cut short too (it said "not UTF-8 text").
func TestManifestCutInCharacterIsCutShort(t *testing.T) {
	position := regexp.MustCompile(`line \d+, column \d+: `)
	const cut = "x.manifest.json: not a manifest: the JSON is cut short"
	const notUTF8 = "x.manifest.json: not a manifest: not UTF-8 text"
	for in, want := range map[string]string{
		`{"version": 3, "note": "`:                      cut,
		"{\"version\": 3, \"note\": \"\xc3":             cut,
		"{\"version\": 3, \"note\": \"\\\xc3":           cut,
		"{\"version\": 3, \"note\": \"\xe2\x82":         cut,
		"{\"version\": 3, \"note\": \"\xf0\x9f\x98":     cut,
		"{\"version\": 3, \"note\": \"é\xf0\x9f":        cut,
		"{\"version\": 3, \"n\xc3":                      cut,
		"{\"version\": 3, \"note\": \"\xff":             notUTF8,
		"{\"version\": 3, \"note\": \"\xc3x":            notUTF8,
		"{\"version\": 3, \"note\": \"\xff\xc3":         notUTF8,
		"{\"version\": 3, \"data\": []}\xc3":            notUTF8,
		"\xc3":                                          cut,
		" \xc3":                                         cut,
		"\n\t\xe2\x82":                                  cut,
		"\xff":                                          notUTF8,
		" \xff\xc3":                                     notUTF8,
		"{\"version\": 3, \"note\": \"\xc3\xa9\xc3":     cut,
		"{\"version\": 3, \"note\": \"\xe2\x82\xac\xf0": cut,
	} {
		_, err := mirror.DecodeManifest("x.manifest.json", []byte(in))
		// The position is TestManifestSyntaxErrorPosition's to check.
		if err == nil || position.ReplaceAllString(err.Error(), "") != want {
			t.Errorf("%q: %v; want %s", in, err, want)
		}
	}
}
