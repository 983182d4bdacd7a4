package catalog

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestYAMLRefusedJSON: a one-line value that JSON accepts but the site's
// YAML reader (libyaml, in Jekyll) refuses is an error at its place, by
// the fast and the general path alike: the site would publish the page
// without its front matter, so the package without its specs, while a
// key cachediff ignores ("x") changed nothing it compares, and a gate
// passed with "no changes". The boundaries were measured against
// libyaml 0.2.5: a key of 1022 characters in quotes reaches its colon
// at 1024 and is read, one more is not.
func TestYAMLRefusedJSON(t *testing.T) {
	h := hashN(1)
	head := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n"
	pre := `spec_details: [{"hash": "` + h + `", "x": `
	for _, tc := range []struct {
		name, val string
		off       int // of the bad text in val
		want      string
	}{
		{"lone surrogate", `"a\ud800"`, 2, `the escape \ud800 is half of a UTF-16 surrogate pair`},
		{"surrogate pair", `"\uD83D\uDE00"`, 1, `the escape \uD83D is half`},
		{"low surrogate", `"\udc00"`, 1, `the escape \udc00 is half`},
		{"DEL", "\"a\x7f\"", 2, "the character U+007F"},
		{"C1 control", "\"a\u0080\"", 2, "the character U+0080"},
		{"U+FFFE", "\"a\ufffe\"", 2, "the character U+FFFE"},
		{"long key", `{"` + strings.Repeat("k", 1023) + `": 1}`, 1, "a key 1025 characters long to its colon"},
		{"long key, space before its colon", `{"` + strings.Repeat("k", 1022) + `" : 1}`, 1, "a key 1025 characters long"},
		{"long key of two-byte characters", `{"` + strings.Repeat("é", 1023) + `": 1}`, 1, "a key 1025 characters long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + pre + tc.val + otherFields("") + "}]\n---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 5, len(pre)+tc.off+1, "spec_details: "+tc.want, "without the specs cachediff reads")
			}
			// yaml.v3 is a port of libyaml: it refuses the line too.
			var x any
			if yaml.Unmarshal([]byte("x: ["+pre[len("spec_details: ["):]+tc.val+"}]"), &x) == nil {
				t.Errorf("yaml.v3 reads %.40q", tc.val)
			}
		})
	}
	meta := `meta: {"num_specs_by_stack": {"` + strings.Repeat("s", 1023) + `": 1}}`
	page := []byte(head + meta + "\nspec_details: []\n---\n")
	_, _, _, err := parsePage("p.md", page, false)
	checkErr(t, err, "p.md", 5, len(`meta: {"num_specs_by_stack": {`)+1, "meta: a key 1025 characters long")

	// What libyaml reads stays read: escapes of other characters, NEL
	// escaped (raw, it is a line break: TestYAMLFoldedBreakJSON), BOM
	// and U+FFFD raw, an escaped backslash before a u, a key of 1024 characters to its
	// colon, long values.
	for _, val := range []string{`"\u00e9\u0085\\ud800"`, "\"a\ufeff\ufffd\"", `{"` + strings.Repeat("k", 1022) + `": 1}`, `{"` + strings.Repeat("é", 1022) + `": 1}`, `"` + strings.Repeat("v", 5000) + `"`, `{"a": 1, "b": [1, "x"]}`} {
		page := []byte(head + pre + val + otherFields("") + "}]\n" + oneMeta + "---\n")
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", page, false); err != nil {
				t.Errorf("%.40s: %v", val, err)
			}
		}
		var x any
		if err := yaml.Unmarshal([]byte("x: ["+pre[len("spec_details: ["):]+val+"}]"), &x); err != nil {
			t.Errorf("yaml.v3 refuses %.40q: %v", val, err)
		}
	}
}

// TestYAMLFoldedBreakJSON: a one-line value whose string holds NEL, LS or
// PS written raw (JSON allows them so) is an error at its place, by the
// fast and the general path alike. The site's YAML reader (libyaml, in
// Jekyll) reads each as a line break inside the quoted string and folds
// it: "+a<NEL>b" is "+a b" to it, and "a  <LS>  b" loses its blanks
// (measured with Psych 4.0.3 on libyaml 0.2.5), so the site showed
// another variant, version or stack than cachediff read. Written as an
// escape (\u0085), the character is the same to both.
func TestYAMLFoldedBreakJSON(t *testing.T) {
	h := hashN(1)
	for _, tc := range []struct {
		name, val string
		off       int // of the break in val
		want      string
	}{
		{"NEL in a variant", "[\"+a\u0085b\"]", 4, "U+0085"},
		{"NEL at a stack's end", "[\"e4s\u0085\"]", 5, "U+0085"},
		{"LS between blanks", "[\"a  \u2028  b\"]", 5, "U+2028"},
		{"PS", "[\"a\u2029b\"]", 3, "U+2029"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pre := `spec_details: [{"hash": "` + h + `", "variants": `
			page := []byte(head + pre + tc.val + otherFields(`"variants": []`) + "}]\n" + oneMeta + "---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 5, len(pre)+tc.off+1, "spec_details: ", tc.want, "line break", "escape")
			}
			meta := `meta: {"num_specs": 1, "stacks": `
			page = []byte(head + `spec_details: [{"hash": "` + h + `"` + otherFields("") + "}]\n" + meta + tc.val + "}\n---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 6, len(meta)+tc.off+1, "meta: ", tc.want, "line break")
			}
		})
	}
}
