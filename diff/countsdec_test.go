package diff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// countsJSON is an object of n counts, as MarshalJSON writes it.
func countsJSON(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"canonicalized":{`)
	for k := range n {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"zz-rule-%07d":{"old":%d,"new":2}`, k, k%3)
	}
	b.WriteString(`}}`)
	return b.Bytes()
}

// TestCountsDecodeAllocs (issue 35 class c): ValueCounts.UnmarshalJSON
// read the object through a json.Decoder, which copied it into a buffer
// grown by doubling, and grew the list by appending: render of a report
// of 1M rules in canonicalized held 4x its JSON. The object is read in
// place and the list made at its length: the bytes allocated are at most
// the list's and its values' and half the JSON more, and 4x the counts
// allocate at most 4.4x the bytes.
func TestCountsDecodeAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	var allocs [2]uint64
	for k, n := range []int{25000, 100000} {
		data := countsJSON(n)
		var r struct {
			Canonicalized ValueCounts `json:"canonicalized"`
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		allocs[k] = after.TotalAlloc - before.TotalAlloc
		list := uint64(n) * (32 + 16) // a count and its value's bytes (15, in a class of 16)
		t.Logf("%d counts (%d bytes of JSON): %d bytes allocated, the list %d", n, len(data), allocs[k], list)
		if want := list + uint64(len(data))/2; allocs[k] > want {
			t.Errorf("%d counts (%d bytes of JSON): %d bytes allocated, want at most %d (the list and half the JSON)", n, len(data), allocs[k], want)
		}
		if len(r.Canonicalized) != n || r.Canonicalized[n-1].Value != fmt.Sprintf("zz-rule-%07d", n-1) {
			t.Fatalf("%d counts decoded, the last %+v", len(r.Canonicalized), r.Canonicalized[len(r.Canonicalized)-1])
		}
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
		t.Errorf("4x the counts allocate %.2fx the bytes (%d -> %d), want at most 4.4x", r, allocs[0], allocs[1])
	}
}

// TestCountsDecodeAsDecoder: the counts read in place are those a
// json.Decoder reads, in order, whatever the spacing, escapes, invalid
// UTF-8, nulls and fields of the values; and what it refuses is refused.
func TestCountsDecodeAsDecoder(t *testing.T) {
	for _, in := range []string{
		`{}`, ` { } `, `{"a":{"old":1,"new":2}}`, "{\n \"b\" : {\"new\": 3, \"old\": 4} ,\r\n\t\"a\":{\"old\":0,\"new\":0}\n}",
		`{"\u0061\"x\\":{"old":1,"new":1},"y":null}`, "{\"\xff\xfe\":{\"old\":1,\"new\":1},\"é\":{\"old\":1,\"new\":1}}",
		`{"a":{"old":1,"new":2,"x":[1,{"y":"}]\""}]},"b":{"old":2,"new":1}}`, `{"a":{"old":1,"new":2},"a":{"old":3,"new":4}}`,
		`{"a":{"old":"1","new":2}}`, `[]`, `{"a":1}`, `{"a":{"old":1.5,"new":2}}`,
	} {
		var got, want ValueCounts
		gotErr := got.UnmarshalJSON([]byte(in))
		wantErr := want.decodeCounts([]byte(in))
		if (gotErr == nil) != (wantErr == nil) || !slices.Equal(got, want) && gotErr == nil {
			t.Errorf("%q: %v, %v; want %v, %v", in, got, gotErr, want, wantErr)
		}
	}
}
