package fresh

import (
	"slices"
	"testing"
	"unsafe"
)

// TestTouchKeepsContents: Touch changes no value, whatever the element
// type, length, capacity and alignment.
func TestTouchKeepsContents(t *testing.T) {
	Touch([]byte(nil))
	Touch([]string{})
	b := make([]byte, 3*int(pageSize)+7)
	for i := range b {
		b[i] = byte(i*7 + 1)
	}
	want := slices.Clone(b)
	for _, off := range []int{0, 1, 2, 3, 5, int(pageSize) - 1} {
		for _, n := range []int{0, 1, 3, 4, 5, int(pageSize), 2*int(pageSize) + 1} {
			Touch(b[off : off+n : off+n])
		}
	}
	if !slices.Equal(b, want) {
		t.Error("Touch changed the bytes of a []byte")
	}
	type spec struct {
		hash  string
		lists []string
		more  *int
	}
	x := 42
	specs := make([]spec, 1000, 1500)
	for i := range specs {
		specs[i] = spec{hash: "h", lists: []string{"a"}, more: &x}
	}
	Touch(specs)
	for i, s := range specs {
		if s.hash != "h" || len(s.lists) != 1 || s.more != &x {
			t.Fatalf("spec %d changed: %+v", i, s)
		}
	}
	if got := unsafe.Sizeof(specs[0]) * uintptr(cap(specs)); got < 2*pageSize {
		t.Fatalf("test array of %d bytes spans too few pages", got)
	}
}
