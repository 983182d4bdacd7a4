package mirror

import "testing"

// TestSpecBlobSyntaxErrorNamesCharacter (issue 35 class e: a message
// that names the wrong thing): broken JSON at a character past ASCII in
// a layout-v3 spec blob names that character, as a manifest's does
// (fe4e2c87). encoding/json quotes the byte at the error as a character
// of its own, so that "\é" in a spec blob was "invalid character 'Ã' in
// string escape code". It is told at its line and column, as a
// manifest's is (of the text past a byte order mark, as spackfmt counts
// them).
func TestSpecBlobSyntaxErrorNamesCharacter(t *testing.T) {
	for in, want := range map[string]string{
		`{"spec": é}`:                                    `line 1, column 10: invalid character 'é' looking for beginning of value`,
		"{\"spec\":\n{\"nodes\": [\"a\\é\"]}}":           `line 2, column 15: invalid character 'é' in string escape code`,
		`{"spec": {"nodes": ["\€"]}}`:                    `line 1, column 23: invalid character '€' in string escape code`,
		"\xef\xbb\xbf" + `{"spec": {"nodes": [1 😀]}}`:    `line 1, column 23: invalid character '😀' after array element`,
		`{"spec": {"nodes": [x]}}`:                       `line 1, column 21: invalid character 'x' looking for beginning of value`,
		`{"spec": {"_meta": {"version": 5}, "nodes": [1`: `line 1, column 47: unexpected end of JSON input`,
	} {
		_, _, err := specNodes([]byte(in))
		if err == nil || err.Error() != want {
			t.Errorf("%q: %v; want %s", in, err, want)
		}
	}
}
