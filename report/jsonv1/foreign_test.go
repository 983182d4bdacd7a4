package jsonv1

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
	"unicode/utf16"
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
