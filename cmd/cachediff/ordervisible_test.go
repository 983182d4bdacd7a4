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

// TestWarnOrderVisibleTags: the warning's reason named the tags as
// Shorten wrote them, an invisible character or an invalid byte as
// U+FFFD: tags g, U+202E, cc and g, U+FFFD, cc (dated alike) read alike.
// Each tag reads as no other (VisibleInput), as the paths do.
func TestWarnOrderVisibleTags(t *testing.T) {
	seen := map[string]string{}
	for _, tag := range []string{"g\u202ecc", "g\ufffdcc", "g\xffcc", `g\u202ecc`, `g\xffcc`} {
		var stderr bytes.Buffer
		c := &cli{stderr: &stderr}
		reversed := 0
		c.warnOrder(&options{}, 0, diff.Side{Path: "old", Tag: tag + "-2025-03-30"}, diff.Side{Path: "new", Tag: tag + "-2025-03-23"}, &reversed)
		_, got, ok := strings.Cut(stderr.String(), "(tag ")
		if !ok {
			t.Fatalf("%q: no warning of the tags: %q", tag, stderr.String())
		}
		if other, ok := seen[got]; ok {
			t.Errorf("the tags %q and %q both read %q", tag, other, got)
		}
		seen[got] = tag
	}
}
