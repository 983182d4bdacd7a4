package spackfmt

import (
	"strings"
	"testing"
)

// TestScannerNamesInASCII (issue 35, classes a and e): what a syntax
// error or a refused deptype names of the input was quoted with %q (or
// QuoteRune), which leaves a lookalike as it is, and a word was named to
// its first character past ASCII: "truе" (its е Cyrillic) was "not
// "tru"", a fullwidth １ "not '１'", read as the 1 that is no error there,
// and the deptype "buіld" "is not build". Each is quoted in ASCII.
func TestScannerNamesInASCII(t *testing.T) {
	const rec = `{"database":{"version":8,"installs":{"h":{"spec":{"name":"a"},`
	for data, want := range map[string]string{
		rec + `"in_buildcache":truе}}}}`: `in_buildcache: want a boolean (true or false), not "tru\u0435"`,
		rec + `"ref_count":１}}}}`:        `ref_count: want a value, not '\uff11'`,
		`{"spec":{"_meta":{"version":5},"nodes":[{"name":"a","hash":"h","dependencies":[{"name":"b","hash":"g","parameters":{"deptypes":["buіld"]}}]}]}}`: `deptype "bu\u0456ld" is not build`,
	} {
		_, err := Decode("f", []byte(data))
		if err == nil || !strings.Contains(err.Error(), want) || strings.ContainsFunc(err.Error(), func(r rune) bool { return r > '~' }) {
			t.Errorf("%s: %v; want %s, in ASCII", data, err, want)
		}
	}
}
