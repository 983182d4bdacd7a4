// Package listops holds the list operations that the engine (package
// diff) and the renderers (package report) both need, kept linear in the
// lists' lengths whatever the input: a spec of 100,000 variants must not
// cost 100,000² comparisons (docs/design.md, "Bad input").
package listops

import (
	"hash/maphash"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// smallList is the length up to which Minus scans rather than builds a
// set: a scan for each element is linear while one list is this short.
const smallList = 16

// Minus returns the strings of a not in b, in a's order (nil for none).
// When probes is not nil it adds the elements it looked at, for the tests
// that keep it linear.
func Minus(a, b []string, probes *int) []string {
	w := newMinusWalk(a, b, probes)
	var out []string
	if w.cmp != nil {
		// Merged lists are counted first: the result is allocated once,
		// at its size, not grown to twice it.
		n := 0
		w.each(func(string) bool { n++; return true })
		if n == 0 {
			return nil
		}
		out = make([]string, 0, n)
	}
	w.each(func(s string) bool { out = append(out, s); return true })
	return out
}

// minusWalk is the walk of the strings of a not in b that Minus,
// MinusJoin and MinusEach share, picked once for both lists: a scan of b
// for each string while either list is short (smallList); a merge when
// both are sorted by their bytes or as variants (CompareVariants), as
// canonical lists are, a spec's stacks by their bytes and its variants
// by name, where a set of b cost a map of its strings for each pair,
// the time growing faster than the lists as the maps outgrew the caches
// (restacked pairs of many stacks, one spec of a million variants:
// TestMinusVariantOrder, TestManyVariantsCompareAllocs); else a set of
// b (indexSet), built once however many times the walk runs.
type minusWalk struct {
	a, b []string
	cmp  func(x, y string) int // the merge's order; nil for a scan or the set
	in   *indexSet             // b's set; nil for a scan or a merge
}

// newMinusWalk picks the walk, adding to probes (when not nil) the
// elements it will look at.
func newMinusWalk(a, b []string, probes *int) minusWalk {
	w := minusWalk{a: a, b: b}
	count := func(n int) {
		if probes != nil {
			*probes += n
		}
	}
	switch {
	case len(a) == 0:
		return w
	case min(len(a), len(b)) <= smallList:
		count(len(a) * len(b))
		return w
	}
	count(len(a) + len(b))
	for _, cmp := range [...]func(x, y string) int{strings.Compare, CompareVariants} {
		if slices.IsSortedFunc(a, cmp) && slices.IsSortedFunc(b, cmp) {
			w.cmp = cmp
			return w
		}
	}
	w.in = newIndexSet(b)
	return w
}

// each calls yield with each string of a not in b, in a's order, until
// yield returns false.
func (w *minusWalk) each(yield func(string) bool) {
	switch {
	case w.cmp != nil:
		j := 0
		for _, s := range w.a {
			for j < len(w.b) && w.cmp(w.b[j], s) < 0 {
				j++
			}
			if (j == len(w.b) || w.b[j] != s) && !yield(s) {
				return
			}
		}
	case w.in != nil:
		for _, s := range w.a {
			if !w.in.has(s) && !yield(s) {
				return
			}
		}
	default:
		for _, s := range w.a {
			if !slices.Contains(w.b, s) && !yield(s) {
				return
			}
		}
	}
}

// indexSet is the set of a list's strings, for Minus of lists in no
// order it merges: an open-addressed table of the strings' indices in
// the list (4 bytes a slot, at most half of them full), where a
// map[string]struct{} of them took some 40 bytes a string. The variants
// of 64 specs of 16,000 each, the same in another order on each side
// (--no-canonicalize), took 109 MB of maps to tell that none came or
// went (TestMinusUnorderedAllocs).
type indexSet struct {
	l     []string
	slots []int32 // 1 + an index into l; 0: empty
	mask  uint64
	seed  maphash.Seed
}

func newIndexSet(l []string) *indexSet {
	size := 1
	for size < 2*len(l) {
		size <<= 1
	}
	s := &indexSet{l: l, slots: make([]int32, size), mask: uint64(size - 1), seed: maphash.MakeSeed()}
	for i, v := range l {
		if h, found := s.find(v); !found {
			s.slots[h] = int32(i + 1)
		}
	}
	return s
}

// find returns v's slot, or the empty slot where it would go.
func (s *indexSet) find(v string) (uint64, bool) {
	h := maphash.String(s.seed, v) & s.mask
	for s.slots[h] != 0 {
		if s.l[s.slots[h]-1] == v {
			return h, true
		}
		h = (h + 1) & s.mask
	}
	return h, false
}

func (s *indexSet) has(v string) bool {
	_, found := s.find(v)
	return found
}

// Word is s as an element of a list joined by sep (Join): quoted (Go's
// strconv.Quote, as a variant spelled none is) when it holds sep or a
// space, begins with a quote, or is empty, so that the joined list reads
// back as its elements. A Spack index may spell a variant with a space:
// "+a b" joined as it is read as the variants +a and b.
func Word(s, sep string) string {
	if Quoted(s, sep) {
		return strconv.Quote(s)
	}
	return s
}

// Quoted reports whether Word quotes s.
func Quoted(s, sep string) bool {
	return s == "" || s[0] == '"' || sep != "" && strings.Contains(s, sep) || strings.ContainsFunc(s, unicode.IsSpace)
}

// Join is strings.Join of l's elements each as a Word: a list of
// variants for people (`+a "+b c" ~d`).
func Join(l []string, sep string) string {
	for i, s := range l {
		if Word(s, sep) != s {
			out := slices.Clone(l)
			for j := i; j < len(out); j++ {
				out[j] = Word(out[j], sep)
			}
			return strings.Join(out, sep)
		}
	}
	return strings.Join(l, sep)
}

// MinusJoin is Join(Minus(a, b, probes), sep), without the list: the
// strings of a not in b are walked twice, to size the result and to
// write it. A spec of many variants, every one flipped, made a list of
// them (16 bytes a variant) to join and drop (TestMinusJoin), and one of
// 4M variants beside its package's one shared variant a list of 4M
// (64 MB, grown by append) (TestMinusJoinFewOut).
func MinusJoin(a, b []string, sep string, probes *int) string {
	w := newMinusWalk(a, b, probes)
	n, size := 0, 0
	w.each(func(s string) bool { n, size = n+1, size+len(Word(s, sep)); return true })
	if n == 0 {
		return ""
	}
	var out strings.Builder
	out.Grow(size + (n-1)*len(sep))
	first := true
	w.each(func(s string) bool {
		if !first {
			out.WriteString(sep)
		}
		first = false
		out.WriteString(Word(s, sep))
		return true
	})
	return out.String()
}

// CompareVariants orders variants by name the way Spack prints them (a
// leading +, ~ or - and what follows a ':' or '=' do not count), then
// whole: the order of a canonical spec's variants (package snapshot sorts
// them with it). It is 0 only for equal strings.
func CompareVariants(a, b string) int {
	if c := strings.Compare(VariantName(a), VariantName(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// VariantName is a variant's name: v without a leading +, ~ or -, up to
// its first ':' or '='.
func VariantName(v string) string {
	// strings.TrimLeft(v, "+~-") up to the first ':' or '=', by hand:
	// sorting variants calls this at every comparison.
	i := 0
	for i < len(v) && (v[i] == '+' || v[i] == '~' || v[i] == '-') {
		i++
	}
	j := i
	for j < len(v) && v[j] != ':' && v[j] != '=' {
		j++
	}
	return v[i:j]
}

// MinusEach calls yield with each string of a not in b, in a's order
// (the strings Minus returns, and MinusJoin joins), until yield returns
// false, without a list of them: a renderer that keeps only the first
// of a spec's 4M variants made visible needs no copy of the rest.
func MinusEach(a, b []string, yield func(string) bool) {
	w := newMinusWalk(a, b, nil)
	w.each(yield)
}
