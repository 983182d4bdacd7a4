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
		{"!!str", "    variants: [!!str yes]\n", 7, 16, `"yes" is text to cachediff but the boolean true to the site`},
		{"!!str, quoted", "    variants: [!!str \"off\"]\n", 7, 16, `"off" is text to cachediff but the boolean false`},
		{"! quoted", "    variants: [\"+a\", ! \"yes\"]\n", 7, 22, `"yes" is text to cachediff but the boolean true`},
		{"! single-quoted, block", "    os: !  'on'\n", 7, 9, `"on" is text to cachediff but the boolean true`},
		{"a tag of its own", "    target: !x on\n", 7, 13, `"on" is text to cachediff but the boolean true`},
		{"!!str true", "    target: !!str true\n", 7, 13, `"true" is text to cachediff but the boolean true`},
		{"!!str null", "    target: !!str null\n", 7, 13, `"null" is text to cachediff but null (shown as nothing)`},
		{"!!str empty", "    target: !!str ''\n", 7, 13, `"" is text to cachediff but null`},
		{"!!str float", "    versions: [!!str 8.10]\n", 7, 16, `"8.10" is text to cachediff but the number 8.1`},
		{"!!str octal", "    versions: [!!str 017]\n", 7, 16, `"017" is text to cachediff but the number 15`},
		{"alias of a quoted boolean", "    variants: [&a \"on\", *a]\n", 7, 16, `"on" is text to cachediff but the boolean true`},
		{"alias of a quoted number", "    os: &a '12'\n  - hash: " + hashN(2) + "\n    os: *a\n", 7, 9, `"12" is text to cachediff but the number 12`},
		{"a date", "    versions: [2024-01-05]\n", 7, 16, `"2024-01-05" is a time to cachediff, which reads "2024-01-05T00:00:00Z", but the date 2024-01-05 to the site`},
		{"a time", "    versions: [2024-01-05 10:00:00]\n", 7, 16, `"2024-01-05 10:00:00" is a time to cachediff, which reads "2024-01-05T10:00:00Z", but a time to the site`},
		{"a time with its zone", "    versions: [2024-1-5 10:00:00 +05:00]\n", 7, 16, `"2024-1-5 10:00:00 +05:00" is text to cachediff but a time to the site`},
		{"!!str float with _", "    versions: [!!str 1_0.5]\n", 7, 16, `"1_0.5" is text to cachediff but the number 10.5`},
		// SafeYAML's booleans and null are case-agnostic (its
		// TransformationMap), yaml.v3's are not: tRuE was text to
		// cachediff and true on the site (the 56th adversarial pass).
		{"a mixed-case true", "    target: tRuE\n", 7, 13, `"tRuE" is text to cachediff but the boolean true`},
		{"a mixed-case false", "    variants: [fALSE]\n", 7, 16, `"fALSE" is text to cachediff but the boolean false`},
		{"a mixed-case null", "    os: nUlL\n", 7, 9, `"nUlL" is text to cachediff but null (shown as nothing)`},
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
		checkErr(t, err, "p.md", 5, len("spec_details: [{hash: "+h+", variants: [\"+a\", ")+1, `spec_details: "no" is text to cachediff but the boolean false`)
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

