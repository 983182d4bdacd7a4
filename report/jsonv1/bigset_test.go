package jsonv1

import (
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
)

// setsJSON is a causes.sets list of sets of the given sizes, each
// element a base, a reference or an override in turn.
func setsJSON(sizes ...int) []byte {
	var b strings.Builder
	b.WriteString("[[]")
	for _, n := range sizes {
		b.WriteString(", [")
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			switch i % 3 {
			case 0:
				fmt.Fprintf(&b, `{"set": %d, "via": %d}`, i, i+1)
			case 1:
				fmt.Fprintf(&b, `{"cause":%d,"path":%d}`, i, i+2)
			default:
				fmt.Fprintf(&b, `{"path":%d, "over":%d}`, i+3, i)
			}
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	return []byte(b.String())
}

// TestBigSetsDecoded: a set of more than a quarter of a block of
// references is read into a slice of its own, made at its length, the
// same as encoding/json reads it, however many elements it has about
// the size where it gets one, and not shared with the sets after it.
func TestBigSetsDecoded(t *testing.T) {
	data := setsJSON(3, blockRefs/4, blockRefs/4+1, 2, blockRefs/4+2, blockRefs/4+1, 5000, 1, blockRefs/4+1)
	r := &causesReader{w: walker{data: data}}
	got := r.sets(nil, 10)
	var want [][]diff.CauseRef
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		for k := range want {
			if k < len(got) && !reflect.DeepEqual(got[k], want[k]) {
				t.Errorf("set %d of %d references: read otherwise than encoding/json reads it", k, len(want[k]))
			}
		}
		t.Fatalf("%d sets read, want %d, not as encoding/json reads them", len(got), len(want))
	}
	for k, set := range got {
		if cap(set) != len(set) {
			t.Errorf("set %d: %d references, capacity %d", k, len(set), cap(set))
		}
	}
}

// TestBigSetAllocates (issue 35 class c): a set of its own slice grew by
// append and was copied at its end. One set of 3 million bases (54 MB
// of JSON, refused by the laws in the end) allocated 504 MB growing and
// 92 MB copying its 96 MB of references, and render peaked at 355 MB;
// counted ahead, the slice is made once (render: 211 MB).
func TestBigSetAllocates(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector")
	}
	const n = 60000
	data := setsJSON(n)
	r := &causesReader{w: walker{data: data}}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	sets := r.sets(nil, 2)
	runtime.ReadMemStats(&after)
	if len(sets) != 2 || len(sets[1]) != n {
		t.Fatalf("read %d sets, want 2 (the second of %d references)", len(sets), n)
	}
	// A reference is 32 bytes, a base 16 more and an override 8 (each
	// in blocks of blockRefs), and the small sets' buffer 32 bytes a
	// reference up to 1,025 as it grows.
	ref := int(reflect.TypeFor[diff.CauseRef]().Size())
	bound := n*ref + (n/3+blockRefs)*(16+8) + 2*blockRefs*ref
	if got := int(after.TotalAlloc - before.TotalAlloc); got > bound {
		t.Errorf("a set of %d references allocated %d bytes (%.1f a reference), want at most %d", n, got, float64(got)/n, bound)
	}
}
