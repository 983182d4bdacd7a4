package mirror_test

import (
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestManifestSyntaxErrorNamesCharacter (issue 35 class e: a message
// that names the wrong thing): broken JSON at a character past ASCII in
// a layout-v3 manifest names that character, as the catalogue's reader
// does (1b3620d9). encoding/json quotes the byte at the error as a
// character of its own, so that "\é" was `not a manifest: invalid
// character 'Ã' in string escape code`.
func TestManifestSyntaxErrorNamesCharacter(t *testing.T) {
	for in, want := range map[string]string{
		`{"version": 3, "data": [é]}`:             `x.manifest.json: line 1, column 25: not a manifest: invalid character 'é' looking for beginning of value`,
		"{\"version\": 3,\n\"data\": [\"a\\é\"]}": `x.manifest.json: line 2, column 13: not a manifest: invalid character 'é' in string escape code`,
		`{"version": 3, "data": ["\€"]}`:          `x.manifest.json: line 1, column 27: not a manifest: invalid character '€' in string escape code`,
		`{"version": 3, "data": [1 😀]}`:           `x.manifest.json: line 1, column 27: not a manifest: invalid character '😀' after array element`,
		`{"version": 3, "data": [x]}`:             `x.manifest.json: line 1, column 25: not a manifest: invalid character 'x' looking for beginning of value`,
	} {
		_, err := mirror.DecodeManifest("x.manifest.json", []byte(in))
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
}
