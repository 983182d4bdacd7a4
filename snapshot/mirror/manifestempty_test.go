package mirror_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestManifestEmptyOrCut (adversarial pass 118b): an empty index
// manifest (a server's empty answer, a push cut before it wrote) was
// "not a manifest: EOF", and one cut short "unexpected EOF": Go's words
// for the end of the input, where build_cache/index.json says "the end
// of the file". Each now says what is wrong with the file.
func TestManifestEmptyOrCut(t *testing.T) {
	for text, want := range map[string]string{
		"":                         "not a manifest: an empty file",
		" \n":                      "not a manifest: an empty file",
		`{"version": 3, "data": [`: "not a manifest: the JSON is cut short",
	} {
		_, err := mirror.DecodeManifest("m.json", []byte(text))
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "EOF") {
			t.Errorf("%q: %v; want %q", text, err, want)
		}
	}
}
