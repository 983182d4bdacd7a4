package diff

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
	"weak"

	"github.com/cachediff/cachediff/snapshot"
)

// series generates n snapshots, each the one before under random
// mutations: packages leave, come (and come back), specs are rebuilt,
// updated, added and removed.
func (g *generator) series(n, pkgs int) []*snapshot.Snapshot {
	first, _, _ := g.pair(pkgs)
	out := []*snapshot.Snapshot{first}
	var t truth
	for k := 1; k < n; k++ {
		prev := out[k-1]
		tag := fmt.Sprintf("develop-%02d", k)
		s := &snapshot.Snapshot{Path: tag, Tag: tag, Canon: snapshot.RuleCounts{}}
		for _, p := range prev.Packages {
			if g.r.IntN(12) == 0 {
				continue // gone
			}
			np := &snapshot.Package{Name: p.Name, Line: 6, Origin: &snapshot.Origin{File: tag + "/" + p.Name + "/specs.md"}}
			for _, sp := range p.Specs {
				np.Specs = append(np.Specs, g.mutate(sp, &t)...)
			}
			if len(np.Specs) == 0 {
				continue
			}
			sortByHash(np.Specs)
			s.Packages = append(s.Packages, np)
		}
		for range g.r.IntN(3) { // new packages, some with an old name back
			name := fmt.Sprintf("pkg-%03d", g.r.IntN(pkgs+5))
			if slices.ContainsFunc(s.Packages, func(p *snapshot.Package) bool { return p.Name == name }) {
				continue
			}
			np := &snapshot.Package{Name: name, Line: 6, Origin: &snapshot.Origin{File: tag + "/" + name + "/specs.md"}}
			for range 1 + g.r.IntN(3) {
				np.Specs = append(np.Specs, g.spec())
			}
			sortByHash(np.Specs)
			s.Packages = append(s.Packages, np)
		}
		slices.SortFunc(s.Packages, func(a, b *snapshot.Package) int { return cmpString(a.Name, b.Name) })
		out = append(out, s)
	}
	return out
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestSeriesSteps: each step of a series is exactly the pair diff of its
// two snapshots, under every filter; each snapshot is loaded once, in
// order; the timeline agrees with the snapshots.
func TestSeriesSteps(t *testing.T) {
	for seed := range propertySeeds() / 4 {
		g := newGenerator(seed, seed%2 == 0)
		snaps := g.series(2+int(seed%6), 1+int(seed%25))
		for _, f := range filters(seed) {
			var loaded []int
			var steps []int
			s, err := CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) {
				loaded = append(loaded, i)
				return snaps[i], nil
			}, f, func(i int, r *Report) error {
				steps = append(steps, i)
				want, err := CompareWith(snaps[i-1], snaps[i], f)
				if err != nil {
					t.Fatal(err)
				}
				got, _ := json.Marshal(r)
				if w, _ := json.Marshal(want); string(got) != string(w) {
					t.Fatalf("seed %d, filter %+v: step %d is not the pair diff of its snapshots", seed, f, i)
				}
				return nil
			})
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if want := seq(0, len(snaps)); !slices.Equal(loaded, want) {
				t.Fatalf("seed %d: loaded %v, want each once in order %v", seed, loaded, want)
			}
			if want := seq(1, len(snaps)); !slices.Equal(steps, want) {
				t.Fatalf("seed %d: steps %v, want %v", seed, steps, want)
			}
			if len(s.Snapshots) != len(snaps) || s.Snapshots[1].Tag != snaps[1].Tag {
				t.Fatalf("seed %d: snapshots %+v", seed, s.Snapshots)
			}
			checkTimeline(t, seed, f, snaps, s.Timeline)
		}
	}
}

func seq(from, to int) []int {
	var out []int
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}

