package jsonv1_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	_ "github.com/cachediff/cachediff/report/builtin" // every format, for report.Lookup in this package's tests
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/jsonv1"
)

// BenchmarkDecode reads back the JSON report of the 60k-spec benchmark
// pair: Decode (the shape walk, encoding/json, the enum and law checks)
// against encoding/json alone, the floor it was before render checked
// what it reads.
func BenchmarkDecode(b *testing.B) {
	r := reporttest.BenchReport(b)
	var buf bytes.Buffer
	if err := jsonv1.JSON(&buf, r); err != nil {
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
			if _, err := jsonv1.DecodeBytes(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}
