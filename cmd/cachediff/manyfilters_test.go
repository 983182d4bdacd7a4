package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestManyFiltersSelectNothingCapped (issue 35, pass 82, class e): when
// the --package and --stack values together selected nothing, the error
// named every one of them, a line of thousands for a list of names
// given by a script. It names the first few and counts the rest.
func TestManyFiltersSelectNothingCapped(t *testing.T) {
	t.Chdir("../..")
	args := []string{"--stack", "hep"}
	// 256 patterns that each match py-keras alone: some of its letters
	// written as '?'.
	const name = "py-keras"
	for mask := range 1 << len(name) {
		p := []byte(name)
		for i := range p {
			if mask&(1<<i) != 0 && p[i] != '-' {
				p[i] = '?'
			}
		}
		if mask&(1<<2) == 0 { // the '-' kept: each pattern once
			args = append(args, "--package", string(p))
		}
	}
	n := (len(args) - 2) / 2
	args = append(args, "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30")
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	msg := stderr.String()
	if code != 2 || !strings.Contains(msg, "together select nothing") {
		t.Fatalf("%d --package values and --stack hep: exit %d, stderr %.300q; want exit 2 saying they select nothing", n, code, msg)
	}
	if len(msg) > 600 || !strings.Contains(msg, `--stack "hep"`) || !strings.Contains(msg, " more ") {
		t.Errorf("%d --package values and --stack hep: a message of %d bytes (%.300q…), want the first few values named, --stack too, and the rest counted", n, len(msg), msg)
	}
}
