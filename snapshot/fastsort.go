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

// sortScratch is the memory hashOrder sorts in, kept by a loading
// goroutine from page to page (loadState): a fresh set for every page was
// 3.3 MB of garbage per load of a real-size tree, fresh memory that the
// process pays for in page zeroing (docs/performance.md, "Fresh memory").
type sortScratch struct {
	keys, sorted []hashKey
	nums         []uint64
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
func hashOrder(specs []Spec, sc *sortScratch) ([]hashKey, bool) {
	if sc == nil {
		sc = new(sortScratch)
	}
	keys := slices.Grow(sc.keys[:0], len(specs))[:len(specs)]
	sc.keys = keys
	ok := true
	for i := range specs {
		keys[i] = hashKey{hashHead(specs[i].Hash), specs[i].Hash, i}
		ok = ok && isHash(specs[i].Hash)
	}
	if ok && len(keys) > maxInsertion && len(keys) <= 1<<placeBits {
		sortGoodHashKeys(keys, sc)
	} else {
		sortHashKeys(keys)
	}
	for i := 1; ok && i < len(keys); i++ {
		ok = keys[i].hash != keys[i-1].hash
	}
	return keys, ok
}

// sortHashKeys sorts keys by hash (compareHashKeys). A page
// lists some tens of specs: below maxInsertion keys an insertion sort,
// whose comparisons are inlined, costs a fifth of slices.SortFunc's
// (which calls compareHashKeys through a function value, copying both
// keys, at every comparison).
func sortHashKeys(keys []hashKey) {
	if len(keys) > maxInsertion {
		if !slices.IsSortedFunc(keys, compareHashKeys) {
			slices.SortFunc(keys, compareHashKeys)
		}
		return
	}
	for i := 1; i < len(keys); i++ {
		k := keys[i]
		j := i
		for j > 0 && hashKeyLess(&k, &keys[j-1]) {
			keys[j] = keys[j-1]
			j--
		}
		keys[j] = k
	}
}

// sortGoodHashKeys sorts keys whose hashes are all well formed (isHash)
// as sortHashKeys does, faster for many keys: each becomes a number, its
// hash's first eight characters in five bits each, in the alphabet's
// order, then its place, and slices.Sort sorts numbers with its
// comparisons inlined (a real week's large pages: a fifth of the cost).
// Hashes that begin alike are then put in order by insertion.
func sortGoodHashKeys(keys []hashKey, sc *sortScratch) {
	nums := slices.Grow(sc.nums[:0], len(keys))[:len(keys)]
	sc.nums = nums
	for i := range keys {
		nums[i] = head40(keys[i].hash)<<placeBits | uint64(i)
	}
	slices.Sort(nums)
	sorted := slices.Grow(sc.sorted[:0], len(keys))[:len(keys)]
	sc.sorted = sorted
	for j, x := range nums {
		sorted[j] = keys[x&(1<<placeBits-1)]
	}
	for start := 0; start < len(sorted); {
		end := start + 1
		for end < len(sorted) && sorted[end].head == sorted[start].head {
			end++
		}
		sortHashKeys(sorted[start:end])
		start = end
	}
	copy(keys, sorted)
}

// placeBits holds a key's place in sortGoodHashKeys' numbers: pages of
// more specs sort as sortHashKeys does.
const placeBits = 24

// head40 is the first eight characters of a well-formed hash in five
// bits each, in the order of their bytes ('2' to '7', then 'a' to 'z').
func head40(h string) uint64 {
	var x uint64
	for i := range 8 {
		c := uint64(h[i])
		if c >= 'a' {
			c -= 'a' - 6
		} else {
			c -= '2'
		}
		x = x<<5 | c
	}
	return x
}

// maxInsertion is the most keys sortHashKeys sorts by insertion: about
// n²/4 moves, against about n·log(n) comparisons of slices.SortFunc at
// four times the cost each.
const maxInsertion = 48

// hashKeyLess reports whether a's hash comes before b's.
func hashKeyLess(a, b *hashKey) bool {
	if a.head != b.head {
		return a.head < b.head
	}
	return a.hash < b.hash
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
