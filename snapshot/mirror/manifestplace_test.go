package mirror_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestManifestValuePlaced (issue 35 class e: a message that sends the
// reader on a detour): a manifest's value of the wrong kind, or refused,
// is told at its line and column, as a syntax error is; the message had
// none (the values are decoded from copies of the JSON):
//
//	before: m.json: data[1]: checksum: an object, want a string
//	after:  m.json: line 16, column 19: data[1]: checksum: an object, want a string
//
// Every field of the second entry of a manifest written over many lines
// (unsigned, and signed, whose lines are the file's) is given a value of
// the wrong kind, null, or a refused value, and the message is placed at
// the value; a key given twice is placed at its last value, the one read.
func TestManifestValuePlaced(t *testing.T) {
	h := strings.Repeat("ab", 32)
	entry := func(f map[string]string) string {
		var b []string
		for _, k := range []string{"contentLength", "mediaType", "compression", "checksumAlgorithm", "checksum"} {
			b = append(b, "      \""+k+"\":  "+f[k])
		}
		return "    {\n" + strings.Join(b, ",\n") + "\n    }"
	}
	good := map[string]string{"contentLength": "10", "mediaType": `"application/vnd.spack.db.v8+json"`, "compression": `"none"`,
		"checksumAlgorithm": `"sha256"`, "checksum": `"` + h + `"`}
	manifest := func(version string, second map[string]string) string {
		return "{\n  \"version\": 2,\n  \"version\":\t" + version + ",\n  \"data\": [\n" + entry(good) + ",\n" + entry(second) + "\n  ]\n}\n"
	}
	signedHead := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n"
	signedTail := "-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	at := func(text string, off int) string {
		return fmt.Sprintf("line %d, column %d", 1+strings.Count(text[:off], "\n"), off-strings.LastIndex(text[:off], "\n"))
	}
	type tc struct{ key, value, msg string }
	cases := []tc{
		{"contentLength", `"10"`, "a string, want a whole number"},
		{"contentLength", `null`, "null, want a whole number"},
		{"contentLength", `-1`, "contentLength -1 is negative"},
		{"mediaType", `null`, "null, want a string"},
		{"mediaType", `7`, "a number, want a string"},
		{"compression", `null`, "null, want a string"},
		{"compression", `"zstd"`, `compression "zstd" is not supported (gzip or none)`},
		{"checksumAlgorithm", `null`, "null, want a string"},
		{"checksumAlgorithm", `"md5"`, `checksumAlgorithm "md5" is not supported (cachediff verifies sha256)`},
		{"checksum", `{}`, "an object, want a string"},
		{"checksum", `null`, "null, want a string"},
		{"checksum", `"ab"`, `checksum "ab" is not 64 lower-case hex digits`},
	}
	for _, wrap := range []struct{ head, tail string }{{"", ""}, {signedHead, signedTail}} {
		if _, err := mirror.DecodeManifest("m.json", []byte(wrap.head+manifest("3", good)+wrap.tail)); err != nil {
			t.Fatalf("bad test: %v", err)
		}
		for _, c := range cases {
			f := map[string]string{}
			for k, v := range good {
				f[k] = v
			}
			f[c.key] = c.value
			text := wrap.head + manifest("3", f)
			off := strings.Index(text, "\"data\"")
			off += strings.Index(text[off:], "\""+c.key+"\":") // the first entry's
			off += 1 + strings.Index(text[off+1:], "\""+c.key+"\":")
			off += strings.Index(text[off:], c.value)
			prefix := c.key + ": "
			if !strings.HasPrefix(c.msg, "null") && !strings.Contains(c.msg, "want a") {
				prefix = ""
			}
			want := "m.json: " + at(text, off) + ": data[1]: " + prefix + c.msg
			if _, err := mirror.DecodeManifest("m.json", []byte(text+wrap.tail)); err == nil || err.Error() != want {
				t.Errorf("%s %s (signed %t):\n got %v\nwant %s", c.key, c.value, wrap.head != "", err, want)
			}
		}
		for _, v := range []string{"null", `"3"`, "4"} {
			text := wrap.head + manifest(v, good)
			want := "m.json: " + at(text, strings.Index(text, "\t"+v)+1) + ": "
			if v == "4" {
				want += "manifest version 4 is not supported (Spack's layout v3 writes version 3)"
			} else if v == "null" {
				want += "version: null, want a whole number"
			} else {
				want += "version: a string, want a whole number"
			}
			if _, err := mirror.DecodeManifest("m.json", []byte(text+wrap.tail)); err == nil || err.Error() != want {
				t.Errorf("version %s (signed %t):\n got %v\nwant %s", v, wrap.head != "", err, want)
			}
		}
	}
	for in, want := range map[string]string{
		"\n\n  [1]":                      "m.json: line 3, column 3: not a manifest: a list, want an object",
		`{"version": 3, "data": [ 1]}`:   "m.json: line 1, column 26: data[0]: not an object",
		`{"version": 3, "data": [null]}`: "m.json: line 1, column 25: data[0]: not an object",
		`{"version": 3, "data": [{}]}`:   "m.json: line 1, column 25: data[0]: no contentLength",
	} {
		if _, err := mirror.DecodeManifest("m.json", []byte(in)); err == nil || err.Error() != want {
			t.Errorf("%q:\n got %v\nwant %s", in, err, want)
		}
	}
}

