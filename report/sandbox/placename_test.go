package sandbox

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestTemplatePlaceNameReadsAsOne (issue 35, class a): the template's
// file name began its error's place raw where it held a space, a quote
// or a colon, which the place's ":LINE:COL: " and text/template's words
// read as: a file named `x.tmpl:1:2: executing "y" at <z>: ok` said
// "template: ./x.tmpl:1:2: executing "y" at <z>: ok:1:2: …", an error
// of x.tmpl, and one named x.tmpl:9 an unclosed action at line 9 of
// x.tmpl. Such a name is quoted; a plain one is not.
func TestTemplatePlaceNameReadsAsOne(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{`./x.tmpl:1:2: executing "y" at <z>: ok`, `{{fail "x"}}`, `template: "./x.tmpl:1:2: executing \"y\" at <z>: ok":1:2: executing `},
		{"./x.tmpl:9", "{{", `template: "./x.tmpl:9":1: unclosed action`},
		{"./a b.tmpl", "{{.Nope}}", `template: "./a b.tmpl":1:2: executing "./a b.tmpl" at <.Nope>: `},
		{"./it's.tmpl", "{{range 3.5}}{{end}}", `template: "./it's.tmpl":1:8: executing "./it's.tmpl" at <3.5>: range`},
		{"./a%s b.tmpl", "{{.Nope}}", `template: "./a%s b.tmpl":1:2: executing "./a%s b.tmpl" at <.Nope>: `},
		{"./plain.tmpl", "{{.Nope}}", `template: ./plain.tmpl:1:2: executing "./plain.tmpl" at <.Nope>: `},
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
