package intern_test

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"github.com/cachediff/cachediff/internal/intern"
	"github.com/cachediff/cachediff/internal/testing/race"
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

// TestRareSlab: the strings a table does not file (given once, past
// doorFrom or through Rare) share blocks: each was an allocation of its
// own, 16 bytes for the 9 of a variant "v000000=0" (a page of 64 specs
// of 2,000 variants held 4 MB of them a side), and Rare files a string
// only the second time it is given, whatever the table holds.
func TestRareSlab(t *testing.T) {
	in := intern.New()
	const n = 100000
	vals := make([][]byte, n)
	for i := range vals {
		vals[i] = fmt.Appendf(nil, "v%06d=%d", i, i%10)
	}
	in.Rare([]byte("warm")) // the door's bits, made at the first offer
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for _, v := range vals {
		if s := in.Rare(v); s != string(v) {
			t.Fatalf("Rare(%q) = %q", v, s)
		}
	}
	runtime.ReadMemStats(&after)
	if in.Len() > n/16 {
		t.Errorf("%d strings given once through Rare filed %d, want at most %d", n, in.Len(), n/16)
	}
	if race.Enabled {
		return
	}
	per := float64(after.TotalAlloc-before.TotalAlloc) / n
	t.Logf("%.1f bytes allocated a string of 9 given once", per)
	if per > 15 {
		t.Errorf("%d strings of 9 bytes given once allocated %.1f bytes each, want at most 15 (their bytes in shared blocks, and the few the door files)", n, per)
	}
}
