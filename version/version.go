// Package version orders Spack version strings the way Spack does.
//
// It owns one thing: Compare (and Sort by it), a total order over version strings that
// follows Spack's StandardVersion rules, so that the engine can tell an
// upgrade from a downgrade.
//
// A version is split into components: maximal runs of digits (compared as
// numbers) and maximal runs of letters (compared as strings); the separators
// '.', '-' and '_' (and any other byte) only delimit components. Spack's
// "infinity" names sort above every number, in the order
// develop > main > master > head > trunk > stable; any other string
// component sorts below every number. A release sorts above its
// pre-releases: 1.2alpha1 < 1.2beta < 1.2rc2 < 1.2. When one version is a
// prefix of the other, the shorter one is older (1.2 < 1.2.1).
//
// Versions that Spack considers equal but that are spelled differently
// (1.02 and 1.2, 1.2 and 1-2) are ordered by their bytes, so that Compare
// returns 0 only for identical strings and sorting is fully deterministic.
package version

import (
	"slices"
	"strings"
)

// infinity lists Spack's infinity-like names, lowest first.
var infinity = [...]string{"stable", "trunk", "head", "master", "main", "develop"}

// pre-release kinds, in order; final is a release.
const (
	alpha = iota
	beta
	rc
	final
)

var prerelease = map[string]int{"alpha": alpha, "beta": beta, "rc": rc}

type component struct {
	num   string // digits without leading zeros ("0" for zero); empty for a string
	str   string
	isNum bool
}

// infinityRank is -1 for an ordinary string, else its place in infinity.
func (c component) infinityRank() int {
	for i, s := range infinity {
		if c.str == s {
			return i
		}
	}
	return -1
}

var zero = component{num: "0", isNum: true}

type parsed struct {
	release []component
	pre     int       // alpha, beta, rc or final
	preNum  component // the number after alpha, beta or rc; zero when absent
}

func parse(v string) parsed {
	p, _ := parseAppend(nil, v)
	return p
}

// parseAppend parses v, appending its components to buf (so that many
// versions can share one allocation); it returns buf grown.
func parseAppend(buf []component, v string) (parsed, []component) {
	start := len(buf)
	comps := buf
	for i := 0; i < len(v); {
		c := v[i]
		switch {
		case isDigit(c):
			j := i
			for j < len(v) && isDigit(v[j]) {
				j++
			}
			n := strings.TrimLeft(v[i:j], "0")
			if n == "" {
				n = "0"
			}
			comps = append(comps, component{num: n, isNum: true})
			i = j
		case isLetter(c):
			j := i
			for j < len(v) && isLetter(v[j]) {
				j++
			}
			comps = append(comps, component{str: v[i:j]})
			i = j
		default:
			i++
		}
	}
	buf = comps
	comps = comps[start:len(comps):len(comps)]
	p := parsed{pre: final, preNum: zero}
	n := len(comps)
	switch {
	// <release>(alpha|beta|rc)<number>
	case n >= 3 && !comps[n-2].isNum && isPre(comps[n-2].str) && comps[n-1].isNum:
		p.pre, p.preNum = prerelease[comps[n-2].str], comps[n-1]
		comps = comps[:n-2]
	// <release>(alpha|beta|rc)
	case n >= 2 && !comps[n-1].isNum && isPre(comps[n-1].str):
		p.pre = prerelease[comps[n-1].str]
		comps = comps[:n-1]
	}
	p.release = comps
	return p, buf
}

func isPre(s string) bool { _, ok := prerelease[s]; return ok }

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func compareComponent(a, b component) int {
	switch {
	case a.isNum && b.isNum:
		if len(a.num) != len(b.num) { // no leading zeros: longer is larger
			if len(a.num) < len(b.num) {
				return -1
			}
			return 1
		}
		return strings.Compare(a.num, b.num)
	case a.isNum: // b is a string
		if b.infinityRank() >= 0 {
			return -1
		}
		return 1
	case b.isNum:
		if a.infinityRank() >= 0 {
			return 1
		}
		return -1
	}
	ra, rb := a.infinityRank(), b.infinityRank()
	if ra != rb {
		if ra < rb {
			return -1
		}
		return 1
	}
	if ra >= 0 {
		return 0
	}
	return strings.Compare(a.str, b.str)
}

// Compare returns -1, 0 or +1 as a is older than, the same as, or newer than
// b under Spack's version ordering. It is a total order: it returns 0 only
// when a == b.
func Compare(a, b string) int {
	if a == b {
		return 0
	}
	if c := compareSpack(parse(a), parse(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func compareSpack(a, b parsed) int {
	for i := 0; i < len(a.release) && i < len(b.release); i++ {
		if c := compareComponent(a.release[i], b.release[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(a.release) < len(b.release):
		return -1
	case len(a.release) > len(b.release):
		return 1
	}
	if a.pre != b.pre {
		if a.pre < b.pre {
			return -1
		}
		return 1
	}
	return compareComponent(a.preNum, b.preNum)
}

// Max returns the newest of vs, or "" when vs is empty.
func Max(vs []string) string {
	var m string
	for i, v := range vs {
		if i == 0 || Compare(v, m) > 0 {
			m = v
		}
	}
	return m
}

// Sort sorts vs oldest first under Compare, parsing each version once
// rather than at every comparison.
func Sort(vs []string) {
	var s Sorter
	s.Sort(vs)
}

// A Sorter sorts lists of versions as Sort does, keeping its scratch
// memory from one call to the next: a caller that sorts many short lists
// (the engine, a few per package) allocates once. The zero value is
// ready; a Sorter is not safe for concurrent use.
type Sorter struct {
	ks  []keyed
	buf []component
}

type keyed struct {
	v string
	p parsed
}

// Sort sorts vs oldest first under Compare.
func (s *Sorter) Sort(vs []string) {
	if len(vs) < 2 {
		return
	}
	ks := slices.Grow(s.ks[:0], len(vs))[:len(vs)]
	buf := slices.Grow(s.buf[:0], 4*len(vs))
	for i, v := range vs {
		ks[i].v = v
		ks[i].p, buf = parseAppend(buf, v)
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.v == b.v {
			return 0
		}
		if c := compareSpack(a.p, b.p); c != 0 {
			return c
		}
		return strings.Compare(a.v, b.v)
	})
	for i := range ks {
		vs[i] = ks[i].v
	}
	// Keep the memory, not the strings: a long-lived Sorter must not hold
	// on to what it sorted.
	clear(ks)
	clear(buf)
	s.ks, s.buf = ks[:0], buf[:0]
}
