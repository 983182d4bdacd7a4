package intern_test

import (
	"fmt"
	"slices"
	"testing"
	"unsafe"

	"github.com/cachediff/cachediff/internal/intern"
)

func TestTable(t *testing.T) {
	in := intern.New()
	if in.Bytes(nil) != "" || in.Len() != 0 {
		t.Fatal("the empty string is kept")
	}
	var first []string
	for i := range 3000 { // more than the recent cache holds
		first = append(first, in.Bytes(fmt.Appendf(nil, "gcc@%d", i)))
	}
	for i, s := range first {
		again := in.Bytes(fmt.Appendf(nil, "gcc@%d", i))
		if again != s || unsafe.StringData(again) != unsafe.StringData(s) {
			t.Fatalf("%q: a second copy", s)
		}
	}
	size := 0
	for _, s := range first {
		size += len(s)
	}
	if in.Len() != 3000 || in.Size() != size {
		t.Errorf("Len %d, Size %d; want 3000, %d", in.Len(), in.Size(), size)
	}
	all := slices.Sorted(in.All())
	if !slices.Equal(all, slices.Sorted(slices.Values(first))) {
		t.Error("All does not yield the strings given")
	}
}

func BenchmarkBytes(b *testing.B) {
	var vals [][]byte
	for i := range 200 {
		vals = append(vals, fmt.Appendf(nil, "linux-ubuntu22.04-x86_64_v%d", i))
	}
	in := intern.New()
	for b.Loop() {
		for _, v := range vals {
			in.Bytes(v)
		}
	}
}

// TestTableDoor: past doorFrom strings, a string given once is not filed
// (a tree of many variants spelled once each filed them all, 50 bytes
// an entry), and one given twice is, and is the same copy after.
func TestTableDoor(t *testing.T) {
	in := intern.New()
	const filed = 1 << 16
	for i := range filed {
		in.Bytes(fmt.Appendf(nil, "f%d", i))
	}
	for i := range 100000 {
		in.Bytes(fmt.Appendf(nil, "once%d", i))
	}
	// Some of the strings given once pass for another of their hash's:
	// at most one in 16.
	if in.Len() > filed+100000/16 {
		t.Errorf("Len %d after %d strings filed and 100000 given once, want at most %d", in.Len(), filed, filed+100000/16)
	}
	var twice []string
	for i := range 3000 {
		in.Bytes(fmt.Appendf(nil, "twice%d", i))
		twice = append(twice, in.Bytes(fmt.Appendf(nil, "twice%d", i)))
	}
	for i, s := range twice {
		if again := in.Bytes(fmt.Appendf(nil, "twice%d", i)); unsafe.StringData(again) != unsafe.StringData(s) {
			t.Fatalf("%q: a copy other than the one filed", s)
		}
	}
}
