package version

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// Sort and SortFunc keep a version's first keptComponents components and
// read the rest again when a comparison gets past them: the order must
// be Compare's, which parses whole, at any number kept, whatever the
// versions' lengths, pre-release words and git refs.
func TestKeptComponentsOrderAsCompare(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 35))
	parts := []string{"1", "01", "2", "0", "10", "a", "b", "rc", "alpha", "beta", "final", "develop", "main", "x", "00"}
	seps := []string{".", "-", "_", "", "=", " ", "+", "~"}
	version := func() string {
		var b strings.Builder
		if r.IntN(8) == 0 {
			b.WriteString([]string{"git.", "=", "=git."}[r.IntN(3)])
		}
		// Long shared prefixes: the comparisons that get past the kept
		// components.
		if r.IntN(2) == 0 {
			b.WriteString(strings.Repeat("1.a.", r.IntN(12)))
		}
		for range r.IntN(40) {
			b.WriteString(parts[r.IntN(len(parts))])
			b.WriteString(seps[r.IntN(len(seps))])
		}
		return b.String()
	}
	vs := make([]string, 4000)
	for i := range vs {
		vs[i] = version()
	}
	for _, keep := range []int{0, 1, 2, 3, 5, keptComponents, 64} {
		ps := make([]parsed, len(vs))
		for i, v := range vs {
			ps[i], _ = parseAppend(nil, v, keep)
		}
		for k := range 40000 {
			i, j := r.IntN(len(vs)), r.IntN(len(vs))
			if k < len(vs) {
				i, j = k, (k+1)%len(vs)
			}
			if got, want := compareParsed(ps[i], ps[j]), Compare(vs[i], vs[j]); got != want {
				t.Fatalf("keeping %d components, %q against %q: %d, Compare says %d", keep, vs[i], vs[j], got, want)
			}
		}
	}
	want := slices.Clone(vs)
	slices.SortStableFunc(want, Compare)
	got := slices.Clone(vs)
	Sort(got)
	if !slices.Equal(got, want) {
		t.Error("Sort's order is not Compare's")
	}
	got = slices.Clone(vs)
	SortFunc(got, func(v *string) string { return *v })
	if !slices.Equal(got, want) {
		t.Error("SortFunc's order is not Compare's")
	}
}

// The engine orders the values of its update groups with Sort, among
// them a spec's variants joined: 1,024 pairs of specs of 500 variants,
// every one changed, 2,048 values of 5,500 bytes and 2,000 components,
// parsed to 48 MB at once, 4.3x their bytes (cmd/cachediff's
// TestManyChangedVariantsMemory). The scratch is sized by the components
// kept: 16 a value at most.
func TestSortScratchBounded(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	for _, n := range []int{512, 2048} {
		vs := make([]string, n)
		size := 0
		for i := range vs {
			var b strings.Builder
			for j := range 500 {
				if j > 0 {
					b.WriteByte(' ')
				}
				b.WriteString("v")
				b.WriteString(strings.Repeat("0", 5))
				b.WriteString("=")
				b.WriteString(string(rune('a' + i%26)))
				b.WriteString("_")
				b.WriteString(string(rune('a' + i/26%26)))
			}
			vs[i] = b.String()
			size += len(vs[i])
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		Sort(vs)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%d values of %d bytes: allocated %d bytes (%.2fx their bytes)", n, size/n, alloc, float64(alloc)/float64(size))
		if float64(alloc) > 0.1*float64(size) {
			t.Errorf("sorting %d values of %d bytes allocated %d bytes, %.2fx their bytes, want at most 0.1x", n, size/n, alloc, float64(alloc)/float64(size))
		}
		if !slices.IsSortedFunc(vs, Compare) {
			t.Error("not sorted")
		}
	}
}
