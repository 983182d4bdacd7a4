package catalog

import (
	"strings"
	"testing"
)

// TestDuplicateJSONKeys (issue 11 item 9): a key given twice in a spec,
// or in meta, is an error naming the key and the spec, at the second
// key, by the fast and the general path alike; encoding/json alone keeps
// the last value silently.
func TestDuplicateJSONKeys(t *testing.T) {
	h1, h2 := hashN(1), hashN(2)
	head := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n"
	for _, tc := range []struct {
		name, line string
		lineNo     int
		col        int
		want       string
	}{
		{"hash twice", `spec_details: [{"hash": "` + h1 + `", "hash": "` + h2 + `"}]`, 5,
			len(`spec_details: [{"hash": "`+h1+`", `) + 1, `spec_details: spec 1: key "hash" is given twice`},
		{"second spec", `spec_details: [{"hash": "` + h1 + `"` + otherFields("") + `}, {"hash": "` + h2 + `", "os": "a", "os": "b"}]`, 5,
			len(`spec_details: [{"hash": "`+h1+`"`+otherFields("")+`}, {"hash": "`+h2+`", "os": "a", `) + 1, `spec_details: spec 2: key "os" is given twice`},
		{"unknown key twice", `spec_details: [{"hash": "` + h1 + `", "x": 1, "x": 2}]`, 5,
			len(`spec_details: [{"hash": "`+h1+`", "x": 1, `) + 1, `spec_details: spec 1: key "x" is given twice`},
		{"meta key twice", `meta: {"num_specs": 1, "num_specs": 2}` + "\nspec_details: []", 5,
			len(`meta: {"num_specs": 1, `) + 1, `meta: key "num_specs" is given twice`},
		{"meta key twice, other case", `meta: {"num_specs": 1, "Num_specs": 2}` + "\nspec_details: []", 5,
			len(`meta: {"num_specs": 1, `) + 1, `meta: key "Num_specs" is given twice`},
		{"stack count twice", `meta: {"num_specs_by_stack": {"a": 1, "a": 2}}` + "\nspec_details: []", 5,
			len(`meta: {"num_specs_by_stack": {"a": 1, `) + 1, `meta: key "num_specs_by_stack.a" is given twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + tc.line + "\n---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", tc.lineNo, tc.col, tc.want)
			}
		})
	}
	// Block YAML: yaml.v3 refuses a key given twice already.
	block := head + "spec_details:\n  - hash: " + h1 + "\n    hash: " + h2 + "\n---\n"
	_, _, _, err := parsePage("p.md", []byte(block), false)
	if err == nil || !strings.Contains(err.Error(), `"hash" already defined`) {
		t.Errorf("block YAML: %v", err)
	}
}
