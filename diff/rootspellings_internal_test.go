package diff

import (
	"fmt"
	"slices"
	"testing"
)

// TestRootSpellingsLinear (issue 35 class c): one spec named as many
// lockfile roots (zlib@0, zlib@1, ...: one hash) is one highlight whose
// values are its other spellings. Each spelling was looked for in the
// values said so far, a scan: 80,000 spellings of one hash took 7.9 s
// of CPU in News (0.8 s before the spellings were gathered), 21x for
// a 4x step. The spellings said are a set now: a probe each.
func TestRootSpellingsLinear(t *testing.T) {
	for _, n := range []int{1000, 4000} {
		m := newRootSpellings()
		var out []Highlight
		for i := range n {
			// Two hashes, each spelling given twice, and a root
			// without a hash (alone each time).
			for _, key := range []string{"h1", "h2", "h1", ""} {
				root := fmt.Sprintf("zlib@%d", i)
				if key == "h2" {
					root = fmt.Sprintf("zlib@%d", n-i)
				}
				if !m.more(&out, HighlightRootAdded, key, root) {
					out = append(out, Highlight{Kind: HighlightRootAdded, Value: root})
				}
			}
		}
		if m.probes > 3*n {
			t.Errorf("%d spellings of two hashes: %d probes, want at most %d", n, m.probes, 3*n)
		}
		if len(out) != 2+n {
			t.Fatalf("%d spellings: %d items, want %d", n, len(out), 2+n)
		}
		for j, key := range []string{"h1", "h2"} {
			var want []string
			for i := 1; i < n; i++ {
				if key == "h1" {
					want = append(want, fmt.Sprintf("zlib@%d", i))
				} else {
					want = append(want, fmt.Sprintf("zlib@%d", n-i))
				}
			}
			h := out[j] // the items of h1 and h2 come first
			if !slices.Equal(h.Values, want) {
				t.Errorf("%s: values %d (first %q), want %d", key, len(h.Values), h.Values[:min(3, len(h.Values))], len(want))
			}
		}
	}
}
