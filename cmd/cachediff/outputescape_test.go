package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputFolderToldApart (class a, e): --output into a folder that
// does not exist said "the folder /tmp/x\n does not exist" both of a
// folder named with a newline and of one named with a backslash and an
// n: Visible wrote them alike. The path is written by VisibleInput,
// which doubles a backslash where it would read as an escape; the error
// stays one line.
func TestOutputFolderToldApart(t *testing.T) {
	pages, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	said := map[string]string{}
	for _, name := range []string{"x\ny", `x\ny`} {
		var stdout, stderr bytes.Buffer
		out := filepath.Join(dir, name, "out.md")
		code := run([]string{"-o", out, filepath.Join(pages, "v0.23.0"), filepath.Join(pages, "v0.23.1")}, &stdout, &stderr)
		msg := stderr.String()
		if code != exitTrouble || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "does not exist") {
			t.Fatalf("-o %q: exit %d, stderr %q; want 2, one line saying the folder does not exist", out, code, msg)
		}
		msg = strings.ReplaceAll(msg, dir, "DIR")
		if other, ok := said[msg]; ok {
			t.Errorf("-o folders %q and %q both said %q", name, other, msg)
		}
		said[msg] = name
	}
}
