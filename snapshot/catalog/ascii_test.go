package catalog

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestNotASCIIIdentifiers (issue 35, class e): a page whose specs'
// compiler was gсc@13.3.0 (its с Cyrillic), its meta agreeing, loaded
// with no word, and a report's tables showed it as gcc@13.3.0 would; so
// did a package named with a Greek omicron (zlοb) and such an os,
// target, platform or stack. Spack writes them in ASCII: each distinct
// value warns once, quoted in ASCII, on both paths; the specs keep the
// value as written.
func TestNotASCIIIdentifiers(t *testing.T) {
	specs := make([]map[string]any, 3)
	for i := range specs {
		specs[i] = simpleSpec(i)
		specs[i]["compiler"] = "g\u0441c@13.3.0"
		specs[i]["stacks"] = []string{"e4s-\u03bfneapi", "root"}
	}
	specs[2]["os"] = "ubuntu24.04\u200b"
	specs[2]["target"] = "x86_64_v\u0663"
	specs[2]["platform"] = "lіnux"
	page := testPage("zl\u03bfb", "develop-2025-03-23", nil, specs...)
	want := []string{
		`line 2: package name "zl\u03bfb" holds characters that are not ASCII`,
		`line 6: compiler "g\u0441c@13.3.0" holds characters that are not ASCII: Spack writes compilers in ASCII`,
		`line 6: os "ubuntu24.04\u200b" holds characters that are not ASCII`,
		`line 6: platform "l\u0456nux" holds characters that are not ASCII`,
		`line 6: stack "e4s-\u03bfneapi" holds characters that are not ASCII`,
		`line 6: target "x86_64_v\u0663" holds characters that are not ASCII`,
	}
	for _, parse := range bothPaths {
		p, _, warnings, err := parse("zlob/specs.md", []byte(page), false)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range warnings {
			if strings.Contains(w.Message, "not ASCII") {
				got = append(got, fmt.Sprintf("line %d: %s", w.Line, w.Message))
			}
		}
		slices.Sort(got)
		if len(got) != len(want) {
			t.Fatalf("%d warnings of values not ASCII, want %d (each value once):\n%s", len(got), len(want), strings.Join(got, "\n"))
		}
		for i := range want {
			if !strings.Contains(got[i], want[i]) {
				t.Errorf("warning %q, want one with %q", got[i], want[i])
			}
		}
		if p.Name != "zl\u03bfb" || p.Specs[0].Compiler != "g\u0441c@13.3.0" {
			t.Errorf("package %q, compiler %q: the values as written", p.Name, p.Specs[0].Compiler)
		}
	}
}
