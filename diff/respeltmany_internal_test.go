package diff

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// manySpellingsLock writes and loads a lockfile of n roots written
// foo@1, each a foo of an os of its own over one chain of hubs; those
// of odd i are written foo@1.<i> when respelt, each a spelling of its
// own.
func manySpellingsLock(t *testing.T, n, hubs int, respelt bool) *snapshot.Snapshot {
	t.Helper()
	h := spellHash
	node := func(name, hash, osName, deps string) string {
		return fmt.Sprintf(`%q:{"name":%q,"version":"1","arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`,
			hash, name, osName, deps, hash)
	}
	dep := func(name, hash string) string {
		return fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, name, hash)
	}
	var roots, specs []string
	for c := range hubs {
		d := ""
		if c+1 < hubs {
			d = dep(fmt.Sprintf("hub%d", c+1), h('h', c+1))
		}
		specs = append(specs, node(fmt.Sprintf("hub%d", c), h('h', c), "os", d))
	}
	for i := range n {
		spelling := "foo@1"
		if respelt && i%2 == 1 {
			spelling = fmt.Sprintf("foo@1.%d", i)
		}
		roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, h('f', i), spelling))
		specs = append(specs, node("foo", h('f', i), fmt.Sprintf("os%d", i), dep("hub0", h('h', 0))))
	}
	return loadLock(t, roots, specs)
}

// TestRespeltManySpellingsLinear (issue 35 class c): of n roots of one
// spelling, each of its own environment, half respelt alone, each into a
// spelling of its own, over one chain of n specs they all need:
// respellStacks walked the chain once for each new spelling, n²/2 steps,
// and kept a set of renames for each length 1 to n/2 (n²/8 numbers):
// 4x the roots and chain cost 15.8x the steps and 6x the bytes. The
// stack's specs are walked once, by their components in topological
// order, a set shared down the chain: 4x the input costs at most ~4.4x
// the steps and the bytes, and each hub is in every spelling's stack.
func TestRespeltManySpellingsLinear(t *testing.T) {
	respellFourTimes(t, func(n int, steps *int) uint64 {
		s, bytes := respellStacksBytes(manySpellingsLock(t, n, n, false), manySpellingsLock(t, n, n, true), func(ren *respelling) {
			if len(ren.part) != n/2 || ren.kept["foo@1"] != n-n/2 {
				t.Fatalf("%d roots: %d respelt alone, kept %d; want %d, %d", n, len(ren.part), ren.kept["foo@1"], n/2, n-n/2)
			}
			*steps = 0
		})
		for _, p := range s.Packages {
			for _, sp := range p.Specs {
				want := n/2 + 1 // foo@1 and each foo@1.<i>
				if p.Name == "foo" {
					want = 1
				}
				if len(sp.Stacks) != want {
					t.Fatalf("%d roots: %s of %s in %d stacks, want %d", n, p.Name, sp.OS, len(sp.Stacks), want)
				}
			}
		}
		return bytes
	})
}

// respellFourTimes fails t where cost, respellStacks' bytes of n roots
// (and its steps, counted by respellProbe from where cost zeroes them),
// grows more than 4.4x from 200 roots to 800.
func respellFourTimes(t *testing.T, cost func(n int, steps *int) uint64) {
	t.Helper()
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	steps := 0
	respellProbe = func() { steps++ }
	defer func() { respellProbe = nil }()
	b1 := cost(200, &steps)
	s1 := steps
	b4 := cost(800, &steps)
	s4 := steps
	t.Logf("respellStacks: %d steps of 200 roots, %d of 800 (%.2fx); %d bytes, %d (%.2fx)", s1, s4, float64(s4)/float64(s1), b1, b4, float64(b4)/float64(b1))
	if float64(s4) > 4.4*float64(s1) {
		t.Errorf("respellStacks: %d steps of 200 roots, %d of 800 (%.2fx), want at most 4.4x", s1, s4, float64(s4)/float64(s1))
	}
	if float64(b4) > 4.4*float64(b1) {
		t.Errorf("respellStacks: %d bytes allocated of 200 roots, %d of 800 (%.2fx), want at most 4.4x", b1, b4, float64(b4)/float64(b1))
	}
}

