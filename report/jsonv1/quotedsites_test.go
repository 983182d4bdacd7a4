package jsonv1

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestMessagesCutNoValueAsGoQuotes (issue 35 class c): render's
// messages quote a report's values in ASCII (quotedValue, quotedCut),
// and the tests decode a lookalike through a few of them only: any of
// the twenty others (a log's roots, stacks, facets, path, layout, a
// list's order or repeat, a key twice) put back as it was, %q of
// shortValue, left every test passing, and its message read a
// lookalike as its ASCII twin. shortValue and cutRunes cut without
// quoting: only the helpers that quote or show a token (shortToken) may
// call them.
func TestMessagesCutNoValueAsGoQuotes(t *testing.T) {
	allowed := map[string]bool{"shortValue": true, "cutRunes": true, "shortToken": true}
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || allowed[fn.Name.Name] {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "shortValue" || id.Name == "cutRunes") {
						t.Errorf("%s: %s calls %s: a value for a message is quoted in ASCII (quotedValue, quotedCut)", fset.Position(c.Pos()), fn.Name.Name, id.Name)
					}
				}
				return true
			})
		}
	}
}

// TestKeyFoldedQuotedInASCII (issue 35 class a): a key that
// encoding/json would take for a field (strings.EqualFold) is named in
// ASCII: "pacKages" (its K the Kelvin sign) read as the field's own
// name, `key "pacKages": cachediff/v1 writes "packages"`.
func TestKeyFoldedQuotedInASCII(t *testing.T) {
	written := writtenReport(t, reporttest.OnePackage("zlib"))
	edited := strings.Replace(written, `"packages": [`, `"pac\u212aages": [`, 1)
	if edited == written {
		t.Fatal("no packages list to rename")
	}
	want := `key "pac\u212aages": `
	if _, err := DecodeBytes([]byte(edited)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a key folded: %v, want %s", err, want)
	}
}

// TestKeyTokenInASCII (issue 35 class a): a key not followed by ":" was
// named as written, so a key "сchema" (its с Cyrillic) read `want :
// after the key "schema"`, the field's own name. Its characters past
// ASCII are escapes (shortKeyToken), a long one's mark as it is.
func TestKeyTokenInASCII(t *testing.T) {
	long := strings.Repeat("\u0441", 100)
	for _, c := range []struct{ doc, want string }{
		{"{\"\u0441chema\" 1}", `after the key "\u0441chema", not`},
		{"{\"" + long + "\" 1}", `after the key "` + strings.Repeat(`\u0441`, 51) + "…"},
	} {
		_, err := DecodeBytes([]byte(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsFunc(strings.ReplaceAll(err.Error(), "…", ""), func(r rune) bool { return r >= 0x80 }) {
			t.Errorf("%.40q: %v, want %s and no other character past ASCII than the cut's mark", c.doc, err, c.want)
		}
	}
}

// TestFoundCharacterInASCII (issue 35 class a): render named a
// character it did not want as Go quotes a rune, so a key followed by a
// Cyrillic с read `want : after the key "schema", not the character
// 'с'`, as if a c stood there, and an unknown escape wrote the
// character after its backslash as it is: \с read as the escape \c, and
// a U+202E there turned the message around. Both are in ASCII.
func TestFoundCharacterInASCII(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"{\"schema\" \u0441}", `not the character '\u0441'`},
		{"{\"schema\": \"cachediff/v1\", \u0430}", `want a key (a string), not the character '\u0430'`},
		{"\u0441", `starts with the character '\u0441'`},
		{"{\"schema\": \"a\\\u0441\"}", `an unknown escape: \ before the character '\u0441'`},
		{"{\"schema\": \"a\\\u202e\"}", `an unknown escape: \ before the character '\u202e'`},
		{"{\"schema\": \"a\\q\"}", `an unknown escape \q in a string`},
	} {
		_, err := DecodeBytes([]byte(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsFunc(err.Error(), func(r rune) bool { return r >= 0x80 }) {
			t.Errorf("%q: %v, want %s and no character past ASCII", c.doc, err, c.want)
		}
	}
}
