package catalog

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestFlowValueBreakAsLibyaml: libyaml (the site's YAML reader) reads a
// NEL, LS or PS inside a one-line flow value ("[<LS>{...}]", between a
// key and its value, after a comma) as a line break within the flow
// collection, and a "# c" on the line a break starts after the value as
// a comment: the same spec_details, and the site publishes the page, as
// cachediff read it before (by its YAML flow path). The check for text
// after a break ("[...]<LS>x: 1", a key x) judged every break of the
// value and anything after it, and refused these pages as "a line break
// inside the line". What libyaml refuses (a tab starting the line after
// the break) stays refused. The readings are libyaml 0.2.5's (PyYAML
// 6.0.3, CSafeLoader) of each front matter.
func TestFlowValueBreakAsLibyaml(t *testing.T) {
	spec := fmt.Sprintf(`{"hash": %q, "versions": ["1.0"], "variants": [], "compiler": "gcc@13.2.0", "os": "ubuntu22.04", "platform": "linux", "target": "x86_64", "stacks": ["s"], "size": "-"}`, hashN(1))
	meta := `{"compilers": ["gcc@13.2.0"], "num_specs": 1, "num_specs_by_stack": {"s": 1}, "oss": ["ubuntu22.04"], "platforms": ["linux"], "stacks": ["s"], "targets": ["x86_64"], "versions": ["1.0"]}`
	page := func(sd string) []byte {
		return []byte(strings.Join([]string{"---", `title: "zlib"`, "layout: cache", "categories: [package, develop]", "meta: " + meta, "spec_details: " + sd, "---", ""}, "\n"))
	}
	for _, br := range []string{"\u2028", "\u2029", "\u0085"} {
		for _, sd := range []string{
			"[" + br + spec + "]",
			"[" + strings.Replace(spec, `"hash": `, `"hash":`+br, 1) + "]",
			"[" + strings.Replace(spec, `, "versions"`, ","+br+`"versions"`, 1) + "]",
			"[" + spec + "]" + br + "# c",
			"[" + spec + "]" + br + " # c",
			"[" + spec + "]" + br + " # c" + br + "  # d",
		} {
			for _, parse := range bothPaths {
				pkg, _, _, err := parse("p.md", page(sd), false)
				if err != nil {
					t.Errorf("spec_details: %q: %v; libyaml reads it", sd, err)
					continue
				}
				if len(pkg.Specs) != 1 || pkg.Specs[0].Hash != hashN(1) {
					t.Errorf("spec_details: %q: %d specs; libyaml reads the one", sd, len(pkg.Specs))
				}
			}
		}
		for _, sd := range []string{
			"[" + spec + "]" + br + "\t# c",
			"[" + spec + "]" + br + " # c" + br + "x: 1",
		} {
			for _, parse := range bothPaths {
				if _, _, _, err := parse("p.md", page(sd), false); err == nil {
					t.Errorf("spec_details: %q: read; libyaml refuses it or reads a key x", sd)
				}
			}
		}
	}
}

// TestFlowValueCommentsAndTabsAsLibyaml: whether a one-line value closes
// before a line break is judged as libyaml's scanner reads it. A ']' in
// a comment ("[{...} #x]<LS>]") or in a plain scalar's quote
// ("[a "b, "]"<LS>]": the first '"' is the plain scalar's text) does not
// close the collection, and libyaml reads the ']' on the next line as
// its end: such pages were refused as "a line break inside the line".
// And the blanks after the value on its line, which the value leaves
// out, are on a line of their own after a break: a tab starting a line
// where a key may start is an error to libyaml ("[...]<LS><TAB>",
// "[...] <CR><TAB>"), which publishes the page without its specs, while
// cachediff read them. The readings are libyaml 0.2.5's (PyYAML 6.0.3,
// CSafeLoader) of each front matter.
func TestFlowValueCommentsAndTabsAsLibyaml(t *testing.T) {
	spec := func(variants string) string {
		return fmt.Sprintf(`{"hash": %q, "versions": ["1.0"], "variants": %s, "compiler": "gcc@13.2.0", "os": "ubuntu22.04", "platform": "linux", "target": "x86_64", "stacks": ["s"], "size": "-"}`, hashN(1), variants)
	}
	meta := `{"compilers": ["gcc@13.2.0"], "num_specs": 1, "num_specs_by_stack": {"s": 1}, "oss": ["ubuntu22.04"], "platforms": ["linux"], "stacks": ["s"], "targets": ["x86_64"], "versions": ["1.0"]}`
	page := func(sd string) []byte {
		return []byte(strings.Join([]string{"---", `title: "zlib"`, "layout: cache", "categories: [package, develop]", "meta: " + meta, "spec_details: " + sd, "---", ""}, "\n"))
	}
	for _, br := range []string{"\u2028", "\u2029", "\u0085", "\r"} {
		for sd, variants := range map[string][]string{
			"[" + spec("[]") + " #x]" + br + "]":               nil,
			"[" + spec("[]") + "\t#x}]" + br + "]":             nil,
			"[" + spec("[]") + " #[" + br + "]" + br + " # c":  nil,
			"[" + spec(`[a 'b, ']'`+br+"]") + "]":              {`a 'b`, "]"},
			"[" + spec(`[!!str "]"`+br+"]") + "]":              {"]"},
			"[" + spec(`[&v "]"`+br+"]") + "]":                 {"]"},
			"[" + spec(`["a\"]"`+br+"]") + "]" + br + " # \"]": {`a"]`},
			// The first quote is a plain scalar's text, the break
			// after the second string's close is outside it (an LS
			// there: TestQuoteInPlainScalarAsLibyaml).
			"[" + spec(`[a "b, "]"`+"\r"+"]") + "]": {`a "b`, "]"},
		} {
			slices.Sort(variants)
			for _, parse := range bothPaths {
				pkg, _, _, err := parse("p.md", page(sd), false)
				if err != nil {
					t.Errorf("spec_details: %q: %v; libyaml reads it", sd, err)
					continue
				}
				if len(pkg.Specs) != 1 || pkg.Specs[0].Hash != hashN(1) {
					t.Errorf("spec_details: %q: %d specs; libyaml reads the one", sd, len(pkg.Specs))
				} else if variants != nil && !slices.Equal(pkg.Specs[0].Variants, variants) {
					t.Errorf("spec_details: %q: variants %q; libyaml reads %q (sorted)", sd, pkg.Specs[0].Variants, variants)
				}
			}
		}
		for _, sd := range []string{
			"[" + spec("[]") + "]" + br + "\t",
			"[" + spec("[]") + "]" + br + " \t",
			"[" + spec("[]") + "] " + br + "\t ",
			"[" + spec("[]") + " #x" + br + "]" + br + "\t",
			"[" + spec("[]") + " #x" + br + "]" + br + "x: 1",
		} {
			for _, parse := range bothPaths {
				if _, _, _, err := parse("p.md", page(sd), false); err == nil {
					t.Errorf("spec_details: %q: read; libyaml refuses it or reads a key x", sd)
				}
			}
		}
	}
}
