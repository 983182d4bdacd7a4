package report_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/gen"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// BenchmarkDecode reads back the JSON report of the 60k-spec benchmark
// pair: Decode (the shape walk, encoding/json, the enum and law checks)
// against encoding/json alone, the floor it was before render checked
// what it reads.
func BenchmarkDecode(b *testing.B) {
	dir, _, err := gen.BenchPair(gen.RepoRoot(), 60000, false)
	if err != nil {
		b.Fatal(err)
	}
	before, err := snapshot.Load(filepath.Join(dir, "old"), snapshot.Options{})
	if err != nil {
		b.Fatal(err)
	}
	after, err := snapshot.Load(filepath.Join(dir, "new"), snapshot.Options{})
	if err != nil {
		b.Fatal(err)
	}
	r, _ := diff.CompareWith(before, after, diff.Filter{}) // the zero Filter cannot fail
	var buf bytes.Buffer
	if err := report.JSON(&buf, r); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.Run("unmarshal", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			doc := report.Document{Report: new(diff.Report)}
			if err := json.Unmarshal(data, &doc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := report.DecodeBytes(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}
