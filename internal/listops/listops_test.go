package listops

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestMinusLinear: Minus looks at each element a bounded number of times
// (issue 11 item 2: the Markdown rows of a spec with 100,000 variants
// scanned one list per element of the other, n² comparisons), and gives
// what the plain scan gives on both sides of its threshold.
func TestMinusLinear(t *testing.T) {
	n := 20000
	a, b := make([]string, n), make([]string, n)
	for i := range n {
		a[i], b[i] = fmt.Sprintf("v%06d=x", i), fmt.Sprintf("v%06d=x", i+1)
	}
	probes := 0
	if got := Minus(a, b, &probes); !slices.Equal(got, a[:1]) {
		t.Fatalf("minus = %v…, want [%s]", got[:min(3, len(got))], a[0])
	}
	if probes > 4*n {
		t.Errorf("%d probes for two lists of %d, want at most %d (linear)", probes, n, 4*n)
	}
	for _, na := range []int{0, 1, 16, 17, 40} {
		for _, nb := range []int{0, 1, 16, 17, 50} {
			var x, y []string
			for i := range na {
				x = append(x, fmt.Sprint(i%7))
			}
			for i := range nb {
				y = append(y, fmt.Sprint(i%5+3))
			}
			var want []string
			for _, s := range x {
				if !slices.Contains(y, s) {
					want = append(want, s)
				}
			}
			if got := Minus(x, y, nil); !slices.Equal(got, want) {
				t.Errorf("minus(%d, %d) = %v, want %v", na, nb, got, want)
			}
		}
	}
}

// TestMinusSorted: two sorted lists, as canonical ones are, are merged,
// not set (a map of b per pair cost 0.7 s for 32 restacked pairs of 64k
// stacks); the result is the plain scan's, duplicates and all.
func TestMinusSorted(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		var a, b []string
		for range r.IntN(60) {
			a = append(a, fmt.Sprint(r.IntN(40)+10))
		}
		for range r.IntN(60) {
			b = append(b, fmt.Sprint(r.IntN(40)+10))
		}
		slices.Sort(a)
		slices.Sort(b)
		var want []string
		for _, s := range a {
			if !slices.Contains(b, s) {
				want = append(want, s)
			}
		}
		probes := 0
		if got := Minus(a, b, &probes); !slices.Equal(got, want) {
			t.Fatalf("Minus(%q, %q) = %q, want %q", a, b, got, want)
		}
		if probes > len(a)+len(b) && len(a) > smallList && len(b) > smallList {
			t.Errorf("%d probes for lists of %d and %d", probes, len(a), len(b))
		}
	}
}

// TestMinusVariantOrder: a spec's canonical variants are sorted by name
// (CompareVariants: build_system=generic before +shared, against their
// bytes), and are merged too, with the plain scan's result.
func TestMinusVariantOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	spell := func() string {
		name := fmt.Sprint("v", r.IntN(30))
		switch r.IntN(4) {
		case 0:
			return "+" + name
		case 1:
			return "~" + name
		case 2:
			return name + "=" + fmt.Sprint(r.IntN(3))
		}
		return "build_system=generic"
	}
	for range 500 {
		var a, b []string
		for range r.IntN(60) {
			a = append(a, spell())
		}
		for range r.IntN(60) {
			b = append(b, spell())
		}
		slices.SortFunc(a, CompareVariants)
		slices.SortFunc(b, CompareVariants)
		var want []string
		for _, s := range a {
			if !slices.Contains(b, s) {
				want = append(want, s)
			}
		}
		probes := 0
		if got := Minus(a, b, &probes); !slices.Equal(got, want) {
			t.Fatalf("Minus(%q, %q) = %q, want %q", a, b, got, want)
		}
		if probes > len(a)+len(b) && len(a) > smallList && len(b) > smallList {
			t.Errorf("%d probes for lists of %d and %d", probes, len(a), len(b))
		}
	}
}

