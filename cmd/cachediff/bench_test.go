package main

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/gen"
)

// BenchmarkRun is the whole command on the 60k-spec benchmark pair:
// load both trees, diff, render Markdown.
func BenchmarkRun(b *testing.B) {
	dir, doc, err := gen.BenchPair(gen.RepoRoot(), 60000, false)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(doc.Bytes["old"] + doc.Bytes["new"])
	b.ReportAllocs()
	for b.Loop() {
		if code := run([]string{filepath.Join(dir, "old"), filepath.Join(dir, "new")}, io.Discard, io.Discard); code != 1 {
			b.Fatalf("exit %d", code)
		}
	}
}
