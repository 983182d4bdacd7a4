package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestOneSlashURLArgRedacted (adversarial pass 122a): -o, --template
// and render's input given a URL whose // a path joined or cleaned made
// one slash (https:/user:TOKEN@host/x) were told as files not found,
// quoted whole, password included, where the same URL with // is named
// without it.
func TestOneSlashURLArgRedacted(t *testing.T) {
	const old, newer = "../../testdata/spack-gen/old", "../../testdata/spack-gen/new"
	for _, args := range [][]string{
		{"-o", "https:/user:s3cret@mirror.example.org/o.json", old, newer},
		{"-o", "./https:/mirror.example.org/o.json?token=s3cret", old, newer},
		{"-t", "https:/user:s3cret@mirror.example.org/r.tmpl", old, newer},
		{"render", "https:/user:s3cret@mirror.example.org/r.json"},
		{"render", `https:\\user:s3cret@mirror.example.org\r.json`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		if code != exitTrouble || strings.Contains(stdout.String()+stderr.String(), "s3cret") || !strings.Contains(stderr.String(), "mirror.example.org") {
			t.Errorf("%q: exit %d, stderr %q; want it named without its password or token", args, code, stderr.String())
		}
	}
}
