package catalog

import (
	"strings"
	"testing"
)

// TestYAMLErrorLine: a broken front matter is reported at the line (and,
// where the problem is one token, the column) where it is, not where
// yaml.v3 says: for its parser errors it names the enclosing block's first
// line, counted from 0. The pages put the problem on the line marked ⟨here⟩
// (and the column of the marker, when col is not 0).
func TestYAMLErrorLine(t *testing.T) {
	for _, tc := range []struct {
		name, page string
		col        int
		want       string
	}{
		{"indented key", head + "⟨here⟩  bad: 1\nspec_details: []\n---\n", 3, "did not find expected key"},
		{"indented key after JSON lines", head + "meta: {}\nspec_details: []\n⟨here⟩ x: 1\n---\n", 3, "mapping values are not allowed"},
		{"list item in a mapping", "---\ntitle: zlib\nlayout: cache\ncategories:\n  a: 1\n⟨here⟩ - b\nspec_details: []\n---\n", 2, "did not find expected key"},
		{"mapping in a list", "---\ntitle: zlib\nlayout: cache\ncategories:\n  - a\n⟨here⟩  b: 2\nspec_details: []\n---\n", 4, "did not find expected '-' indicator"},
		{"unclosed flow list", "---\ntitle: zlib\nlayout: cache\n⟨here⟩categories: [package, develop\nspec_details: []\n---\n", 0, "did not find expected ',' or ']'"},
		{"mapping value in a scalar", head + "⟨here⟩layout: cache: again\nspec_details: []\n---\n", 14, "mapping values are not allowed"},
		{"unclosed quote", "---\n⟨here⟩title: \"zlib\nlayout: cache\nspec_details: []\n---\n", 0, "found unexpected end of stream"},
		{"tab indentation", head + "categories:\n⟨here⟩\t- a\nspec_details: []\n---\n", 0, "found character that cannot start any token"},
		// A more-indented line continues the value above it ("3 d"): the
		// problem shows at its colon.
		{"continued scalar", head + "a: 1\nb: 2\nc: 3\n⟨here⟩ d: 4\nspec_details: []\n---\n", 3, "mapping values are not allowed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := strings.Split(tc.page, "\n")
			line := 0
			for i, l := range lines {
				if strings.HasPrefix(l, "⟨here⟩") {
					line = i + 1
					lines[i] = strings.TrimPrefix(l, "⟨here⟩")
				}
			}
			file, err := onePage(t, strings.Join(lines, "\n"))
			if tc.col == 0 {
				// Only the line is checked.
				e := errorFor(err, file)
				if e == nil {
					t.Fatalf("error %v does not name %s", err, file)
				}
				if e.Line != line || !strings.Contains(e.Msg, tc.want) || !strings.HasPrefix(e.Msg, "broken YAML front matter: ") {
					t.Errorf("error %q at line %d, want line %d saying %q", e, e.Line, line, tc.want)
				}
				return
			}
			checkErr(t, err, file, line, tc.col, "broken YAML front matter: ", tc.want)
		})
	}
}

// TestYAMLErrorColumnCharacters: the column of a syntax error counted the
// bytes before it on its line, where libyaml counts characters: each
// non-ASCII character before the problem put it to the right of the
// column libyaml names (PyYAML's C loader, 0-based, plus one).
func TestYAMLErrorColumnCharacters(t *testing.T) {
	for _, tc := range []struct {
		title string
		col   int
		want  string
	}{
		{`é: x: y`, 9, "mapping values are not allowed"},
		{`日本: x`, 10, "mapping values are not allowed"},
		{`"é\/b\/\q"`, 15, "found unknown escape character"},
		{`"é"x`, 11, "did not find expected key"},
	} {
		page := []byte("---\ntitle: " + tc.title + "\nlayout: cache\ncategories: [package, develop]\n---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 2, tc.col, "broken YAML front matter: ", tc.want)
		}
	}
}

// TestYAMLErrorHexColumn: libyaml places a bad \x, \u or \U escape at
// its first digit, whichever digit is bad; the search for the shortest
// failing prefix stopped at the 'x' (a prefix ending there fails so), or
// inside an earlier valid \x41.
func TestYAMLErrorHexColumn(t *testing.T) {
	for _, tc := range []struct {
		title string
		col   int
	}{
		{`"ab\x4g"`, 13},
		{`"\x41\x4g"`, 15},
		{`"é\x41\u00eg"`, 16},
		{`"é\x4"`, 12},
		{`"日本\U0000004g"`, 13},
		{"\"ab\\x4\n  c\"", 13},
	} {
		page := []byte("---\ntitle: " + tc.title + "\nlayout: cache\ncategories: [package, develop]\n---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 2, tc.col, "broken YAML front matter: did not find expected hexdecimal number")
		}
	}
}

// TestYAMLErrorAnchorColumn: libyaml places an anchor or alias name
// that ends on a character it may not at that character; a prefix
// ending at its & or * (an empty name) fails so too, and the error was
// placed there.
func TestYAMLErrorAnchorColumn(t *testing.T) {
	for _, tc := range []struct {
		title string
		col   int
	}{
		{`&a\\`, 10},
		{`*a\x4[`, 10},
		{`* x`, 9},
		{`&aé x`, 10},
		{`[&, x]`, 10},
	} {
		page := []byte("---\ntitle: " + tc.title + "\nlayout: cache\ncategories: [package, develop]\n---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 2, tc.col, "broken YAML front matter: did not find expected alphabetic or numeric character")
		}
	}
}

