package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// TestFlowValueInnerBreak: a one-line spec_details or meta followed on
// its line by a line break of YAML 1.1 (NEL, LS, PS) and more text
// ("[...]<LS>x: 1") is two lines to the site's YAML reader (libyaml reads
// a key x), as a break inside any other front matter line is, which
// cachediff refuses for "a line break inside the line". The value's line
// was not judged so: the page was refused as "broken JSON ... invalid
// character 'â' after top-level value", which says nothing of the break.
// A break with nothing after it is one line's end to both, and read.
func TestFlowValueInnerBreak(t *testing.T) {
	spec := fmt.Sprintf(`{"hash": %q, "versions": ["1.0"], "variants": [], "compiler": "gcc@13.2.0", "os": "ubuntu22.04", "platform": "linux", "target": "x86_64", "stacks": ["s"], "size": "-"}`, hashN(1))
	yspec := fmt.Sprintf(`{hash: %s, versions: ["1.0"], variants: [], compiler: gcc@13.2.0, os: ubuntu22.04, platform: linux, target: x86_64, stacks: [s], size: "-"}`, hashN(1))
	meta := `{"compilers": ["gcc@13.2.0"], "num_specs": 1, "num_specs_by_stack": {"s": 1}, "oss": ["ubuntu22.04"], "platforms": ["linux"], "stacks": ["s"], "targets": ["x86_64"], "versions": ["1.0"]}`
	for _, br := range []string{"\u2028", "\u2029", "\u0085"} {
		for _, tc := range []struct{ key, value, after string }{
			{"spec_details", "[" + spec + "]", "x: 1"},
			{"spec_details", "[" + yspec + "]", "x: 1"},
			{"spec_details", "[" + spec + "]", " # c" + "\u2028x: 1"},
			{"meta", meta, "x: 1"},
		} {
			lines := []string{"---", `title: "zlib"`, "layout: cache", "categories: [package, develop]"}
			if tc.key == "meta" {
				lines = append(lines, "meta: "+tc.value+br+tc.after, "spec_details: ["+spec+"]")
			} else {
				lines = append(lines, "meta: "+meta, "spec_details: "+tc.value+br+tc.after)
			}
			page := []byte(strings.Join(append(lines, "---", ""), "\n"))
			line := 5
			if tc.key == "spec_details" {
				line = 6
			}
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", line, len(tc.key+": "+tc.value)+1, "a line break", "inside the line")
			}
			// The break alone ends the line, to libyaml too.
			page = []byte(strings.Replace(string(page), br+tc.after, br, 1))
			for _, parse := range bothPaths {
				if _, _, _, err := parse("p.md", page, false); err != nil {
					t.Errorf("%s then %q alone: %v", tc.key, br, err)
				}
			}
		}
	}
}