// TestSafeYAMLGuessesEnvelope (the 56th adversarial pass): a title or a
// tag whose type SafeYAML guesses to be other than the text yaml.v3
// reads is an error at its place, by the fast and the general path
// alike, as spec_details' and meta's are (TestSafeYAMLGuessesRefused).
// The site's listing prints a page's title and its categories' second
// (Jekyll's populate_categories turns each into Ruby's to_s of what
// SafeYAML read): categories: [package, 1.10] in _cache/1.10 was the
// tag "1.10" to cachediff, its folder's, but "1.1" to the site, and a
// pull request that wrote a page's quoted title "010" plain passed a
// gate on any change with "no changes" while the site listed the
// package as 8.
func TestSafeYAMLGuessesEnvelope(t *testing.T) {
	page := simplePage("zlib", "develop", 1, 1)
	for _, tc := range []struct {
		name, from, to string
		line, col      int
		want           string
	}{
		{"a float tag", "[package, develop]", "[package, 1.10]", 4, 23, `categories: "1.10" is text to cachediff but the number 1.1 to the site`},
		{"a boolean tag", "[package, develop]", "[package, yes]", 4, 23, `categories: "yes" is text to cachediff but the boolean true`},
		{"a tagged octal tag", "[package, develop]", "[package, !!str 010]", 4, 23, `categories: "010" is text to cachediff but the number 8`},
		{"a block list", "[package, develop]", "\n  - package\n  - 0x10", 6, 5, `categories: "0x10" is text to cachediff but the number 16`},
		{"a plain title", `"zlib"`, "010", 2, 8, `title: "010" is text to cachediff but the number 8 to the site`},
		{"a tagged title", `"zlib"`, "!!str 1_0", 2, 8, `title: "1_0" is text to cachediff but the number 10`},
		{"a title ! quoted", `"zlib"`, `! "on"`, 2, 8, `title: "on" is text to cachediff but the boolean true`},
		{"a tag through an alias", "[package, develop]", "[package, *a]", 2, 8, `categories: "012" is text to cachediff but the number 10`}, // at the anchor, as spec_details'
		{"a mixed-case true tag", "[package, develop]", "[package, tRuE]", 4, 23, `categories: "tRuE" is text to cachediff but the boolean true`},
		{"a mixed-case boolean tag, on the fast path's form", "[package, develop]", "[package, oFf]", 4, 23, `categories: "oFf" is text to cachediff but the boolean false`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			key := "categories: "
			if strings.HasPrefix(tc.from, `"`) {
				key = "title: "
			}
			p := strings.Replace(page, key+tc.from, key+tc.to, 1)
			if strings.Contains(tc.to, "*a") {
				p = strings.Replace(p, `title: "zlib"`, `title: &a "012"`, 1) // the title is text
			}
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", []byte(p), false)
				checkErr(t, err, "p.md", tc.line, tc.col, tc.want, "YAML 1.1")
			}
		})
	}
	// What SafeYAML reads as the same text stays: quoted, or text.
	for _, ok := range [][2]string{
		{"categories: [package, develop]", `categories: [package, "1.10"]`},
		{"categories: [package, develop]", "categories: [package, 'yes']"},
		{"categories: [package, develop]", "categories:\n  - package\n  - v0.23.1"},
		{`title: "zlib"`, `title: "010"`},
		{`title: "zlib"`, "title: zlib"},
		{`title: "zlib"`, "title: !!str zlib"},
	} {
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", []byte(strings.Replace(page, ok[0], ok[1], 1)), false); err != nil {
				t.Errorf("%q: %v", ok[1], err)
			}
		}
	}
}

// TestSafeYAMLBinaryTagsRefused: a scalar tagged !binary or
// !<x-private:binary>, anywhere in the front matter (a key, the title,
// the layout, a tag, a spec's value, one-line flow YAML), is an error at
// its line, by the fast and the general path alike. SafeYAML decodes
// both tags as base64, as it does !!binary, while yaml.v3 reads them as
// local tags and keeps the text: title: !binary YWJj was the package
// YWJj to cachediff and abc on the site, layout: !binary cache was the
// layout cache to cachediff and bytes to the site (which then shows no
// specs), and a key !binary spec_details was no key spec_details to the
// site (the 58th adversarial pass).
func TestSafeYAMLBinaryTagsRefused(t *testing.T) {
	h := hashN(1)
	spec := "spec_details:\n  - hash: " + h + "\n    versions: [%s]\n" + otherFieldsYAML("versions:", "    ")
	specOf := func(v string) string { return strings.Replace(spec, "%s", v, 1) }
	rest := specOf(`"1.2"`) + oneMeta + "---\n"
	for _, tc := range []struct {
		name, page string
		line, col  int
	}{
		{"title", "---\ntitle: !binary YWJj\nlayout: cache\ncategories: [package, develop]\n" + rest, 2, 8},
		{"title quoted", "---\ntitle: !binary \"YWJj\"\nlayout: cache\ncategories: [package, develop]\n" + rest, 2, 8},
		{"layout", "---\ntitle: \"zlib\"\nlayout: !binary cache\ncategories: [package, develop]\n" + rest, 3, 9},
		{"tag", "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, !binary ZGV2]\n" + rest, 4, 23},
		{"key", "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n!binary spec_details:\n  - hash: " + h + "\n    versions: [\"1.2\"]\n" + otherFieldsYAML("versions:", "    ") + oneMeta + "---\n", 5, 1},
		{"version", head + specOf(`!binary MS4y`) + oneMeta + "---\n", 7, 16},
		{"version, verbatim tag", head + specOf(`!<x-private:binary> MS4y`) + oneMeta + "---\n", 7, 16},
		{"version, through an alias", head + "spec_details:\n  - hash: " + h + "\n    x: &v !binary MS4y\n    versions: [*v]\n" + otherFieldsYAML("versions:", "    ") + oneMeta + "---\n", 7, 8},
		{"version, one line of flow YAML", head + "spec_details: [{hash: " + h + ", versions: [!binary MS4y]" + otherFields(`"versions": []`) + "}]\n" + oneMeta + "---\n", 5, len("spec_details: [{hash: "+h+", versions: [") + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", []byte(tc.page), false)
				checkErr(t, err, "p.md", tc.line, tc.col, "!binary", "base64")
			}
		})
	}
	// !!binary is base64 to both: it stays read.
	for _, parse := range bothPaths {
		p, _, _, err := parse("p.md", []byte(head+specOf(`!!binary MS4y`)+oneMeta+"---\n"), false)
		if err != nil || p.Specs[0].Versions[0] != "1.2" {
			t.Errorf("!!binary MS4y: %v, %v", p, err)
		}
	}
}

