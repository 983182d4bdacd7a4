package diff

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// stackedTieReport is a report as render reads it, edited so that its
// sets stack: set 1 holds one cause, set k+1 is set k through a via
// named x, and the pair of set k+1 (package p) goes first through a via
// of n-k names x. At each level the pair's own path and the path from
// the set based on it tie on depth and package, so comparing them name
// by name walked the whole stack: n²/2 names for a report of size n.
func stackedTieReport(n int) *Report {
	c := &Causes{
		Table: []Cause{{Name: "leaf", OldHash: "o-leaf", NewHash: "n-leaf", Changes: []Change{{Kind: "version", From: "1", To: "2"}}}},
	}
	// Link 0 names the leaf; links 1 … n name x, link d going on to
	// link d-1 (d names of x in all, then the leaf's link is not on it).
	c.Paths = append(c.Paths, PathLink{Name: "leaf"})
	for d := 1; d <= n; d++ {
		l := PathLink{Name: "x"}
		if d > 1 {
			next := d - 1
			l.Next = &next
		}
		c.Paths = append(c.Paths, l)
	}
	c.Sets = [][]CauseRef{{}, {{Cause: 0, Path: 0}}}
	for k := 1; k < n; k++ {
		c.Sets = append(c.Sets, []CauseRef{{SetBase: &SetBase{Set: k, Via: 1}}})
	}
	p := Package{Name: "p"}
	for k := 1; k <= n; k++ {
		w := &Why{Known: true, Set: k, Changed: []DepChange{{Name: "x", OldHash: "o-x", NewHash: "n-x"}}}
		if d := n - k; d > 0 {
			w.Via = &d
		}
		old := &Spec{Hash: fmt.Sprintf("o-p%06d", k), Versions: []string{fmt.Sprint(k)}}
		nw := &Spec{Hash: fmt.Sprintf("n-p%06d", k), Versions: []string{fmt.Sprint(k)}}
		p.Specs.Rebuilt = append(p.Specs.Rebuilt, Pair{Old: old, New: nw, Why: w})
	}
	c.Pairs, c.Known, c.Explained = n, n, n
	via := []string{"p"}
	for range n - 1 {
		via = append(via, "x")
	}
	c.Groups = []CauseGroup{{Name: "leaf", Changes: c.Table[0].Changes, Specs: n, Rebuilt: n, Via: append(via, "leaf")}}
	return &Report{Packages: []Package{p}, Causes: c}
}

func TestCauseLawsStackedTiesLinear(t *testing.T) {
	withBaseMin(t, 1) // sets of a cause or two, based as the engine would with it
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	n := 2000
	bytes := func(n int) uint64 {
		r := stackedTieReport(n)
		if err := checkCauseSets(r); err != nil {
			t.Fatalf("%d sets: %v", n, err)
		}
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		if err := checkCauseSets(r); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	a, b := bytes(n), bytes(4*n)
	t.Logf("stacked ties: %d → %d bytes (%.2fx)", a, b, float64(b)/float64(a))
	if float64(b) > 4.4*float64(a) {
		t.Errorf("4x the stacked sets allocates %.2fx the bytes (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}
}

// TestComparePrefixOracle: the hashes order prefixes through stacked
// bases as their names do, name by name.
func TestComparePrefixOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 35))
	compared, equal := 0, 0
	for round := range 300 {
		// A forest of links over the names a and b.
		n := 1 + rng.IntN(12)
		c := &Causes{}
		for i := range n {
			l := PathLink{Name: string(rune('a' + rng.IntN(2)))}
			if i > 0 && rng.IntN(4) > 0 {
				nx := rng.IntN(i)
				l.Next = &nx
			}
			c.Paths = append(c.Paths, l)
		}
		depth := make([]int, n)
		for i := range n {
			depth[i] = len(c.PathNames("", i)) - 1
		}
		h := newPathHashes(c.Paths, depth)
		draw := func() (causePrefix, int) {
			p := causePrefix{name: "p", via: -1}
			if rng.IntN(3) > 0 {
				p.via = rng.IntN(n)
				p.depth = depth[p.via]
			}
			for range rng.IntN(6) {
				l := rng.IntN(n)
				p.chain = h.cons(p, l)
				p.depth += depth[l]
			}
			link := -1
			if rng.IntN(2) > 0 {
				link = rng.IntN(n)
			}
			return p, link
		}
		for range 50 {
			a, pa := draw()
			b, pb := draw()
			x, y := c.prefixNames(nil, a, pa), c.prefixNames(nil, b, pb)
			if len(x) != len(y) {
				continue
			}
			got, want := h.comparePrefix(a, pa, b, pb, len(x)), slices.Compare(x, y)
			if got != want {
				t.Fatalf("round %d: %q vs %q: %d, want %d", round, x, y, got, want)
			}
			compared++
			if want == 0 {
				equal++
			}
		}
	}
	t.Logf("%d compared, %d equal", compared, equal)
	if compared < 1000 || equal < 100 {
		t.Errorf("%d prefixes of as many names compared, %d equal: too few to tell", compared, equal)
	}
}

