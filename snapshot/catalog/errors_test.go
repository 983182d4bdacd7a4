package catalog

import (
	"path/filepath"
	"strings"
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
)

// onePage writes content as dir/zlib/specs.md and loads the tree.
func onePage(t *testing.T, content string) (string, error) {
	t.Helper()
	dir := writeTree(t, map[string]string{"zlib/specs.md": content})
	_, err := Load(dir, Options{})
	return filepath.Join(dir, "zlib", "specs.md"), err
}

func TestPageErrors(t *testing.T) {
	h := hashN(1)
	badSpecs := `spec_details: [{"hash": "` + h + `", "compiler": "gcc@13.2.0" "os": "ubuntu24.04"}]`
	badMeta := `meta: {"num_specs": 1,, "oss": []}`
	truncated := `spec_details: [{"hash": "` + h + `", "os": "x"`
	badSecond := `spec_details: [{"hash": "` + hashN(1) + `"` + otherFields("") + `}, {"hash": "` + hashN(2) + `", "os": ["x"]` + otherFields(`"os":`) + `}]`
	for _, tc := range []struct {
		name      string
		content   string
		line, col int
		want      []string
	}{
		{"no front matter", "# zlib\n\nno front matter\n", 1, 0, []string{"no front matter"}},
		{"empty file", "", 1, 0, []string{"no front matter"}},
		{"never closed", head + "spec_details: []\n", 1, 0, []string{"never closed"}},
		{"spec_details twice", head + "spec_details: []\nspec_details: []\n---\n", 6, 0, []string{"spec_details is given twice (lines 5 and 6)"}},
		{"meta twice, JSON and YAML", head + "meta: {}\nspec_details: []\nmeta:\n  num_specs: 0\n---\n", 7, 0, []string{"meta is given twice (lines 5 and 7)"}},
		{"broken YAML", head + "layout: cache: again\n---\n", 5, len("layout: cache:"), []string{"broken YAML front matter", "mapping values are not allowed"}},
		{"YAML type", "---\ntitle: [1, 2]\nlayout: cache\nspec_details: []\n---\n", 2, 0, []string{"broken YAML front matter", "cannot unmarshal"}},
		// Jekyll splits a string of categories at spaces: say what to write.
		{"categories as a string", "---\ntitle: zlib\nlayout: cache\ncategories: package develop\nspec_details: []\n---\n", 4, 0,
			[]string{`categories: "package develop" is one string, which the site splits at spaces into [package, develop]; write categories: [package, <tag>], a list`}},
		{"broken JSON in spec_details", head + badSpecs + "\n---\n", 5, strings.Index(badSpecs, `"os"`) + 1,
			[]string{"broken JSON in spec_details", "invalid character"}},
		{"spec of the wrong type", head + badSecond + "\n---\n", 5, strings.Index(badSecond, `, {"hash"`) + 3,
			[]string{"spec 2: os: want a string"}},
		{"spec not an object", head + `spec_details: [1]` + "\n---\n", 5, len("spec_details: [") + 1,
			[]string{"spec 1 is number, want an object"}},
		{"spec_details not a list", head + `spec_details: {"hash": "x"}` + "\n---\n", 5, len("spec_details: ") + 1,
			[]string{"want a list of specs"}},
		{"truncated spec_details", head + truncated + "\n---\n", 5, len(truncated), []string{"broken JSON in spec_details", "unexpected end"}},
		{"truncated meta", head + `meta: {"num_specs": 1` + "\nspec_details: []\n---\n", 5, len(`meta: {"num_specs": 1`),
			[]string{"broken JSON in meta", "unexpected end"}},
		{"broken JSON in meta", head + badMeta + "\nspec_details: []\n---\n", 5, strings.Index(badMeta, ",,") + 2,
			[]string{"broken JSON in meta"}},
		// The column of a type error is where the value starts (issue
		// 11 item 14: it was the byte after it).
		{"meta of the wrong type", head + `meta: {"num_specs": "1"}` + "\nspec_details: []\n---\n", 5, len(`meta: {"num_specs": `) + 1,
			[]string{"meta: num_specs is string, want int"}},
		{"meta list of the wrong type", head + `meta: {"num_specs": 1, "oss": 7}` + "\nspec_details: []\n---\n", 5, len(`meta: {"num_specs": 1, "oss": `) + 1,
			[]string{"meta: oss is number, want []string"}},
		{"meta count of the wrong type", head + `meta: {"num_specs_by_stack": {"a": 1, "b": "2"}}` + "\nspec_details: []\n---\n", 5, len(`meta: {"num_specs_by_stack": {"a": 1, "b": `) + 1,
			[]string{"meta: num_specs_by_stack.b is string, want int"}},
		// Errors about one spec point at it, or at its hash.
		{"no hash", head + `spec_details: [{"hash": "` + h + `"` + otherFields("") + `}, {"os": "x"` + otherFields(`"os":`) + `}]` + "\n---\n", 5,
			len(`spec_details: [{"hash": "`+h+`"`+otherFields("")+`}, `) + 1, []string{`spec 2: no "hash": every spec has hash, versions`}},
		{"empty hash", head + `spec_details: [{"hash": ""` + otherFields("") + `}]` + "\n---\n", 5, len(`spec_details: [`) + 1, []string{"spec 1 has no hash"}},
		{"malformed hash", head + `spec_details: [{"hash": "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"` + otherFields("") + `}]` + "\n---\n", 5, len(`spec_details: [{"hash": `) + 1,
			[]string{"spec 1 has a malformed hash", "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"}},
		{"short hash", head + `spec_details: [{"hash":"abc"` + otherFields("") + `}]` + "\n---\n", 5, len(`spec_details: [{"hash":`) + 1, []string{"malformed hash \"abc\""}},
		{"hash twice", head + `spec_details: [{"hash": "` + h + `"` + otherFields("") + `}, {"hash": "` + hashN(2) + `"` + otherFields("") + `}, {"os": "x"` + otherFields(`"os":`) + `, "hash": "` + h + `"}]` + "\n---\n", 5,
			len(`spec_details: [{"hash": "`+h+`"`+otherFields("")+`}, {"hash": "`+hashN(2)+`"`+otherFields("")+`}, {"os": "x"`+otherFields(`"os":`)+`, "hash": `) + 1,
			[]string{"hash " + h + " is listed twice (specs 1 and 3)"}},
		{"no spec_details", head + "meta: {}\n---\n", 6, 0, []string{"no spec_details"}},
		// A line "..." ends YAML front matter as "---" does, for Jekyll
		// (which builds the site from these pages) and YAML alike: a
		// spec_details past it is not the page's, and must not be read
		// as if it were (the site would show no specs while a gate saw
		// them all unchanged).
		{"spec_details past a closing ...", head + "meta: {}\n...\nspec_details: []\n---\n", 6, 0, []string{"no spec_details", "the line '...' ends it"}},
		{"spec_details past a closing ... with spaces", head + "meta: {}\n... \t\r\nspec_details: []\n---\n", 6, 0, []string{"no spec_details", "the line '...' ends it"}},
		// Jekyll closes front matter only at a line "---" or "..."
		// alone, and its YAML reads the first document only: a document
		// marker or a directive other than alone on its line (or after a
		// break YAML reads and Jekyll does not) ended the document before
		// spec_details, which the site lost while cachediff read it by
		// its line.
		{"spec_details past a second document", head + "--- x\nmeta: {}\nspec_details: []\n---\n", 5, 0, []string{`the line "--- x" inside the front matter ends its first YAML document`, "Jekyll"}},
		{"spec_details past a document end and a comment", head + "meta: {}\n... # end\nspec_details: []\n---\n", 6, 0, []string{`the line "... # end"`, "ends its first YAML document"}},
		{"spec_details past a directive", head + "%YAML 1.1\nspec_details: []\n---\n", 5, 0, []string{`the line "%YAML 1.1"`, "ends its first YAML document"}},
		{"spec_details past a marker after a carriage return", head + "x: y\r--- z\nspec_details: []\n---\n", 5, 0, []string{`a line break "\r" then "--- z"`}},
		{"spec_details past a marker after a line separator", head + "x: y\u2028...\nspec_details: []\n---\n", 5, 0, []string{`a line break "\u2028" then "..."`}},
		{"spec_details past a marker after NEL", head + "x: y\u0085---\tz\nspec_details: []\n---\n", 5, 0, []string{`a line break "\u0085" then "---\tz"`}},
		// A one-line value's line inside another value: YAML reads it
		// as text of a quoted string or an entry of a flow collection,
		// so the site has no spec_details (or meta) while cachediff
		// read it by its line.
		{"spec_details inside a single-quoted value", head + "note: 'a\nspec_details: [{\"hash\": \"x\"}]\n'\n---\n", 6, 0, []string{"spec_details is not a key of the front matter for YAML", "Jekyll"}},
		{"spec_details inside a double-quoted value", head + "note: \"a\nspec_details: []\n\"\n---\n", 6, 0, []string{"spec_details is not a key of the front matter for YAML"}},
		{"spec_details inside a flow list", head + "note: [\nspec_details: []\n]\n---\n", 6, 0, []string{"spec_details is not a key of the front matter for YAML"}},
		{"spec_details inside a flow mapping", head + "note: {a: b,\nspec_details: []\n}\n---\n", 6, 0, []string{"spec_details is not a key of the front matter for YAML"}},
		{"meta inside a quoted value", head + "note: 'a\nmeta: {}\n'\nspec_details: []\n---\n", 6, 0, []string{"meta is not a key of the front matter for YAML"}},
		// Jekyll, which builds the site from the pages, leaves out a page
		// whose published is not true: read, its package passed a gate
		// that the site lost it under.
		{"published false", head + "published: false\nspec_details: []\n---\n", 5, 0, []string{"published: false: the site leaves this page out"}},
		{"published no", head + "published: no\nspec_details: []\n---\n", 5, 0, []string{"published: no: the site leaves this page out"}},
		{"published null", head + "spec_details: []\npublished:\n---\n", 6, 0, []string{"published: (empty): the site leaves this page out"}},
		{"published a string", head + "published: \"true\"\nspec_details: []\n---\n", 5, 0, []string{`published: "true": the site leaves this page out`}},
		{"published a list", head + "published: [true]\nspec_details: []\n---\n", 5, 0, []string{"published: (not a single value)"}},
		// Jekyll reads front matter with SafeYAML, which merges the value
		// of any key whose value is "<<", quoted, tagged, escaped or an
		// alias; yaml.v3 merges a plain << only. A page with such a key
		// carried published: false (or a date, a permalink) to the site
		// while cachediff, ignoring the key, read it as published. A
		// plain << is refused too: SafeYAML merges otherwise than
		// yaml.v3 (TestMergeKeyRefused).
		{"published through a plain merge key", head + "<<: {published: false}\nspec_details: []\n---\n", 5, 0, []string{"a merge key '<<'", "SafeYAML"}},
		{"published through a quoted merge key", head + "\"<<\": {published: false}\nspec_details: []\n---\n", 5, 0, []string{"a key '<<' written other than plain", "Jekyll"}},
		{"published through a single-quoted merge key", head + "spec_details: []\n'<<': {published: false}\n---\n", 6, 0, []string{"a key '<<' written other than plain"}},
		{"published through a !!str merge key", head + "!!str <<: {published: false}\nspec_details: []\n---\n", 5, 0, []string{"a key '<<' written other than plain"}},
		{"published through an escaped merge key", head + "\"\\x3c<\": {published: false}\nspec_details: []\n---\n", 5, 0, []string{"a key '<<' written other than plain"}},
		{"published through an aliased merge key", head + "k: &k \"<<\"\n*k : {published: false}\nspec_details: []\n---\n", 6, 0, []string{"a key '<<' written other than plain"}},
		{"published through a !!binary merge key", head + "!!binary PDw=: {published: false}\nspec_details: []\n---\n", 5, 0, []string{"a key '<<' written other than plain"}},
		{"a date through a merge key in a merge", head + "<<: {\"<<\": {date: 2099-01-01}}\nspec_details: []\n---\n", 5, 0, []string{"a merge key '<<'"}},
		// Every real page has title, layout, categories, meta and
		// spec_details alone; Jekyll reads any other key, and each of
		// published, date, permalink and layout was found hiding a page.
		{"another key", head + "sitemap: false\nspec_details: []\n---\n", 5, 0, []string{`"sitemap": a page's front matter has title, layout, categories, meta and spec_details alone`}},
		{"another key after the JSON", head + "spec_details: []\nrender_with_liquid: false\n---\n", 6, 0, []string{`"render_with_liquid": a page's front matter has`}},
		{"another key through a merge", head + "<<: {excerpt_separator: x}\nspec_details: []\n---\n", 5, 0, []string{"a merge key '<<'"}},
		// Jekyll reads front matter as YAML 1.1: these plain scalars are
		// text to yaml.v3 but a boolean or a number to the site.
		{"a YAML 1.1 boolean in spec_details", head + "spec_details:\n  - hash: " + h + "\n    variants: [\"+shared\", off]\n---\n", 7, 27, []string{`spec_details: "off" is text to cachediff but the boolean false to the site`}},
		{"a YAML 1.1 base-60 number in spec_details", head + "spec_details:\n  - hash: " + h + "\n    versions:\n      - 1:20\n---\n", 8, 9, []string{`spec_details: "1:20" is text to cachediff but the number 80.0 to the site`}},
		{"a YAML 1.1 grouped number in spec_details", head + "spec_details:\n  - hash: " + h + "\n    target: 1,000\n---\n", 7, 13, []string{`spec_details: "1,000" is text to cachediff but the number 1000`}},
		{"a YAML 1.1 boolean key in meta", head + "meta:\n  On: 1\nspec_details: []\n---\n", 6, 3, []string{`meta: "On" is text to cachediff but the boolean true`}},
		{"a YAML 1.1 boolean through an alias", head + "spec_details:\n  - hash: " + h + "\n    os: &v Yes\n  - hash: " + hashN(2) + "\n    os: *v\n---\n", 7, 9, []string{`spec_details: "Yes" is text to cachediff but the boolean true`}},
		{"a YAML 1.1 boolean in one-line flow YAML", head + "spec_details: [{hash: " + h + ", variants: [ON]}]\n---\n", 5, 68, []string{`spec_details: "ON" is text to cachediff but the boolean true`}},
		// The site lists and places a page by all of its categories, in
		// order; cachediff reads the first that is not "package".
		{"categories with another", "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop, x]\nspec_details: []\n---\n", 4, 0, []string{`categories: ["package", "develop", "x"]: a page's categories are [package, <tag>], in that order and alone`}},
		{"categories reversed", "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [develop, package]\nspec_details: []\n---\n", 4, 0, []string{`categories: ["develop", "package"]: a page's categories are [package, <tag>]`}},
		{"categories without package", "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [develop]\nspec_details: []\n---\n", 4, 0, []string{`categories: ["develop"]: a page's categories are [package, <tag>]`}},
		{"categories with Package", "---\ntitle: \"zlib\"\nlayout: cache\ncategories:\n  - Package\n  - develop\nspec_details: []\n---\n", 4, 0, []string{`categories: ["Package", "develop"]: a page's categories are [package, <tag>]`}},
		{"categories with the tag twice", "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop, develop]\nspec_details: []\n---\n", 4, 0, []string{`categories: ["package", "develop", "develop"]`}},
		{"categories through a merge", "---\ntitle: \"zlib\"\nlayout: cache\n<<: {categories: [develop]}\nspec_details: []\n---\n", 4, 0, []string{"a merge key '<<'"}},
		{"a date", head + "date: 2099-01-01\nspec_details: []\n---\n", 5, 0, []string{"date: the catalogue's pages have no date", "dated in the future"}},
		{"a permalink", head + "spec_details: []\npermalink: /package/zlib/\n---\n", 6, 0, []string{"permalink: the catalogue's pages have no permalink", "another package's page"}},
		// The site gives its pages the layout cache by default, which
		// shows their specs; a page that asks for another layout (an
		// empty one too) was published without them while cachediff
		// read them. A null layout is the default, as for Jekyll.
		{"another layout", "---\ntitle: zlib\nlayout: default\nspec_details: []\n---\n", 3, 0, []string{"layout: default: the site shows a package's specs with the layout cache"}},
		{"another layout, capitalised", "---\ntitle: zlib\nspec_details: []\nlayout: Cache\n---\n", 4, 0, []string{"layout: Cache:"}},
		{"an empty layout", "---\ntitle: zlib\nlayout: \"\"\nspec_details: []\n---\n", 3, 0, []string{"layout: (empty):"}},
		{"another layout through a merge key", "---\ntitle: zlib\n<<: {layout: post}\nspec_details: []\n---\n", 3, 0, []string{"a merge key '<<'"}},
		{"no title", "---\nlayout: cache\nspec_details: []\n---\n", 2, 0, []string{"no title"}},
		{"not a package page", "---\ntitle: zlib\n---\n", 1, 0, []string{"not a package page"}},
		{"binary", "\x7fELF\x02\x01\x01\x00", 1, 8, []string{"not a text file", "a NUL byte"}},
		{"not UTF-8", head + "spec_details: [{\"hash\": \"caf\xe9\"}]\n---\n", 5, len(`spec_details: [{"hash": "caf`) + 1,
			[]string{"not a text file", "byte 0xE9, which is not UTF-8"}},
		{"UTF-16", "\xff\xfe-\x00-\x00-\x00\n\x00", 1, 1, []string{"not a text file", "byte 0xFF, which is not UTF-8"}},
		// The line of a block value is its first item's.
		{"old layout", "---\ntitle: zlib\nlayout: cache\nspec_files:\n  - spec-1.json\n---\n", 5, 0,
			[]string{"2021–2022 catalogue layout", "not support"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file, err := onePage(t, tc.content)
			checkErr(t, err, file, tc.line, tc.col, tc.want...)
			// The same page named on the command line gives the same error.
			_, err2 := Load(file, Options{})
			if err2 == nil || err2.Error() != err.Error() {
				t.Errorf("as a single file: %v; in a tree: %v", err2, err)
			}
		})
	}
}

