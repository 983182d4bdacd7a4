package diff

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/cputime"
)

// TestSpellingsRestackedLinear (149th adversarial pass; issue 35: a 4x
// input costs at most ~4.4x): the law on roots written alike found the
// stacks a restacked pair keeps by looking each old stack up in the new
// list, so one spec of N roots, one root removed and one added (stacks
// r0 … rN-1 → r1 … rN), cost N² to render: 16,000 roots took 0.55 s of
// CPU, 7.8 times 4,000's. The new stacks are filed once per pair.
func TestSpellingsRestackedLinear(t *testing.T) {
	report := func(n int) *Report {
		old, cur := make([]string, n), make([]string, n)
		for i := range n {
			old[i], cur[i] = fmt.Sprintf("r%07d", i), fmt.Sprintf("r%07d", i+1)
		}
		h := "hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh"
		p := Package{Name: "curl"}
		p.Specs.Restacked = []Pair{{Old: &Spec{Hash: h, Stacks: old}, New: &Spec{Hash: h, Stacks: cur}}}
		return &Report{Packages: []Package{p}, Causes: &Causes{Roots: &RootChanges{}}}
	}
	cost := func(n int) float64 {
		r := report(n)
		var sp *spellings
		return bestCPU(t, func() { sp = newSpellings(r) }, func() {
			if len(sp.stayed) != n-1 {
				t.Fatalf("%d roots: %d stacks stay, want %d", n, len(sp.stayed), n-1)
			}
		})
	}
	small, big := cost(8000), cost(32000)
	if big > 6*small && big > 0.25 {
		t.Errorf("32,000 stacks took %.3fs of CPU, 8,000 %.3fs: %.1fx for 4x the input", big, small, big/small)
	}
}

// TestSpellingsSharedLinear: the law on roots written alike looked for a
// root's stack among its spec's stacks, root by root, so one spec
// written as N roots in one lockfile, gone while another lockfile keeps
// those N roots of another spec, cost N² to render: 32,000 roots took
// 1.67 s of CPU, 8.3 times 8,000's. The roots' specs' stacks are filed
// once, by hash and stack.
func TestSpellingsSharedLinear(t *testing.T) {
	h := "hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh"
	report := func(n int) *Report {
		stacks := make([]string, n)
		roots := make([]RootSpec, n)
		for i := range n {
			stacks[i] = fmt.Sprintf("r%07d", i)
			roots[i] = RootSpec{Root: stacks[i], Name: "curl", Version: "1", Hash: h}
		}
		p := Package{Name: "curl"}
		p.Specs.Removed = []Spec{{Hash: h, Stacks: stacks}}
		return &Report{Packages: []Package{p}, Causes: &Causes{Roots: &RootChanges{Removed: roots}}}
	}
	cost := func(n int) float64 {
		r := report(n)
		shared := 0
		return bestCPU(t, func() {
			sp := newSpellings(r)
			shared = 0
			for _, x := range r.Causes.Roots.Removed {
				if sp.shared(x, 0, OldToNew{Old: 2, New: 1}) && sp.respeltInto(x, []string{x.Root}) {
					shared++
				}
			}
		}, func() {
			if shared != n {
				t.Fatalf("%d roots: %d of them shared, want all", n, shared)
			}
		})
	}
	small, big := cost(8000), cost(32000)
	if big > 6*small && big > 0.25 {
		t.Errorf("32,000 roots took %.3fs of CPU, 8,000 %.3fs: %.1fx for 4x the input", big, small, big/small)
	}
}

// bestCPU is the least CPU time, in seconds, of three runs of work, each
// after a collection and followed by check (outside the measure); it
// skips the test where the process's CPU time cannot be read.
func bestCPU(t *testing.T, work, check func()) float64 {
	t.Helper()
	best := -1.0
	for range 3 {
		runtime.GC()
		cpu0, ok0 := cputime.Process()
		work()
		cpu1, ok1 := cputime.Process()
		if !ok0 || !ok1 {
			t.Skip("no CPU time here")
		}
		check()
		if c := (cpu1 - cpu0).Seconds(); best < 0 || c < best {
			best = c
		}
	}
	return best
}
