package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// TestQuoteAfterPropertiesComment: a double-quoted scalar's tag or
// anchor may end its line with a comment, the scalar on the next line.
// The escapes \/ and \' were looked for from the first '"' after the
// tag, one in the comment: "ubuntu\/22.04" was refused ("found unknown
// escape character") where libyaml reads ubuntu/22.04; "ubuntu\'22.04"
// read as ubuntu'22.04 where libyaml refuses the front matter, and a \'
// in the comment was refused where libyaml reads the page. libyaml
// 0.2.5's reading (PyYAML 6.0.3, CSafeLoader) of each.
func TestQuoteAfterPropertiesComment(t *testing.T) {
	page := func(os string) []byte {
		return []byte(strings.Join([]string{"---", `title: "zlib"`, "layout: cache", "categories: [package, develop]",
			`meta: {"compilers": ["gcc@13.2.0"], "num_specs": 1, "num_specs_by_stack": {"s": 1}, "oss": ["ubuntu/22.04"], "platforms": ["linux"], "stacks": ["s"], "targets": ["x86_64"], "versions": ["1.0"]}`,
			"spec_details:", fmt.Sprintf("  - hash: %q", hashN(1)), `    versions: ["1.0"]`, "    variants: []", "    compiler: gcc@13.2.0",
			"    os: " + os, "    platform: linux", "    target: x86_64", "    stacks: [s]", `    size: "-"`, "---", ""}, "\n"))
	}
	for os, want := range map[string]string{
		"!!str # a \"c\n      \"ubuntu\\/22.04\"":      "ubuntu/22.04",
		"&o # it\"s\n      \"ubuntu\\/22.04\"":         "ubuntu/22.04",
		"&o !!str # \"\\/\"\n      \"ubuntu\\/22.04\"": "ubuntu/22.04",
		"!!str # a \"c\\'\"\n      \"ubuntu/22.04\"":   "ubuntu/22.04",
	} {
		for _, parse := range bothPaths {
			pkg, _, _, err := parse("p.md", page(os), false)
			if err != nil {
				t.Errorf("os: %q: %v; libyaml reads %q", os, err, want)
				continue
			}
			if got := pkg.Specs[0].OS; got != want {
				t.Errorf("os: %q: read %q; libyaml reads %q", os, got, want)
			}
		}
	}
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page("!!str # a \"c\n      \"ubuntu\\'22.04\""), false)
		checkErr(t, err, "p.md", 12, 14, `the escape \'`)
	}
}

// TestSlashEscapeOtherError: front matter that yaml.v3 refuses for
// another reason than an escape \/ was refused at the \/ ("found unknown
// escape character"), which the site's YAML reader (libyaml) reads as
// '/', and not where libyaml refuses it.
func TestSlashEscapeOtherError(t *testing.T) {
	page := []byte("---\ntitle: \"zl\\/ib\"\nlayout: [cache\ncategories: [package, develop]\n---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		if err == nil || strings.Contains(err.Error(), "escape") || !strings.Contains(err.Error(), "line 3") && !strings.Contains(err.Error(), "line 4") {
			t.Errorf("error %v; want the one of layout: [cache", err)
		}
	}
}

// TestSlashEscapeTypeError: front matter that yaml.v3 parses, a \/ in a
// plain scalar, but cannot decode (a type error) was decoded again with
// \e for each \/ for its error, which could then name a key given twice
// that is not: a\/b and a\eb are two keys to libyaml.
func TestSlashEscapeTypeError(t *testing.T) {
	page := []byte("---\na\\/b: 1\na\\eb: 2\ntitle: [x]\nlayout: cache\ncategories: [package, develop]\n---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		if err == nil || strings.Contains(err.Error(), "already defined") || !strings.Contains(err.Error(), "cannot unmarshal") {
			t.Errorf("error %v; want the one of title: [x]", err)
		}
	}
}

// TestSlashEscapeOtherErrorPlace: the error of front matter that yaml.v3
// refuses for another reason than a \/ is placed in the text with \e for
// each \/, as it is found there: located in the text with its \/, where
// yaml.v3 stops at the first, it lost its column.
func TestSlashEscapeOtherErrorPlace(t *testing.T) {
	for _, title := range []string{`"zl/ib"`, `"zl\/ib"`} {
		page := []byte("---\ntitle: " + title + "\nlayout: [cache\ncategories: [package, develop]\n---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 3, 10, `did not find expected ',' or ']'`)
		}
	}
}

// TestEscapedQuoteAfterSlash: an escape \' after a \/ on its line was
// placed one column left of the file's (the \/ read as '/').
func TestEscapedQuoteAfterSlash(t *testing.T) {
	page := []byte("---\ntitle: \"zl\\/i\\/b\\'\"\nlayout: cache\ncategories: [package, develop]\n---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		checkErr(t, err, "p.md", 2, 17, `the escape \'`)
	}
}

// TestSlashEscapeDecodeError: front matter that yaml.v3 parses, a \/ in a
// plain scalar, but refuses in decoding with an error of cachediff's own
// (not a yaml.TypeError) named the value of the text with \e for each \/:
// categories: a\/b was "a\\eb" is one string.
func TestSlashEscapeDecodeError(t *testing.T) {
	page := []byte("---\ntitle: \"bc\"\nlayout: cache\ncategories: a\\/b\n---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		if err == nil || strings.Contains(err.Error(), `\e`) || !strings.Contains(err.Error(), `a\\/b`) {
			t.Errorf("error %v; want the one of categories: a\\/b", err)
		}
	}
}

// TestUnknownEscapeAfterSlash: an unknown escape after a \/ on its line
// was placed at the first \/: it is located in the text with \e for
// each \/, and a prefix of it that ends at the backslash of \e fails as
// the unknown escape does (an escape cut by the end of the input), so
// the search for the shortest failing prefix stopped there. libyaml
// names the backslash of the unknown escape.
func TestUnknownEscapeAfterSlash(t *testing.T) {
	for _, tc := range []struct {
		title string
		col   int
	}{
		{`"zl/ib/\q"`, 15},
		{`"zl\/ib\/\q"`, 17},
		{`"zl\nib\n\q"`, 17},
		{`"zl\/i\/b\/x\/\q"`, 22},
		{`"zl\\ib\q"`, 15},
		{`"\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\é"`, 49},
	} {
		page := []byte("---\ntitle: " + tc.title + "\nlayout: cache\ncategories: [package, develop]\n---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 2, tc.col, "found unknown escape character")
		}
	}
}

// TestGuessAfterSlash: a value refused for what SafeYAML reads it as,
// after a \/ on its line, was placed one column left of the file's (the
// \/ read as '/'); libyaml places 1.10 at column 27.
func TestGuessAfterSlash(t *testing.T) {
	page := []byte("---\ntitle: \"zlib\"\nlayout: cache\ncategories: [\"pack\\/age\", 1.10]\n---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		checkErr(t, err, "p.md", 4, 27, `categories: "1.10" is text to cachediff`)
	}
}

// TestEscapedQuoteColumnCharacters: the column of an escape \' counted
// bytes, where libyaml (and yaml.v3, for the other errors at a node)
// counts characters: title: "é\/é\'" was refused at column 15, where
// libyaml names column 13.
func TestEscapedQuoteColumnCharacters(t *testing.T) {
	for _, tc := range []struct {
		title string
		col   int
	}{{`"é\'"`, 10}, {`"é\/é\'"`, 13}} {
		page := []byte("---\ntitle: " + tc.title + "\nlayout: cache\ncategories: [package, develop]\n---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 2, tc.col, `the escape \'`)
		}
	}
}
