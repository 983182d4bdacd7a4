package snapshot

import (
	"slices"
	"strings"
)

// hashKey is a spec's hash and its place in the page, for sorting.
type hashKey struct {
	hash string
	i    int
}

// hashOrder sorts the hashes of specs and reports whether checkHashes
// accepts them (all well formed, none twice), without its map: duplicates
// are neighbours once sorted. The order is what sortByHash applies.
func hashOrder(specs []Spec) ([]hashKey, bool) {
	keys := make([]hashKey, len(specs))
	ok := true
	for i := range specs {
		keys[i] = hashKey{specs[i].Hash, i}
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

func compareHashKeys(a, b hashKey) int { return strings.Compare(a.hash, b.hash) }

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
