package main

import (
	"flag"
	"io"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/gen"
)

var (
	benchSpecs = flag.Int("bench.specs", 60000, "specs per tree of BenchmarkRun's pair")
	benchHeavy = flag.Bool("bench.heavy", false, "BenchmarkRun on the heavy-churn pair")
)

// BenchmarkRun is the whole command on a benchmark pair (60k specs per
// tree, nightly churn, unless -bench.specs and -bench.heavy say other):
// load both trees, diff, render Markdown.
func BenchmarkRun(b *testing.B) {
	dir, doc, err := gen.BenchPair(gen.RepoRoot(), *benchSpecs, *benchHeavy)
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
