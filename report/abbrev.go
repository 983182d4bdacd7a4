package report

import (
	"slices"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/fresh"
)

// shortLen is how many characters of a hash Spack prints (/abcdefg).
const shortLen = 7

// Abbrev abbreviates the hashes of one report. Most hashes are shown by
// their first shortLen characters, as Spack prints them; a hash that
// shares those with another hash of the report is shown by the shortest
// prefix no other hash of the report has, as git abbreviates commits, so
// that a rebuilt spec whose old and new hash begin alike never shows as
// aaaaaaa → aaaaaaa (and the patch never drops the change). Build one
// with Abbreviate; the zero value cuts every hash at shortLen.
type Abbrev struct {
	long map[string]int // the hashes that need more than shortLen characters
}

// Abbreviate finds the hashes of r (of its specs and of its lockfile
// roots) whose first shortLen characters are another hash's too. It is
// linear in the number of hashes: their prefixes, as integers, go into a
// set; only the few colliding hashes are compared as strings.
func Abbreviate(r *diff.Report) Abbrev {
	each := func(f func(h string)) {
		if c := r.Causes; c != nil && c.Roots != nil { // the roots of lockfiles, in the causes section
			for _, l := range [][]diff.RootSpec{c.Roots.Added, c.Roots.Removed} {
				for j := range l {
					f(l[j].Hash)
				}
			}
			for _, rc := range c.Roots.Changed {
				f(rc.Old.Hash)
				if rc.New.Hash != rc.Old.Hash {
					f(rc.New.Hash)
				}
			}
		}
		for i := range r.Packages {
			s := &r.Packages[i].Specs
			for _, l := range [][]diff.Spec{s.Added, s.Removed} {
				for j := range l {
					f(l[j].Hash)
				}
			}
			for _, l := range [][]diff.Pair{s.Rebuilt, s.Updated, s.Restacked} {
				for j := range l {
					f(l[j].Old.Hash)
					if l[j].New.Hash != l[j].Old.Hash { // a restacked pair: one hash
						f(l[j].New.Hash)
					}
				}
			}
		}
	}
	n := 0 // how many hashes each gives
	if c := r.Causes; c != nil && c.Roots != nil {
		n += len(c.Roots.Added) + len(c.Roots.Removed) + 2*len(c.Roots.Changed)
	}
	for i := range r.Packages {
		s := &r.Packages[i].Specs
		n += len(s.Added) + len(s.Removed) + 2*(len(s.Rebuilt)+len(s.Updated)+len(s.Restacked))
	}
	// First a bit per key in a bitmap small enough for a core's cache
	// (16 bits a key, and as many for the flags: flagBits), the keys
	// kept in order: a bit found set flags it, for the key's own repeat
	// or another key's. Then the keys of flagged bits alone go into a
	// set, which finds the keys seen twice. A set of every key was
	// megabytes probed at random for a real week's hashes: the bitmaps
	// are faster and grow into less fresh memory (docs/performance.md,
	// "Fresh memory").
	f := newFlagBits(n)
	keys := make([]uint64, 0, n)
	flagged := 0
	each(func(h string) {
		k := prefixKey(h)
		keys = append(keys, k)
		if f.add(k) {
			flagged++
		}
	})
	if flagged == 0 {
		return Abbrev{}
	}
	// A flagged bit has at least two keys, one of them not counted in
	// flagged: at most 2*flagged keys have flagged bits.
	seen := newKeySet(2 * flagged)
	var dups []uint64
	for _, k := range keys {
		if f.flagged(k) && !seen.add(k) {
			dups = append(dups, k)
		}
	}
	if dups == nil {
		return Abbrev{}
	}
	// The keys seen twice are few (a 7-character prefix of two distinct
	// hashes, or a hash the report holds twice): a small set of them is
	// looked up for every hash, and only their hashes are compared.
	dup := newKeySet(len(dups))
	for _, k := range dups {
		dup.add(k)
	}
	var hashes []string
	each(func(h string) {
		if dup.has(prefixKey(h)) {
			hashes = append(hashes, h)
		}
	})
	slices.Sort(hashes)
	hashes = slices.Compact(hashes)
	a := Abbrev{long: make(map[string]int)}
	for i, h := range hashes {
		n := 0
		if i > 0 {
			n = commonPrefix(hashes[i-1], h) + 1
		}
		if i+1 < len(hashes) {
			n = max(n, commonPrefix(h, hashes[i+1])+1)
		}
		if n > shortLen {
			a.long[h] = min(n, len(h))
		}
	}
	return a
}