// TestYAMLErrorSimpleKeyColumn: libyaml finds a required key without
// its ':' when it looks for the next token: right after a key over
// 1,024 characters, or at the first token on a later line (the
// closing '---' line at the end). The error was placed at the key's
// last byte.
func TestYAMLErrorSimpleKeyColumn(t *testing.T) {
	long := `"` + strings.Repeat("a", 1023) + `"`
	for _, tc := range []struct {
		rest      string
		line, col int
	}{
		{long + ": x\n", 5, 1026},
		{`"é` + strings.Repeat("a", 1022) + `": x` + "\n", 5, 1026},
		{long + "\n", 5, 1026},
		{"foo\nbar: x\n", 6, 1},
		{"\"foo\"\n\n  # c\n  bar: x\n", 8, 3},
		{"\"foo\" x\n", 6, 1},
		{"? a\n\"foo\"\n", 7, 1},
		{strings.Repeat("a", 1030) + ": x\n", 5, 1031},
		{"foo # a: b\nbar: x\n", 6, 1},
	} {
		page := []byte("---\ntitle: zlib\nlayout: cache\ncategories: [package, develop]\n" + tc.rest + "---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", tc.line, tc.col, "broken YAML front matter: could not find expected ':'")
		}
	}
}

// TestYAMLErrorEscapeAfterBackslashes: the search for the shortest
// failing prefix took a prefix ending inside a character (bad UTF-8,
// which fails otherwise) or after an escaped backslash \\ (whose second
// backslash it read as an escape cut short) for the problem's end:
// title: "\/\x4\é" was placed at column 15 (libyaml 13), and
// title: "\\\q" at column 10 (libyaml 11).
func TestYAMLErrorEscapeAfterBackslashes(t *testing.T) {
	for _, tc := range []struct {
		title string
		col   int
		want  string
	}{
		{`"\/\x4\é"`, 13, "did not find expected hexdecimal number"},
		{`"é\x4\é"`, 12, "did not find expected hexdecimal number"},
		{`"\\\\\é"`, 13, "found unknown escape character"},
		{`"\\\q"`, 11, "found unknown escape character"},
		{`"ab\\\é"`, 13, "found unknown escape character"},
	} {
		page := []byte("---\ntitle: " + tc.title + "\nlayout: cache\ncategories: [package, develop]\n---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 2, tc.col, "broken YAML front matter: "+tc.want)
		}
	}
}

// TestYAMLErrorAnchorAtLineEnd: an anchor or alias with no name at the
// end of its line is placed, as libyaml places it, at the line break
// that ends it (CR or LF), not on the line as a whole; so is one, or a
// bad \x escape, at the end of the text.
func TestYAMLErrorAnchorAtLineEnd(t *testing.T) {
	for _, tc := range []struct {
		title, eol string
		col        int
	}{
		{`&`, "\n", 9},
		{`*`, "\n", 9},
		{`[é, &`, "\n", 13},
		{`&`, "\r\n", 9},
	} {
		page := []byte(strings.ReplaceAll("---\ntitle: "+tc.title+"\nlayout: cache\ncategories: [package, develop]\n---\n", "\n", tc.eol))
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 2, tc.col, "broken YAML front matter: did not find expected alphabetic or numeric character")
		}
	}
	for _, tc := range []struct {
		text, problem string
		col           int
	}{
		{"k: &", badName, 5},
		{"k: {a: \"b\\x", badHex, 12},
		{"k: \"é\\u00a", badHex, 8},
	} {
		if line, col, ok := locateYAMLError([]byte(tc.text), tc.problem); !ok || line != 1 || col != tc.col {
			t.Errorf("%q: line %d, column %d (%v), want line 1, column %d", tc.text, line, col, ok, tc.col)
		}
	}
}

// TestYAMLErrorPlainKeyComment: a plain key without its ':' is scanned
// by libyaml as a plain scalar, which goes on over its line breaks: it
// stops at a comment line (at its '#', where libyaml finds the key
// without ':'), and a more indented line continues it up to a ': ' or
// ' #' there. The error was placed at the first token after the
// comment lines, as for a quoted key.
func TestYAMLErrorPlainKeyComment(t *testing.T) {
	for _, tc := range []struct {
		rest      string
		line, col int
	}{
		{"foo\n# c\nbar: x\n", 6, 1},
		{"foo\n\n  # c\nbar: x\n", 7, 3},
		{"foo bar\n# c\nbar: x\n", 6, 1},
		{"&a foo\n# c\nbar: x\n", 6, 1},
		{"foo\n  bar: x\n", 6, 6},
		{"foo\n  bar # c\nbaz: x\n", 6, 7},
		{"foo\n  bar\nbaz: x\n", 7, 1},
		{"foo\r\n  bar\r\n  # c\r\nbaz: x\r\n", 7, 3},
		// Held: a quoted key, an alias, an inline comment.
		{"\"foo\"\n# c\nbar: x\n", 7, 1},
		{"*a\n# c\nbar: x\n", 7, 1},
		{"foo # c\n# d\nbar: x\n", 7, 1},
	} {
		page := []byte("---\ntitle: zlib\nlayout: cache\ncategories: [package, develop]\n" + tc.rest + "---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", tc.line, tc.col, "broken YAML front matter: could not find expected ':'")
		}
	}
}
