package sandbox

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestTemplatePlaceNameReadsAsOne (issue 35, class a): the template's
// file name began its error's place raw where it held a space, a quote
// or a colon, which the place's ":LINE:COL: " and text/template's words
// read as: a file named `x.tmpl:1:2: executing "y" at <z>: ok` said
// "template: ./x.tmpl:1:2: executing "y" at <z>: ok:1:2: …", an error
// of x.tmpl, and one named x.tmpl:9 an unclosed action at line 9 of
// x.tmpl. Such a name is quoted; a plain one is not, nor standard
// input's (--template -).
func TestTemplatePlaceNameReadsAsOne(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{`./x.tmpl:1:2: executing "y" at <z>: ok`, `{{fail "x"}}`, `template: "./x.tmpl:1:2: executing \"y\" at <z>: ok":1:2: executing `},
		{"./x.tmpl:9", "{{", `template: "./x.tmpl:9":1: unclosed action`},
		{"./a b.tmpl", "{{.Nope}}", `template: "./a b.tmpl":1:2: executing "./a b.tmpl" at <.Nope>: `},
		{"./it's.tmpl", "{{range 3.5}}{{end}}", `template: "./it's.tmpl":1:8: executing "./it's.tmpl" at <3.5>: range`},
		{"./a%s b.tmpl", "{{.Nope}}", `template: "./a%s b.tmpl":1:2: executing "./a%s b.tmpl" at <.Nope>: `},
		{"./plain.tmpl", "{{.Nope}}", `template: ./plain.tmpl:1:2: executing "./plain.tmpl" at <.Nope>: `},
		// --template -: the tool's name of standard input, as every
		// message says it (testdata/script/stdin.txtar).
		{"standard input", "{{", `template: standard input:1: unclosed action`},
	} {
		tmpl, err := ParseTemplate(c.name, c.text)
		if err == nil {
			err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q named %q: %v; want it to begin %q", c.text, c.name, err, c.want)
		}
	}
}

// TestPkgdetailsPlaceNamesFileOnce (issue 35, class a/e): the error of
// a run of the template's own pkgdetails named the file again, raw, in
// its own place: "error calling pkgdetails: template: ./x.tmpl:1:2:
// executing "y" at <z>: ok:1:25: …" for a file of that name, a
// lookalike's Cyrillic е written \u0435 unquoted, and every file's
// name twice. Its place is the line and column alone, the file named
// once, where the message begins; an argument it refuses so too.
func TestPkgdetailsPlaceNamesFileOnce(t *testing.T) {
	nested := `{{define "pkgdetails"}}{{if eq (index . 0) "x"}}{{.Foo}}{{else}}{{pkgdetails (list "x") 0}}{{end}}{{end}}{{pkgdetails . 0}}`
	for _, c := range []struct{ name, text, want string }{
		{`./x.tmpl:1:2: executing "y" at <z>: ok`, `{{define "pkgdetails"}}{{.Foo}}{{end}}{{pkgdetails . 0}}`, `at <pkgdetails . 0>: error calling pkgdetails: 1:25: executing "pkgdetails" at <.Foo>: can't evaluate field Foo in a list`},
		{"./t\u0435.tmpl", `{{define "pkgdetails"}}{{fail "x"}}{{end}}{{pkgdetails . 0}}`, `at <pkgdetails . 0>: error calling pkgdetails: 1:25: executing "pkgdetails" at <fail "x">: error calling fail: x`},
		{"./a%s.tmpl", `{{define "pkgdetails"}}{{fail "x"}}{{end}}{{pkgdetails . 0}}`, `at <pkgdetails . 0>: error calling pkgdetails: 1:25: executing "pkgdetails" at <fail "x">: error calling fail: x`},
		{"./t.tmpl", nested, `error calling pkgdetails: 1:83: executing "pkgdetails" at <"x">: wrong type for value`},
	} {
		tmpl, err := ParseTemplate(c.name, c.text)
		if err == nil {
			err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Count(err.Error(), "template: ") != 1 {
			t.Errorf("%q named %q: %v; want %q, the file named once", c.text, c.name, err, c.want)
		}
	}
}

// TestTemplatePlaceReadFromItsStart (issue 35, class a/b/e): the place
// of a template's error was searched for (`: executing "x" at <`) from
// the message's start, in the file's name too, which is the user's: a
// file named `a: executing "x" at <z>: range can't iterate over ` said
// an error of its template "x" as "template: a: executing "x" at <z>:
// range can't iterate over it: …", the reason dropped and the name
// raw; another printed eq's values whole, read fail's `say "\x41"` as
// Go's `say "A"`, or left the file's name raw within pkgdetails'
// error, a forged place of line 7. The place is read from its start:
// the file's name, its line and column.
func TestTemplatePlaceReadFromItsStart(t *testing.T) {
	x := func(body string) string { return `{{define "x"}}` + body + `{{end}}{{template "x" .}}` }
	pd := `{{define "pkgdetails"}}{{fail "in pd"}}{{end}}{{pkgdetails . 0}}`
	for _, c := range []struct{ name, text, want string }{
		{`./a: executing "x" at <z>: range can't iterate over `, x(`{{fail "the reason"}}`), `:1:16: executing "x" at <fail "the reason">: error calling fail: the reason`},
		{`./a: executing "x" at <z>: b`, x(`{{fail "say \"\\x41\""}}`), `: executing "x" at <fail "say \"\\x41\"">: error calling fail: say "\\x41"`},
		{`./a: executing "x" at <z>: b`, x(`{{eq .Packages .Packages}}`), `at <eq .Packages .Packages>: error calling eq: non-comparable values: eq and ne compare numbers, strings and booleans, not a list, a map or a record that holds one (compare its len, or a field of it)`},
		{`./a: executing "x" at <shown z>: b`, x(`{{.Report}}`), `:1:16: executing "x": {{ .Report }} holds pointers, which print as memory addresses that differ from run to run: print its fields instead`},
		{`./x.tmpl:7:7: executing "pkgdetails" at <fail "forged">: error calling fail: forged`, pd, `>: error calling pkgdetails: 1:25: executing "pkgdetails" at <fail "in pd">: error calling fail: in pd`},
	} {
		tmpl, err := ParseTemplate(c.name, c.text)
		if err == nil {
			err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
		}
		if err == nil || !strings.HasPrefix(err.Error(), "template: "+strconv.Quote(c.name)+":") || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%q named %q: %v; want it to begin with the name quoted and end %q", c.text, c.name, err, c.want)
		}
	}
}

// TestTemplatePlaceColumnIsBytesFromZero (class e): docs/json.md says
// a template error's column counts bytes from 0, as text/template's
// does ({{ .Nope }} at a line's start at column 3, an é before it 2
// more), for an error of a field and for a limit's stop alike.
func TestTemplatePlaceColumnIsBytesFromZero(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"{{ .Nope }}", "template: t.tmpl:1:3: "},
		{"é{{ .Nope }}", "template: t.tmpl:1:5: "},
		{"x\né{{ .Nope }}", "template: t.tmpl:2:5: "},
		{"x\né{{ range 100000000000 }}{{ end }}", "template: t.tmpl:2:11: stopped: "}, // at its number
	} {
		tmpl, err := ParseTemplate("t.tmpl", c.text)
		if err == nil {
			err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{Time: 50 * time.Millisecond})
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v; want it to begin %q", c.text, err, c.want)
		}
	}
}