// fanInReport is a report as render reads it whose one pair's set is
// based on k sets of one cause each (each of its own group): the walks
// over the sets' bases copied a set's bases at each step, k² for the
// pair's set.
func fanInReport(k int) *Report {
	c := &Causes{Paths: []PathLink{{Name: "x"}}, Sets: [][]CauseRef{{}}}
	var top []CauseRef
	for i := range k {
		name := fmt.Sprintf("q%06d", i)
		ch := []Change{{Kind: "version", From: "1", To: fmt.Sprint(i + 2)}}
		c.Table = append(c.Table, Cause{Name: name, OldHash: "o-" + name, NewHash: "n-" + name, Changes: ch})
		c.Paths = append(c.Paths, PathLink{Name: name})
		c.Sets = append(c.Sets, []CauseRef{{Cause: i, Path: i + 1}})
		top = append(top, CauseRef{SetBase: &SetBase{Set: i + 1, Via: 0}})
		c.Groups = append(c.Groups, CauseGroup{Name: name, Changes: ch, Specs: 1, Rebuilt: 1, Via: []string{"p", "x", name}})
	}
	c.Sets = append(c.Sets, top)
	p := Package{Name: "p", Specs: SpecChanges{Rebuilt: []Pair{{Old: &Spec{Hash: "o-p", Versions: []string{"1"}}, New: &Spec{Hash: "n-p", Versions: []string{"1"}},
		Why: &Why{Known: true, Set: k + 1, Changed: []DepChange{{Name: "x", OldHash: "o-x", NewHash: "n-x"}}}}}}}
	c.Pairs, c.Known, c.Explained = 1, 1, 1
	return &Report{Packages: []Package{p}, Causes: c}
}

// TestCauseLawsFanInLinear: a set based on 4x the sets allocates at
// most ~4.4x the bytes to check, and Markdown's first causes of it as
// well.
func TestCauseLawsFanInLinear(t *testing.T) {
	withBaseMin(t, 1) // sets of a cause or two, based as the engine would with it
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	n := 2000
	measure := func(what string, n int, f func(r *Report) error) uint64 {
		r := fanInReport(n)
		if err := f(r); err != nil {
			t.Fatalf("%s, %d bases: %v", what, n, err)
		}
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		if err := f(r); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	for _, x := range []struct {
		what string
		f    func(r *Report) error
	}{
		{"laws", checkCauseSets},
		{"first causes", func(r *Report) error {
			w := r.Packages[0].Specs.Rebuilt[0].Why
			causes, all := r.Causes.ResolveFirst(w, "p", 3, 10, nil)
			if len(causes) != 3 || all != len(r.Causes.Table) || causes[0].Name != "q000000" {
				return fmt.Errorf("first causes %v of %d, want q000000 … of %d", causes, all, len(r.Causes.Table))
			}
			return nil
		}},
	} {
		a, b := measure(x.what, n, x.f), measure(x.what, 4*n, x.f)
		t.Logf("%s: %d → %d bytes (%.2fx)", x.what, a, b, float64(b)/float64(a))
		if float64(b) > 4.4*float64(a) {
			t.Errorf("%s: 4x the bases allocates %.2fx the bytes (%d → %d), want at most 4.4x", x.what, float64(b)/float64(a), a, b)
		}
	}
}

// TestCauseLawsFanInBaseChecks: checkCauseSets refuses a set that names
// one base twice by a mark per set, not by looking for each base among
// those before it (K² comparisons for a set based on K sets, with no
// allocation for TestCauseLawsFanInLinear to see): 4x the bases is at
// most ~4.4x the comparisons (lawSetStep).
func TestCauseLawsFanInBaseChecks(t *testing.T) {
	withBaseMin(t, 1) // sets of a cause or two, based as the engine would with it
	n := 2000
	if testing.Short() {
		n = 500
	}
	steps := func(n int) int {
		r := fanInReport(n)
		count := 0
		lawSetStep = func() { count++ }
		defer func() { lawSetStep = nil }()
		if err := checkCauseSets(r); err != nil {
			t.Fatalf("%d bases: %v", n, err)
		}
		return count
	}
	a, b := steps(n), steps(4*n)
	t.Logf("fan-in: %d → %d base checks (%.2fx)", a, b, float64(b)/float64(a))
	if a < n {
		t.Fatalf("%d bases checked with %d comparisons: the count misses bases", n, a)
	}
	if float64(b) > 4.4*float64(a) {
		t.Errorf("4x the bases compares %.2fx as often (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}
	// The refusal stands: a set naming one base twice.
	r := fanInReport(3)
	top := r.Causes.Sets[len(r.Causes.Sets)-1]
	top[2].SetBase = &SetBase{Set: top[0].SetBase.Set, Via: 0}
	if err := checkCauseSets(r); err == nil || !strings.Contains(err.Error(), "a base of the set twice") {
		t.Errorf("a base twice: %v, want a base of the set twice", err)
	}
}
