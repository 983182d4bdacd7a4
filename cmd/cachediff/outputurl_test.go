package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestOutputURLRedacted (adversarial pass 120b): --output given a URL
// (an upload target, with its token) was told as a folder that does not
// exist, quoted whole, password and query included: "--output
// https://user:TOKEN@host/o.json: the folder https:/user:TOKEN@host does
// not exist". It is named redacted, and said to be no file.
func TestOutputURLRedacted(t *testing.T) {
	for _, out := range []string{
		"https://user:s3cret@mirror.example.org/o.json",
		"https://mirror.example.org/up/o.json?token=s3cret",
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-o", out, "../../testdata/spack-gen/old", "../../testdata/spack-gen/new"}, &stdout, &stderr)
		if code == 0 || strings.Contains(stderr.String(), "s3cret") || !strings.Contains(stderr.String(), "not a URL") {
			t.Errorf("-o %s: exit %d, stderr %q; want it named without its token, and said to be no file", out, code, stderr.String())
		}
	}
}
