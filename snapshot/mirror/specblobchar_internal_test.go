package mirror

import "testing"

// TestSpecBlobSyntaxErrorNamesCharacter (issue 35 class e: a message
// that names the wrong thing): broken JSON at a character past ASCII in
// a layout-v3 spec blob names that character, as a manifest's does
// (fe4e2c87). encoding/json quotes the byte at the error as a character
// of its own, so that "\é" in a spec blob was "invalid character 'Ã' in
// string escape code".
func TestSpecBlobSyntaxErrorNamesCharacter(t *testing.T) {
	for in, want := range map[string]string{
		`{"spec": é}`:                                    `invalid character 'é' looking for beginning of value`,
		"{\"spec\":\n{\"nodes\": [\"a\\é\"]}}":           `invalid character 'é' in string escape code`,
		`{"spec": {"nodes": ["\€"]}}`:                    `invalid character '€' in string escape code`,
		"\xef\xbb\xbf" + `{"spec": {"nodes": [1 😀]}}`:    `invalid character '😀' after array element`,
		`{"spec": {"nodes": [x]}}`:                       `invalid character 'x' looking for beginning of value`,
		`{"spec": {"_meta": {"version": 5}, "nodes": [1`: `unexpected end of JSON input`,
	} {
		_, _, err := specNodes([]byte(in))
		if err == nil || err.Error() != want {
			t.Errorf("%q: %v; want %s", in, err, want)
		}
	}
}
