package report

import (
	"slices"
	"strings"

	"github.com/cachediff/cachediff/diff"
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
// linear in the number of hashes but for a sort of their prefixes as
// integers; only the few colliding hashes are compared as strings.
func abbreviate(r *diff.Report) hashAbbrev {
	var prefixes []uint64
	each := func(f func(h string)) {
		if c := r.Causes; c != nil && c.Roots != nil { // the roots of lockfiles, in the causes section
			for _, l := range [][]diff.RootSpec{c.Roots.Added, c.Roots.Removed} {
				for j := range l {
					f(l[j].Hash)
				}
			}
			for _, rc := range c.Roots.Changed {
				f(rc.Old.Hash)
				f(rc.New.Hash)
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
					f(l[j].New.Hash)
				}
			}
		}
	}
	each(func(h string) { prefixes = append(prefixes, prefixKey(h)) })
	slices.Sort(prefixes)
	var dup map[uint64]bool
	for i := 1; i < len(prefixes); i++ {
		if prefixes[i] == prefixes[i-1] {
			if dup == nil {
				dup = make(map[uint64]bool)
			}
			dup[prefixes[i]] = true
		}
	}
	if dup == nil {
		return hashAbbrev{}
	}
	// The same hash is often there twice (a restacked pair): only other
	// hashes with the same prefix collide.
	var hashes []string
	each(func(h string) {
		if dup[prefixKey(h)] {
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
	n := min(len(h), shortLen)
	k := uint64(n)
	for i := range n {
		k |= uint64(h[i]) << (8 * (i + 1))
	}
	return k
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
