package jsonv1

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestOptionsIgnoreBoundedBeforeDecoded (issue 35, class c): options.ignore
// was grown by encoding/json a quarter at a time before anything
// checked it: 4M "platform" (44 MB) rendered ("pairing ignores
// platform, platform, …") at a 244 MB peak. cachediff writes the facets
// --ignore names, each once, so at most 6: a longer list is refused
// before it is decoded, allocating at most 1x the input, and 4x the
// elements at most 4.4x as much.
func TestOptionsIgnoreBoundedBeforeDecoded(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	open := []byte(`"ignore": [`)
	i := bytes.Index(js, open) + len(open)
	if i < len(open) || js[i] != ']' {
		t.Fatal("no empty options.ignore in the report")
	}
	const want = "options.ignore: %d facets, but --ignore names each facet once at most, 6 (version, compiler, variants, target, os, platform)"
	// Six, as many as there are facets, are not refused for their
	// number (the laws check them).
	six := slices.Concat(js[:i], []byte(`"platform","platform","platform","platform","platform","platform"`), js[i:])
	if _, err := DecodeBytes(six); err != nil && strings.HasPrefix(err.Error(), "options.ignore: 6 facets") {
		t.Errorf("six facets ignored: %v", err)
	}
	var allocs [2]uint64
	for k, n := range []int{250000, 1000000} {
		data := slices.Concat(js[:i], []byte(strings.TrimSuffix(strings.Repeat(`"platform",`, n), ",")), js[i:])
		_, allocated, err := decodeAllocs(data)
		if want := fmt.Sprintf(want, n); err == nil || err.Error() != want {
			t.Errorf("%d facets ignored: got %v, want %q", n, err, want)
		}
		allocs[k] = allocated
		if !race.Enabled && allocs[k] > uint64(len(data)) {
			t.Errorf("%d facets ignored (%d bytes): allocated %d bytes, %.2fx the input, want at most 1x", n, len(data), allocs[k], float64(allocs[k])/float64(len(data)))
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the facets allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}