// TestMinusJoin: MinusJoin is Join of Minus, and counts the same
// probes, for lists sorted either way, unsorted, short and long, with
// repeats and empty strings; and on sorted lists it allocates the result
// alone, not a list of the strings to join.
func TestMinusJoin(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 214))
	words := []string{"", "+a", "~a", "a=1", "b=2", "+c", "~c", "c:d=1", "x", "+y", "-z", "zz=q,r"}
	for range 2000 {
		mk := func() []string {
			l := make([]string, r.IntN(60))
			for i := range l {
				l[i] = words[r.IntN(len(words))]
				if r.IntN(3) == 0 {
					l[i] += strconv.Itoa(r.IntN(40))
				}
			}
			switch r.IntN(3) {
			case 0:
				slices.Sort(l)
			case 1:
				slices.SortFunc(l, CompareVariants)
			}
			return l
		}
		a, b := mk(), mk()
		var p1, p2 int
		want := Join(Minus(a, b, &p1), " ")
		if got := MinusJoin(a, b, " ", &p2); got != want || p1 != p2 {
			t.Fatalf("MinusJoin(%q, %q) = %q (%d probes), want %q (%d)", a, b, got, p2, want, p1)
		}
	}
	a, b := make([]string, 20000), make([]string, 20000)
	for i := range a {
		a[i], b[i] = fmt.Sprintf("+v%07d", i), fmt.Sprintf("~v%07d", i)
	}
	slices.SortFunc(a, CompareVariants)
	slices.SortFunc(b, CompareVariants)
	var s string
	allocs := testing.AllocsPerRun(3, func() { s = MinusJoin(a, b, " ", nil) })
	if allocs > 1 || len(s) != 20000*10-1 {
		t.Errorf("MinusJoin of 20,000 strings: %.0f allocations, %d bytes; want 1, the result", allocs, len(s))
	}
}

// TestMinusUnorderedAllocs: Minus of two lists of the same strings in
// another order (a spec's variants as written, --no-canonicalize) builds
// a set of the second in an open-addressed table of indices, at most 16
// bytes a string, and finds nothing missing. A map[string]struct{} of
// them took 44 bytes a string: 64 specs of 16,000 variants, reversed on
// the new side, allocated 109 MB of maps and peaked at 121 MB against
// 105 MB canonicalized. It gives what the plain scan gives, duplicates
// and all.
func TestMinusUnorderedAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	n := 20000
	a := make([]string, n)
	for i := range a {
		a[i] = fmt.Sprintf("v%06d=%d", i, i%3)
	}
	b := slices.Clone(a)
	slices.Reverse(b)
	var got []string
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got = Minus(a, b, nil)
	runtime.ReadMemStats(&after)
	if got != nil {
		t.Fatalf("minus of a list and its reverse = %d strings, want none", len(got))
	}
	if bytes := after.TotalAlloc - before.TotalAlloc; bytes > uint64(16*n) {
		t.Errorf("minus of two lists of %d strings in another order allocated %d bytes (%.1f a string), want at most %d", n, bytes, float64(bytes)/float64(n), 16*n)
	}
	// The result is the plain scan's: b's duplicates and a's kept.
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		x, y := make([]string, 40+r.IntN(40)), make([]string, 20+r.IntN(40))
		for i := range x {
			x[i] = strconv.Itoa(r.IntN(60))
		}
		for i := range y {
			y[i] = strconv.Itoa(r.IntN(60))
		}
		var want []string
		for _, s := range x {
			if !slices.Contains(y, s) {
				want = append(want, s)
			}
		}
		if got := Minus(x, y, nil); !slices.Equal(got, want) {
			t.Fatalf("minus(%q, %q) = %q, want %q", x, y, got, want)
		}
	}
}

// TestMinusJoinFewOut: MinusJoin of a long list but a few made the list
// (Minus, grown by append) and joined it: a spec's variants beside its
// package's one shared variant. It writes the result alone, as Join of
// Minus (TestMinusJoin compares them).
func TestMinusJoinFewOut(t *testing.T) {
	a := make([]string, 100000)
	for i := range a {
		a[i] = fmt.Sprintf("v%07d", i)
	}
	b := []string{"build_system=generic", a[5]}
	want := Join(Minus(a, b, nil), " ")
	var s string
	allocs := testing.AllocsPerRun(3, func() { s = MinusJoin(a, b, " ", nil) })
	if s != want {
		t.Fatalf("MinusJoin: %d bytes, want %d", len(s), len(want))
	}
	if allocs > 1 {
		t.Errorf("MinusJoin of 100,000 strings but 2: %.0f allocations, want 1, the result", allocs)
	}
}
