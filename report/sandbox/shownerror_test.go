package sandbox

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"text/template"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestTemplateErrorWithinLine (issue 35, class a/e): text/template's
// errors quote the template's text whole: a function, field, variable or
// template name of 9,000 characters, or fail given 9,000 of them, made a
// line of 8,224 to 8,226 bytes, which the command's line cap (8 KB) cut
// before the reason. Each long name and quoted string is cut about its
// mark, the message within 2 KB or so, the reason kept; a quoted name is
// in ASCII (a Cyrillic а in a function's name read as the fail that is
// defined).
func TestTemplateErrorWithinLine(t *testing.T) {
	long := func(c string) string { return strings.Repeat(c, 9000) }
	for _, c := range []struct{ text, reason string }{
		{"{{" + long("a") + "}}", `" not defined`},
		{"{{ $" + long("f") + " }}", "undefined variable"},
		{"{{." + long("B") + "}}", "in the template's data"},
		{`{{template "` + long("c") + `"}}`, `" not defined`},
		{`{{fail "` + long("d") + `"}}`, "error calling fail: ddd"},
		{`{{fail "` + long("d ") + `"}}`, "error calling fail: d d"},
		{`{{fail "` + long("\u200b") + `"}}`, `error calling fail: \u200b`},
		{"{{f\u0430il 1}}", `function "f\u0430il" not defined`},
	} {
		tmpl, err := ParseTemplate("t.tmpl", c.text)
		if err == nil {
			err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
		}
		if err == nil {
			t.Errorf("%.40q: no error", c.text)
			continue
		}
		line := report.Visible(err.Error())
		if len(line) > 3<<10 || !strings.Contains(err.Error(), c.reason) {
			t.Errorf("%.40q: %d bytes shown: %.300q … %.200q; want at most 3 KB, with %q", c.text, len(line), line, line[max(0, len(line)-200):], c.reason)
		}
	}
	// The template's file, as the command names it: in ASCII, cut.
	for _, c := range []struct{ name, text, want string }{
		{"t\u0435.tmpl", "{{nope}}", `template: "t\u0435.tmpl":1: function "nope" not defined`},
		{"t\u0435.tmpl", "{{.Nope}}", `template: "t\u0435.tmpl":1:2: executing "t\u0435.tmpl" at <.Nope>: can't evaluate field Nope`},
		{strings.Repeat("\u0456", 3000) + ".tmpl", "{{nope}}", `.tmpl":1: function "nope" not defined`},
	} {
		tmpl, err := ParseTemplate(c.name, c.text)
		if err == nil {
			err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 1<<10 {
			t.Errorf("%.40q named %.40q: %v; want %q, within 1 KB", c.text, c.name, err, c.want)
		}
	}
	// A file named with a percent sign: text/template writes its name
	// into the format of its errors ("template: bnope.tmpl:1: function
	// %!q(MISSING) not defined").
	for _, c := range []struct {
		name, text string
		lim        Limits
		want       string
	}{
		{"b%s.tmpl", "{{nope}}", Limits{}, `template: b%s.tmpl:1: function "nope" not defined`},
		{"a%s.tmpl", "{{.Nope}}", Limits{}, `template: a%s.tmpl:1:2: executing "a%s.tmpl" at <.Nope>: can't evaluate field Nope in the template's data`},
		{"d%d.tmpl", `{{define "x"}}{{.Nope}}{{end}}{{template "x" .}}`, Limits{}, `template: d%d.tmpl:1:16: executing "x" at <.Nope>: can't evaluate field Nope`},
		{"c%d.tmpl", "{{range 100}}xxxxxxxxxx{{end}}", Limits{Output: 100}, `template: c%d.tmpl:1:13: stopped: would write more than`},
	} {
		tmpl, err := ParseTemplate(c.name, c.text)
		if err == nil {
			err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, c.lim)
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q named %q: %v; want %q", c.text, c.name, err, c.want)
		}
	}
	// Still the error text/template gave, to errors.As, its message cut.
	tmpl, err := ParseTemplate("t.tmpl", `{{fail "`+long("d")+`"}}`)
	if err != nil {
		t.Fatal(err)
	}
	err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
	if ee := (template.ExecError{}); !errors.As(err, &ee) || ee.Name != "t.tmpl" {
		t.Errorf("a cut error: %T, not a template.ExecError of t.tmpl", err)
	} else if ee.Error() != err.Error() {
		// The ExecError errors.As finds says the message cut too.
		t.Errorf("a cut error's ExecError: %d bytes, not the %d of the message cut", len(ee.Error()), len(err.Error()))
	}
}

