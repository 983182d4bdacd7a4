// Package listops holds the list operations that the engine (package
// diff) and the renderers (package report) both need, kept linear in the
// lists' lengths whatever the input: a spec of 100,000 variants must not
// cost 100,000² comparisons (docs/design.md, "Bad input").
package listops

import "slices"

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
	if slices.IsSorted(a) && slices.IsSorted(b) {
		// Canonical lists are sorted (a spec's stacks): a merge, where a
		// set of b cost a map of its strings for each pair, the time
		// growing faster than the lists as the maps outgrew the caches
		// (32 restacked pairs of 64k stacks: 0.7 s).
		count(len(a) + len(b))
		j := 0
		for _, s := range a {
			for j < len(b) && b[j] < s {
				j++
			}
			if j == len(b) || b[j] != s {
				out = append(out, s)
			}
		}
		return out
	}
	in := make(map[string]struct{}, len(b))
	for _, s := range b {
		in[s] = struct{}{}
	}
	count(len(b) + len(a))
	for _, s := range a {
		if _, ok := in[s]; !ok {
			out = append(out, s)
		}
	}
	return out
}
