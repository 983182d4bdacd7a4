// Package editdist computes the edit distance that cachediff's "did you
// mean" hints rank names by: an unknown flag (cmd/cachediff) and a
// --package pattern that matches nothing (diff).
package editdist

// Distance is the Levenshtein distance between a and b, counted in bytes
// (the names it compares are ASCII: flags, package names).
func Distance(a, b string) int {
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
