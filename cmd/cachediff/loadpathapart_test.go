package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadPathToldApart (classes a, e): the loader's errors wrote the
// path raw, and the command wrote the line's newline as \n: a snapshot
// named with a newline and one named with a backslash and an n both
// said "loading no\nsuch: no such file or directory". The loader quotes
// a path that holds a backslash or a character written as an escape;
// an ordinary path is named as it is.
func TestLoadPathToldApart(t *testing.T) {
	dir := t.TempDir()
	said := map[string]string{}
	for _, name := range []string{"no\nsuch", `no\nsuch`, "no\x1bsuch", `no\x1bsuch`, "no\u200bsuch", `no\u200bsuch`} {
		var stdout, stderr bytes.Buffer
		code := run([]string{filepath.Join(dir, name), filepath.Join(dir, "x")}, &stdout, &stderr)
		msg := strings.ReplaceAll(stderr.String(), dir, "DIR")
		first, _, _ := strings.Cut(msg, "\n")
		if code != exitTrouble || !strings.Contains(first, "no such file or directory") {
			t.Fatalf("%q: exit %d, stderr %q; want 2, no such file", name, code, msg)
		}
		if other, ok := said[first]; ok {
			t.Errorf("snapshots %q and %q both said %q", name, other, first)
		}
		said[first] = name
	}
	pages, err := filepath.Abs("../../testdata/real/v0.23.0")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	run([]string{filepath.Join(dir, "plain dir"), pages}, &stdout, &stderr)
	if got, want := strings.ReplaceAll(stderr.String(), dir, "DIR"), "cachediff: loading DIR/plain dir: no such file or directory\n"; got != want {
		t.Errorf("an ordinary path: %q; want %q", got, want)
	}
}
