package sandbox

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestRangeErrorNamesNoValue (issue 35, pass 82, class e): a template
// ranging over something that is not a list, a package's specs, failed
// with text/template's message, which prints the value: every spec of
// the package and the addresses of its pairs, kilobytes for a package
// of a real week and without bound for larger ones. The error names the
// template, the place and the expression, not the value.
func TestRangeErrorNamesNoValue(t *testing.T) {
	for _, text := range []string{
		`{{range $p := .Packages}}{{range $p.Specs}}{{end}}{{end}}`,
		`{{range .Packages}}{{range .Versions}}{{end}}{{end}}`,
		`{{range .Report}}{{end}}`,
	} {
		msg := execError(t, text)
		if !strings.HasPrefix(msg, "template: t.tmpl:1:") || !strings.Contains(msg, "range can't iterate over") || len(msg) > 300 || strings.Contains(msg, "0x") {
			t.Errorf("%s: %d bytes: %.400q; want the place and what range needs, without the value", text, len(msg), msg)
		}
	}
}

// TestMissingFieldNamesNoGoType (issue 35, pass 82, class e): a field
// the template's data lacks ({{.CSP}}, of the built-in html.tmpl) said
// "can't evaluate field CSP in type *sandbox.data", a Go type of
// cachediff's code. It says the template's data, and where its fields
// are listed.
func TestMissingFieldNamesNoGoType(t *testing.T) {
	tmpl, err := ParseTemplate("t.tmpl", "{{.CSP}}")
	if err != nil {
		t.Fatal(err)
	}
	err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
	if err == nil || strings.Contains(err.Error(), "sandbox") || !strings.Contains(err.Error(), "can't evaluate field CSP in the template's data (docs/json.md") {
		t.Errorf("{{.CSP}}: %v; want the field named, of the template's data, without a Go type", err)
	}
}

// TestErrorsNameNoGoTypes (issue 35, pass 83, class e): pass 82 said a
// field the top-level data lacks of the data, but the other values of
// the data were still named as Go types: "can't evaluate field Foo in
// type []diff.Package", "got *snapshot.Spec", "len of type
// diff.Summary". They are said in the template's terms, a field of a
// list with a hint to range or index.
func TestErrorsNameNoGoTypes(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{{.Packages.Foo}}`, "can't evaluate field Foo in a list of Package (a list has no fields: range over it, or index it)"},
		{`{{range .Packages}}{{.Foo}}{{end}}`, "can't evaluate field Foo in a Package"},
		{`{{range .Packages}}{{range .Specs.Rebuilt}}{{.Old.Foo}}{{end}}{{end}}`, "can't evaluate field Foo in a Spec"},
		{`{{range $p := .Packages}}{{$p.Specs.Rebuilt.Foo}}{{end}}`, "at <$p.Specs.Rebuilt.Foo>: can't evaluate field Foo in a list of Pair"},
		{`{{upper .Packages}}`, "got a list of Package"},
		{`{{len .Summary}}`, "len of a Summary"},
		{`{{eq .Packages 1}}`, "a list of Package and int"},
		{`{{len .}}`, "len of the template's data"},
	} {
		tmpl, err := ParseTemplate("t.tmpl", c.text)
		if err != nil {
			t.Fatal(err)
		}
		err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 20), report.Options{}, Limits{})
		if err == nil {
			t.Fatalf("%s: no error", c.text)
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) || strings.Contains(msg, "diff.") || strings.Contains(msg, "snapshot.") || strings.Contains(msg, "sandbox.") {
			t.Errorf("%s: %q; want %q, without a Go type", c.text, msg, c.want)
		}
	}
}

// TestCompareErrorNamesNoValue (issue 35, pass 84, class e): eq and ne
// given values they cannot compare (a list, a record holding one) failed
// with text/template's message, which prints both values: every package
// of the report, 64 KB for 20 packages and without bound, the data's
// strings raw. The message names the place, and what eq compares.
func TestCompareErrorNamesNoValue(t *testing.T) {
	for _, text := range []string{
		`{{eq .Packages .Packages}}`,
		`{{ne .Packages .Packages}}`,
		`{{range .Packages}}{{eq . .}}{{end}}`,
		`{{range .Packages}}{{eq .Specs .Specs}}{{end}}`,
		`{{eq .Packages .Summary}}`,
	} {
		msg := execError(t, text)
		if !strings.HasPrefix(msg, "template: t.tmpl:1:") || !strings.Contains(msg, "non-comparable values: eq and ne compare numbers") || len(msg) > 300 || strings.Contains(msg, "pkg-") {
			t.Errorf("%s: %d bytes: %.400q; want the place and what eq compares, without the values", text, len(msg), msg)
		}
	}
}

// execError runs the template text on a generated report of 20 packages
// and returns the error it must fail with.
func execError(t *testing.T, text string) string {
	t.Helper()
	tmpl, err := ParseTemplate("t.tmpl", text)
	if err != nil {
		t.Fatal(err)
	}
	err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 20), report.Options{}, Limits{})
	if err == nil {
		t.Fatalf("%s: no error", text)
	}
	return err.Error()
}

// TestSprigPanicSaysArgument (issue 35, class e): a function of
// sprig's that checks no argument panicked, and text/template said
// Go's words alone: {{first nil}} "error calling first: runtime error:
// invalid memory address or nil pointer dereference", read as a crash
// of cachediff's. It says the function panicked on an argument, of a
// panic of reflect's too ({{slice (list 1 2) 5}}, {{deepCopy nil}});
// a fail's words of the same shape are the template's, kept as they
// are.
func TestSprigPanicSaysArgument(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{{first nil}}`, "error calling first: runtime error: invalid memory address or nil pointer dereference (first panicked on an argument it does not check)"},
		{`{{div 1 0}}`, "error calling div: runtime error: integer divide by zero (div panicked on an argument it does not check)"},
		{`{{substr 5 1 "abc"}}`, "error calling substr: runtime error: slice bounds out of range [5:1] (substr panicked on an argument it does not check)"},
		{`{{fail "runtime error: x"}}`, "error calling fail: runtime error: x"},
		{`{{slice (list 1 2) 5}}`, "error calling slice: reflect.Value.Slice: slice index out of bounds (slice panicked on an argument it does not check)"},
		{`{{deepCopy nil}}`, "error calling deepCopy: reflect: call of reflect.Value.Type on zero Value (deepCopy panicked on an argument it does not check)"},
		{`{{fail "reflect: x"}}`, "error calling fail: reflect: x"},
		{`{{fail "reflect.Value.Slice: x"}}`, "error calling fail: reflect.Value.Slice: x"},
	} {
		if msg := execError(t, c.text); !strings.HasSuffix(msg, c.want) {
			t.Errorf("%s: %q; want it to end %q", c.text, msg, c.want)
		}
	}
}

