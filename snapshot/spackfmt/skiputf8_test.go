package spackfmt

import (
	"errors"
	"strings"
	"testing"
)

// TestSkipChecksUTF8 (adversarial pass 86): Spack reads its files as
// UTF-8 text before it parses them (open(..., encoding="utf-8"), then
// json.load), so a byte that is no UTF-8 anywhere in the file makes
// Spack refuse it. The decoder checked UTF-8 only in the strings it
// read: one in a value it skips (a CPU's cpupart, a namespace, an
// external's path) was read without a word, a file Spack refuses shown
// as a snapshot. Valid UTF-8 in a skipped string still reads.
func TestSkipChecksUTF8(t *testing.T) {
	const head = `{"database":{"version":"8","installs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"spec":{"name":"zlib","version":"1.3","x":`
	const tail = `},"in_buildcache":true}}}}`
	for _, v := range []string{`"caf` + "\u00e9" + `"`, `["` + "\u65e5\u672c" + `",{"k` + "\U0001F600" + `":1}]`} {
		if _, err := Decode("index.json", []byte(head+v+tail)); err != nil {
			t.Errorf("%s: %v", v, err)
		}
	}
	for _, v := range []string{"\"a\xffb\"", "[\"\xc0\x80\"]", "{\"k\xe9\":1}", "[\"\xed\xa0\x80\"]", "\"\xe6\x97\""} {
		_, err := Decode("index.json", []byte(head+v+tail))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, "not valid UTF-8") {
			t.Errorf("%q in a skipped value: %v; want it refused as not UTF-8, as Spack refuses the file", v, err)
			continue
		}
		if e.Line != 1 || e.Col <= len(head) {
			t.Errorf("%q: %v: want the error in the skipped value", v, err)
		}
	}
}
