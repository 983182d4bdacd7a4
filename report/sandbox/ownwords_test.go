package sandbox

import (
	"io"
	"strings"
	"testing"
	"text/template"

	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestTemplateErrorKeepsItsWords (issue 35, class b/e): the words a
// template gave a function and its own text in the place of its error
// (at <…>) were rewritten as if text/template had written them: a
// fail of "map[string]interface {}" said "a map of interface {}", one
// of "x range can't iterate over y" was cut there with the expression's
// quote left open, one of "error calling shown: x" lost the expression,
// a regexp's words and a pkgdetails' fail were said in the template's
// terms. text/template's own words are still said so.
func TestTemplateErrorKeepsItsWords(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{{fail "map[string]interface {}"}}`, `at <fail "map[string]interface {}">: error calling fail: map[string]interface {}`},
		{`{{fail "a []diff.Package *snapshot.Spec"}}`, `error calling fail: a []diff.Package *snapshot.Spec`},
		{`{{fail "x range can't iterate over y"}}`, `at <fail "x range can't iterate over y">: error calling fail: x range can't iterate over y`},
		{`{{fail "non-comparable type X"}}`, `error calling fail: non-comparable type X`},
		{`{{fail "in type *sandbox.data"}}`, `error calling fail: in type *sandbox.data`},
		{`{{fail ">: map[a]b"}}`, `at <fail ">: map[a]b">: error calling fail: >: map[a]b`},
		{`{{fail "error calling shown: x"}}`, `at <fail "error calling shown: x">: error calling fail: error calling shown: x`},
		{`{{mustRegexMatch "(map[x]y" "a"}}`, "missing closing ): `(map[x]y`"},
		{`{{template "x []diff.Package"}}`, `template "x []diff.Package" not defined`},
		{`{{define "pkgdetails"}}{{fail "map[a]b"}}{{end}}{{pkgdetails . 0}}`, `at <fail "map[a]b">: error calling fail: map[a]b`},
		// text/template's and cachediff's words, said in the template's terms.
		{`{{define "pkgdetails"}}{{range 3.5}}{{end}}{{end}}{{pkgdetails . 0}}`, `at <3.5>: range can't iterate over it: range takes`},
		{`{{range .Summary}}{{end}}`, "range can't iterate over it"},
		{`{{signed .Summary}}`, "want an integer, got a Summary"},
		{`{{.Report}}`, `executing "t.tmpl": {{ .Report }} holds pointers`},
		{`{{.Packages.Foo}}`, "can't evaluate field Foo in a list of Package (a list has"},
	} {
		msg := execError(t, c.text)
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q; want %q", c.text, msg, c.want)
		}
	}
}

// TestTemplateErrorWordsNotSearched (issue 35, class d): the words of
// a fail (3 MB here) were searched for Go types by a regular expression
// and copied as they were rewritten (1.6-5.3 s, 3 MB and more
// allocated); they are the template's own, and not searched.
func TestTemplateErrorWordsNotSearched(t *testing.T) {
	tmpl, err := template.New("t.tmpl").Funcs(funcs(nil)).Parse(`{{fail .}}`)
	if err != nil {
		t.Fatal(err)
	}
	words := strings.Repeat("[]diff.Package ", 200_000)
	err = tmpl.Execute(io.Discard, words)
	if err == nil {
		t.Fatal("no error")
	}
	var got error
	// An eighth of the words: nothing of them is copied (63 MB before).
	if n := reporttest.Allocated(func() { got = withoutValue(err, "t.tmpl") }); n > uint64(len(words)/8) {
		t.Errorf("withoutValue of a fail of %d bytes allocated %d bytes; want under %d", len(words), n, len(words)/8)
	}
	if !strings.HasSuffix(got.Error(), "error calling fail: "+words) {
		t.Errorf("the fail's words were changed: %.200q", got.Error())
	}
}

