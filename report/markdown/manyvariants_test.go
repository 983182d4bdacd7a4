package markdown

import (
	"bytes"
	"io"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/jsonv1"
)

// TestOneSpecManyVariantsMemory (class c): a spec's variants cell is
// its variants but the package's shared ones, joined. Beside one shared
// variant, they were made a list first (listops.Minus, 16 bytes a
// variant, grown by append) and then joined: one spec of 4M compact
// variants (32 MB) rendered in Markdown at a 271 MB peak, where -f json
// took 142 MB. The cell is joined without the list: at most ~1x the
// input allocated, and 4x the variants at most 4.4x the bytes.
func TestOneSpecManyVariantsMemory(t *testing.T) {
	var base bytes.Buffer
	if err := Markdown(&base, mustDecode(t, reporttest.WithVariants(t, 0, "%07d")), report.Options{}); err != nil {
		t.Fatal(err)
	}
	var allocs [2]uint64
	n := 100000
	if testing.Short() {
		n = 25000
	}
	for k, n := range []int{n, 4 * n} {
		data := reporttest.WithVariants(t, n, "%07d") // before any variant of letters
		r := mustDecode(t, data)
		var err error
		got := reporttest.Allocated(func() { err = Markdown(io.Discard, r, report.Options{}) })
		if err != nil {
			t.Fatal(err)
		}
		allocs[k] = got
		t.Logf("%d variants (%d bytes): %d bytes allocated (%.2fx)", n, len(data), got, float64(got)/float64(len(data)))
		if !race.Enabled && got > uint64(len(data)) {
			t.Errorf("%d variants in one spec (%d bytes): Markdown allocated %d bytes, %.2fx the input, want at most 1x", n, len(data), got, float64(got)/float64(len(data)))
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the variants allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}

func mustDecode(t *testing.T, data []byte) *diff.Report {
	t.Helper()
	r, err := jsonv1.DecodeBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
