package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestTemplatePathInASCII (issue 35, class a): the --template file's
// own messages named it by report.VisibleInput, a lookalike raw, where
// its parse's errors name it in ASCII (sandbox): a missing tе.tmpl (its
// е Cyrillic) said "open tе.tmpl: no such file or directory", read as
// te.tmpl, and so did a folder, a binary file and one over 1 MiB so
// named. Each names it as the parse does, "t\u0435.tmpl".
func TestTemplatePathInASCII(t *testing.T) {
	t.Chdir(t.TempDir())
	writeGoodLock(t)
	const name, shown = "t\u0435.tmpl", `"t\u0435.tmpl"`
	for _, state := range []string{"missing", "folder", "binary", "large", "unparsed"} {
		os.RemoveAll(name)
		var err error
		switch state {
		case "folder":
			err = os.Mkdir(name, 0o755)
		case "binary":
			err = os.WriteFile(name, []byte("ok\x00\x00"), 0o644)
		case "large":
			err = os.WriteFile(name, nil, 0o644)
			if err == nil {
				err = os.Truncate(name, 2<<20)
			}
		case "unparsed":
			err = os.WriteFile(name, []byte("{{nope}}"), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"-t", name, "good.lock", "good.lock"}, &stdout, &stderr)
		if got := stderr.String(); code != exitTrouble || !strings.Contains(got, shown+":") || strings.Contains(got, name) {
			t.Errorf("%s %s: exit %d, %q; want 2, naming it %s", state, name, code, got, shown)
		}
	}
}
