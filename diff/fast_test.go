package diff

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/version"
)

// TestUnchangedShortcut: for packages whose pages list the same specs, the
// shortcut returns what the matching passes return.
func TestUnchangedShortcut(t *testing.T) {
	n := 0
	for seed := range uint64(40) {
		old, _, _ := newGenerator(seed, seed%2 == 0).pair(1 + int(seed%20))
		for _, p := range old.Packages {
			if !sameSpecs(p.Specs, p.Specs) {
				continue
			}
			n++
			fast, fw := newMatcher(nil).comparePackage(p, p)
			slow, sw := newMatcher(nil).matchPackage(p, p)
			if !reflect.DeepEqual(fast, slow) || len(fw) != 0 || len(sw) != 0 {
				t.Fatalf("seed %d %s: shortcut\n%+v\nmatching\n%+v", seed, p.Name, fast, slow)
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d packages took the shortcut", n)
	}
}

// TestOddLists: lists that join the same but differ ([] and [""],
// ["a\x1fb"] and ["a", "b"], which no real page has but a page can
// hold) are different lists to the engine: a spec whose stacks changed
// so is restacked, with the stacks it joined and left, and one whose
// versions or variants changed so is updated, never unchanged or rebuilt.
func TestOddLists(t *testing.T) {
	for _, c := range []struct{ old, new []string }{
		{[]string{}, []string{""}},
		{[]string{"a\x1fb"}, []string{"a", "b"}},
		{[]string{"x", "a\x1fb"}, []string{"x", "a", "b"}},
		{[]string{"", ""}, []string{"\x1f"}},
	} {
		// The same hash: unchanged unless the stacks differ.
		o, n := sp("a", "1.0", "gcc@13.2.0", "x86_64_v3"), sp("a", "1.0", "gcc@13.2.0", "x86_64_v3")
		o.Stacks, n.Stacks = c.old, c.new
		r, _ := CompareWith(snap("old", o), snap("new", n), Filter{})
		if got := r.Summary.Specs; got.Restacked != 1 || got.Unchanged != 0 {
			t.Errorf("stacks %q -> %q: %+v, want restacked", c.old, c.new, got)
		} else if p := r.Packages[0].Specs.Restacked[0]; len(p.StacksJoined)+len(p.StacksLeft) == 0 {
			t.Errorf("stacks %q -> %q: restacked with no stack joined or left", c.old, c.new)
		}
		// A new hash: rebuilt only when the facets are equal.
		o, n = sp("a", "1.0", "gcc@13.2.0", "x86_64_v3"), sp("b", "1.0", "gcc@13.2.0", "x86_64_v3")
		o.Versions, n.Versions = c.old, c.new
		r, _ = CompareWith(snap("old", o), snap("new", n), Filter{})
		if got := r.Summary.Specs; got.Updated != 1 {
			t.Errorf("versions %q -> %q: %+v, want updated", c.old, c.new, got)
		}
		o, n = sp("a", "1.0", "gcc@13.2.0", "x86_64_v3"), sp("b", "1.0", "gcc@13.2.0", "x86_64_v3")
		o.Variants, n.Variants = c.old, c.new
		r, _ = CompareWith(snap("old", o), snap("new", n), Filter{})
		if got := r.Summary.Specs; got.Updated != 1 {
			t.Errorf("variants %q -> %q: %+v, want updated", c.old, c.new, got)
		}
	}
}

// TestRankedOrder: sorting by ranks is sorting by version.Compare.
func TestRankedOrder(t *testing.T) {
	seeds := uint64(30)
	if testing.Short() {
		seeds = 10 // a quick inner loop: pairs of 1 to 10 packages; make test runs 30 seeds (up to 20)
	}
	for seed := range seeds {
		before, after, _ := newGenerator(seed, false).pair(1 + int(seed%20))
		m := newMatcher(nil) // one for the packages, as compareAll's workers (globalRanks)
		for i, p := range before.Packages {
			m.reset()
			specs := m.prepare(nil, p.Specs)
			if i < len(after.Packages) {
				specs = m.prepare(specs, after.Packages[i].Specs)
			}
			r := rand.New(rand.NewPCG(seed, 1))
			if seed%3 == 0 {
				// Odd lists (interner.list): lists whose joined forms are
				// another's, which the interner gives ids of their own.
				// o2 to o6 tie on their versions' joined form, o3 to o6
				// on their variants', o5 and o6 on their stacks': the
				// hashes decide.
				odd := []snapshot.Spec{
					sp("o1", "", "gcc@13.2.0", "x86_64_v3"),
					sp("o2", "1.0", "gcc@13.2.0", "x86_64_v3"),
					sp("o3", "1.0", "gcc@13.2.0", "x86_64_v3"),
					sp("o4", "1.0", "gcc@13.2.0", "x86_64_v3"),
					sp("o5", "1.0", "gcc@13.2.0", "x86_64_v3"),
					sp("o6", "1.0", "gcc@13.2.0", "x86_64_v3"),
				}
				odd[0].Versions = []string{""}
				odd[1].Versions = []string{"1.0" + sep + "2.0"}
				for i := 2; i < len(odd); i++ {
					odd[i].Versions = []string{"1.0", "2.0"}
					odd[i].Variants = []string{"+shared", "~x"}
				}
				odd[2].Variants = []string{"+shared" + sep + "~x"}
				odd[4].Variants = []string{"+shared" + sep + "~x"}
				odd[4].Stacks = []string{"a" + sep + "b"}
				odd[5].Stacks = []string{"a", "b"}
				odd[1].Stacks = []string{""}
				specs = m.prepare(specs, odd)
			}
			r.Shuffle(len(specs), func(i, j int) { specs[i], specs[j] = specs[j], specs[i] })
			plain := slices.Clone(specs)
			slices.SortFunc(plain, compareSpecs)
			m.rankSpecs(specs[:len(specs)/2], specs[len(specs)/2:])
			if !specs[0].packed {
				t.Fatalf("seed %d %s: ranks not packed", seed, p.Name)
			}
			slices.SortFunc(specs, compareSpecs)
			for k := range specs {
				if specs[k] != plain[k] {
					t.Fatalf("seed %d %s: ranked order differs at %d", seed, p.Name, k)
				}
			}
		}
	}
}

func TestDistinctVersions(t *testing.T) {
	vs := []string{"2.0", "1.10", "1.2", "2.0", "develop", "1.2"}
	var specs []snapshot.Spec
	for i, v := range vs {
		specs = append(specs, sp(string(rune('a'+i)), v, "gcc@13.2.0", "x86_64_v3"))
	}
	want := slices.Clone(vs)
	slices.SortFunc(want, version.Compare)
	want = slices.Compact(want)
	got := distinctVersions(prepare(specs, nil))
	if !slices.Equal(got, want) {
		t.Errorf("versions %v, want %v", got, want)
	}
}

// distinctVersions is a fresh matcher's distinctVersions of specs,
// gathering every spec's versions.
func distinctVersions(specs []*spec) []string {
	var m matcher
	return m.distinctVersions(specs, false)
}

// TestDistinctVersionsKeyed: gathering each distinct list of versions
// once (by its interned id, for prepared specs) gives the versions that
// gathering every spec's gives, for lists shared, equal, overlapping and
// empty, across packages of one matcher.
func TestDistinctVersionsKeyed(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pool := []string{"1.0", "1.2", "1.10", "2.0", "2.0rc1", "develop", "main", "3"}
	m := newMatcher(nil)
	for pkg := range 200 {
		var specs []snapshot.Spec
		var lists [][]string
		for i := range 1 + r.IntN(12) {
			var l []string
			if len(lists) > 0 && r.IntN(2) == 0 {
				l = lists[r.IntN(len(lists))] // shared
			} else {
				for range r.IntN(3) {
					l = append(l, pool[r.IntN(len(pool))])
				}
				lists = append(lists, l)
			}
			s := sp(fmt.Sprint("p", pkg, "s", i), "", "gcc@13.2.0", "x86_64_v3")
			s.Versions = l
			specs = append(specs, s)
		}
		prepared := m.prepare(nil, specs)
		got := m.distinctVersions(prepared, true)
		if want := distinctVersions(prepared); !slices.Equal(got, want) {
			t.Fatalf("package %d: keyed %q, want %q", pkg, got, want)
		}
		m.reset()
	}
}

// TestDistinctVersionsOwnArray: the report keeps each package's list of
// versions; it must not keep the array that gathered every spec's
// versions with it (issue 11 item 6: 48 MB for a million tiny specs).
func TestDistinctVersionsOwnArray(t *testing.T) {
	var specs []snapshot.Spec
	for i := range 1000 {
		specs = append(specs, sp(fmt.Sprint("h", i), fmt.Sprint("1.", i%10), "gcc@13.2.0", "x86_64_v3"))
	}
	prepared := prepare(specs, nil)
	const n = 200
	kept := make([][]string, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range kept {
		kept[i] = distinctVersions(prepared)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	// Ten versions of 16 bytes each: 160 bytes a list; the gathering
	// array is 1,000 strings, 16 KB.
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > n*1024 {
		t.Errorf("%d lists of %d versions keep %d bytes, want at most %d", n, len(kept[0]), grew, n*1024)
	}
	runtime.KeepAlive(kept)
}

// TestPackOrd: packed ranks order as the ranks do, facet after facet in
// compareSpecs' order, up to each facet's largest rank, whatever the
// widths (ordWidths) of the facets, up to 128 bits in all.
func TestPackOrd(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 100000 {
		// Widths up to 32 bits (a rank is an int32), 128 in all.
		var w [numFacets + 1]uint
		total := uint(0)
		for i := range w {
			n := uint(r.IntN(33))
			if r.IntN(3) == 0 {
				n = uint(r.IntN(3))
			}
			n = min(n, 31, 128-total)
			w[i], total = n, total+n
		}
		draw := func() (ranks [numFacets]int32, stack int32) {
			for i, f := range ordOrder {
				top := int64(1)<<w[i] - 1
				v := top
				switch r.IntN(3) {
				case 0:
					v = min(top, int64(r.IntN(3)))
				case 1:
					v = r.Int64N(top + 1)
				}
				if f == numFacets {
					stack = int32(v)
				} else {
					ranks[f] = int32(v)
				}
			}
			return
		}
		ra, sa := draw()
		rb, sb := draw()
		// b as a up to a facet drawn, so that each facet decides often.
		for _, f := range ordOrder[:r.IntN(len(ordOrder)+1)] {
			if f == numFacets {
				sb = sa
			} else {
				rb[f] = ra[f]
			}
		}
		want := 0
		for _, f := range ordOrder {
			x, y := sa, sb
			if f < numFacets {
				x, y = ra[f], rb[f]
			}
			if want = cmp.Compare(x, y); want != 0 {
				break
			}
		}
		a, b := packOrd(&ra, sa, &w), packOrd(&rb, sb, &w)
		if got := cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])); got != want {
			t.Fatalf("widths %v, ranks %v %d and %v %d: packed order %d, want %d", w, ra, sa, rb, sb, got, want)
		}
	}
}

// distinctVariants is n specs of one package, each with a list of
// variants of its own, in random order.
func distinctVariants(n int) []snapshot.Spec {
	var specs []snapshot.Spec
	for i := range n {
		s := sp(fmt.Sprintf("u%d", i), "1.0", "gcc@13.2.0", "x86_64_v3")
		s.Variants = []string{fmt.Sprintf("v=%d", i)}
		specs = append(specs, s)
	}
	rand.New(rand.NewPCG(1, 1)).Shuffle(len(specs), func(i, j int) { specs[i], specs[j] = specs[j], specs[i] })
	return specs
}

// TestRanksPackPastSixteenBits: a package with more distinct variant
// lists than 16 bits count is packed all the same, and sorts as
// unranked. Ranks of 16 bits fixed made compareSpecs compare the strings
// of such a package (issue 35's one package of 256k updated specs: 6.1x
// the time of 64k).
func TestRanksPackPastSixteenBits(t *testing.T) {
	if testing.Short() {
		t.Skip("65k specs")
	}
	m := newMatcher(nil)
	ps := m.prepare(nil, distinctVariants(1<<16+1))
	plain := slices.Clone(ps)
	slices.SortFunc(plain, compareSpecs)
	m.rankSpecs(ps)
	if !ps[0].packed {
		t.Fatal("not packed, with 65,537 distinct variant lists")
	}
	slices.SortFunc(ps, compareSpecs)
	if !slices.Equal(ps, plain) {
		t.Error("the packed order differs from the unranked")
	}
}

// TestRankedUnpacked: a package whose ranks need more bits than ord has
// (ordBitsMax, lowered here) is ranked but not packed; it sorts as
// unranked, and the rebuilt pass walks it (matchSorted) to the pairs the
// map finds (matchIndexed).
func TestRankedUnpacked(t *testing.T) {
	defer func(n int) { ordBitsMax = n }(ordBitsMax)
	ordBitsMax = 8
	specs := distinctVariants(600)
	for i := range specs {
		specs[i].Stacks = []string{fmt.Sprint("s", i%3)}
	}
	// The new side: the same facets, new hashes (rebuilt), a few stacks
	// moved.
	news := slices.Clone(specs)
	for i := range news {
		news[i].Hash = "n" + news[i].Hash
		if i%7 == 0 {
			news[i].Stacks = []string{"s9"}
		}
	}
	run := func(sorted bool) ([]matched, []*spec) {
		m := newMatcher(nil)
		olds, nws := m.prepare(nil, specs), m.prepare(nil, news)
		plain := slices.Clone(olds)
		slices.SortFunc(plain, compareSpecs)
		m.rankSpecs(olds, nws)
		if olds[0].packed || !olds[0].ranked {
			t.Fatalf("packed %v, ranked %v: want ranked, unpacked", olds[0].packed, olds[0].ranked)
		}
		slices.SortFunc(olds, compareSpecs)
		slices.SortFunc(nws, compareSpecs)
		if !slices.Equal(olds, plain) {
			t.Fatal("the ranked order differs from the unranked")
		}
		var ro, rn []*spec
		if sorted {
			ro, rn = m.matchSorted(olds, nws)
		} else {
			ro, rn = m.matchIndexed(olds, nws, -1)
		}
		return m.ms, append(ro, rn...)
	}
	ms1, rest1 := run(true)
	ms2, rest2 := run(false)
	if len(ms1) != len(specs) || len(rest1) != 0 || len(ms2) != len(ms1) || len(rest2) != 0 {
		t.Fatalf("%d pairs (%d unpaired), %d by the map (%d unpaired); want %d", len(ms1), len(rest1), len(ms2), len(rest2), len(specs))
	}
	for i := range ms1 {
		if ms1[i].o.Hash != ms2[i].o.Hash || ms1[i].n.Hash != ms2[i].n.Hash {
			t.Fatalf("pair %d: %s → %s, by the map %s → %s", i, ms1[i].o.Hash, ms1[i].n.Hash, ms2[i].o.Hash, ms2[i].n.Hash)
		}
	}
}

// TestGlobalRanks: a matcher that ranks the compilers of package after
// package against all it has seen (globalRanks) orders each package as
// ranking it alone does, also past maxGlobal compilers, where it ranks a
// package's own again.
func TestGlobalRanks(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	m := newMatcher(nil)
	for k := range 300 {
		var specs []snapshot.Spec
		for i := range 1 + r.IntN(12) {
			c := fmt.Sprintf("gcc@%d.%d", r.IntN(40), r.IntN(60)) // 2400 compilers in all
			specs = append(specs, sp(fmt.Sprintf("g%d-%d", k, i), "1.0", c, fmt.Sprintf("t%d", r.IntN(3))))
		}
		m.reset()
		ps := m.prepare(nil, specs)
		plain := slices.Clone(ps)
		slices.SortFunc(plain, compareSpecs)
		m.rankSpecs(ps)
		slices.SortFunc(ps, compareSpecs)
		if !slices.Equal(ps, plain) {
			t.Fatalf("package %d (%d compilers seen): the ranked order differs from the unranked", k, len(m.global[fCompiler].ids))
		}
	}
	if n := len(m.global[fCompiler].ids); n < maxGlobal {
		t.Fatalf("%d compilers ranked globally: the test never went past maxGlobal", n)
	}
}

// TestSharedVariantsKeyed: looking at each distinct list of variants once
// (by its interned id) finds the variants every spec has, as looking at
// every spec does, for lists equal, shared, overlapping and empty, short
// and long (the scan and the count), across packages of one matcher.
func TestSharedVariantsKeyed(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	m := newMatcher(nil)
	for k := range 500 {
		pool := []string{"+a", "~b", "c=1", "c=2", "+d", "~e"}
		if k%5 == 0 {
			for i := range 20 { // past smallList
				pool = append(pool, fmt.Sprintf("v%d=%d", i, k%3))
			}
		}
		lists := make([][]string, 1+r.IntN(4))
		for i := range lists {
			for _, v := range pool {
				if r.IntN(6) > 0 {
					lists[i] = append(lists[i], v)
				}
			}
		}
		var olds, news []snapshot.Spec
		for i := range 1 + r.IntN(8) {
			s := sp(fmt.Sprintf("s%d-%d", k, i), "1.0", "gcc@13.2.0", "x86_64_v3")
			s.Variants = lists[r.IntN(len(lists))]
			if r.IntN(2) == 0 {
				olds = append(olds, s)
			} else {
				news = append(news, s)
			}
		}
		m.reset()
		o := m.prepare(nil, olds)
		n := m.prepare(nil, news)
		want := m.sharedVariants(o, n, false)
		if got := m.sharedVariants(o, n, true); !slices.Equal(got, want) || got == nil {
			t.Fatalf("package %d: keyed %q, want %q", k, got, want)
		}
	}
}

// TestMatchSorted: the rebuilt pass by walking the sorted lists pairs
// what the pass by a map of keys pairs, in the same order, on the
// packages of random pairs of snapshots.
func TestMatchSorted(t *testing.T) {
	for seed := range uint64(20) {
		before, after, _ := newGenerator(seed, false).pair(1 + int(seed%20))
		news := map[string]*snapshot.Package{}
		for _, p := range after.Packages {
			news[p.Name] = p
		}
		ran := 0
		for _, p := range before.Packages {
			np := news[p.Name]
			if np == nil {
				continue
			}
			run := func(sorted bool) ([]matched, []string) {
				m := newMatcher(nil)
				olds, nws := m.prepare(nil, p.Specs), m.prepare(nil, np.Specs)
				m.rankSpecs(olds, nws)
				slices.SortFunc(olds, compareSpecs)
				slices.SortFunc(nws, compareSpecs)
				var ro, rn []*spec
				if sorted {
					if !olds[0].packed {
						t.Fatalf("seed %d %s: not packed", seed, p.Name)
					}
					ro, rn = m.matchSorted(olds, nws)
				} else {
					ro, rn = m.matchIndexed(olds, nws, -1)
				}
				var rest []string
				for _, s := range append(ro, rn...) {
					rest = append(rest, s.Hash)
				}
				return m.ms, rest
			}
			ms1, rest1 := run(true)
			ms2, rest2 := run(false)
			if len(ms1) != len(ms2) || !slices.Equal(rest1, rest2) {
				t.Fatalf("seed %d %s: %d pairs, %d by the map; unpaired %v, %v", seed, p.Name, len(ms1), len(ms2), rest1, rest2)
			}
			for i := range ms1 {
				if ms1[i].o.Hash != ms2[i].o.Hash || ms1[i].n.Hash != ms2[i].n.Hash || ms1[i].kind != ms2[i].kind {
					t.Fatalf("seed %d %s: pair %d differs", seed, p.Name, i)
				}
			}
			ran += len(ms1)
		}
		if ran == 0 {
			t.Fatalf("seed %d: no pairs", seed)
		}
	}
}

// TestSingleValuedPassesSkipped: the updated pass of a facet that has
// one value in a package's specs left is not run (it would find
// nothing, the rebuilt pass having paired the specs of one key): one
// package whose specs differ only in their variants and, from old to
// new, their compiler runs the compiler's updated pass through the map
// (which pairs them all), not the version's before it, and finds every
// update.
func TestSingleValuedPassesSkipped(t *testing.T) {
	olds, news := distinctVariants(500), distinctVariants(500)
	for i := range news {
		news[i].Hash = "n" + news[i].Hash
		news[i].Compiler = "gcc@14.2.0"
	}
	sortByHash(olds)
	sortByHash(news)
	m := newMatcher(nil)
	p, _ := m.matchPackage(&snapshot.Package{Name: "p", Specs: olds}, &snapshot.Package{Name: "p", Specs: news})
	if p.Counts.Updated != len(olds) {
		t.Fatalf("counts %+v, want %d updated", p.Counts, len(olds))
	}
	for _, u := range p.Specs.Updated {
		if u.Facet != "compiler" || u.Old.Variants[0] != u.New.Variants[0] {
			t.Fatalf("update of %s, %v → %v", u.Facet, u.Old.Variants, u.New.Variants)
		}
	}
	if m.indexed != 1 {
		t.Errorf("%d passes through the map, want 1 (the compiler's)", m.indexed)
	}
}
