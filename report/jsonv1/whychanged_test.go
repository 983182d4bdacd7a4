package jsonv1

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestWhyChangedBoundedBeforeDecoded (issue 35, class c): a pair's
// why.changed was bounded by nothing and grown by encoding/json a
// quarter at a time, each copy beside the one before: 2.5M {"name":""}
// (30 MB) in one pair's why rendered at a 292 MB peak, and 2.5M
// {"name":"","new_hash":"b"} (68 MB) at 320-381 MB. cachediff writes a
// changed dependency for an edge of the old spec, the new one or both,
// with the edge's hash (loading refuses a dependency without one): an
// element with neither hash is refused by the walk, before the decode,
// and the list is made at its length (diff.DepChanges), so that what
// is decoded allocates at most 2.5x its JSON (8.6-10x before), refused at most 1x, and 4x the
// elements at most 4.4x as much.
func TestWhyChangedBoundedBeforeDecoded(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	if _, err := DecodeBytes(js); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	open := []byte(`"changed": [`)
	i := bytes.Index(js, open) + len(open)
	if i < len(open) {
		t.Fatal("no why.changed in the report")
	}
	const at = `packages[0].specs.updated[0].why.changed[%d]: a changed dependency without "old_hash" or "new_hash"`
	// A hash of "" is refused at its path, as every string cachediff
	// leaves out where it is empty (absentIfEmpty).
	const emptyAt = `packages[0].specs.updated[0].why.changed[%d].old_hash: "", which cachediff/v1 never writes`
	for _, tc := range []struct {
		elem string
		want string // "" for decoded
	}{
		{`{"name":""}`, at},
		{`{"name":"zlib","old_hash":"","new_hash":""}`, emptyAt},
		{`{"name":"zlib","x":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}`, at},
		// As the engine writes them: a hash of an edge on each side,
		// sorted, each once (an edge added or removed is once, by the
		// laws; %08d numbers the elements).
		{`{"name":"","old_hash":"%08d","new_hash":"b"}`, ""},
		{`{"name":"\u0061","old_hash":"%08d","new_hash":"b"}`, ""}, // read by encoding/json, at its length too
	} {
		var allocs [2]uint64
		for k, n := range []int{15625, 62500} {
			var elems []byte
			if strings.Contains(tc.elem, "%08d") {
				elems = make([]byte, 0, n*(len(tc.elem)+5))
				for e := range n {
					elems = fmt.Appendf(elems, tc.elem+",", e)
				}
			} else {
				elems = []byte(strings.Repeat(tc.elem+",", n))
			}
			data := slices.Concat(js[:i], elems, js[i:])
			r, allocated, err := decodeAllocs(data)
			allocs[k] = allocated
			limit := 1.0
			if tc.want == "" {
				if err != nil {
					t.Fatalf("%d of %s: %v", n, tc.elem, err)
				}
				if got := len(r.Packages[0].Specs.Updated[0].Why.Changed); got != n+1 {
					t.Errorf("%d of %s: read %d changed dependencies, want %d", n, tc.elem, got, n+1)
				}
				limit = 2.5
			} else if want := fmt.Sprintf(tc.want, 0); err == nil || tc.want == at && !strings.HasSuffix(err.Error(), want+`: cachediff writes the hash of its edge on each side the pair has it`) || tc.want == emptyAt && !strings.Contains(err.Error(), want) {
				t.Errorf("%d of %s: got %v, want an error of %q", n, tc.elem, err, want)
			}
			if !race.Enabled && float64(allocs[k]) > limit*float64(len(data)) {
				t.Errorf("%d of %s (%d bytes): allocated %d bytes, %.2fx the input, want at most %gx", n, tc.elem, len(data), allocs[k], float64(allocs[k])/float64(len(data)), limit)
			}
		}
		if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
			t.Errorf("4x the %s allocated %d bytes, %.2fx the %d of a quarter as many", tc.elem, allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
		}
	}

	// An element after the first without a hash is named by its index.
	data := slices.Concat(js[:i], []byte(`{"name":"a","new_hash":"b"},{"name":"b","old_hash":"c"},{"name":"c"},`), js[i:])
	if _, err := DecodeBytes(data); err == nil || !strings.Contains(err.Error(), fmt.Sprintf(at, 2)) {
		t.Errorf("the third element without a hash: got %v, want an error of %q", err, fmt.Sprintf(at, 2))
	}
}
