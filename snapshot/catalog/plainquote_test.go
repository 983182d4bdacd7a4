package catalog

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// pageWithSpec is a page of one spec whose variants and os are written
// as given, in a one-line spec_details.
func pageWithSpec(variants, os string) []byte {
	spec := fmt.Sprintf(`{"hash": %q, "versions": ["1.0"], "variants": %s, "compiler": "gcc@13.2.0", "os": %s, "platform": "linux", "target": "x86_64", "stacks": ["s"], "size": "-"}`, hashN(1), variants, os)
	meta := `{"compilers": ["gcc@13.2.0"], "num_specs": 1, "num_specs_by_stack": {"s": 1}, "oss": ["ubuntu22.04"], "platforms": ["linux"], "stacks": ["s"], "targets": ["x86_64"], "versions": ["1.0"]}`
	return []byte(strings.Join([]string{"---", `title: "zlib"`, "layout: cache", "categories: [package, develop]", "meta: " + meta, "spec_details: [" + spec + "]", "---", ""}, "\n"))
}

// TestQuoteInPlainScalarAsLibyaml: in a one-line value of YAML flow, a
// '"' inside a plain scalar (a "b) is text to libyaml, the site's YAML
// reader, and starts no string: a raw line break after the next '"'
// ("[a "b, "]"<LS>]") is outside any string, and libyaml reads the
// variants a "b and ]. yamlRefused took every '"' for a string's start
// and refused the page as "U+2028 written raw in a string". A '"' starts
// a string where a JSON value's can: first, or after a bracket, a brace,
// a comma or a colon (and blanks). libyaml 0.2.5's reading (PyYAML
// 6.0.3, CSafeLoader).
func TestQuoteInPlainScalarAsLibyaml(t *testing.T) {
	for _, br := range []string{"\u2028", "\u2029", "\u0085"} {
		for variants, want := range map[string][]string{
			`[a "b, "]"` + br + "]": {`a "b`, "]"},
			`[a "b` + br + `c"]`:    {`a "b c"`},
		} {
			if br != "\u0085" && strings.Contains(variants, "c\"") {
				want = []string{`a "b` + br + `c"`} // LS, PS are kept
			}
			slices.Sort(want)
			for _, parse := range bothPaths {
				pkg, _, _, err := parse("p.md", pageWithSpec(variants, `"ubuntu22.04"`), false)
				if err != nil {
					t.Errorf("variants: %q: %v; libyaml reads %q", variants, err, want)
					continue
				}
				if got := pkg.Specs[0].Variants; !slices.Equal(got, want) {
					t.Errorf("variants: %q: read %q; libyaml reads %q", variants, got, want)
				}
			}
		}
	}
}

// TestKeyBrokenBeforeColon: libyaml reads a key in a flow mapping only
// when its colon is on its line: a JSON value with a carriage return
// between a key and its colon ({"os"<CR>: "x"}), which JSON reads, is an
// error to it ("did not find expected ',' or '}'"), and the site
// publishes the page without its specs. cachediff read them.
func TestKeyBrokenBeforeColon(t *testing.T) {
	// Plain ASCII (every real page), and not (another scan).
	for _, os := range []string{`"ubuntu22.04"`, `"ubüntu22.04"`} {
		for _, sep := range []string{"\r", " \r", "\r ", "\r\t", " \r \r"} {
			p := []byte(strings.Replace(string(pageWithSpec("[]", os)), `"os": `, `"os"`+sep+`: `, 1))
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", p, false)
				checkErr(t, err, "p.md", 6, 128+strings.IndexByte(sep, '\r'), "spec_details: ", "line break between a key and its colon")
			}
		}
	}
}
