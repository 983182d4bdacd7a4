package memo_test

import (
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/cachediff/cachediff/internal/memo"
)

func TestKeys(t *testing.T) {
	s := strings.Repeat("x", 8)
	same := s
	other := strings.Clone(s)
	if memo.String(s) != memo.String(same) {
		t.Error("a string's key changed")
	}
	if memo.String(s) == memo.String(other) {
		t.Error("equal strings at two addresses have one key")
	}
	if memo.String(s) == memo.String(s[:4]) {
		t.Error("a string and its prefix have one key")
	}
	l := []string{"a", "b", "c"}
	if memo.List(l) != memo.List(l[:3]) || memo.List(l) == memo.List(l[:2]) {
		t.Error("a list's key is not its address and length")
	}
	b := []byte(s)
	if memo.List(b) == memo.String(unsafe.String(&b[0], len(b))) {
		t.Error("a list and a string of the same memory have one key")
	}
}

// TestLookup: a key's slot is one of the table's, always the same, and
// holds it once set; the keys of many strings spread over the table.
func TestLookup(t *testing.T) {
	for _, size := range []int{2, 64, 256, 4096} {
		table := make([]memo.Slot[int], size)
		var keys []memo.Key
		for i := range 4 * size {
			keys = append(keys, memo.String(strconv.Itoa(i)+"-value"))
		}
		used := map[*memo.Slot[int]]bool{}
		for i, k := range keys {
			e := memo.Lookup(table, k)
			if e != memo.Lookup(table, k) {
				t.Fatal("a key's slot changed")
			}
			if e.Holds(k) {
				t.Fatalf("size %d: an empty slot holds a key", size)
			}
			e.Set(k, i)
			if !e.Holds(k) || e.Value != i {
				t.Fatal("Set did not set")
			}
			used[e] = true
		}
		if len(used) < size/2 {
			t.Errorf("size %d: %d keys fill %d slots", size, len(keys), len(used))
		}
	}
}

func BenchmarkLookup(b *testing.B) {
	var keys []memo.Key
	for i := range 1000 {
		keys = append(keys, memo.String(strconv.Itoa(i)))
	}
	var table [4096]memo.Slot[int]
	for b.Loop() {
		for i, k := range keys {
			if e := memo.Lookup(table[:], k); !e.Holds(k) {
				e.Set(k, i)
			}
		}
	}
}
