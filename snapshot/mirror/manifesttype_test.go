package mirror_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestManifestTypeWords (issue 35 class e: a message that sends the
// reader on a detour): a manifest value of the wrong kind is told in
// JSON's words, not Go's types: `data: json: cannot unmarshal object
// into Go value of type []json.RawMessage` is "data: an object, want a
// list".
func TestManifestTypeWords(t *testing.T) {
	entry := func(field, value string) string {
		e := map[string]string{"contentLength": "1", "mediaType": `"application/vnd.spack.db.v8+json"`, "compression": `"none"`,
			"checksumAlgorithm": `"sha256"`, "checksum": `"` + strings.Repeat("ab", 32) + `"`}
		e[field] = value
		var b []string
		for _, k := range []string{"contentLength", "mediaType", "compression", "checksumAlgorithm", "checksum"} {
			b = append(b, `"`+k+`":`+e[k])
		}
		return `{"version": 3, "data": [{` + strings.Join(b, ",") + `}]}`
	}
	if _, err := mirror.DecodeManifest("m.json", []byte(entry("contentLength", "1"))); err != nil {
		t.Fatalf("bad test: %v", err)
	}
	for in, want := range map[string]string{
		`[1]`:                          "m.json: not a manifest: a list, want an object",
		`true`:                         "m.json: not a manifest: a boolean, want an object",
		`{"version": "3", "data": []}`: "m.json: version: a string, want a whole number",
		`{"version": 3.5, "data": []}`: "m.json: version: the number 3.5, want a whole number",
		`{"version": 3, "data": {}}`:   "m.json: data: an object, want a list",
		`{"version": 3, "data": "x"}`:  "m.json: data: a string, want a list",
		entry("contentLength", `"1"`):  "m.json: data[0]: contentLength: a string, want a whole number",
		entry("contentLength", `1.5`):  "m.json: data[0]: contentLength: the number 1.5, want a whole number",
		entry("mediaType", `[]`):       "m.json: data[0]: mediaType: a list, want a string",
		entry("checksum", `{}`):        "m.json: data[0]: checksum: an object, want a string",
		entry("compression", `false`):  "m.json: data[0]: compression: a boolean, want a string",
	} {
		if _, err := mirror.DecodeManifest("m.json", []byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
}
