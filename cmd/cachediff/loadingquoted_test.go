package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadingPathsQuoted (class e): two missing snapshots under -C of a
// folder holding quotes and a space said "loading d 'q" x/a b and d 'q"
// x/c'd: no such file or directory", where neither path's end nor which
// quote was whose could be read. Each is quoted: named beside another,
// one holding a space or a quote; alone, one holding a quote.
func TestLoadingPathsQuoted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), `d 'q" x`)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ args []string }{
		{[]string{"-C", dir, "a b", "c'd"}},
		{[]string{"-C", dir, "a b", "x"}},
	} {
		var stdout, stderr bytes.Buffer
		run(c.args, &stdout, &stderr)
		got := strings.ReplaceAll(stderr.String(), filepath.Dir(dir), "T")
		want := map[string]string{
			"c'd": `cachediff: loading "T/d 'q\" x/a b" and "T/d 'q\" x/c'd": no such file or directory` + "\n",
			"x":   `cachediff: loading "T/d 'q\" x/a b" and "T/d 'q\" x/x": no such file or directory` + "\n",
		}[c.args[3]]
		if got != want {
			t.Errorf("%q: %q; want %q", c.args, got, want)
		}
	}
}
