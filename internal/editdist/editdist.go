// Package editdist computes the edit distance that cachediff's "did you
// mean" hints rank names by: an unknown flag (cmd/cachediff), a
// --package pattern that matches nothing (diff), and a snapshot's path
// that does not exist (snapshot, snapshot/gitsrc).
package editdist

import "strings"

// Distance is the Levenshtein distance between a and b, counted in bytes
// (the names it compares are ASCII: flags, package names).
func Distance(a, b string) int { return levenshtein([]byte(a), []byte(b)) }

// RuneDistance is the Levenshtein distance between a and b counted in
// runes: a value typed with a non-ASCII character (an ideographic space
// after --fail-on any) is one edit from the name, where Distance counts
// its three bytes as three, farther than a short name's threshold.
func RuneDistance(a, b string) int {
	if isASCII(a) && isASCII(b) {
		return Distance(a, b)
	}
	return levenshtein([]rune(a), []rune(b))
}

// levenshtein is the edit distance between a and b, element by element,
// in two rows of len(b)+1.
func levenshtein[E comparable](a, b []E) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Within is the Levenshtein distance between a and b, counted in bytes
// as Distance counts it, when it is at most k, and k+1 when it is more.
// It computes only the diagonal band of width 2k+1 a distance of at most
// k can cross, in two rows of that width: its cost is len(a) times k,
// not len(a) times len(b), so comparing two long names (a lockfile root
// of 20 KB) against a bound costs in proportion to their length.
func Within(a, b string, k int) int {
	d, _ := within(a, b, k)
	return d
}

// within is Within, and the rows of the band it computed: it stops at
// the first row whose every cell is past k, so two names unlike from
// their start cost k+1 rows whatever their length.
func within(a, b string, k int) (dist, rows int) {
	k = max(k, 0)
	if max(len(a)-len(b), len(b)-len(a)) > k {
		return k + 1, 0
	}
	// prev[d] and cur[d] hold the distance of a[:i] and b[:j] for
	// j = i-k+d; cells outside b, or farther than k, hold k+1.
	w := 2*k + 1
	prev, cur := make([]int, w), make([]int, w)
	for d := range w {
		if j := d - k; j >= 0 && j <= len(b) {
			prev[d] = min(j, k+1)
		} else {
			prev[d] = k + 1
		}
	}
	for i := 1; i <= len(a); i++ {
		rows = i
		least := k + 1
		for d := range w {
			j := i - k + d
			switch {
			case j < 0 || j > len(b):
				cur[d] = k + 1
				continue
			case j == 0:
				cur[d] = min(i, k+1)
			default:
				cost := 1
				if a[i-1] == b[j-1] {
					cost = 0
				}
				v := prev[d] + cost // a[i-1] for b[j-1]
				if d+1 < w {
					v = min(v, prev[d+1]+1) // a[i-1] deleted
				}
				if d > 0 {
					v = min(v, cur[d-1]+1) // b[j-1] inserted
				}
				cur[d] = min(v, k+1)
			}
			least = min(least, cur[d])
		}
		if least > k {
			return k + 1, rows
		}
		prev, cur = cur, prev
	}
	return prev[len(b)-len(a)+k], rows
}

// isASCII reports whether s is all ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Nearest is the one of names (a folder's entries) nearest to value, a
// name that is not among them, ignoring case: within a third of value's
// length in edits (2 for a short one) and fewer edits than value has
// characters. It is "" when none is that near, or two are as near (a
// guess between them would name the wrong one as often as the right).
func Nearest(value string, names []string) string {
	lv := strings.ToLower(value)
	most := min(max(2, len(value)/3), len(value)-1)
	best, bestDist, tie := "", most+1, false
	for _, n := range names {
		ln := strings.ToLower(n)
		if max(len(lv)-len(ln), len(ln)-len(lv)) > most {
			continue
		}
		switch d := Distance(lv, ln); {
		case d > most:
		case d < bestDist:
			best, bestDist, tie = n, d, false
		case d == bestDist:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}
