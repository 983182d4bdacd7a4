package report

import (
	"slices"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/fresh"
)

// shortLen is how many characters of a hash Spack prints (/abcdefg).
const shortLen = 7

// hashAbbrev abbreviates the hashes of one report. Most hashes are shown by
// their first shortLen characters, as Spack prints them; a hash that
// shares those with another hash of the report is shown by the shortest
// prefix no other hash of the report has, as git abbreviates commits, so
// that a rebuilt spec whose old and new hash begin alike never shows as
// aaaaaaa → aaaaaaa (and the patch never drops the change). Build one
// with abbreviate; the zero value cuts every hash at shortLen.
type hashAbbrev struct {
	long map[string]int // the hashes that need more than shortLen characters
}

// abbreviate finds the hashes of r (of its specs and of its lockfile
// roots) whose first shortLen characters are another hash's too. It is
// linear in the number of hashes: their prefixes, as integers, go into a
// set; only the few colliding hashes are compared as strings.
func abbreviate(r *diff.Report) hashAbbrev {
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
	seen := newKeySet(n)
	var dups []uint64
	each(func(h string) {
		if k := prefixKey(h); !seen.add(k) {
			dups = append(dups, k)
		}
	})
	if dups == nil {
		return hashAbbrev{}
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
	a := hashAbbrev{long: make(map[string]int)}
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

// keySet is a set of prefixKey values, open addressing with linear
// probing: one pass, where sorting a real week's 240k prefixes was most of
// abbreviate's time. A slot holds its key plus one (0 is an empty slot);
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

// Short abbreviates h (see hashAbbrev). The built-in templates write it in a
// code span, where no escape works: a byte that is not a lower-case letter
// or a digit (which no Spack hash has; Decode refuses such hashes) is
// written as "?", so that a forged hash cannot close the span, a table
// cell or an HTML tag.
func (a hashAbbrev) Short(h string) string {
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