// TestTemplateErrorFailWordsApart (issue 35, class a): fail's words
// were read as Go quotes them where they held a quote: fail's
// `x "\x41"` said `x "A"`, `x "\u0430"` as `x "а"` (Cyrillic) did, and
// a typed \t as a tab: two words read alike, and the template's own
// changed. They are written as any of fail's words, in ASCII, a
// backslash doubled where it would read as an escape; in a run of the
// template's pkgdetails too.
func TestTemplateErrorFailWordsApart(t *testing.T) {
	for _, c := range []struct{ typed, other, want string }{
		{"`x \"\\x41\"`", "`x \"A\"`", `error calling fail: x "\\x41"`},
		{"`x \"\\u0430\"`", "`x \"\u0430\"`", `error calling fail: x "\\u0430"`},
		{"`x \"a\\tb\"`", "\"x \\\"a\\tb\\\"\"", `error calling fail: x "a\\tb"`},
	} {
		typed, other := execError(t, "{{fail "+c.typed+"}}"), execError(t, "{{fail "+c.other+"}}")
		if !strings.HasSuffix(typed, c.want) {
			t.Errorf("fail %s: %q; want it to end %q", c.typed, typed, c.want)
		}
		if _, tw, _ := strings.Cut(typed, ">: "); strings.HasSuffix(other, tw) {
			t.Errorf("fail %s and fail %s both end %q", c.typed, c.other, tw)
		}
		nested := execError(t, `{{define "pkgdetails"}}{{fail `+c.typed+`}}{{end}}{{pkgdetails . 0}}`)
		if !strings.HasSuffix(nested, c.want) {
			t.Errorf("pkgdetails' fail %s: %q; want it to end %q", c.typed, nested, c.want)
		}
	}
}

// TestTemplateErrorLongWordCutFirst (issue 35, class d): a word of a
// template's error (a fail's, 3 MB of control characters or of
// Cyrillic letters; 1 MB here) was written in ASCII whole before it was
// cut about its mark: 65-90 MB allocated for 3 MB, 22-29 times the
// word. It is cut first; its shown head and tail are written so.
func TestTemplateErrorLongWordCutFirst(t *testing.T) {
	tmpl, err := template.New("t.tmpl").Funcs(funcs(nil)).Parse(`{{fail .}}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{strings.Repeat("\x01", 1<<20), strings.Repeat("\u0430", 1<<19)} {
		err := tmpl.Execute(io.Discard, w)
		if err == nil {
			t.Fatal("no error")
		}
		var got error
		if n := reporttest.Allocated(func() { got = shownError(withoutValue(err, "t.tmpl"), "t.tmpl") }); n > uint64(len(w)/8) {
			t.Errorf("a fail of %d bytes (%.8q…) shown: %d bytes allocated; want at most an eighth of it", len(w), w, n)
		}
		if msg := got.Error(); len(msg) > 2*maxShownSpan || !strings.Contains(msg, `error calling fail: \`) {
			t.Errorf("a fail of %d bytes (%.8q…): %.300q; want the word cut, in ASCII", len(w), w, msg)
		}
	}
}

// TestTemplateErrorSaysListDictNil (issue 35, class e): text/template's
// words about sprig's lists and dicts, nil values and call read as Go
// or not at all: pkgdetails' data "a list of interface {}", a range's
// item over a dict "type interface {}", .Gate without --fail-on "nil
// pointer evaluating a Gate.FailOn", {{call .Packages}} "non-function
// .Packages of a list of Package". They are said in the template's
// terms, the expression kept as written.
func TestTemplateErrorSaysListDictNil(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{{define "pkgdetails"}}{{.Name}}{{end}}{{pkgdetails . 0}}`, `at <.Name>: can't evaluate field Name in a list (a list has no fields: range over it, or index it)`},
		{`{{range $k, $v := dict "a" .Packages}}{{$v.Foo}}{{end}}`, `at <$v.Foo>: can't evaluate field Foo in an item of a list or dict`},
		{`{{keys .Summary}}`, `wrong type for value; expected a dict; got a Summary`},
		{`{{.Gate.FailOn}}`, `at <.Gate.FailOn>: can't evaluate field FailOn in a Gate, which is nil (test it first: {{ with }})`},
		{`{{range (list nil)}}{{.Foo}}{{end}}`, `can't evaluate field Foo in an item of a list or dict, which is nil (test it first: {{ with }})`},
		{`{{call .Packages}}`, `at <call .Packages>: error calling call: .Packages is a list of Package, not a function`},
		{`{{call (list "[]diff.Package")}}`, `error calling call: list "[]diff.Package" is a list, not a function`},
		{`{{call "x"}}`, `at <call "x">: error calling call: "x" is a string, not a function`},
		{`{{call .Summary.Specs.Added}}`, `error calling call: .Summary.Specs.Added is a number, not a function`},
		{`{{call 1.5}}`, `error calling call: 1.5 is a number, not a function`},
		{`{{call true}}`, `error calling call: true is a boolean, not a function`},
	} {
		if msg := execError(t, c.text); !strings.HasSuffix(msg, c.want) {
			t.Errorf("%s: %q; want it to end %q", c.text, msg, c.want)
		}
	}
}
