package diff

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestInternerSeen: whatever the mix of shared and equal-but-separate
// strings and lists (the loader shares most, not all), and of lists that
// join alike, interning through the address cache gives equal ids exactly
// to equal lists, each its joined form, and a string the map's id.
func TestInternerSeen(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	words := make([]string, 40)
	for i := range words {
		words[i] = "v" + strconv.Itoa(i)
	}
	// Words that make lists join alike: the separator itself, in a word
	// and alone, and the empty word ([""] joins as [] does).
	words[0], words[1], words[2] = "", sep, "v3"+sep+"v4"
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
	want := map[string]uint32{} // the list, quoted -> id
	for round := range 3 {
		for _, l := range lists {
			v, id := in.list(l)
			if j := strings.Join(l, sep); v != j {
				t.Fatalf("round %d: list %q interned as %q", round, l, v)
			}
			key := fmt.Sprintf("%q", l)
			if prev, ok := want[key]; ok && prev != id {
				t.Fatalf("round %d: %s has ids %d and %d", round, key, prev, id)
			}
			want[key] = id
			w := l
			if len(w) == 0 {
				w = []string{""}
			}
			for _, s := range w {
				if v, id := in.one(s); v != s || in.ids[s] != id || in.vals[id] != s {
					t.Fatalf("round %d: %q interned as %q, id %d (the map says %d)", round, s, v, id, in.ids[s])
				}
			}
		}
	}
	seen := map[uint32]string{}
	for key, id := range want {
		if other, ok := seen[id]; ok {
			t.Fatalf("%s and %s share id %d", key, other, id)
		}
		seen[id] = key
	}
}

// TestInternLongListAllocs (issue 35: memory within 4x the input): a
// long list (a spec of many variants) is joined in a buffer made at its
// size, which the string interned is made over: grown by append and
// copied into the string, joining 100k variants (1.0 MB) allocated 6.25
// times the join, now at most 1.1. An equal list in another array gets
// the same id and allocates no more than its join; a long list that
// joins like another (a variant holding the separator) gets its own.
func TestInternLongListAllocs(t *testing.T) {
	list := func(mark string) []string {
		l := make([]string, 100000)
		for i := range l {
			l[i] = fmt.Sprintf("+v%07d", i)
		}
		l[len(l)-1] += mark
		return l
	}
	a, b := list(""), list("")
	size := float64(len(strings.Join(a, sep)))
	in := new(interner)
	in.list([]string{"a", "b"}) // its table of recent lookups and its map, made
	var before, after runtimeStats
	before.read()
	sa, ida := in.list(a)
	after.read()
	if got := float64(after.alloc - before.alloc); got > 1.1*size {
		t.Errorf("joining a list of %.0f bytes allocated %.0f (%.2fx), want at most 1.1x", size, got, got/size)
	}
	if sa != strings.Join(a, sep) {
		t.Fatalf("joined wrong")
	}
	before.read()
	sb, idb := in.list(b)
	after.read()
	if idb != ida || sb != sa {
		t.Errorf("an equal list in another array: id %d, want %d", idb, ida)
	}
	if got := float64(after.alloc - before.alloc); got > 1.1*size {
		t.Errorf("finding an equal list of %.0f bytes allocated %.0f, want at most 1.1x", size, got)
	}
	// ["x", sep+"y"] and ["x", "", "y"] join alike: odd lists.
	c := append(list(""), sep+"y")
	d := append(list(""), "", "y")
	_, idc := in.list(c)
	_, idd := in.list(d)
	if idc == idd || idc == ida {
		t.Errorf("lists that join alike share an id (%d, %d; %d)", idc, idd, ida)
	}
	if _, again := in.list(append(list(""), sep+"y")); again != idc {
		t.Errorf("an odd list again: id %d, want %d", again, idc)
	}
}

// runtimeStats is the bytes allocated so far, after a collection.
type runtimeStats struct{ alloc uint64 }

func (s *runtimeStats) read() {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	s.alloc = m.TotalAlloc
}