// checkTimeline checks the timeline property: a package is present at
// snapshot i exactly when the (filtered) snapshot i has it, and a version
// is in the timeline at i exactly when some spec of the package in
// snapshot i has it. Runs are maximal and in order.
func checkTimeline(t *testing.T, seed uint64, f Filter, snaps []*snapshot.Snapshot, tl *Timeline) {
	t.Helper()
	type key struct {
		pkg, version string
		i            int
	}
	want := map[key]bool{} // version "" for the package itself
	for i, s := range snaps {
		for _, p := range f.mustApply(t, s).Packages {
			want[key{p.Name, "", i}] = true
			for _, sp := range p.Specs {
				for _, v := range sp.Versions {
					want[key{p.Name, v, i}] = true
				}
			}
		}
	}
	got := map[key]bool{}
	for k, p := range tl.Packages {
		if k > 0 && tl.Packages[k-1].Name >= p.Name {
			t.Fatalf("seed %d: timeline packages not sorted: %s after %s", seed, p.Name, tl.Packages[k-1].Name)
		}
		checkRuns(t, seed, p.Name, p.Present)
		for _, run := range p.Present {
			for i := run.From; i <= run.To; i++ {
				got[key{p.Name, "", i}] = true
			}
		}
		byVersion := map[string][]Span{}
		for _, v := range p.Versions {
			byVersion[v.Version] = append(byVersion[v.Version], v.Span)
			for i := v.From; i <= v.To; i++ {
				got[key{p.Name, v.Version, i}] = true
			}
		}
		for v, runs := range byVersion {
			checkRuns(t, seed, p.Name+" "+v, runs)
		}
	}
	for k := range want {
		if !got[k] {
			t.Fatalf("seed %d, filter %+v: %+v is in the snapshot but not in the timeline", seed, f, k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Fatalf("seed %d, filter %+v: %+v is in the timeline but not in the snapshot", seed, f, k)
		}
	}
}

// checkRuns: runs are in order, non-empty, and neither overlap nor touch
// (two runs that touch would be one).
func checkRuns(t *testing.T, seed uint64, what string, runs []Span) {
	t.Helper()
	for k, r := range runs {
		if r.From > r.To || k > 0 && runs[k-1].To+1 >= r.From {
			t.Fatalf("seed %d: %s: runs %+v are not maximal and in order", seed, what, runs)
		}
	}
}

// TestSeriesHoldsNeighboursOnly: when snapshot i is loaded, snapshots
// before i-1 are garbage: a log of many snapshots holds two at a time.
func TestSeriesHoldsNeighboursOnly(t *testing.T) {
	g := newGenerator(7, false)
	snaps := g.series(8, 20)
	ptrs := make([]weak.Pointer[snapshot.Snapshot], len(snaps))
	for i := range snaps {
		ptrs[i] = weak.Make(snaps[i])
	}
	var kept []*Report // what a caller keeps must not pin snapshots either
	_, err := CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) {
		s := snaps[i]
		snaps[i] = nil // from now on, only the series holds it
		runtime.GC()
		for j := range i - 1 {
			if ptrs[j].Value() != nil {
				t.Errorf("loading snapshot %d: snapshot %d is still held", i, j)
			}
		}
		return s, nil
	}, Filter{}, func(i int, r *Report) error {
		kept = append(kept, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != 7 {
		t.Fatalf("%d steps, want 7", len(kept))
	}
}

// TestSeriesUnmatchedKeepsNoNames: the names CompareSeries keeps for the
// hints of a value unmatched so far are let go once every value has
// matched: --package zstd, a package new in snapshot 1, kept snapshot
// 0's names to the end of the log.
func TestSeriesUnmatchedKeepsNoNames(t *testing.T) {
	const n = 6
	var early []weak.Pointer[byte]
	_, err := CompareSeries(n, func(i int) (*snapshot.Snapshot, error) {
		if i == 0 {
			var ps []*snapshot.Package
			for k := range 8 {
				// Longer than the tiny allocator's blocks, which a
				// weak pointer shares with other strings.
				name := fmt.Sprintf("early-%02d-%s", k, strings.Repeat("x", 64))
				early = append(early, weak.Make(unsafe.StringData(name)))
				ps = append(ps, pkg(name, sp(fmt.Sprint("e", k), "1.0", "gcc@13.2.0", "x86_64_v3")))
			}
			return snapOf("s0", ps...), nil
		}
		if i >= 3 { // snapshot 0 is neither the one before nor the current one
			runtime.GC()
			for k, w := range early {
				if w.Value() != nil {
					t.Fatalf("loading snapshot %d: the name of package %d of snapshot 0 is still held", i, k)
				}
			}
		}
		return snapOf(fmt.Sprint("s", i), pkg("zstd", sp(fmt.Sprint("z", i), "1.5", "gcc@13.2.0", "x86_64_v3"))), nil
	}, Filter{Packages: []string{"zstd"}}, func(int, *Report) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
}

// TestSeriesUnmatched: a filter value is unmatched only when no snapshot
// of the series has what it selects.
func TestSeriesUnmatched(t *testing.T) {
	a := snapOf("a", pkg("zlib", sp("z1", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s")))
	b := snapOf("b", pkg("zlib", sp("z2", "1.3", "gcc@13.2.0", "x86_64_v3")))
	c := snapOf("c", pkg("zstd", sp("s1", "1.5", "gcc@13.2.0", "x86_64_v3")))
	snaps := []*snapshot.Snapshot{a, b, c}
	f := Filter{Packages: []string{"zstd", "nope"}, Stacks: []string{"e4s", "hep"}}
	s, err := CompareSeries(3, func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, f,
		func(int, *Report) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, u := range s.Unmatched {
		got = append(got, u.Kind+":"+u.Value)
	}
	if want := []string{"package:nope", "stack:hep"}; !slices.Equal(got, want) {
		t.Errorf("unmatched %v, want %v", got, want)
	}
}

// TestSeriesUnmatchedHintsEverySnapshot: the names and parts a log's
// unmatched value gets come from every snapshot of the series, in either
// order: they came from the last alone, so "log a b --stack e4s,hep",
// with hep in a only, said to repeat --stack e4s alone (pasted, hep was
// left out silently), and "log b a" named both.
func TestSeriesUnmatchedHintsEverySnapshot(t *testing.T) {
	a := snapOf("a", pkg("zlib", sp("z1", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s", "hep")))
	b := snapOf("b", pkg("zstd", sp("s1", "1.5", "gcc@13.2.0", "x86_64_v3", "e4s")))
	want := []Unmatched{
		{Kind: "package", Value: "zlibb", Closest: []string{"zlib"}},
		{Kind: "stack", Value: "e4s,hep", Closest: []string{}, Parts: []string{"e4s", "hep"}},
		{Kind: "stack", Value: "hepp", Closest: []string{"hep"}},
	}
	for _, snaps := range [][]*snapshot.Snapshot{{a, b}, {b, a}} {
		s, err := CompareSeries(2, func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil },
			Filter{Packages: []string{"zlibb"}, Stacks: []string{"e4s,hep", "hepp"}}, func(int, *Report) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(s.Unmatched, want) {
			t.Errorf("log %s %s: unmatched %+v, want %+v", snaps[0].Path, snaps[1].Path, s.Unmatched, want)
		}
	}
}

// TestSeriesUnmatchedAnyOrder: random series of 2 to 6 snapshots, each
// package and stack in some of them, and filters of globs, comma-lists,
// roots spelt with a hash and names with a slash or a space: a series'
// Unmatched is the pair's over all its snapshots at once (their specs
// in one), whatever their order, so that no value that some snapshot
// matches is flagged, none that matches nothing is missed, and the hint
// is the same in any order.
func TestSeriesUnmatchedAnyOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 176))
	pkgs := []string{"zlib", "zstd", "curl", "cmake", "py-numpy", "py-scipy", "x/p", "hdf5", "openssl"}
	stacks := []string{"e4s", "hep", "ml", "python@3.9.21", "py-torch+cuda cuda_arch=80", "e4s,hep", "a b"}
	pvals := []string{"zlibb", "zlib", "py-*", "x/*", "*", "cmak", "hdf5x", "q*", "opensl", "[a-c]url", "zst?"}
	svals := []string{"e4s", "hep", "e4s,hep", "hep,ml,e4s", "ml,xx", "python@3.9.21/b5gc", "python@3.9.21", "e4z", "hepp", "py-torch+cuda cuda_arch=80,e4s", " e4s , hep"}
	some := func(l []string) (out []string) {
		for _, v := range l {
			if r.IntN(4) == 0 {
				out = append(out, v)
			}
		}
		return out
	}
	for it := range 400 {
		n := 2 + r.IntN(5)
		snaps := make([]*snapshot.Snapshot, n)
		all := &snapshot.Snapshot{}
		for i := range snaps {
			var ps []*snapshot.Package
			for _, name := range pkgs {
				if r.IntN(3) > 0 {
					ps = append(ps, pkg(name, sp(fmt.Sprintf("%d-%d-%s", it, i, name), "1.0", "gcc@13.2.0", "x86_64_v3", some(stacks)...)))
				}
			}
			snaps[i] = snapOf(fmt.Sprint("s", i), ps...)
			all.Packages = append(all.Packages, ps...)
		}
		f := Filter{Packages: some(pvals), Stacks: some(svals)}
		want := f.Unmatched(all, all)
		for k := range 3 {
			order := r.Perm(n)
			s, err := CompareSeries(n, func(i int) (*snapshot.Snapshot, error) { return snaps[order[i]], nil }, f, func(int, *Report) error { return nil })
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s.Unmatched, want) {
				t.Fatalf("series %d, order %d %v, filter %+v: unmatched %+v, want %+v", it, k, order, f, s.Unmatched, want)
			}
		}
	}
}

// TestTimelineVersionLists: specs with no version, one, or several, and
// equal lists as one array (as the loader shares them) or as copies,
// more distinct lists in a package than the timeline remembers: every
// version of every spec is in the timeline where it should be
// (timelineBuilder.add skips only a list equal to one it handled).
func TestTimelineVersionLists(t *testing.T) {
	one, two := []string{"1.0"}, []string{"1.0", "2.0"}
	lists := [][]string{{}, one, two, one, {"3.0"}, two, {"1.0", "2.0"}, {"2.0", "4.0"}, {"1.0"}}
	for k := range 12 { // past the eight lists add remembers
		lists = append(lists, []string{"5." + strconv.Itoa(k)}, []string{"1.0", "6." + strconv.Itoa(k)})
	}
	specs := func(tag string, ls [][]string) *snapshot.Snapshot {
		var l []snapshot.Spec
		for i, vs := range ls {
			s := sp(tag+strconv.Itoa(i), "", "gcc@13.2.0", "x86_64_v3")
			s.Versions = vs
			l = append(l, s)
		}
		return snap(tag, l...)
	}
	backward := slices.Clone(lists)
	slices.Reverse(backward)
	snaps := []*snapshot.Snapshot{
		specs("a", lists),
		specs("b", [][]string{{"3.0", "7.0"}, two, {}}),
		specs("c", backward),
	}
	s, err := CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, Filter{},
		func(int, *Report) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	checkTimeline(t, 0, Filter{}, snaps, s.Timeline)
}

// A value unmatched in every snapshot but past the first MaxSuggested of
// the last one's Unmatched (the stacks before it there selected something
// in an earlier snapshot) is first among the series' Unmatched, and the
// command prints it with its hint: it had none, Closest and Parts not
// looked for, so "--stack e4s,hep" said nothing of the comma-list.
func TestSeriesUnmatchedHints(t *testing.T) {
	var early []snapshot.Spec
	stacks := []string{"e4s,hep", "e4z"}
	for i := range MaxSuggested {
		early = append(early, sp(fmt.Sprintf("a%02d", i), "1.0", "gcc@13.2.0", "x86_64_v3", fmt.Sprintf("a%02d", i)))
		stacks = append(stacks, fmt.Sprintf("a%02d", i))
	}
	snaps := []*snapshot.Snapshot{
		snapOf("a", pkg("zlib", append(early, sp("z1", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s", "hep"))...)),
		snapOf("b", pkg("zlib", sp("z2", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s", "hep"))),
	}
	s, err := CompareSeries(2, func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, Filter{Stacks: stacks},
		func(int, *Report) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	want := []Unmatched{
		{Kind: "stack", Value: "e4s,hep", Closest: []string{}, Parts: []string{"e4s", "hep"}},
		{Kind: "stack", Value: "e4z", Closest: []string{"e4s"}},
	}
	if !reflect.DeepEqual(s.Unmatched, want) {
		t.Errorf("unmatched %+v, want %+v", s.Unmatched, want)
	}
}