// TestSafeYAMLEnvelopeSpellings: a title or a tag is refused when the
// text the site shows for it (Ruby's to_s of what SafeYAML reads, which
// Liquid prints into the listing and the package's page) is not the text
// cachediff reads, and then with what SafeYAML reads; it loads when the
// two are the same text. cachediff took yaml.v3's types for SafeYAML's
// (TestSafeYAMLGuess): title: 1e5 was refused as "a number to the site"
// while the site showed 1e5, title: 1.0e+5 refused without the
// 100000.0 the site showed, and the tag 2024-01-05, which the site
// shows as written, refused as a date.
func TestSafeYAMLEnvelopeSpellings(t *testing.T) {
	page := simplePage("zlib", "develop", 1, 1)
	title := func(v string) string { return strings.Replace(page, `title: "zlib"`, "title: "+v, 1) }
	tag := func(v string) string {
		return strings.Replace(page, "categories: [package, develop]", "categories: [package, "+v+"]", 1)
	}
	for _, tc := range []struct {
		page      string
		line, col int
		want      string
	}{
		{title("1.0e+5"), 2, 8, `title: "1.0e+5" is text to cachediff but the number 100000.0 to the site: `},
		{title("010"), 2, 8, `title: "010" is text to cachediff but the number 8 to the site`},
		{title("1_000"), 2, 8, `"1_000" is text to cachediff but the number 1000 to the site`},
		{title("1_"), 2, 8, `"1_" is text to cachediff but the number 1 to the site`},
		{title("0x_1"), 2, 8, `"0x_1" is text to cachediff but the number 1 to the site`},
		{title("1:20"), 2, 8, `"1:20" is text to cachediff but the number 80.0 to the site`},
		{title("-1:20"), 2, 8, `"-1:20" is text to cachediff but the number 40.0 to the site`},
		{title("!!str 1.10"), 2, 8, `"1.10" is text to cachediff but the number 1.1 to the site`},
		{title("yes"), 2, 8, `"yes" is text to cachediff but the boolean true to the site`},
		{title("nUlL"), 2, 8, `"nUlL" is text to cachediff but null (shown as nothing) to the site`},
		{title("._5"), 2, 8, `"._5" is text to cachediff but no value: SafeYAML fails on it`},
		{title("_1"), 2, 8, `"_1" is text to cachediff but the number 1 (or text: a scalar that starts with '_', ',' or a tab is text to some versions of SafeYAML) to the site`},
		{tag(".inf"), 4, 23, `categories: ".inf" is text to cachediff but the number Infinity to the site`},
		{tag(".NaN"), 4, 23, `categories: ".NaN" is text to cachediff but the number NaN to the site`},
		{tag("1.10"), 4, 23, `categories: "1.10" is text to cachediff but the number 1.1 to the site`},
		{tag("2024-01-05 10:00:00"), 4, 23, `categories: "2024-01-05 10:00:00" is text to cachediff but a time to the site`},
		{tag("+1"), 4, 23, `categories: "+1" is text to cachediff but the number 1 to the site`},
	} {
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", []byte(tc.page), false)
			checkErr(t, err, "p.md", tc.line, tc.col, tc.want, "quote it")
		}
	}
	// The site shows these as written: yaml.v3's number, time or
	// boolean is SafeYAML's text, or its value's to_s is the text.
	for _, ok := range []string{
		title("1e5"), title("12e3"), title("0o17"), title("+017"), title("-017"), title("1."),
		title("018"), title("+.inf"), title("2024-1-5"), title("!!str 1e5"), title("12"), title("0.5"),
		tag("1e5"), tag("2024-01-05"), tag("12"), tag("true"), tag("1.5"), tag("0B101"),
	} {
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", []byte(ok), false); err != nil {
				t.Errorf("%v", err)
			}
		}
	}
}

