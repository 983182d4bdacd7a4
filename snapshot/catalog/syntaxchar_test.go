package catalog

import (
	"strings"
	"testing"
)

// TestSyntaxErrorNamesCharacter (issue 35 class e): broken JSON at a
// character past ASCII names that character, as the page has it:
// encoding/json quotes the byte at the error as a character of its
// own, so that a variant "gen\éric" was `broken JSON in spec_details:
// invalid character 'Ã' in string escape code`, and an "é" after the
// list 'Ã' too.
func TestSyntaxErrorNamesCharacter(t *testing.T) {
	h := hashN(1)
	for _, tc := range []struct{ specs, at, want string }{
		{`spec_details: [{"hash": "` + h + `", "variants": ["gen\éric"]` + otherFields(`"variants":`) + `}]`, `é`,
			`invalid character 'é' in string escape code`},
		{`spec_details: [{"hash": "` + h + `", "size": 1` + otherFields("") + `}]` + " é", `é`,
			`invalid character 'é' after top-level value`},
	} {
		file, err := onePage(t, head+tc.specs+"\n---\n")
		checkErr(t, err, file, 5, strings.Index(tc.specs, tc.at)+1, "broken JSON in spec_details", tc.want)
	}
}
