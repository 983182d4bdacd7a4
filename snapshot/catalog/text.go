package catalog

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/cachediff/cachediff/snapshot"
)

// notText returns an error when data is not UTF-8 text (a NUL byte, or
// bytes that are not UTF-8), at the line and column of the first bad byte,
// or nil.
func notText(file string, data []byte) *snapshot.Error {
	nul := bytes.IndexByte(data, 0)
	bad := -1
	if !utf8.Valid(data) {
		for i := 0; i < len(data); {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				bad = i
				break
			}
			i += n
		}
	}
	at, what := nul, "a NUL byte"
	if bad >= 0 && (nul < 0 || bad < nul) {
		at, what = bad, fmt.Sprintf("byte 0x%02X, which is not UTF-8", data[bad])
	}
	if at < 0 {
		return nil
	}
	line := 1 + bytes.Count(data[:at], []byte("\n"))
	col := at - (bytes.LastIndexByte(data[:at], '\n') + 1) + 1
	return &snapshot.Error{File: file, Line: line, Col: col,
		Msg: fmt.Sprintf("not a text file (binary or not UTF-8): %s; a package page is UTF-8 Markdown with YAML front matter", what)}
}