// TestSafeYAMLSpecSpellings: in spec_details, a scalar that yaml.v3
// reads as text is refused when SafeYAML reads another value, with that
// value; one both read as text loads (!!str 1e5 was refused as "a
// number"); one yaml.v3 reads as a time, which cachediff then reads as
// its RFC 3339 text, is refused with that text and SafeYAML's.
func TestSafeYAMLSpecSpellings(t *testing.T) {
	h := hashN(1)
	head := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\nspec_details:\n  - hash: " + h + "\n"
	for _, tc := range []struct{ yaml, want string }{
		{"    versions: [!!str 1:20]\n", `spec_details: "1:20" is text to cachediff but the number 80.0 to the site`},
		{"    versions: [!!str 1_]\n", `spec_details: "1_" is text to cachediff but the number 1 to the site`},
		{"    versions: [!!str 1.5_]\n", `spec_details: "1.5_" is text to cachediff but no value: SafeYAML fails on it`},
		{"    versions: [2024-1-5]\n", `spec_details: "2024-1-5" is a time to cachediff, which reads "2024-01-05T00:00:00Z", but text to the site`},
		{"    versions: [2024-01-05]\n", `spec_details: "2024-01-05" is a time to cachediff, which reads "2024-01-05T00:00:00Z", but the date 2024-01-05 to the site`},
	} {
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", []byte(head+tc.yaml+"---\n"), false)
			checkErr(t, err, "p.md", 7, 16, tc.want)
		}
	}
	for _, ok := range []string{"    versions: [!!str 1e5, !!str 0o17, !!str +017, !!str 1., ! \"1e5\"]\n"} {
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", []byte(head+ok+otherFieldsYAML(ok, "    ")+oneMeta+"---\n"), false); err != nil {
				t.Errorf("%q: %v", ok, err)
			}
		}
	}
}

// TestSafeYAMLFalseTitle (pass 64): a title SafeYAML reads as false
// (title: false written plain or tagged) is no title
// to Jekyll, which gives a document without one a title made from its
// file's name (Document#populate_title: data["title"] ||=
// titleize_slug, "Specs" for specs.md), and the site lists the page as
// that package. It loaded as the package "false", whose to_s is its
// text, so a pull request that unquoted the title passed a gate with
// "no changes". Refused; a tag false is "false" to the site too
// (populate_categories' to_s) and stays.
func TestSafeYAMLFalseTitle(t *testing.T) {
	page := simplePage("zlib", "develop", 1, 1)
	title := func(v string) string { return strings.Replace(page, `title: "zlib"`, "title: "+v, 1) }
	for _, p := range []string{
		title("false"),
		title("!!str false"),
		title(`! "false"`),
	} {
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", []byte(p), false)
			if err == nil || !strings.Contains(err.Error(), `"false" is text to cachediff but the boolean false to the site`) || !strings.Contains(err.Error(), "file's name") {
				t.Errorf("%q: %v; want the false title refused", p[:40], err)
			}
		}
	}
	for _, ok := range []string{title(`"false"`), title("'false'"), strings.Replace(page, "categories: [package, develop]", "categories: [package, false]", 1)} {
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", []byte(ok), false); err != nil {
				t.Errorf("%v", err)
			}
		}
	}
}

// TestSafeYAMLBangBlockScalars (pass 64): a block scalar (| or >)
// written with the non-specific tag "!" is a plain one to libyaml
// (plain_implicit), so SafeYAML guesses its type as it does ! "010"'s:
// title: ! |- then 010 on the next line was the package 010 to
// cachediff and 8 on the site, and a version ! >- 1.10 in spec_details
// was 1.10 to cachediff and 1.1 on the site, where a quoted scalar with
// the same tag was refused. Refused alike; a block scalar without a tag
// is text to both and stays.
func TestSafeYAMLBangBlockScalars(t *testing.T) {
	page := simplePage("zlib", "develop", 1, 1)
	title := func(v string) string { return strings.Replace(page, `title: "zlib"`, "title: "+v, 1) }
	for _, tc := range []struct {
		page string
		want string
	}{
		{title("! |-\n  010"), `title: "010" is text to cachediff but the number 8 to the site`},
		{title("! >-\n  010"), `title: "010" is text to cachediff but the number 8 to the site`},
		{strings.Replace(page, "categories: [package, develop]", "categories:\n  - package\n  - ! |-\n    1.10", 1), `categories: "1.10" is text to cachediff but the number 1.1 to the site`},
	} {
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", []byte(tc.page), false)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q: %v; want %s", tc.page[:30], err, tc.want)
			}
		}
	}
	h := hashN(1)
	spec := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\nspec_details:\n  - hash: " + h + "\n    versions:\n      - ! >-\n        1.10\n" + otherFieldsYAML("versions:", "    ") + oneMeta + "---\n"
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", []byte(spec), false)
		if err == nil || !strings.Contains(err.Error(), `spec_details: "1.10" is text to cachediff but the number 1.1 to the site`) {
			t.Errorf("a version ! >- 1.10: %v; want it refused", err)
		}
	}
	for _, ok := range []string{title("|-\n  010"), title(">-\n  010")} {
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", []byte(ok), false); err != nil {
				t.Errorf("%q: %v", ok[:30], err)
			}
		}
	}
}
