package mirror

import "testing"

// TestEmptySpecBlobIsCutShort: a spec blob of no bytes (or of its byte
// order mark alone) is cut short, as one cut after a space or anywhere
// later is. It said "no nodes", as a whole spec file listing none.
// (Cut inside its first character, a blob is cut short too:
// TestSpecBlobCutInFirstCharacter.)
func TestEmptySpecBlobIsCutShort(t *testing.T) {
	for _, c := range []struct{ blob, want string }{
		{"", "line 1, column 1: unexpected end of JSON input"},
		{"\xef\xbb\xbf", "line 1, column 1: unexpected end of JSON input"},
		{" ", "line 1, column 2: unexpected end of JSON input"}, // as before
		{`{"spec": {"nodes": []}}`, "no nodes"},                 // as before
	} {
		if _, _, err := specNodes([]byte(c.blob)); err == nil || err.Error() != c.want {
			t.Errorf("blob %q: %v, want %s", c.blob, err, c.want)
		}
	}
}
