package diff

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestInternerSeen: whatever the mix of shared and equal-but-separate
// strings and lists (the loader shares most, not all), interning through
// the address cache gives equal ids exactly to equal values, and the same
// string the map gives.
func TestInternerSeen(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	words := make([]string, 40)
	for i := range words {
		words[i] = "v" + strconv.Itoa(i)
	}
	// Lists, some shared by address, some rebuilt with equal contents,
	// some prefixes of others (the same array, a shorter length).
	var lists [][]string
	for range 300 {
		switch n := len(lists); {
		case n > 0 && r.IntN(3) == 0:
			lists = append(lists, lists[r.IntN(n)]) // the same array
		case n > 0 && r.IntN(3) == 0:
			l := lists[r.IntN(n)]
			lists = append(lists, append([]string(nil), l...)) // equal, elsewhere
		case n > 0 && r.IntN(3) == 0:
			l := lists[r.IntN(n)]
			lists = append(lists, l[:r.IntN(len(l)+1)]) // a prefix of the same array
		default:
			l := make([]string, r.IntN(4))
			for i := range l {
				l[i] = words[r.IntN(len(words))]
				if r.IntN(4) == 0 {
					l[i] = strings.Clone(l[i]) // the same word elsewhere
				}
			}
			lists = append(lists, l)
		}
	}
	var in interner
	want := map[string]uint32{} // joined value -> id
	for round := range 3 {
		for _, l := range lists {
			v, id := in.list(l)
			if j := strings.Join(l, sep); v != j {
				t.Fatalf("round %d: list %q interned as %q", round, l, v)
			}
			if prev, ok := want[v]; ok && prev != id {
				t.Fatalf("round %d: %q has ids %d and %d", round, v, prev, id)
			}
			want[v] = id
			w := l
			if len(w) == 0 {
				w = []string{""}
			}
			for _, s := range w {
				if v, id := in.one(s); v != s || in.ids[s] != id {
					t.Fatalf("round %d: %q interned as %q, id %d (the map says %d)", round, s, v, id, in.ids[s])
				}
			}
		}
	}
	seen := map[uint32]string{}
	for v, id := range want {
		if other, ok := seen[id]; ok {
			t.Fatalf("%q and %q share id %d", v, other, id)
		}
		seen[id] = v
	}
}
