package catalog

import (
	"testing"
)

// TestListingMeta: a meta that would break the site's listing of
// packages is an error at meta's line, by the fast and the general path
// alike. The listing (pages/api/data.json) is JSON that Liquid writes
// from every page's meta unescaped: a '"' in a version ended its JSON
// string, so the tag's listing showed no package at all, while a gate
// passed with a warning that meta lists a version no spec has.
func TestListingMeta(t *testing.T) {
	spec := `spec_details: [{"hash": "` + hashN(1) + `", "versions": ["1.0"]` + otherFields(`"versions": ["1.0"]`) + "}]\n---\n"
	for _, tc := range []struct {
		name, meta, want string
	}{
		{"a quote in a version", `{"num_specs": 1, "versions": ["1.0\""]}`, `versions: "1.0\"" holds "\""`},
		{"a backslash in a stack", `{"num_specs": 1, "stacks": ["root\\"]}`, `stacks: "root\\" holds "\\"`},
		{"a newline in a compiler", `{"num_specs": 1, "compilers": ["gcc\n"]}`, `compilers: "gcc\n" holds "\n"`},
		{"a tab in an os, as YAML", "{num_specs: 1, oss: [\"a\\tb\"]}", `oss: "a\tb" holds "\t"`},
		{"no num_specs", `{"versions": ["1.0"]}`, "no num_specs"},
		{"num_specs null", `{"num_specs": null}`, "no num_specs"},
		{"empty", `{}`, "no num_specs"},
		// Compilers and arches go into a button's unquoted onclick.
		{"a space in a platform", `{"num_specs": 1, "platforms": ["linux style=position:fixed;inset:0"]}`, `platforms: "linux style=position:fixed;inset:0" holds " "`},
		{"an apostrophe in a compiler", `{"num_specs": 1, "compilers": ["gcc');alert(1);('"]}`, `compilers: "gcc');alert(1);('" holds "'"`},
		{"a space in a target", `{"num_specs": 1, "targets": ["x86_64 onmouseover=x"]}`, `targets: "x86_64 onmouseover=x" holds " "`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + "meta: " + tc.meta + "\n" + spec)
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 5, 0, "meta: "+tc.want, "listing")
			}
		})
	}

	// What the listing prints safely stays read: an apostrophe or a
	// space in a version (printed as text), an entity, a character
	// beyond ASCII, and num_specs_by_stack (which the listing writes as
	// JSON, escaped).
	page := []byte(head + `meta: {"num_specs": 1, "num_specs_by_stack": {"a\"b": 1}, "versions": ["1.0's", "1 0", "&quot;", "é"]}` + "\n" + spec)
	for _, parse := range bothPaths {
		if _, _, _, err := parse("p.md", page, false); err != nil {
			t.Errorf("safe meta: %v", err)
		}
	}
}

// TestNoMeta: a page without meta is an error at the end of its front
// matter, by both paths, and one whose meta is null (written so, or left
// empty) is one at meta's line. The listing (pages/api/data.json)
// prints "num_specs": {{ entry.meta.num_specs }} for every page, so a
// page without meta made its JSON invalid and every tag's listing showed
// no package, while a gate passed with the warning "no meta in the front
// matter".
func TestNoMeta(t *testing.T) {
	spec := `spec_details: [{"hash": "` + hashN(1) + `", "versions": ["1.0"]` + otherFields(`"versions": ["1.0"]`) + "}]\n"
	page := []byte(head + spec + "---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		checkErr(t, err, "p.md", 6, 0, "no meta", "listing")
	}
	// As YAML over several lines, the general path's only way.
	page = []byte(head + "spec_details:\n  - " + `{"hash": "` + hashN(1) + `", "versions": ["1.0"]` + otherFields(`"versions": ["1.0"]`) + "}\n---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		checkErr(t, err, "p.md", 7, 0, "no meta", "listing")
	}
	for _, null := range []string{"meta: null", "meta:", "meta: ~"} {
		page := []byte(head + null + "\n" + spec + "---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 5, 0, "meta: no num_specs", "listing")
		}
	}
}
