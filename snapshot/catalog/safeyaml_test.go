package catalog

import (
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
)

// TestMergeKeyRefused: a merge key anywhere in the front matter is an
// error, by the fast and the general path alike. Jekyll reads front
// matter with SafeYAML, which merges otherwise than yaml.v3: an alias's
// keys replace the mapping's own written before the merge (yaml.v3 keeps
// those), and a mapping written in place merges nothing. Each page below
// loaded as the page it was before the merge, and a gate passed with "no
// changes", while the site published it with layout post (no specs),
// with no specs, or with other versions (the 46th adversarial pass).
func TestMergeKeyRefused(t *testing.T) {
	h := hashN(1)
	head := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n"
	spec := `{"hash": "` + h + `", "versions": ["1.0"]}`
	for _, tc := range []struct {
		name, page string
		line       int
	}{
		{"layout through an alias", head + "meta:\n  num_specs: 1\n  x: &a {layout: post}\nspec_details: [" + spec + "]\n<<: *a\n---\n", 9},
		{"spec_details through an alias", head + "meta:\n  num_specs: 1\n  x: &a {spec_details: []}\nspec_details: [" + spec + "]\n<<: *a\n---\n", 9},
		{"versions through an alias, in a spec", head + "meta:\n  x: &a {versions: [\"9.9\"]}\nspec_details:\n  - hash: " + h + "\n    versions: [\"1.0\"]\n    <<: *a\n---\n", 10},
		{"versions through an alias, in one-line flow YAML", head + "spec_details: [{hash: " + h + ", z: &a {versions: [\"9.9\"]}, versions: [\"1.0\"], <<: *a}]\n---\n", 5},
		{"versions written in place, in a spec", head + "spec_details:\n  - hash: " + h + "\n    <<: {versions: [\"1.0\"]}\n---\n", 7},
		{"a list of merges", head + "spec_details:\n  - &a {hash: " + h + "}\n  - <<: [*a]\n---\n", 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, parse := range []func(string, []byte, bool) (*Package, RuleCounts, []Warning, error){parsePage, parseGeneral} {
				_, _, _, err := parse("p.md", []byte(tc.page), false)
				checkErr(t, err, "p.md", tc.line, 0, "a merge key '<<'", "SafeYAML")
			}
		})
	}
}
