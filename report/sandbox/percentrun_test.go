package sandbox

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestPercentNameRunsAsPlain (issue 35, class d/e): d1eef440's other
// shapes of a template file named with a percent sign whose parse
// passes, or that defines or calls a template of its own name: an
// empty file, one of {{define}}s alone, a {{define}} or a {{block}} of
// its own name with and without a top level of its own. Each is parsed and run, or refused, as the file named without
// the percent sign is, its name written as given: never nil without an
// error, never a crash.
func TestPercentNameRunsAsPlain(t *testing.T) {
	for _, name := range []string{"a%s.tmpl", "a%%b", "ab%", "%", "a%!b%d"} {
		plain := strings.ReplaceAll(name, "%", "_")
		for _, text := range []string{
			"",
			`{{define "x"}}y{{end}}`,
			`{{define "NAME"}}y{{end}}`,
			`{{block "NAME" .}}y{{end}}`,
			`x{{block "NAME" .}}y{{end}}`,
			`{{define "NAME"}}{{.Nope}}{{end}}`,
			`{{define "x"}}{{.Nope}}{{end}}{{template "x" .}}`,
		} {
			want, wantErr := runNamed(plain, strings.ReplaceAll(text, "NAME", plain))
			got, err := runNamed(name, strings.ReplaceAll(text, "NAME", name))
			if got != want || strings.ReplaceAll(err, name, plain) != wantErr {
				t.Errorf("%q named %q: %q, %q; want %q, %q", text, name, got, err, want, strings.ReplaceAll(wantErr, plain, name))
			}
		}
	}
}

// runNamed parses text as the template name and runs it: its output,
// and its error's message ("" for none).
func runNamed(name, text string) (string, string) {
	tmpl, err := ParseTemplate(name, text)
	if err != nil {
		return "", err.Error()
	}
	if tmpl == nil {
		return "", "nil, no error"
	}
	var b bytes.Buffer
	err = Execute(&b, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
	if err != nil {
		return b.String(), err.Error()
	}
	return b.String(), ""
}
