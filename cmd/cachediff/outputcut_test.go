package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestOutputRefusalCut (class e): --output's refusals named the path and
// its folder whole: -o of a folder not there, 16 folders of 80 U+200B
// (3.8 KB, 7.7 KB as \u200b), made a first line of 8,225 bytes, cut by
// its cap before "make it first (mkdir -p)". Each path is cut past 2 KB
// (shownPath), the line whole.
func TestOutputRefusalCut(t *testing.T) {
	deep := "nodir" + strings.Repeat("/"+strings.Repeat("\u200b", 80), 16) + "/x"
	var stdout, stderr bytes.Buffer
	code := run([]string{"-o", deep, "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"}, &stdout, &stderr)
	line, _, _ := strings.Cut(stderr.String(), "\n")
	if want := "does not exist: make it first (mkdir -p), or name a file in a folder that does"; code != exitTrouble || len(line) > 6<<10 || !strings.HasSuffix(line, want) {
		t.Errorf("-o of 3.8 KB of U+200B: exit %d, a first line of %d bytes ending %q; want exit %d, at most 6 KB, ending %q", code, len(line), line[max(0, len(line)-100):], exitTrouble, want)
	}
}