// TestRespeltManySpellingsJoinLinear is TestRespeltManySpellingsLinear
// the other way round (issue 35 class d): n/2 spellings of one root
// each, respelt whole into the spelling n/2 other roots keep (root by
// root: the old side writes it too), over one spec they all need (a
// chain of n, in the stacks of all n/2 spellings, is n²/2 specs in
// stacks, walked so). The spec took each spelling's set of renames in
// turn, its set copied as it grew: 4x the input allocated 9.3x the
// bytes in respellStacks (of 8,000 roots over a zlib, 56 MB; 131 MB
// with the stacks' walk). The sets a spec takes are listed and joined
// once.
func TestRespeltManySpellingsJoinLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	cost := func(n int) uint64 {
		s, bytes := respellStacksBytes(manySpellingsLock(t, n, 1, true), manySpellingsLock(t, n, 1, false), func(ren *respelling) {
			if len(ren.whole) != n/2 || len(ren.perRoot) != n/2 {
				t.Fatalf("%d roots: %d spellings respelt whole, %d root by root; want %d", n, len(ren.whole), len(ren.perRoot), n/2)
			}
		})
		for _, p := range s.Packages {
			for _, sp := range p.Specs {
				if p.Name != "foo" && !slices.Equal(sp.Stacks, []string{"foo@1"}) {
					t.Fatalf("%d roots: %s in stacks %q, want foo@1 alone", n, p.Name, sp.Stacks)
				}
			}
		}
		return bytes
	}
	b1, b4 := cost(2000), cost(8000)
	t.Logf("respellStacks: %d bytes of 2,000 roots, %d of 8,000 (%.2fx)", b1, b4, float64(b4)/float64(b1))
	if float64(b4) > 4.4*float64(b1) {
		t.Errorf("respellStacks: %d bytes allocated of 2,000 roots, %d of 8,000 (%.2fx), want at most 4.4x", b1, b4, float64(b4)/float64(b1))
	}
}

// respellStacksBytes returns respellStacks of old against cur, given
// respell's respelling after check has seen it, and the bytes it
// allocated.
func respellStacksBytes(old, cur *snapshot.Snapshot, check func(ren *respelling)) (*snapshot.Snapshot, uint64) {
	og, ng := GraphOf(old), GraphOf(cur)
	o, nw := rootNodes(og), rootNodes(ng)
	ren := respell(o, nw)
	check(ren)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := respellStacks(old, og, ng, o, ren)
	runtime.ReadMemStats(&after)
	return s, after.TotalAlloc - before.TotalAlloc
}

// pairedRootsLock loads a lockfile of n roots written foo, foo 1.<i>
// on one os, roots 2j and 2j+1 over a zlib of their own; respelt, each
// odd root is written foo@=1.<i> and rebuilt, and each even one is
// removed (its zlib kept by its odd mate).
func pairedRootsLock(t *testing.T, n int, respelt bool) *snapshot.Snapshot {
	t.Helper()
	var roots, specs []string
	node := func(name, hash, version, variant, deps string) string {
		return fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"namespace":"builtin","parameters":{"ssl":%s},"dependencies":[%s],"hash":%q}`,
			hash, name, version, variant, deps, hash)
	}
	for i := range n {
		if i%2 == 0 {
			specs = append(specs, node("zlib", spellHash('z', i/2), "1", "false", ""))
		}
		spelling, hash, variant := "foo", spellHash('f', i), "false"
		if respelt {
			if i%2 == 0 {
				continue
			}
			spelling, hash, variant = fmt.Sprintf("foo@=1.%d", i), spellHash('g', i), "true"
		}
		roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, hash, spelling))
		specs = append(specs, node("foo", hash, fmt.Sprintf("1.%d", i), variant,
			fmt.Sprintf(`{"name":"zlib","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, spellHash('z', i/2))))
	}
	return loadLock(t, roots, specs)
}

// spellHash is a hash of kind and i (base 26, a to z).
func spellHash(kind byte, i int) string {
	b := []byte(strings.Repeat("a", 32))
	b[0] = kind
	for k := 31; i > 0; k, i = k-1, i/26 {
		b[k] = byte('a' + i%26)
	}
	return string(b)
}

