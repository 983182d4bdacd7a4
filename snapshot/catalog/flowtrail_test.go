package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// TestFlowValueTrailingData: a one-line spec_details or meta followed on
// its line by more than white space ("[...]]", "[...]x", "{...}}") is
// an error, as the site's YAML reader refuses the front matter ("did not
// find expected key") and publishes the page without its specs. Read as
// flow YAML alone, yaml.v3 took the collection and dropped the rest:
// the page was read, "no changes".
func TestFlowValueTrailingData(t *testing.T) {
	spec := fmt.Sprintf(`{"hash": %q, "versions": ["1.0"], "variants": [], "compiler": "gcc@13.2.0", "os": "ubuntu22.04", "platform": "linux", "target": "x86_64", "stacks": ["s"], "size": "-"}`, hashN(1))
	for _, tc := range []struct{ name, key, value string }{
		{"a bracket too many", "spec_details", "[" + spec + "]]"},
		{"a word after the list", "spec_details", "[" + spec + "]x"},
		{"a brace too many", "meta", `{"versions": ["1.0"]}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := []string{"---", `title: "zlib"`, "layout: cache", "categories: [package, develop]"}
			if tc.key == "meta" {
				lines = append(lines, "meta: "+tc.value, "spec_details: ["+spec+"]")
			} else {
				lines = append(lines, "spec_details: "+tc.value)
			}
			page := []byte(strings.Join(append(lines, "---", ""), "\n"))
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 5, len(tc.key+": "+tc.value), tc.key)
			}
		})
	}
}
