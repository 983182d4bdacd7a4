package snapshot

import (
	"slices"
	"strings"
)

// hashKey is a spec's hash and its place in the page, for sorting. head
// is the hash's first eight bytes, big-endian: comparing it orders most
// pairs of hashes (those that differ in their first eight bytes) as
// comparing the strings would, without a call.
type hashKey struct {
	head uint64
	hash string
	i    int
}

// hashHead returns the first eight bytes of h as a big-endian number, the
// missing ones zero: for strings a and b, hashHead(a) < hashHead(b)
// implies a < b, and a <= b implies hashHead(a) <= hashHead(b).
func hashHead(h string) uint64 {
	if len(h) >= 8 { // one load
		return uint64(h[0])<<56 | uint64(h[1])<<48 | uint64(h[2])<<40 | uint64(h[3])<<32 |
			uint64(h[4])<<24 | uint64(h[5])<<16 | uint64(h[6])<<8 | uint64(h[7])
	}
	var x uint64
	for i := range 8 {
		x <<= 8
		if i < len(h) {
			x |= uint64(h[i])
		}
	}
	return x
}

// hashOrder sorts the hashes of specs and reports whether checkHashes
// accepts them (all well formed, none twice), without its map: duplicates
// are neighbours once sorted. The order is what sortByHash applies.
func hashOrder(specs []Spec) ([]hashKey, bool) {
	keys := make([]hashKey, len(specs))
	ok := true
	for i := range specs {
		keys[i] = hashKey{hashHead(specs[i].Hash), specs[i].Hash, i}
		ok = ok && isHash(specs[i].Hash)
	}
	if !slices.IsSortedFunc(keys, compareHashKeys) {
		slices.SortFunc(keys, compareHashKeys)
	}
	for i := 1; ok && i < len(keys); i++ {
		ok = keys[i].hash != keys[i-1].hash
	}
	return keys, ok
}

func compareHashKeys(a, b hashKey) int {
	if a.head != b.head {
		if a.head < b.head {
			return -1
		}
		return 1
	}
	return strings.Compare(a.hash, b.hash)
}

// sortByHash puts specs in the order of keys (from hashOrder, hashes
// unique), in place: what sorting by hash gives, without moving whole
// specs at every swap.
func sortByHash(specs []Spec, keys []hashKey) {
	for start := range keys {
		if keys[start].i < 0 || keys[start].i == start {
			continue
		}
		// Follow the cycle through start: position p takes the spec at
		// keys[p].i.
		tmp := specs[start]
		p := start
		for {
			q := keys[p].i
			keys[p].i = -1
			if q == start {
				specs[p] = tmp
				break
			}
			specs[p] = specs[q]
			p = q
		}
	}
}

// checkHashesUnless runs checkHashes unless hashOrder found the hashes
// good (ok), which is what checkHashes would find.
func checkHashesUnless(ok bool, file string, line int, what string, specs []Spec) error {
	if ok {
		return nil
	}
	return checkHashes(file, line, what, specs)
}
