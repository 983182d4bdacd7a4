package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// TestOneLineValueContinued (pass 89a): a one-line spec_details or meta
// followed by an indented line ("  ]", "  x") is an error, as the site's
// YAML refuses the front matter (the indented line continues the value,
// which ended at its closing bracket). The error said the key was "given
// twice (lines 5 and 5)": there is one, and the line to look at is the
// one after it.
func TestOneLineValueContinued(t *testing.T) {
	spec := fmt.Sprintf(`{"hash": %q, "versions": ["1.0"], "variants": [], "compiler": "gcc@13.2.0", "os": "ubuntu22.04", "platform": "linux", "target": "x86_64", "stacks": ["s"], "size": "-"}`, hashN(1))
	for _, next := range []string{"  ]", "  x", "  - x"} {
		t.Run(next, func(t *testing.T) {
			page := []byte(strings.Join([]string{"---", `title: "zlib"`, "layout: cache", "categories: [package, develop]",
				"spec_details: [" + spec + "]", next, "---", ""}, "\n"))
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 5, 0, "spec_details", "continues on the indented line after it")
				if err != nil && strings.Contains(err.Error(), "twice") {
					t.Errorf("%v; want no word of a key given twice", err)
				}
			}
		})
	}
}