// TestPercentNameParsedAsPlain (issue 35, class d/e): a template file
// named with a percent sign is parsed again under its name with each %
// doubled for its error's message; where the text defines a template of
// the file's own name beside a top level, the doubled name parsed
// without that error, and ParseTemplate gave nil and no error, which
// panicked the command (a%s.tmpl holding x{{define "a%s.tmpl"}}y{{end}}).
// Each error is the one of a file named without the percent sign, the
// name put back.
func TestPercentNameParsedAsPlain(t *testing.T) {
	for _, name := range []string{"a%s.tmpl", "a%%b", "ab%", "a%!b"} {
		plain := strings.ReplaceAll(name, "%", "_")
		for _, text := range []string{
			`x{{define "NAME"}}y{{end}}`,
			"x\n\n{{define \"NAME\"}}y{{end}}\n",
			"x\n{{define \"NAME\"}}y{{end}}\n{{/* a\nb */}}",
			`{{define "NAME"}}y{{end}}{{define "NAME"}}z{{end}}`,
			"{{- define \"NAME\" -}}\ny\n{{- end -}}\n\nx",
			"{{nope}}",
		} {
			_, want := ParseTemplate(plain, strings.ReplaceAll(text, "NAME", plain))
			tmpl, err := ParseTemplate(name, strings.ReplaceAll(text, "NAME", name))
			if want == nil {
				t.Fatalf("%q named %q: no error", text, plain)
			}
			if err == nil || tmpl != nil || err.Error() != strings.ReplaceAll(want.Error(), plain, name) {
				t.Errorf("%q named %q: %v, %v; want %q", text, name, tmpl, err, strings.ReplaceAll(want.Error(), plain, name))
			}
		}
	}
}

// TestTemplateErrorInASCII (issue 35, class a): a template's error is
// in ASCII outside its quotes too: a field named with a Cyrillic а,
// {{.Pаckages}}, said "can't evaluate field Pаckages", read as the
// field that is there, and fail's words raw (a package's name, given to
// fail, read as its lookalike). A backslash of fail's words is doubled
// where it would read as such an escape (a newline and a backslash and
// n read apart), and only there: a path's C:\users as it is.
func TestTemplateErrorInASCII(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"{{.P\u0430ckages}}", `at <.P\u0430ckages>: can't evaluate field P\u0430ckages in the template's data`},
		{"{{range .Packages}}{{.N\u0430me}}{{end}}", `can't evaluate field N\u0430me in a Package`},
		{"{{fail \"Paquet non trouv\u00e9\"}}", `error calling fail: Paquet non trouv\u00e9`},
		{`{{fail "a` + "\\n" + `b"}}`, `error calling fail: a\nb`},
		{`{{fail "a` + `\\n` + `b"}}`, `error calling fail: a\\nb`},
		{`{{fail "x\u0430y"}}`, `error calling fail: x\u0430y`},
		{`{{fail "x\\u0430y"}}`, `error calling fail: x\\u0430y`},
		{"{{fail `C:\\users\\x`}}", "at <fail `C:\\users\\x`>: error calling fail: C:\\users\\x"},
		{"{{fail '\u0430'}}", `at <'\u0430'>: expected string; found '\u0430'`},
		{"{{fail \"don't 'x' do\"}}", `error calling fail: don't 'x' do`},
		// A quote escaped inside a quoted string is in it; a backslash
		// is no escape in `.
		{"{{template \"\u0430\\\" \\u202e \\\"b\"}}", `template "\u0430\" \u202e \"b" not defined`},
		{"{{fail `\u00e9\\` }}", "at <fail \"\\u00e9\\\\\">: error calling fail: \\u00e9\\"},
	} {
		tmpl, err := ParseTemplate("t.tmpl", c.text)
		if err == nil {
			err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want %q", c.text, err, c.want)
		}
	}
	// Whole, and cut: each byte ASCII but the cut's mark.
	for _, text := range []string{
		`{{fail (repeat 3000 "\u0430\\")}}`,
		`{{fail (repeat 3000 "\u0430 \"\u0430\" ")}}`,
		"{{define \"" + strings.Repeat("\u0456", 500) + "\"}}{{.N\u0430pe}}{{end}}{{template \"" + strings.Repeat("\u0456", 500) + "\" .}}",
	} {
		tmpl, err := ParseTemplate("t.tmpl", text)
		if err == nil {
			err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
		}
		if err == nil {
			t.Errorf("%.40q: no error", text)
			continue
		}
		for _, r := range strings.ReplaceAll(err.Error(), "…", "") {
			if r < ' ' || r >= 0x7f {
				t.Errorf("%.40q: %.300q: %q is not ASCII", text, err, r)
				break
			}
		}
	}
}

