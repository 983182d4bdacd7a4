package spackfmt

import (
	"errors"
	"strings"
	"testing"
)

// TestNULAfterDocument (adversarial pass 86): the scanner's peek says 0
// at the end of the data and at a NUL byte alike, so that a document
// followed by a NUL byte, and anything after it (a second index, or the
// NULs a crash leaves at a file's end), was read as if the file ended
// there: Spack's json.load refuses such a spec file or lockfile ("Extra
// data"), and an index is refused as they are (scanner.end). A NUL
// where a value should be was "the end of the file" in the message.
func TestNULAfterDocument(t *testing.T) {
	const doc = `{"database":{"version":"8","installs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"spec":{"name":"zlib","version":"1.3","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},"in_buildcache":true}}}}`
	if _, err := Decode("index.json", []byte(doc+"\n")); err != nil {
		t.Fatalf("bad test: %v", err)
	}
	for _, tail := range []string{"\x00", "\n\x00\x00\x00", "\x00" + doc} {
		_, err := Decode("index.json", []byte(doc+tail))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, "after the document") {
			t.Errorf("%q after the document: %v; want it refused, as Spack refuses it", tail, err)
		}
	}
	_, err := Decode("index.json", []byte(`{"database":{"version":`+"\x00"+`"8"}}`))
	if err == nil || strings.Contains(err.Error(), "end of the file") || !strings.Contains(err.Error(), "NUL") {
		t.Errorf("a NUL where a value should be: %v; want it named a NUL byte, not the end of the file", err)
	}
}
