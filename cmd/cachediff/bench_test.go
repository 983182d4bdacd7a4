package main

import (
	"flag"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
)

var (
	benchSpecs = flag.Int("bench.specs", 60000, "specs per tree of BenchmarkRun's pair")
	benchHeavy = flag.Bool("bench.heavy", false, "BenchmarkRun on the heavy-churn pair")
	benchChurn = flag.String("bench.churn", "", "BenchmarkRun on the pair of this churn level of make bench (0%, 4%, 13%, 40%, 100%)")
	benchFlags = flag.String("bench.flags", "", "more cachediff flags for BenchmarkRun, space-separated (--format json)")
)

// BenchmarkRun is the whole command on a benchmark pair (60k specs per
// tree, nightly churn, unless -bench.specs and -bench.heavy say other):
// load both trees, diff, render Markdown.
func BenchmarkRun(b *testing.B) {
	dir, doc, err := gen.BenchPair(gen.RepoRoot(), *benchSpecs, *benchHeavy)
	if *benchChurn != "" {
		c, ok := gen.LookupChurn(*benchChurn)
		if !ok {
			b.Fatalf("-bench.churn: no level %q", *benchChurn)
		}
		dir, doc, err = gen.ChurnPair(gen.RepoRoot(), *benchSpecs, c)
	}
	if err != nil {
		b.Fatal(err)
	}
	args := append(strings.Fields(*benchFlags), filepath.Join(dir, "old"), filepath.Join(dir, "new"))
	b.SetBytes(doc.Bytes["old"] + doc.Bytes["new"])
	b.ReportAllocs()
	for b.Loop() {
		if code := run(args, io.Discard, io.Discard); code != 1 {
			b.Fatalf("exit %d", code)
		}
	}
}
