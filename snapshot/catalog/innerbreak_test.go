package catalog

import (
	"strings"
	"testing"
)

// TestInnerLineBreak (75th adversarial pass, found by FuzzParsePage): a
// carriage return alone, NEL, LS or PS inside a line of the front matter
// is a line break to YAML, so yaml.v3's line numbers ran ahead of the
// file's: a page whose one spec_details followed such a line was refused
// as giving spec_details twice, "(lines 3 and 5)", at line 5 of a file of
// 4 lines. It is an error at the break, by both paths; CRLF line ends stay
// read.
func TestInnerLineBreak(t *testing.T) {
	spec := "spec_details: [{\"hash\": \"" + hashN(1) + "\"" + otherFields("") + "}]\n---\n"
	for _, br := range []string{"\r", "\u0085", "\u2028", "\u2029"} {
		page := "---\ntitle: \"zlib\"\nlayout: cache\nnote: [" + br + "]\ncategories: [package, develop]\nmeta: {\"num_specs\": 1}\n" + spec
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", []byte(page), false)
			checkErr(t, err, "p.md", 4, len("note: [")+1, "a line break", "inside the line")
		}
	}
	crlf := strings.ReplaceAll(head+"meta: {\"num_specs\": 1}\n"+spec, "\n", "\r\n")
	for _, parse := range bothPaths {
		if _, _, _, err := parse("p.md", []byte(crlf), false); err != nil {
			t.Errorf("CRLF: %v", err)
		}
	}
}
