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
	count := func(n int) {
		if probes != nil {
			*probes += n
		}
	}
	if len(a) == 0 {
		return nil
	}
	var out []string
	if min(len(a), len(b)) <= smallList {
		for _, s := range a {
			count(len(b))
			if !slices.Contains(b, s) {
				out = append(out, s)
			}
		}
		return out
	}
	// Canonical lists are sorted, a spec's stacks by their bytes and its
	// variants by name (CompareVariants): a merge, where a set of b cost
	// a map of its strings for each pair, the time growing faster than
	// the lists as the maps outgrew the caches (restacked pairs of many
	// stacks, one spec of a million variants: TestMinusVariantOrder,
	// TestManyVariantsCompareAllocs).
	for _, cmp := range [...]func(x, y string) int{strings.Compare, CompareVariants} {
		if slices.IsSortedFunc(a, cmp) && slices.IsSortedFunc(b, cmp) {
			// Two passes, the first to count: the result is allocated
			// once, at its size, not grown to twice it.
			count(len(a) + len(b))
			n := 0
			for range 2 {
				j := 0
				for _, s := range a {
					for j < len(b) && cmp(b[j], s) < 0 {
						j++
					}
					if j == len(b) || b[j] != s {
						if out != nil {
							out = append(out, s)
						} else {
							n++
						}
					}
				}
				if n == 0 || out != nil {
					return out
				}
				out = make([]string, 0, n)
			}
		}
	}
	in := newIndexSet(b)
	count(len(b) + len(a))
	for _, s := range a {
		if !in.has(s) {
			out = append(out, s)
		}
	}
	return out
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

// MinusJoin is Join(Minus(a, b, probes), sep), without the list:
// when both lists are in an order Minus merges them in, the strings of a
// not in b are found twice, to size the result and to write it. A spec
// of many variants, every one flipped, made a list of them (16 bytes a
// variant) to join and drop (TestMinusJoin).
func MinusJoin(a, b []string, sep string, probes *int) string {
	if len(a) == 0 || len(a) <= smallList {
		return Join(Minus(a, b, probes), sep)
	}
	if len(b) <= smallList {
		// A few to leave out, each looked for in b as Minus does: one
		// spec of 4M variants beside one shared variant made a list of
		// 4M (64 MB, grown by append) to join (TestMinusJoinFewOut).
		if probes != nil {
			*probes += len(a) * len(b)
		}
		n, size := 0, 0
		for _, s := range a {
			if !slices.Contains(b, s) {
				n, size = n+1, size+len(Word(s, sep))
			}
		}
		if n == 0 {
			return ""
		}
		var out strings.Builder
		out.Grow(size + (n-1)*len(sep))
		first := true
		for _, s := range a {
			if !slices.Contains(b, s) {
				if !first {
					out.WriteString(sep)
				}
				first = false
				out.WriteString(Word(s, sep))
			}
		}
		return out.String()
	}
	for _, cmp := range [...]func(x, y string) int{strings.Compare, CompareVariants} {
		if !slices.IsSortedFunc(a, cmp) || !slices.IsSortedFunc(b, cmp) {
			continue
		}
		if probes != nil {
			*probes += len(a) + len(b)
		}
		each := func(f func(string)) {
			j := 0
			for _, s := range a {
				for j < len(b) && cmp(b[j], s) < 0 {
					j++
				}
				if j == len(b) || b[j] != s {
					f(s)
				}
			}
		}
		n, size := 0, 0
		each(func(s string) { n++; size += len(Word(s, sep)) })
		if n == 0 {
			return ""
		}
		var out strings.Builder
		out.Grow(size + (n-1)*len(sep))
		first := true
		each(func(s string) {
			if !first {
				out.WriteString(sep)
			}
			first = false
			out.WriteString(Word(s, sep))
		})
		return out.String()
	}
	return Join(Minus(a, b, probes), sep)
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
	if len(a) == 0 {
		return
	}
	if min(len(a), len(b)) <= smallList {
		for _, s := range a {
			if !slices.Contains(b, s) && !yield(s) {
				return
			}
		}
		return
	}
	for _, cmp := range [...]func(x, y string) int{strings.Compare, CompareVariants} {
		if !slices.IsSortedFunc(a, cmp) || !slices.IsSortedFunc(b, cmp) {
			continue
		}
		j := 0
		for _, s := range a {
			for j < len(b) && cmp(b[j], s) < 0 {
				j++
			}
			if (j == len(b) || b[j] != s) && !yield(s) {
				return
			}
		}
		return
	}
	in := newIndexSet(b)
	for _, s := range a {
		if !in.has(s) && !yield(s) {
			return
		}
	}
}
