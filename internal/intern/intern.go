// Package intern keeps one copy of each distinct string a decoder reads:
// the values of a catalogue repeat over its specs (a few compilers,
// targets, operating systems, variant spellings), so a loaded snapshot
// holds each once, and later look-ups by address (a string seen before
// is the very string, see memo) find them.
package intern

import (
	"iter"
	"maps"
	"unsafe"

	"github.com/cachediff/cachediff/internal/fresh"
)

// Table returns one copy of each distinct string it is given. It is not
// safe for concurrent use: each decoding goroutine has its own.
//
// Once it holds doorFrom strings, a new string is filed the second time
// it is given, not the first (the first is given its own copy: Door). A tree whose every spec has
// thousands of variants of its own (64 specs of 4,000: 256k strings a
// side) filed each in an entry of some 50 bytes for 13 bytes of input;
// a real week's trees hold far fewer distinct strings than doorFrom,
// and are interned as before.
type Table struct {
	m    map[string]string
	size int // the bytes of the strings in m
	// recent is a direct-mapped cache in front of m, indexed by a cheap
	// hash of a few bytes: most look-ups end here, without hashing the
	// whole string.
	recent [1024]string
	door   Door   // offered strings from doorFrom on
	slab   []byte // the block once copies into
}

// doorFrom is how many strings a Table files before it files only those
// given twice: 64k strings, a few MB.
const doorFrom = 1 << 16

// New returns an empty table.
func New() *Table {
	t := &Table{m: map[string]string{}}
	fresh.Touch(unsafe.Slice(t, 1)) // recent is probed before it is written
	return t
}

// Bytes returns the string of b's bytes: the table's copy when it has
// one, else a new copy, which it keeps (past doorFrom strings, when it
// was given before).
func (t *Table) Bytes(b []byte) string { return t.bytes(b, false) }

// Rare is Bytes for a string likely given once, whatever the table
// holds: one of a list of hundreds (a spec's variants past the first
// few hundred). It is filed the second time it is given, as every new
// string is past doorFrom. A catalogue page of 64 specs of 2,000
// variants each, all distinct, filled the table to doorFrom with
// strings given once, some 60 bytes an entry beside the string: a fixed
// 4 MB a side, 2.5x the input of such a pair.
func (t *Table) Rare(b []byte) string { return t.bytes(b, true) }

// bytes is Bytes, and Rare when rare.
func (t *Table) bytes(b []byte, rare bool) string {
	n := len(b)
	if n == 0 {
		return ""
	}
	slot := &t.recent[(uint(n)*31+uint(b[0])*7+uint(b[n-1])*13+uint(b[n/2])*3+uint(b[n*3/4]))%uint(len(t.recent))]
	if *slot == string(b) {
		return *slot
	}
	s, ok := t.m[string(b)] // no allocation for the look-up
	if !ok {
		if (rare || len(t.m) >= doorFrom) && !t.door.Bytes(b) {
			return t.once(b) // not in recent either: the second copy is filed
		}
		s = string(b)
		t.m[s] = s
		t.size += len(s)
	}
	*slot = s
	return s
}

// onceSlabSize is the size of the blocks once copies strings into.
const onceSlabSize = 16 << 10

// once returns a copy of b, a string not filed: short ones share blocks
// of onceSlabSize, where each was an allocation of its own, 16 bytes for
// the 9 of a variant "v000000=0" (TestRareSlab).
func (t *Table) once(b []byte) string {
	if len(b) > onceSlabSize/16 {
		return string(b)
	}
	if cap(t.slab)-len(t.slab) < len(b) {
		t.slab = make([]byte, 0, onceSlabSize)
	}
	start := len(t.slab)
	t.slab = append(t.slab, b...)
	return unsafe.String(&t.slab[start], len(b))
}

// Reset empties t as New makes a table, in its own memory: a log's
// loading state that forgets its strings (snapshot.Shared) reuses the
// table rather than allocating its caches again for every snapshot.
func (t *Table) Reset() {
	t.m = map[string]string{} // not cleared: a large map would keep its memory
	t.size = 0
	clear(t.recent[:])
	t.door.Reset()
	t.slab = nil
}

// Len is the number of strings in the table.
func (t *Table) Len() int { return len(t.m) }

// Size is the bytes of the strings in the table.
func (t *Table) Size() int { return t.size }

// All yields the strings in the table, in no order.
func (t *Table) All() iter.Seq[string] { return maps.Keys(t.m) }
