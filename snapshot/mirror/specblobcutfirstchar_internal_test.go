package mirror

import "testing"

// TestSpecBlobCutInFirstCharacter (issue 35 class e: a message that
// differs by where the input was cut): a spec blob cut inside its first
// character, or inside its byte order mark, or inside a character after
// white space alone, is cut short, as one cut anywhere later is, as a
// manifest cut so is (TestManifestSyntaxErrorPosition: "\xc3" is "the
// JSON is cut short") and as the same bytes in a spec file on disk are
// ("not the end of the file"). It said "not UTF-8 text", the words of a
// byte that starts no character.
func TestSpecBlobCutInFirstCharacter(t *testing.T) {
	for _, c := range []struct{ blob, want string }{
		{"\xef", "line 1, column 2: unexpected end of JSON input"},        // inside the byte order mark
		{"\xef\xbb", "line 1, column 3: unexpected end of JSON input"},    // inside the byte order mark
		{"\xc3", "line 1, column 2: unexpected end of JSON input"},        // inside a first character
		{" \n\xe2\x82", "line 2, column 3: unexpected end of JSON input"}, // after white space
		{"\xef\xbb\xbf\xc3", "line 1, column 2: unexpected end of JSON input"},
		{"\xff", "line 1, column 1: not UTF-8 text"},   // as before: no character
		{" \xc3x", "line 1, column 2: not UTF-8 text"}, // as before: a whole byte that is no UTF-8
	} {
		if _, _, err := specNodes([]byte(c.blob)); err == nil || err.Error() != c.want {
			t.Errorf("blob %q: %v, want %s", c.blob, err, c.want)
		}
	}
}
