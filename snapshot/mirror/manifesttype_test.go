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
		`[1]`:                          "m.json: line 1, column 1: not a manifest: a list, want an object",
		`true`:                         "m.json: line 1, column 1: not a manifest: a boolean, want an object",
		`{"version": "3", "data": []}`: "m.json: line 1, column 13: version: a string, want a whole number",
		`{"version": 3.5, "data": []}`: "m.json: line 1, column 13: version: the number 3.5, want a whole number",
		`{"version": 3, "data": {}}`:   "m.json: line 1, column 24: data: an object, want a list",
		`{"version": 3, "data": "x"}`:  "m.json: line 1, column 24: data: a string, want a list",
		entry("contentLength", `"1"`):  "m.json: line 1, column 42: data[0]: contentLength: a string, want a whole number",
		entry("contentLength", `1.5`):  "m.json: line 1, column 42: data[0]: contentLength: the number 1.5, want a whole number",
		entry("mediaType", `[]`):       "m.json: line 1, column 56: data[0]: mediaType: a list, want a string",
		entry("checksum", `{}`):        "m.json: line 1, column 152: data[0]: checksum: an object, want a string",
		entry("compression", `false`):  "m.json: line 1, column 105: data[0]: compression: a boolean, want a string",
	} {
		if _, err := mirror.DecodeManifest("m.json", []byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
}

// TestManifestWholeNumberOutOfRange (issue 35 class e: a message that
// names the wrong thing): a whole number past the range of a manifest's
// value (Go's int64) was told "the number 99999999999999999999, want a
// whole number", as if it had a fraction; it is told the range wanted.
// A number with a fraction or an exponent is none to encoding/json, and
// keeps its words.
func TestManifestWholeNumberOutOfRange(t *testing.T) {
	entry := func(length string) string {
		return `{"version": 3, "data": [{"contentLength": ` + length + `, "mediaType": "application/vnd.spack.db.v8+json", "compression": "none", ` +
			`"checksumAlgorithm": "sha256", "checksum": "` + strings.Repeat("ab", 32) + `"}]}`
	}
	for in, want := range map[string]string{
		`{"version": 99999999999999999999, "data": []}`:  "m.json: line 1, column 13: version: the number 99999999999999999999, want a whole number of at most 9223372036854775807",
		`{"version": -99999999999999999999, "data": []}`: "m.json: line 1, column 13: version: the number -99999999999999999999, want a whole number of at least -9223372036854775808",
		entry("9223372036854775808"):                     "m.json: line 1, column 43: data[0]: contentLength: the number 9223372036854775808, want a whole number of at most 9223372036854775807",
		entry("-9223372036854775809"):                    "m.json: line 1, column 43: data[0]: contentLength: the number -9223372036854775809, want a whole number of at least -9223372036854775808",
		entry("1e999"):                                   "m.json: line 1, column 43: data[0]: contentLength: the number 1e999, want a whole number",
		entry("-0.5"):                                    "m.json: line 1, column 43: data[0]: contentLength: the number -0.5, want a whole number",
	} {
		if _, err := mirror.DecodeManifest("m.json", []byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
}

// TestManifestNullVersionOrData (issue 35 class e: a message that names
// the wrong thing): a manifest's null version or data was decoded as no
// value, leaving Go's zero: a null version was "manifest version 0 is
// not supported", and a null data a manifest that lists no blob, which
// the mirror then told as "no index of a version cachediff reads ...;
// media types: none". Spack fails on None in either; both are told as
// values of the wrong kind.
func TestManifestNullVersionOrData(t *testing.T) {
	for in, want := range map[string]string{
		`{"version": null, "data": []}`: "m.json: line 1, column 13: version: null, want a whole number",
		`{"version": 3, "data": null}`:  "m.json: line 1, column 24: data: null, want a list",
		`{"data": [], "version": null}`: "m.json: line 1, column 25: version: null, want a whole number",
	} {
		if _, err := mirror.DecodeManifest("m.json", []byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
}