// TestTemplateErrorCutKeepsWords (issue 35, class e): a template's
// error past 2 KB is cut at spaces; one with no space near its cut
// (fail given a million "a, quoted pieces each short) was shown "error
// calling fail: …86d1d1c8", none of fail's words kept. It is cut
// between characters there, never inside an escape. fail's words are
// the template's, one word here (their quotes no Go quotes): cut about
// its mark as a long word is, both ends kept.
func TestTemplateErrorCutKeepsWords(t *testing.T) {
	for _, c := range []struct{ text, head, tail, s string }{
		{`{{fail (repeat 20000 "\"a")}}`, `error calling fail: "a"a"a"a`, `"a"a"a"a`, strings.Repeat(`"a`, 20000)},
		{`{{fail (repeat 20000 "\"\u0430")}}`, `error calling fail: "\u0430"\u0430"`, `\u0430"\u0430"\u0430`, strings.Repeat(`"\u0430"\u0430`, 10000)},
		{`{{fail (repeat 20000 "\"\\n")}}`, `error calling fail: "\\n"\\n"`, `\\n"\\n"\\n`, strings.Repeat(`"\n"\\n`, 10000)},
	} {
		tmpl, err := ParseTemplate("t.tmpl", c.text)
		if err != nil {
			t.Fatal(err)
		}
		err = Execute(&bytes.Buffer{}, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
		if err == nil {
			t.Fatalf("%q: no error", c.text)
		}
		msg := err.Error()
		head, tail, cut := strings.Cut(msg, "\u2026")
		if len(tail) > 8 {
			tail = tail[8:] // the mark's digits
		}
		if !cut || len(msg) > 3<<10 || !strings.Contains(head, c.head) || !strings.Contains(tail, c.tail) || !wholeEscapes(head) || !wholeEscapes(tail) {
			t.Errorf("%q: %d bytes: %.200q … %.200q; want %q and %q kept, whole escapes", c.text, len(msg), head, msg[max(0, len(msg)-200):], c.head, c.tail)
		}
		// The message cut where no space is near: a KB and more kept
		// either side, whole escapes.
		out := cutBetweenWords("error calling fail: "+c.s, maxShownMessage)
		head, tail, cut = strings.Cut(out, " \u2026")
		if len(tail) > 8 {
			tail = tail[8:]
		}
		if !cut || len(out) > 3<<10 || !strings.Contains(head, "error calling fail: "+c.s[:20]) || len(head) < 1<<10 || len(tail) < 256 || !wholeEscapes(head) || !wholeEscapes(tail) {
			t.Errorf("%.40q cut: %d bytes: %.200q … %.200q; want a KB and more kept, whole escapes", c.s, len(out), head, tail)
		}
	}
}

// wholeEscapes reports whether each backslash of s starts an escape
// (report.EscapeLen, or \" in a quoted string), read from s's start.
func wholeEscapes(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			n := report.EscapeLen(s[i:])
			if n == 0 && strings.HasPrefix(s[i:], `\"`) {
				n = 2
			}
			if n == 0 {
				return false
			}
			i += n - 1
		}
	}
	return true
}
