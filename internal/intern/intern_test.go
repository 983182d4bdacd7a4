package intern_test

import (
	"fmt"
	"slices"
	"testing"
	"unsafe"

	"github.com/cachediff/cachediff/internal/intern"
)

func TestTable(t *testing.T) {
	in := intern.New(0)
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

// TestLimit: past its limit a table keeps no more strings, and still
// returns equal ones.
func TestLimit(t *testing.T) {
	in := intern.New(10)
	for i := range 5000 {
		b := fmt.Appendf(nil, "v%d", i)
		if got := in.Bytes(b); got != string(b) {
			t.Fatalf("Bytes(%q) = %q", b, got)
		}
	}
	if in.Len() != 10 {
		t.Errorf("Len %d past a limit of 10", in.Len())
	}
}

func BenchmarkBytes(b *testing.B) {
	var vals [][]byte
	for i := range 200 {
		vals = append(vals, fmt.Appendf(nil, "linux-ubuntu22.04-x86_64_v%d", i))
	}
	in := intern.New(0)
	for b.Loop() {
		for _, v := range vals {
			in.Bytes(v)
		}
	}
}
