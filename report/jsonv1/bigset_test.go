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

// TestBigSetsCountedAheadHostile: the elements of a set of its own
// slice are counted ahead by their commas outside strings and nested
// values; spelt with whitespace, escaped keys, and unknown keys whose
// strings and nested lists and objects hold commas, brackets, quotes
// and backslashes, sets about the size where a set gets its own slice
// read as encoding/json reads them, and counted ahead from any element
// to the set's end as many as there are.
func TestBigSetsCountedAheadHostile(t *testing.T) {
	var b strings.Builder
	sizes := []int{blockRefs/4 - 1, blockRefs / 4, blockRefs/4 + 1, blockRefs/4 + 2, 3000}
	type at struct{ i, left int } // an element's offset, and the elements from it on
	var ats []at
	b.WriteString("[ [ ]")
	for _, n := range sizes {
		b.WriteString(" ,\n[\n")
		for i := range n {
			if i > 0 {
				b.WriteString(" ,\r\n\t")
			}
			if i%4 == 1 || i == blockRefs/4 {
				ats = append(ats, at{b.Len(), n - i})
			}
			switch i % 4 {
			case 0:
				fmt.Fprintf(&b, `{ "set" : %d , "via":%d }`, i, i+1)
			case 1:
				fmt.Fprintf(&b, `{"\u0063ause":%d,"zz\",]}[{":["a,]",{"b":"\\","c":[1,2,{"d":","}]},"\"]"],"path":%d}`, i, i+2)
			case 2:
				fmt.Fprintf(&b, `{"path":%d,"q":"\u005d,\\\"","over":%d,"n":null,"t":[true,false,[]],"o":{}}`, i+3, i)
			default:
				fmt.Fprintf(&b, "{\n\"cause\"\n:\n%d\n,\n\"path\"\n:\n%d\n}", i, i)
			}
		}
		b.WriteString("\n]")
	}
	b.WriteString(" ]")
	data := []byte(b.String())
	var want [][]diff.CauseRef
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	r := &causesReader{w: walker{data: data}}
	got := r.sets(nil, len(sizes)+1)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%d sets read, want %d, not as encoding/json reads them", len(got), len(want))
	}
	for k, set := range got {
		if k > 0 && len(set) != sizes[k-1] {
			t.Errorf("set %d: %d references, want %d", k, len(set), sizes[k-1])
		}
	}
	wrong := 0
	for _, a := range ats {
		r := &causesReader{w: walker{data: data, i: a.i}}
		if got := r.countAhead(); got != a.left {
			if wrong++; wrong <= 5 {
				t.Errorf("at byte %d: %d elements counted ahead, want %d", a.i, got, a.left)
			}
		}
	}
	if wrong > 5 {
		t.Errorf("... %d counts ahead wrong of %d", wrong, len(ats))
	}
}
