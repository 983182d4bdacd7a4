package markdown

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestFewLongVariantsMemory (class d): a spec's variants cell of few
// items, each long and made longer by being made visible (U+200B
// written \u200b, 3 bytes as 6), is made visible and cut without the
// whole cell, as a cell of many items is: mdBuilder.variants counted
// the items, not their bytes, so 1,000 variants of 16,000 U+200B each
// (48 MB of JSON) rendered at a 279 MiB peak (6.1x; HTML 3.5x), the
// whole cell joined and made visible to be cut to 2,000 characters.
func TestFewLongVariantsMemory(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations counted without the race detector")
	}
	long := make([]string, 1000)
	size := 0
	for i := range long {
		long[i] = fmt.Sprintf("+a%03d", i) + strings.Repeat("\u200b", 400)
		size += len(long[i]) + 1
	}
	r := reporttest.OnePackage("zlib")
	p := &r.Packages[0]
	added := *p.Specs.Rebuilt[0].New
	added.Hash, added.Variants = "cccccccccccccccccccccccccccccccc", long
	p.Specs.Added = []diff.Spec{added}
	p.Counts.Added, p.Counts.New, r.Summary.Specs.Added, r.Summary.Specs.New = 1, 2, 1, 2
	var out bytes.Buffer
	var err error
	got := reporttest.Allocated(func() { err = Markdown(&out, r, report.Options{}) })
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `| +a000\\u200b\\u200b`) {
		t.Fatal("no cell of the variants, their U+200B escaped, in the Markdown")
	}
	t.Logf("%d variants (%d bytes): %d bytes allocated (%.2fx)", len(long), size, got, float64(got)/float64(size))
	if got > uint64(size) {
		t.Errorf("a cell of %d variants of 400 U+200B each (%d bytes): Markdown allocated %d bytes, %.1fx them, want at most 1x", len(long), size, got, float64(got)/float64(size))
	}
}
