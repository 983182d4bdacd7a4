package mirror

import (
	"fmt"
	"strings"
	"testing"
)

// TestSpecBlobCutInCharacter (issue 35 class e: a message that differs
// by where the input was cut, and names the wrong defect): the sibling,
// in a layout-v3 spec blob, of what ed10730a and 3184e90d made a
// manifest say. A spec blob cut inside a character past ASCII said "not
// UTF-8 text", where cut one byte before it the JSON is cut short
// ("unexpected end of JSON input"), and a byte that is no UTF-8 was told
// before the broken JSON in front of it:
//
//	{"spec": ... [{"name": "\xc3        not UTF-8 text → unexpected end of JSON input
//	{"spec": ... [x, "\xff"]}}          not UTF-8 text → invalid character 'x' looking for beginning of value
//
// A blob cut at any byte is cut short; a byte that is no UTF-8 after
// JSON that is whole, or with a character after it, is still not UTF-8.
func TestSpecBlobCutInCharacter(t *testing.T) {
	const h = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	blob := "{\"spec\": {\"_meta\": {\"version\": 5},\n \"nodes\": [{\"name\": \"é€😀\", \"version\": \"1\", \"hash\": \"" + h + "\"}]}}"
	if _, _, err := specNodes([]byte(blob)); err != nil {
		t.Fatalf("bad test: %v", err)
	}
	for _, bom := range []string{"", "\xef\xbb\xbf"} {
		for cut := 1; cut < len(blob); cut++ {
			in := bom + blob[:cut]
			want := endOf(blob[:cut]) + ": unexpected end of JSON input"
			if _, _, err := specNodes([]byte(in)); err == nil || err.Error() != want {
				t.Errorf("cut at byte %d (%q): %v; want %s", cut, blob[max(0, cut-8):cut], err, want)
			}
		}
	}
	for in, want := range map[string]string{
		`{"spec": {"nodes": [x, "` + "\xff" + `"]}}`:                        "line 1, column 21: invalid character 'x' looking for beginning of value",
		`{"spec": {"nodes": [x, "` + "\xc3":                                 "line 1, column 21: invalid character 'x' looking for beginning of value",
		`{"spec": {"nodes": ["é" 😀, "` + "\xc3":                             "line 1, column 26: invalid character '😀' after array element",
		`{"spec": {"nodes": [1]}} x` + "\xc3":                               "line 1, column 26: invalid character 'x' after top-level value",
		`{"spec": {"nodes": ["` + "\xff" + `", x]}}`:                        "line 1, column 22: not UTF-8 text",
		`{"spec": {"nodes": ["` + "\xc3" + `"]}}`:                           "line 1, column 22: not UTF-8 text",
		`{"spec": {"nodes": [1]}}` + "\xc3":                                 "line 1, column 25: not UTF-8 text",
		`{"spec": {"nodes": [1]}}` + " \xe2\x82":                            "line 1, column 26: not UTF-8 text",
		"\xff":                                                              "line 1, column 1: not UTF-8 text",
		" \t" + strings.Repeat("\n", 3) + `{"spec": {"nodes": [1.` + "\xc3": "line 4, column 24: unexpected end of JSON input",
	} {
		if _, _, err := specNodes([]byte(in)); err == nil || err.Error() != want {
			t.Errorf("%q: %v; want %s", in, err, want)
		}
	}
}

// TestSpecBlobCutInLiteral (issue 35 class e: a message that differs by
// where the input was cut, and names a character the input does not
// hold): a spec blob cut inside a literal or a number was told by
// encoding/json's Unmarshal as a space after it:
//
//	... "external": fa      invalid character ' ' in literal false (expecting 'l')
//	... "n": -1.            invalid character ' ' after decimal point in numeric literal
//	... "external": false   unexpected end of JSON input
//
// A blob cut at any byte is cut short, as a manifest is.
func TestSpecBlobCutInLiteral(t *testing.T) {
	const h = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	blob := `{"spec": {"_meta": {"version": 5}, "nodes": [{"name": "a", "version": "1", "hash": "` + h +
		`", "external": false, "shared": true, "x": null, "n": -1.5e+3, "m": 0, "k": [1E-2, 12]}]}}`
	if _, _, err := specNodes([]byte(blob)); err != nil {
		t.Fatalf("bad test: %v", err)
	}
	for cut := 1; cut < len(blob); cut++ {
		want := endOf(blob[:cut]) + ": unexpected end of JSON input"
		if _, _, err := specNodes([]byte(blob[:cut])); err == nil || err.Error() != want {
			t.Errorf("cut at byte %d (%q): %v; want %s", cut, blob[max(0, cut-8):cut], err, want)
		}
	}
	// Broken, not cut: told as before.
	for in, want := range map[string]string{
		`{"spec": fals}`:      "line 1, column 14: invalid character '}' in literal false (expecting 'e')",
		`{"spec": -x}`:        "line 1, column 11: invalid character 'x' in numeric literal",
		`{"spec": 1.}`:        "line 1, column 12: invalid character '}' after decimal point in numeric literal",
		`{"spec": {}} tru`:    "line 1, column 14: invalid character 't' after top-level value",
		`{"spec": {"a": 1]}}`: "line 1, column 17: invalid character ']' after object key:value pair",
	} {
		if _, _, err := specNodes([]byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
}

// endOf is the line and column of text's end, as a spec blob's messages
// say it.
func endOf(text string) string {
	return fmt.Sprintf("line %d, column %d", 1+strings.Count(text, "\n"), len(text)-strings.LastIndex(text, "\n"))
}
