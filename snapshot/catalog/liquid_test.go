package catalog

import "testing"

// TestLiquidInBody: Jekyll renders the Liquid of a page whose text holds
// "{%" or "{{", and an error there ({% raise %}, an include of a path
// with "..") stops the site's whole build, so the site keeps its last
// build. A page with such a body passed a gate with "no changes": it is
// bad input, at the line of the Liquid. A body without Liquid is left
// alone, and so is Liquid inside the front matter's strings (Jekyll does
// not render front matter).
func TestLiquidInBody(t *testing.T) {
	spec := `spec_details: [{"hash": "` + hashN(1) + `", "os": "x"` + otherFields(`"os": "x"`) + "}]\n"
	page := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n" + oneMeta + spec + "---\n"
	for _, tc := range []struct {
		body string
		line int
	}{
		{"\n{% raise %}\n", 9},
		{"text\n\nmore {{ x | nonexistent }}", 10},
		{"{% include ../../etc/passwd %}", 8},
	} {
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", []byte(page+tc.body), false)
			checkErr(t, err, "p.md", tc.line, 0, "the page's body (after its front matter) holds Liquid")
		}
	}
	for _, body := range []string{"", "\n", "plain text { not liquid }\n", "{"} {
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", []byte(page+body), false); err != nil {
				t.Errorf("body %q: %v", body, err)
			}
		}
	}
}