// TestColumnPointsAtBadByte: the column of a JSON syntax error is the
// offending byte of the line, wherever it is. A line that is not JSON but
// is YAML flow style (an unquoted value, a trailing comma) loads, as the
// same data over several lines does (issue 11 item 14).
func TestColumnPointsAtBadByte(t *testing.T) {
	good := mustJSON([]map[string]any{simpleSpec(1), simpleSpec(2), simpleSpec(3)})
	for _, bad := range []struct {
		find, replace string
		at            int  // the bad byte's index in replace
		yaml          bool // YAML flow style: loads
	}{
		{`"os":"ubuntu24.04"`, `"os":ubuntu24.04`, 5, true},                // first spec: unquoted value
		{`["1.0"]},{"compiler"`, `["1.0"]}{"compiler"`, 8, false},          // missing comma between specs
		{`["1.0"]}]`, `["1.0"],}]`, 8, true},                               // trailing comma at the end
		{`"x86_64_v3","variants"`, `"x86_64_v3" ,, "variants"`, 13, false}, // double comma
		{`"root"]`, `"root"}`, 6, false},                                   // wrong bracket
	} {
		value := strings.Replace(good, bad.find, bad.replace, 1)
		if value == good {
			t.Fatalf("%q not found", bad.find)
		}
		for _, prefix := range []string{"spec_details: ", "spec_details:\t  "} {
			line := prefix + value
			file, err := onePage(t, head+line+"\n"+oneMeta+"---\n")
			if bad.yaml {
				if err != nil {
					t.Errorf("YAML flow %q: %v", bad.replace, err)
				}
				continue
			}
			want := strings.Index(line, bad.replace) + bad.at + 1
			checkErr(t, err, file, 5, want, "broken JSON in spec_details")
			if e := errorFor(err, file); e != nil && e.Col == want && line[e.Col-1] != bad.replace[bad.at] {
				t.Errorf("column %d is %q", e.Col, line[e.Col-1])
			}
		}
	}
}

