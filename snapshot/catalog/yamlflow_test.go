package catalog

import (
	"reflect"
	"slices"
	"testing"
)

// TestOneLineYAMLFlow (issue 11 item 14): a one-line value in YAML flow
// style (keys without quotes), or JSON with a trailing # comment, loads
// as the block form of the same data does, instead of failing as broken
// JSON; by the fast and the general path alike.
func TestOneLineYAMLFlow(t *testing.T) {
	h1, h2 := hashN(1), hashN(2)
	head := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n"
	// Each spec has the fields every spec has: those of the test, and the
	// rest empty.
	rest, restYAML := otherFields(`"compiler": 0, "versions": 0`), otherFieldsYAML("compiler: versions:", "    ")
	block := head + "meta:\n  num_specs: 2\nspec_details:\n  - hash: " + h2 + "\n    compiler: gcc@13.2.0\n    versions: ['1.0']\n" + restYAML + "  - hash: " + h1 + "\n    compiler: gcc@13.2.0\n    versions: ['1.0']\n" + restYAML + "---\n"
	want, _, wantWarn, err := parseGeneral("p.md", []byte(block), false)
	if err != nil {
		t.Fatal(err)
	}
	for name, page := range map[string]string{
		"flow":              head + "meta: {num_specs: 2}\nspec_details: [{hash: " + h2 + ", compiler: gcc@13.2.0, versions: ['1.0']" + rest + "}, {hash: " + h1 + ", compiler: gcc@13.2.0, versions: ['1.0']" + rest + "}]\n---\n",
		"comment":           head + "meta: {\"num_specs\": 2} # derived\nspec_details: [{\"hash\": \"" + h2 + "\", \"compiler\": \"gcc@13.2.0\", \"versions\": [\"1.0\"]" + rest + "}, {\"hash\": \"" + h1 + "\", \"compiler\": \"gcc@13.2.0\", \"versions\": [\"1.0\"]" + rest + "}]  # two specs\n---\n",
		"json without flow": head + "meta: {\"num_specs\": 2}\nspec_details: [{\"hash\": \"" + h2 + "\", \"compiler\": \"gcc@13.2.0\", \"versions\": [\"1.0\"]" + rest + "}, {\"hash\": \"" + h1 + "\", \"compiler\": \"gcc@13.2.0\", \"versions\": [\"1.0\"]" + rest + "}]\n---\n",
	} {
		for _, parse := range bothPaths {
			got, _, warn, err := parse("p.md", []byte(page), false)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			got.Line, want.Line = 0, 0 // where spec_details starts differs
			if !reflect.DeepEqual(got, want) || len(warn) != len(wantWarn) {
				t.Errorf("%s: got %+v %v, want %+v %v", name, got, warn, want, wantWarn)
			}
		}
	}
	// Neither JSON nor YAML: the JSON error stands.
	_, _, _, err = parsePage("p.md", []byte(head+"spec_details: [{hash: "+h1+"}}]\n---\n"), false)
	checkErr(t, err, "p.md", 5, len("spec_details: [{")+1, "broken JSON in spec_details")
}

// TestNotUTF8Values (issue 11 item 15): a value that YAML decodes to
// bytes that are not UTF-8 (!!binary) is refused, in the envelope and in
// the specs, though the file itself is UTF-8 text.
func TestNotUTF8Values(t *testing.T) {
	h1 := hashN(1)
	for _, tc := range []struct {
		name, page string
		line       int
		want       string
	}{
		{"title", "---\ntitle: !!binary /3g=\nlayout: cache\nspec_details: []\n---\n", 2, `title: a value decodes to "\xffx", which is not UTF-8 text`},
		{"category", "---\ntitle: zlib\nlayout: cache\ncategories: [package, !!binary /3g=]\nspec_details: []\n---\n", 4, "categories: a value decodes to"},
		{"spec value", "---\ntitle: zlib\nlayout: cache\nspec_details:\n  - hash: " + h1 + "\n    compiler: !!binary /3g=\n---\n", 6, "spec_details: a value decodes to"},
		// Of several, the first in the text, at its line, on every run
		// (they were looked for in a decoded map's order).
		{"spec values", "---\ntitle: zlib\nlayout: cache\nspec_details:\n  - hash: " + h1 + "\n    a: !!binary /w==\n    b: !!binary /g==\n    c: !!binary /A==\n    d: !!binary /Q==\n---\n", 6, `spec_details: a value decodes to "\xff"`},
		{"spec value, flow", "---\ntitle: zlib\nlayout: cache\nspec_details: [{hash: " + h1 + ", os: !!binary /3g=}]\n---\n", 4, "spec_details: a value decodes to"},
		{"meta value", "---\ntitle: zlib\nlayout: cache\nmeta:\n  oss: [!!binary /3g=]\nspec_details: []\n---\n", 5, "meta: a value decodes to"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, parse := range slices.Repeat(bothPaths, 10) {
				_, _, _, err := parse("p.md", []byte(tc.page), false)
				if e := errorFor(err, "p.md"); e == nil || e.Line != tc.line {
					t.Fatalf("error %v, want one at line %d", err, tc.line)
				}
				checkErr(t, err, "p.md", tc.line, errorFor(err, "p.md").Col, tc.want)
			}
		})
	}
}

// TestRawDuplicateStack (issue 11 item 15): with canonicalization off, a
// stack listed twice in a spec is one stack, not counted twice; the other
// lists stay as written.
func TestRawDuplicateStack(t *testing.T) {
	spec := simpleSpec(1)
	spec["versions"], spec["stacks"] = []string{"1.0", "1.0"}, []string{"e4s", "root", "e4s"}
	page := testPage("zlib", "develop", nil, spec)
	for _, parse := range bothPaths {
		pkg, _, _, err := parse("p.md", []byte(page), true)
		if err != nil {
			t.Fatal(err)
		}
		if s := pkg.Specs[0]; !reflect.DeepEqual(s.Stacks, []string{"e4s", "root"}) || len(s.Versions) != 2 {
			t.Errorf("raw stacks %q, versions %q", s.Stacks, s.Versions)
		}
	}
}
