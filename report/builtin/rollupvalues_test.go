package builtin_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestRollupTablesWriteValuesAsCells (issue 35 class a): Markdown's
// tables of compilers, operating systems and targets wrote each value
// as it is, where a spec's row writes it as a pair's side (report.Same,
// report.None): the OS "∅", which every table of pairs writes for an
// empty value, read as the empty OS, and the target "a → b" as a change.
// A rollup's value is written as a spec's row writes it.
func TestRollupTablesWriteValuesAsCells(t *testing.T) {
	r := reporttest.OnePackage("zlib")
	r.Facets.OS.Counts = diff.ValueCounts{
		{Value: "", OldToNew: diff.OldToNew{Old: 0, New: 1}},
		{Value: "∅", OldToNew: diff.OldToNew{Old: 0, New: 2}},
		{Value: "a → b", OldToNew: diff.OldToNew{Old: 0, New: 3}},
		{Value: "ubuntu22.04", OldToNew: diff.OldToNew{Old: 6, New: 0}},
	}
	md, _ := report.Lookup("md")
	var buf bytes.Buffer
	if err := md.Render(&buf, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\n| ∅ | 0 | 1 |", "\n| \"∅\" | 0 | 2 |", "\n| \"a → b\" | 0 | 3 |", "\n| ubuntu22.04 | 6 | 0 |"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("no row %q in\n%s", want, buf.String())
		}
	}
}
