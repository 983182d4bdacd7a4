package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestManyEscapedVariantsMemory (class d): a spec's variants cell of
// variants that each hold a tab (an escape once made visible) is made
// visible and cut without the whole cell (report.EscapeMDWords). The
// cell joined, quoted again and made visible, only to be cut to 2,000
// characters, one spec of 4M such variants (48 MB of JSON) rendered at
// a 278 MB peak (5.8x), and 64K of them allocated 10x their JSON; now
// under 1x, as TestOneSpecManyVariantsMemory holds for variants with
// no escape.
func TestManyEscapedVariantsMemory(t *testing.T) {
	data := reporttest.WithVariants(t, 1<<16, "\\t%07d")
	r := mustDecode(t, data)
	var out bytes.Buffer
	var err error
	got := reporttest.Allocated(func() { err = Markdown(&out, r, report.Options{}) })
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `| "\\t0000000" "\\t0000001" "\\t0000002"`) {
		t.Fatal("no cell of the variants quoted, their tabs escaped, in the Markdown")
	}
	t.Logf("%d bytes of JSON: %d bytes allocated (%.2fx)", len(data), got, float64(got)/float64(len(data)))
	if !race.Enabled && got > uint64(len(data)) {
		t.Errorf("a spec of 64K variants with a tab each (%d bytes): Markdown allocated %d bytes, %.2fx the input, want at most 1x", len(data), got, float64(got)/float64(len(data)))
	}
}