// TestRespeltBesideRemovedLinear (issue 35 class d): of n roots of one
// spelling on one os, half respelt alone, each into a spelling of its
// own and rebuilt, and half removed (weak: their spelling is respelt
// in their environment), each removed root sharing a zlib with a
// respelt one. Each removed root's group of renames was keyed by the
// n/2 spellings respelt there, joined (hashed for each root), and each
// zlib split that list again: 4x the roots allocated 9.4x the bytes in
// respellStacks (2.3 MB of 500 roots, 284 MB of 8,000). The lists are
// numbered and split once: at most ~4.4x, and each zlib is in its
// respelt mate's stack alone. Each zlib's new list was then looked up
// for each of the n/2 alts of its weak root (n²/4 steps: 4x the roots
// took 16x the steps, 13x the CPU in respellStacks): the shorter list
// is walked (sortedShared), at most ~4.4x the steps too.
func TestRespeltBesideRemovedLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	steps := 0
	respellProbe = func() { steps++ }
	defer func() { respellProbe = nil }()
	cost := func(n int) (int, uint64) {
		s, bytes := respellStacksBytes(pairedRootsLock(t, n, false), pairedRootsLock(t, n, true), func(ren *respelling) {
			if len(ren.part) != n/2 || len(ren.weak) != n/2 {
				t.Fatalf("%d roots: %d respelt alone, %d weak; want %d each", n, len(ren.part), len(ren.weak), n/2)
			}
			steps = 0
		})
		mate := map[string]string{} // a zlib's hash: its respelt root's spelling
		for j := range n / 2 {
			mate[spellHash('z', j)] = fmt.Sprintf("foo@=1.%d", 2*j+1)
		}
		for _, p := range s.Packages {
			for _, sp := range p.Specs {
				if want := []string{mate[sp.Hash]}; p.Name == "zlib" && !slices.Equal(sp.Stacks, want) {
					t.Fatalf("%d roots: zlib %s in stacks %q, want %q", n, sp.Hash, sp.Stacks, want)
				}
			}
		}
		return steps, bytes
	}
	s1, b1 := cost(200)
	s4, b4 := cost(800)
	t.Logf("respellStacks: %d steps and %d bytes of 200 roots, %d and %d of 800 (%.2fx, %.2fx)", s1, b1, s4, b4, float64(s4)/float64(s1), float64(b4)/float64(b1))
	if float64(s4) > 4.4*float64(s1) {
		t.Errorf("respellStacks: %d steps of 200 roots, %d of 800 (%.2fx), want at most 4.4x", s1, s4, float64(s4)/float64(s1))
	}
	if float64(b4) > 4.4*float64(b1) {
		t.Errorf("respellStacks: %d bytes allocated of 200 roots, %d of 800 (%.2fx), want at most 4.4x", b1, b4, float64(b4)/float64(b1))
	}
}

// TestSortedSharedLinear (issue 35 class d): sortedShared of two lists
// of one length looked each of one up in the other by binary search,
// n log n steps (4.85x the time for 4x the values); of a short list and
// a long one, it must not walk the long one. The steps counted are the
// comparisons: at most ~4.4x for 4x the values, and what is shared is
// what a map says, in order, either way round.
func TestSortedSharedLinear(t *testing.T) {
	steps := 0
	respellProbe = func() { steps++ }
	defer func() { respellProbe = nil }()
	list := func(n, step, from int) []string {
		var l []string
		for i := from; i < n; i += step {
			l = append(l, fmt.Sprintf("s%07d", i))
		}
		return l
	}
	shared := func(a, b []string) []string {
		in := map[string]bool{}
		for _, v := range a {
			in[v] = true
		}
		var out []string
		for _, v := range b {
			if in[v] {
				out = append(out, v)
			}
		}
		return out
	}
	setOf := func(a []string) func() map[string]bool {
		return func() map[string]bool {
			m := map[string]bool{}
			for _, v := range a {
				m[v] = true
			}
			return m
		}
	}
	shapes := []struct {
		name  string
		lists func(n int) ([]string, []string)
	}{
		{"one length", func(n int) ([]string, []string) { return list(2*n, 2, 0), list(3*n, 3, 0) }},
		{"short alts", func(n int) ([]string, []string) { return list(n, n/4, 0), list(n, 1, 0) }},
		{"short list", func(n int) ([]string, []string) { return list(n, 1, 0), list(n, n/4, 1) }},
		{"about twice", func(n int) ([]string, []string) { return list(2*n, 4, 0), list(2*n, 2, 1) }},
	}
	for _, sh := range shapes {
		cost := func(n int) int {
			a, b := sh.lists(n)
			steps = 0
			if got, want := sortedShared(a, setOf(a), b), shared(a, b); !slices.Equal(got, want) {
				t.Fatalf("%s, %d: shared %d values, want %d", sh.name, n, len(got), len(want))
			}
			return steps
		}
		s1, s4 := cost(2000), cost(8000)
		if float64(s4) > 4.4*float64(s1) {
			t.Errorf("%s: %d steps of 2,000 values, %d of 8,000 (%.2fx), want at most 4.4x", sh.name, s1, s4, float64(s4)/float64(s1))
		}
	}
	for _, c := range [][2][]string{{nil, nil}, {nil, {"a"}}, {{"a"}, nil}, {{"a", "b"}, {"a", "b"}}, {{"a", "c"}, {"b", "d"}}} {
		if got, want := sortedShared(c[0], setOf(c[0]), c[1]), shared(c[0], c[1]); !slices.Equal(got, want) {
			t.Errorf("sortedShared(%q, %q) = %q, want %q", c[0], c[1], got, want)
		}
	}
}