// TestLayoutDefault: a page without a layout, or with one SafeYAML reads
// as null, has the
// site's default for its pages, cache (Jekyll merges a page's front
// matter over the defaults, and a null keeps the default), and loads with
// its spec; so does layout: cache however written.
func TestLayoutDefault(t *testing.T) {
	specs := `spec_details: [{"hash": "` + hashN(1) + `"` + otherFields("") + `}]`
	for _, layout := range []string{"", "layout:\n", "layout: null\n", "layout: ~\n", "layout: 'cache'\n", "layout: !!str cache\n", "layout: cache # the default\n",
		// Null to SafeYAML, whatever yaml.v3 reads (the 56th adversarial
		// pass's case-agnostic null): these were refused as another layout.
		"layout: nUlL\n", "layout: !!str null\n", "layout: ! 'NULL'\n"} {
		dir := writeTree(t, map[string]string{"zlib/specs.md": "---\ntitle: zlib\n" + layout + specs + "\n" + oneMeta + "---\n"})
		snap, err := Load(dir, Options{})
		if err != nil {
			t.Errorf("%q: %v", layout, err)
			continue
		}
		if len(snap.Packages) != 1 || len(snap.Packages[0].Specs) != 1 {
			t.Errorf("%q: got %d packages, want zlib with its spec", layout, len(snap.Packages))
		}
	}
}