// prefixKey packs the first shortLen bytes of h and their count into an
// integer: equal keys, equal prefixes.
func prefixKey(h string) uint64 {
	if len(h) >= 8 { // every hash: its first eight bytes in one load
		x := uint64(h[0]) | uint64(h[1])<<8 | uint64(h[2])<<16 | uint64(h[3])<<24 |
			uint64(h[4])<<32 | uint64(h[5])<<40 | uint64(h[6])<<48 | uint64(h[7])<<56
		return x<<8 | shortLen // the eighth byte shifts out
	}
	n := min(len(h), shortLen)
	k := uint64(n)
	for i := range n {
		k |= uint64(h[i]) << (8 * (i + 1))
	}
	return k
}

// The size of flagBits: variables, so that a test can make every key
// share a few bits.
var (
	flagBitsPerKey      = 16
	minFlagBits    uint = 12
)

// flagBits is Abbreviate's first pass: a bit per prefixKey (by a mix of
// it), and a second bit set when the first is found set.
type flagBits struct {
	seen, twice []uint64
	shift       uint
}

// newFlagBits makes flagBits for n keys, flagBitsPerKey bits a key and
// at least 1<<minFlagBits.
func newFlagBits(n int) *flagBits {
	bits := minFlagBits
	for 1<<bits < flagBitsPerKey*n {
		bits++
	}
	f := &flagBits{seen: make([]uint64, 1<<bits/64), twice: make([]uint64, 1<<bits/64), shift: 64 - bits}
	fresh.Touch(f.seen) // written before it is read (docs/performance.md, "Fresh memory")
	fresh.Touch(f.twice)
	return f
}

// add sets k's bit and reports whether it was set already (the bit is
// then flagged).
func (f *flagBits) add(k uint64) bool {
	i := (k * 0x9e3779b97f4a7c15) >> f.shift
	w, b := i/64, uint64(1)<<(i%64)
	if f.seen[w]&b == 0 {
		f.seen[w] |= b
		return false
	}
	f.twice[w] |= b
	return true
}

// flagged reports whether k's bit is flagged.
func (f *flagBits) flagged(k uint64) bool {
	i := (k * 0x9e3779b97f4a7c15) >> f.shift
	return f.twice[i/64]&(1<<(i%64)) != 0
}

// keySet is a set of prefixKey values, open addressing with linear
// probing: one pass, where sorting a real week's 240k prefixes was most of
// Abbreviate's time. A slot holds its key plus one (0 is an empty slot);
// no key is all ones, since prefixKey's low byte is a length of at most
// shortLen.
type keySet struct {
	slots []uint64
	shift uint
}

// newKeySet makes a set for up to n keys, at most half full.
func newKeySet(n int) *keySet {
	bits := uint(4)
	for 1<<bits < 2*n {
		bits++
	}
	s := &keySet{slots: make([]uint64, 1<<bits), shift: 64 - bits}
	fresh.Touch(s.slots) // written before it is probed (docs/performance.md, "Fresh memory")
	return s
}

// add adds k and reports whether it was absent.
func (s *keySet) add(k uint64) bool {
	i := s.find(k)
	if s.slots[i] != 0 {
		return false
	}
	s.slots[i] = k + 1
	return true
}

// has reports whether k is in s.
func (s *keySet) has(k uint64) bool { return s.slots[s.find(k)] != 0 }

// find returns the slot that holds k, or the empty one where it would go.
func (s *keySet) find(k uint64) uint64 {
	mask := uint64(len(s.slots) - 1)
	for i := (k * 0x9e3779b97f4a7c15) >> s.shift; ; i = (i + 1) & mask {
		if v := s.slots[i]; v == 0 || v == k+1 {
			return i
		}
	}
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// Short abbreviates h (see Abbrev). The built-in templates write it in a
// code span, where no escape works: a byte that is not a lower-case letter
// or a digit (which no Spack hash has; Decode refuses such hashes) is
// written as "?", so that a forged hash cannot close the span, a table
// cell or an HTML tag.
func (a Abbrev) Short(h string) string {
	n, ok := a.long[h]
	if !ok {
		n = shortLen
	}
	if len(h) > n {
		h = h[:n]
	}
	for i := 0; i < len(h); i++ {
		if c := h[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return strings.Map(func(r rune) rune {
				if 'a' <= r && r <= 'z' || '0' <= r && r <= '9' {
					return r
				}
				return '?'
			}, h)
		}
	}
	return h
}