// TestManifestNullFieldOrNoData (issue 35 class e: a message that names
// the wrong thing): Spack validates a manifest against its schema, which
// requires version and data, and an integer or a string in each of an
// entry's five fields. A null field was read as 0 or "" (a null media
// type read as a blob of no type, a null checksum told as `checksum ""
// is not 64 hex digits`), and a manifest without data as one that lists
// no blob, which the mirror told as "no index of a version cachediff
// reads ...; media types: none". Both are refused, the field named.
func TestManifestNullFieldOrNoData(t *testing.T) {
	h := strings.Repeat("ab", 32)
	for in, want := range map[string]string{
		`{"version": 3}`: "m.json: a manifest without data (want a list of blobs)",
		`{"version": 3, "data": [{"contentLength": 1, "mediaType": null, "compression": "none", "checksumAlgorithm": "sha256", "checksum": "` + h + `"}]}`:   "m.json: line 1, column 59: data[0]: mediaType: null, want a string",
		`{"version": 3, "data": [{"contentLength": 1, "mediaType": "x", "compression": "none", "checksumAlgorithm": "sha256", "checksum": null}]}`:           "m.json: line 1, column 130: data[0]: checksum: null, want a string",
		`{"version": 3, "data": [{"contentLength": null, "mediaType": "x", "compression": "none", "checksumAlgorithm": "sha256", "checksum": "` + h + `"}]}`: "m.json: line 1, column 43: data[0]: contentLength: null, want a whole number",
	} {
		if _, err := mirror.DecodeManifest("m.json", []byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", in, err, want)
		}
	}
}

// TestManifestWholeNumberWithFraction (issue 35 class e: over-refusal):
// Spack validates a manifest with JSON Schema draft 7, whose integer is
// any number without a fraction, and compares a version 3.0 equal to 3:
// a manifest whose version or length was written 3.0 or 1E3 was refused
// ("version: the number 3.0, want a whole number"). It is read as the
// number it is; a fraction, an infinity and a whole number out of range
// are still refused.
func TestManifestWholeNumberWithFraction(t *testing.T) {
	h := strings.Repeat("ab", 32)
	manifest := func(version, length string) string {
		return `{"version": ` + version + `, "data": [{"contentLength": ` + length + `, "mediaType": "application/vnd.spack.db.v8+json", "compression": "none", "checksumAlgorithm": "sha256", "checksum": "` + h + `"}]}`
	}
	for _, c := range []struct {
		version, length string
		want            int64
	}{{"3.0", "10", 10}, {"3e0", "10.0", 10}, {"0.3E1", "1E3", 1000}, {"3", "-0.0", 0}, {"30e-1", "9.0e2", 900}} {
		m, err := mirror.DecodeManifest("m.json", []byte(manifest(c.version, c.length)))
		if err != nil || m.Version != 3 || len(m.Data) != 1 || m.Data[0].ContentLength != c.want {
			t.Errorf("version %s, length %s: %+v, %v; want version 3, length %d", c.version, c.length, m, err, c.want)
		}
	}
	for _, c := range []struct{ version, length, want string }{
		{"3.5", "1", "version: the number 3.5, want a whole number"},
		{"4.0", "1", "manifest version 4 is not supported (Spack's layout v3 writes version 3)"},
		{"3", "1e999", "data[0]: contentLength: the number 1e999, want a whole number"},
		{"3", "9.3e18", "data[0]: contentLength: the number 9.3e18, want a whole number of at most 9223372036854775807"},
		{"3", "-1.0", "data[0]: contentLength -1 is negative"},
	} {
		_, err := mirror.DecodeManifest("m.json", []byte(manifest(c.version, c.length)))
		if err == nil || !strings.HasSuffix(err.Error(), ": "+c.want) {
			t.Errorf("version %s, length %s: %v; want %s", c.version, c.length, err, c.want)
		}
	}
}
