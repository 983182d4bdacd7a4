package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestTemplateURLRedacted (adversarial pass 120b): --template given a
// URL (a template kept on a web server, or in a mirror that wants a
// token) was told with os's error, which quotes the path whole:
// "reading the template: open https://user:TOKEN@host/t.tmpl: no such
// file or directory", in a CI log. It is named as render names a
// report given as a URL: redacted, and said to be no file.
func TestTemplateURLRedacted(t *testing.T) {
	for _, tmpl := range []string{
		"https://user:s3cret@mirror.example.org/t.tmpl",
		"https://mirror.example.org/t.tmpl?token=s3cret",
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--template", tmpl, "old", "new"}, &stdout, &stderr)
		if code == 0 || strings.Contains(stderr.String(), "s3cret") || !strings.Contains(stderr.String(), "not a URL") {
			t.Errorf("--template %s: exit %d, stderr %q; want it named without its token, and said to be no file", tmpl, code, stderr.String())
		}
	}
}