// TestQuotedTextAsWritten (issue 35, class e): a string the template
// wrote in its expression is shown as written where that is printable
// ASCII, as docs/json.md says: {{call "a\x41"}} said at <call "aA">,
// unquoted and quoted again. One written otherwise (a Cyrillic а) is
// quoted in ASCII.
func TestQuotedTextAsWritten(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{{call "a\x41"}}`, `at <call "a\x41">`},
		{`{{call '\x41' "\u0430"}}`, `at <call '\x41' "\u0430">`},
		{"{{call \"\u0430\"}}", `at <call "\u0430">`},
	} {
		if msg := execError(t, c.text); !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q; want %q in it", c.text, msg, c.want)
		}
	}
	// Past 256 bytes written, cut as written (its escapes whole): a
	// string written in 257 read "…aaaA", its value quoted again.
	a := strings.Repeat("a", 250)
	for _, c := range []struct {
		lit  string
		want *regexp.Regexp
	}{
		{`"` + a + `\x41"`, regexp.MustCompile(`^"a{250}\\x41"$`)},                                  // 256: whole
		{`"` + a + `a\x41"`, regexp.MustCompile(`^"a{90,}…[0-9a-f]{8}a+\\x41"$`)},                   // 257
		{`"` + a + a + `\101\"\x41"`, regexp.MustCompile(`^"a{180,}…[0-9a-f]{8}a+\\101\\"\\x41"$`)}, // 512
		// In `, as written too: past 256 bytes it was quoted again in
		// ", its quotes escaped ("…a\"b\"").
		{"`" + a + `aa"b"` + "`", regexp.MustCompile("^`a{90,}…[0-9a-f]{8}a+\"b\"`$")},           // 257
		{"`" + a + a + `\q"b"` + "`", regexp.MustCompile("^`a{180,}…[0-9a-f]{8}a+\\\\q\"b\"`$")}, // 507
	} {
		msg := execError(t, "{{call "+c.lit+"}}")
		at, _, _ := strings.Cut(strings.TrimPrefix(msg, `template: t.tmpl:1:2: executing "t.tmpl" at <call `), ">: ")
		if !c.want.MatchString(at) {
			t.Errorf("a string written in %d bytes: %q; want %s", len(c.lit), msg, c.want)
		}
	}
}
