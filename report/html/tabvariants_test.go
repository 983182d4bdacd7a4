package html

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/jsonv1"
)

// TestManyEscapedVariantsMemory (class d): the page's cell of a spec's
// variants that each hold a tab (an escape once made visible) is made
// visible and cut without the whole cell (report.ShownWords, the cell
// not made PageText again). The cell joined, quoted again and made
// visible, only to be cut to 2,000 characters, one spec of 4M such
// variants (48 MB of JSON) rendered at a 286 MB peak (6.0x), and 64K
// of them allocated 10x their JSON; now under 1x.
func TestManyEscapedVariantsMemory(t *testing.T) {
	data := reporttest.WithVariants(t, 1<<16, "\\t%07d")
	r, err := jsonv1.DecodeBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	got := reporttest.Allocated(func() { err = HTML(&out, r, report.Options{}) })
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `<td>&#34;\t0000000&#34; &#34;\t0000001&#34; &#34;\t0000002&#34;`) {
		t.Fatal("no cell of the variants quoted, their tabs escaped, in the page")
	}
	t.Logf("%d bytes of JSON: %d bytes allocated (%.2fx)", len(data), got, float64(got)/float64(len(data)))
	if !race.Enabled && got > uint64(len(data)) {
		t.Errorf("a spec of 64K variants with a tab each (%d bytes): HTML allocated %d bytes, %.2fx the input, want at most 1x", len(data), got, float64(got)/float64(len(data)))
	}
}
