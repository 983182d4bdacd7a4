package jsonv1

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// walkCounts walks data as a counts object (diff.ValueCounts).
func walkCounts(data []byte) error {
	return walkShape(data, shapeOf(valueCountsType, "counts"), "counts")
}

// TestCountsWalkBytesPerKey (issue 35 class c): the walk of a counts
// object finds a value listed twice without a map of every key read: a
// string and a map entry a key (75 bytes a key allocated, the map grown by
// doubling) held twice the JSON of a report of 1M canonicalization rules
// while render walked it, and peaked it at 4.7x. The walk keeps the
// keys' offsets, 8 bytes a key (16 allocated, grown by doubling), and a
// key read for the path it is walked at (8-16 bytes of garbage). 4x the
// keys allocate at most 4.4x the bytes.
func TestCountsWalkBytesPerKey(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	var allocs [2]uint64
	for k, n := range []int{50_000, 200_000} {
		var b bytes.Buffer
		b.WriteByte('{')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"r%x":{"old":1,"new":2}`, i)
		}
		b.WriteByte('}')
		data := b.Bytes()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := walkCounts(data)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		allocs[k] = after.TotalAlloc - before.TotalAlloc
		perKey := float64(allocs[k]) / float64(n)
		t.Logf("%d keys: %d bytes of JSON, the walk allocated %d bytes (%.1f a key)", n, len(data), allocs[k], perKey)
		if perKey > 40 {
			t.Errorf("%d keys: the walk allocated %.1f bytes a key, want at most 40 (a map of the keys?)", n, perKey)
		}
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
		t.Errorf("4x the keys allocate %.2fx the bytes (%d → %d), want at most 4.4x", r, allocs[0], allocs[1])
	}
}

// TestCountsListedTwiceAsFirstRead: a value listed twice is found once
// the object is read (countKeys), and said as it was when each key was
// checked as it was read: the first key, in the document's order, listed
// before it too, before any error after it; a key written with an escape
// is the key it reads as.
func TestCountsListedTwiceAsFirstRead(t *testing.T) {
	for _, c := range []struct{ name, doc, want string }{
		{"none", `{"b":{"old":1,"new":2},"a":{"old":1,"new":2}}`, ""},
		{"empty", `{}`, ""},
		{"twice", `{"a":{"old":1,"new":2},"a":{"old":1,"new":2}}`, `line 1, column 24: the value "a" is listed twice`},
		{"first repeat, not first in bytes", `{"b":{"old":1,"new":2},"a":{"old":1,"new":2},"b":{"old":1,"new":2},"a":{"old":1,"new":2}}`, `line 1, column 46: the value "b" is listed twice`},
		{"three times", `{"a":{"old":1,"new":2},"c":{"old":1,"new":2},"a":{"old":1,"new":2},"a":{"old":1,"new":2}}`, `line 1, column 46: the value "a" is listed twice`},
		{"before a bad value", `{"a":{"old":1,"new":2},"a":{"old":1,"new":2},"b":{"old":"x","new":2}}`, `line 1, column 24: the value "a" is listed twice`},
		{"before a bad key", `{"a":{"old":1,"new":2},"a":{"old":1,"new":2},7:{"old":1,"new":2}}`, `line 1, column 24: the value "a" is listed twice`},
		{"before a bad end", `{"a":{"old":1,"new":2},"a":{"old":1,"new":2}]`, `line 1, column 24: the value "a" is listed twice`},
		{"its own bad value", `{"a":{"old":1,"new":2},"a":{"old":"x","new":2}}`, `line 1, column 24: the value "a" is listed twice`},
		{"after a bad value", `{"a":{"old":"x","new":2},"a":{"old":1,"new":2}}`, `line 1, column 13: ["a"].old: `},
		{"escaped", `{"a":{"old":1,"new":2},"\u0061":{"old":1,"new":2}}`, `line 1, column 24: the value "a" is listed twice`},
		{"escaped first", `{"\u0061":{"old":1,"new":2},"a":{"old":1,"new":2}}`, `line 1, column 29: the value "a" is listed twice`},
		{"escaped, two ways", `{"\"":{"old":1,"new":2},"\u0022":{"old":1,"new":2}}`, `line 1, column 25: the value "\"" is listed twice`},
		{"prefix", `{"a":{"old":1,"new":2},"ab":{"old":1,"new":2},"a\"":{"old":1,"new":2}}`, ""},
		{"spaces", "{ \"a\" : {\"old\":1,\"new\":2} ,\n \"a\"\t: {\"old\":1,\"new\":2} }", `line 2, column 2: the value "a" is listed twice`},
	} {
		err := walkCounts([]byte(c.doc))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if c.want == "" && got != "" || c.want != "" && !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %s: got %q, want %q", c.name, c.doc, got, c.want)
		}
	}
}
