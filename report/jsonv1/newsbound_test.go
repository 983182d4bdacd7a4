package jsonv1

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestNewsBoundBeforeDecode (issue 35 class c): the laws refuse more
// highlights than the news can be (checkNewsItems), but only once the
// list was decoded, made at the length the walk counted: 1M
// {"kind":"gate-passed","packages":[]} appended (37 MB) peaked at 287 MB
// (7.7x) before render refused them. The lengths the walk counts (the
// packages, the facets' values, the roots, the gate's kinds) bound them
// now, before the decode.
func TestNewsBoundBeforeDecode(t *testing.T) {
	r := spackGenReport(t)
	js := jsonOf(t, r)
	if _, err := DecodeBytes(js); err != nil {
		t.Fatalf("the engine's report refused: %v", err)
	}
	open := []byte(`"highlights": [`)
	i := bytes.Index(js, open)
	if i < 0 {
		t.Fatal("no highlights in the spack-gen report")
	}
	i += len(open)
	var allocs [2]uint64
	for k, n := range []int{250000, 1000000} {
		data := slices.Concat(js[:i], []byte(strings.Repeat(`{"kind":"gate-passed","packages":[]},`, n)), js[i:])
		_, allocated, err := decodeAllocs(data)
		want := fmt.Sprintf("highlights: %d items, but the report's news are at most", n+len(r.Highlights))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%d gate items more: got %v, want an error of %q", n, err, want)
		}
		allocs[k] = allocated
		if !race.Enabled && allocs[k] > 2*uint64(len(data)) {
			t.Errorf("%d gate items more (%d bytes): allocated %d bytes, want at most 2x the input's", n, len(data), allocs[k])
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the items allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}
