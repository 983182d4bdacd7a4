package jsonv1

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestDecodeForeignEncoding: a report saved compressed (… | gzip), or
// as UTF-16 (Windows PowerShell 5's > writes it), or with a UTF-8
// byte-order mark, is refused with what the file is and what to do,
// where render said it starts with the character '\x1f', '\ufeff' or
// '�' (the bytes FF FE), or that a key was wanted at a NUL.
func TestDecodeForeignEncoding(t *testing.T) {
	doc := `{"schema": "cachediff/v1"}`
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(doc))
	zw.Close()
	utf16Of := func(bom bool, big bool) []byte {
		var b []byte
		units := utf16.Encode([]rune(doc))
		if bom {
			units = append([]uint16{0xfeff}, units...)
		}
		for _, u := range units {
			if big {
				b = append(b, byte(u>>8), byte(u))
			} else {
				b = append(b, byte(u), byte(u>>8))
			}
		}
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"gzip", gz.Bytes(), "line 1, column 1: not JSON: a gzip file; decompress it first (gzip -dc FILE | cachediff render -)"},
		{"UTF-16LE", utf16Of(true, false), "line 1, column 1: not JSON: UTF-16 text; cachediff reads the UTF-8 JSON it writes (Windows PowerShell's > writes UTF-16: save the report with cachediff -o FILE)"},
		{"UTF-16BE", utf16Of(true, true), "line 1, column 1: not JSON: UTF-16 text; cachediff reads the UTF-8 JSON it writes (Windows PowerShell's > writes UTF-16: save the report with cachediff -o FILE)"},
		{"UTF-16LE without a mark", utf16Of(false, false), "line 1, column 1: not JSON: UTF-16 text; cachediff reads the UTF-8 JSON it writes (Windows PowerShell's > writes UTF-16: save the report with cachediff -o FILE)"},
		{"UTF-8 mark", append([]byte("\ufeff"), doc...), "line 1, column 1: not JSON: it starts with a UTF-8 byte-order mark, which JSON (RFC 8259) does not have and cachediff does not write; remove it, or save the report with cachediff -o FILE"},
	} {
		_, err := DecodeBytes(tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v\nwant %s", tc.name, err, tc.want)
		}
		if IsLog(tc.data) {
			t.Errorf("%s: read as a log", tc.name)
		}
	}
}

// TestDecodeRefusesForeignLayout: a side's layout is v2 or v3, and its
// index_sha256 a sha256 as cachediff writes it (64 lower-case hex
// digits), only beside a layout (docs/json.md). An edited report with
// layout "v9", a checksum of 3 characters, or one without a layout was
// rendered, and render's JSON and templates carried it as if read from a
// mirror.
func TestDecodeRefusesForeignLayout(t *testing.T) {
	r := reporttest.GenReport(3, 10)
	sum := strings.Repeat("0a", 32)
	r.Old.Layout, r.Old.IndexSHA256 = "v3", sum
	r.New.Layout = "v2"
	written := writtenReport(t, r)
	for _, c := range []struct{ from, to, want string }{
		{`"layout": "v2"`, `"layout": "v9"`, `new.layout: "v9" is not a mirror layout (want v2, v3)`},
		{`"index_sha256": "` + sum + `"`, `"index_sha256": "abc"`, `old.index_sha256: "abc" is not a sha256 (want 64 hex digits, 0-9 and a-f)`},
		{`"index_sha256": "` + sum + `"`, `"index_sha256": "` + strings.ToUpper(sum) + `"`, `old.index_sha256: "0A0A`},
		{`"layout": "v3",`, ``, `old.index_sha256: present without old.layout: it is the checksum of a mirror's index`},
	} {
		if !strings.Contains(written, c.from) {
			t.Fatalf("%s is not in the report", c.from)
		}
		edited := strings.Replace(written, c.from, c.to, 1)
		if _, err := DecodeBytes([]byte(edited)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s → %s: %v\nwant %s", c.from, c.to, err, c.want)
		}
	}
}
