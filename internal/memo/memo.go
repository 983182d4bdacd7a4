// Package memo remembers values by the identity of a string or a list
// (the address of its bytes or elements, and its length) instead of by
// its contents: a probe compares two words, where a map hashes the bytes
// or joins the list.
//
// It rests on one invariant of the loaded snapshots: equal strings and
// equal lists are mostly the very same memory (the loaders intern what
// they read, and nodes share their lists), and nothing modifies a string
// or a loaded list after loading (lists are shared and never modified).
// So the same address and length mean the same value for as long as
// that memory lives, and a Slot holds its key's address, which keeps the
// memory from being reused for another value. Equal values at other
// addresses have other keys: a table answers for the values it has seen,
// and its user must give the same answer when it misses (by looking the
// contents up), so that what it remembers changes the speed, not the
// result.
package memo

import (
	"math/bits"
	"unsafe"
)

// Key is the identity of a string or a list.
type Key struct {
	p unsafe.Pointer
	n int
}

// String is the key of s.
func String(s string) Key { return Key{unsafe.Pointer(unsafe.StringData(s)), len(s)} }

// List is the key of l. A list's length is stored negative, so that it
// is never the key of a string.
func List[E any](l []E) Key { return Key{unsafe.Pointer(unsafe.SliceData(l)), -1 - len(l)} }

// Slot is one entry of a table: the key it holds and its value.
type Slot[V any] struct {
	key   Key
	Value V
}

// Holds reports whether s holds k.
func (s *Slot[V]) Holds(k Key) bool { return s.key == k }

// Set makes s hold k, with value v.
func (s *Slot[V]) Set(k Key, v V) { s.key, s.Value = k, v }

// Lookup returns k's slot of a direct-mapped table (a power of two of
// slots, an array of the caller's): the one slot k may be in, which
// holds k when Holds says so, and otherwise the key last set there (or
// none), whose memory Set may reuse.
func Lookup[V any](table []Slot[V], k Key) *Slot[V] {
	// Fibonacci hashing: the address times 2^64/φ, whose top bits index
	// the table. Low bits of addresses are mostly zero (alignment), and
	// the multiplication mixes the higher ones into the top.
	shift := 64 - uint(bits.TrailingZeros(uint(len(table))))
	return &table[(uint64(uintptr(k.p))*0x9e3779b97f4a7c15)>>(shift&63)]
}
