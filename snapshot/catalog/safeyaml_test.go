package catalog

import (
	"strings"
	"testing"
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
		{"versions written in place, in a spec", head + "spec_details:\n  - hash: " + h + "\n    <<: {versions: [\"1.0\"]}\n---\n", 7},
		{"a list of merges", head + "spec_details:\n  - &a {hash: " + h + "}\n  - <<: [*a]\n---\n", 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", []byte(tc.page), false)
				checkErr(t, err, "p.md", tc.line, 0, "a merge key '<<'", "SafeYAML")
			}
		})
	}
	// On one line, the key's '<' is refused first, at its column: the
	// site prints spec_details' strings as HTML (TestMarkup).
	line := "spec_details: [{hash: " + h + `, z: &a {versions: ["9.9"]}, versions: ["1.0"], <<: *a}]`
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", []byte(head+line+"\n---\n"), false)
		checkErr(t, err, "p.md", 5, strings.Index(line, "<<")+1, "spec_details: a string holds '<'")
	}
}

// TestSafeYAMLGuessesRefused: a scalar of spec_details or meta whose
// type SafeYAML guesses, and guesses to be other than the text yaml.v3
// reads, is an error at its place, by the fast and the general path
// alike. SafeYAML ignores tags (!!str yes, ! "yes" are true to it),
// guesses again through an alias (*a for &a "on" is true), and reads
// dates and times, which the site prints its own way: each page below
// loaded with the text cachediff compared (the same as a quoted "yes",
// "8.10" or "2024-01-05T00:00:00Z" of the page before), and a gate
// passed with "no changes" while the site showed true, 8.1 or another
// date (the 46th adversarial pass).
func TestSafeYAMLGuessesRefused(t *testing.T) {
	h := hashN(1)
	head := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\nspec_details:\n  - hash: " + h + "\n"
	for _, tc := range []struct {
		name, yaml string
		line, col  int
		want       string
	}{
		{"!!str", "    variants: [!!str yes]\n", 7, 16, `"yes" is text to cachediff but a boolean to the site`},
		{"!!str, quoted", "    variants: [!!str \"off\"]\n", 7, 16, `"off" is text to cachediff but a boolean`},
		{"! quoted", "    variants: [\"+a\", ! \"yes\"]\n", 7, 22, `"yes" is text to cachediff but a boolean`},
		{"! single-quoted, block", "    os: !  'on'\n", 7, 9, `"on" is text to cachediff but a boolean`},
		{"a tag of its own", "    target: !x on\n", 7, 13, `"on" is text to cachediff but a boolean`},
		{"!!str true", "    target: !!str true\n", 7, 13, `"true" is text to cachediff but a boolean`},
		{"!!str null", "    target: !!str null\n", 7, 13, `"null" is text to cachediff but null`},
		{"!!str empty", "    target: !!str ''\n", 7, 13, `"" is text to cachediff but null`},
		{"!!str float", "    versions: [!!str 8.10]\n", 7, 16, `"8.10" is text to cachediff but a number`},
		{"!!str octal", "    versions: [!!str 017]\n", 7, 16, `"017" is text to cachediff but a number`},
		{"alias of a quoted boolean", "    variants: [&a \"on\", *a]\n", 7, 16, `"on" is text to cachediff but a boolean`},
		{"alias of a quoted number", "    os: &a '12'\n  - hash: " + hashN(2) + "\n    os: *a\n", 7, 9, `"12" is text to cachediff but a number`},
		{"a date", "    versions: [2024-01-05]\n", 7, 16, `"2024-01-05" is text to cachediff but a date or a time`},
		{"a time", "    versions: [2024-01-05 10:00:00]\n", 7, 16, `"2024-01-05 10:00:00" is text to cachediff but a date or a time`},
		{"a time with its zone", "    versions: [2024-1-5 10:00:00 +05:00]\n", 7, 16, `"2024-1-5 10:00:00 +05:00" is text to cachediff but a date or a time`},
		{"!!str float with _", "    versions: [!!str 1_0.5]\n", 7, 16, `"1_0.5" is text to cachediff but a number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + tc.yaml + "---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", tc.line, tc.col, "spec_details: "+tc.want, "YAML 1.1")
			}
		})
	}

	// One-line flow YAML is judged the same, "!" included.
	flow := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\nspec_details: [{hash: " + h + ", variants: [\"+a\", ! \"no\"]}]\n---\n"
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", []byte(flow), false)
		checkErr(t, err, "p.md", 5, len("spec_details: [{hash: "+h+", variants: [\"+a\", ")+1, `spec_details: "no" is text to cachediff but a boolean`)
	}

	// What SafeYAML reads as the same text stays: quoted, a block, an
	// alias of text, !!binary, a tag on a list.
	for _, ok := range []string{
		"    variants: [\"yes\", 'on', \"8.10\", \"2024-01-05\"]\n",
		"    os: |\n      yes\n",
		"    variants: [&a \"+x\", *a]\n",
		"    os: !!binary eWVz\n",
		"    variants: !!seq [\"yes\"]\n",
		"    note: \"a ! in text\"\n    os: \"! yes\"\n",
	} {
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", []byte(head+ok+otherFieldsYAML(ok, "    ")+oneMeta+"---\n"), false); err != nil {
				t.Errorf("%q: %v", ok, err)
			}
		}
	}
}
