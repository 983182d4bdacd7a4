package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestWarnOrderVisiblePaths: the warning that OLD looks newer than NEW
// put the paths raw in a message Visible wrote whole, which leaves a
// backslash as it is: a path of a backslash and U+202E read \\u202e on
// standard error, as the path of the seven characters \\u202e did. Each
// path reads as no other (VisibleInput).
func TestWarnOrderVisiblePaths(t *testing.T) {
	seen := map[string]string{}
	for _, path := range []string{"old\\\u202e", `old\\u202e`, `old\u202e`} {
		var stderr bytes.Buffer
		c := &cli{stderr: &stderr}
		reversed := 0
		c.warnOrder(&options{}, 0, diff.Side{Path: path, Tag: "v1.1"}, diff.Side{Path: "new", Tag: "v1.0"}, &reversed)
		got, _, ok := strings.Cut(stderr.String(), " looks newer")
		if !ok {
			t.Fatalf("%q: no warning: %q", path, stderr.String())
		}
		if other, ok := seen[got]; ok {
			t.Errorf("the paths %q and %q both read %q", path, other, got)
		}
		seen[got] = path
	}
}
