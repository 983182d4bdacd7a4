package diff_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// indexSpec is one spec of a Spack index.json, for the tests of specs
// whose facets tie.
type indexSpec struct {
	name, version, hash, target string
	deps                        [][2]string // name, hash
}

// indexJSON writes specs as a Spack index.json: installs by hash,
// sorted, a hash given twice the last spec of it, a spec of no target
// built for x86_64_v3 (byte for byte what json.Marshal wrote of maps,
// TestIndexJSONAsMarshal).
func indexJSON(t *testing.T, specs []indexSpec) string {
	t.Helper()
	last := make(map[string]int, len(specs))
	for i, s := range specs {
		last[s.hash] = i
	}
	order := make([]int, 0, len(last))
	for _, i := range last {
		order = append(order, i)
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(specs[a].hash, specs[b].hash) })
	var b strings.Builder
	b.WriteString(`{"database":{"installs":{`)
	for k, i := range order {
		s := specs[i]
		target := s.target
		if target == "" {
			target = "x86_64_v3"
		}
		if k > 0 {
			b.WriteByte(',')
		}
		writeIndexEntryOn(&b, s.hash, s.name, s.version, target, s.deps)
	}
	b.WriteString(`},"version":"7"}}`)
	return b.String()
}

// fakeHash is a 32-letter Spack hash that sorts by its first letter.
func fakeHash(first byte, tag string) string {
	h := string(first) + strings.Repeat("a", 31)
	return h[:32-len(tag)] + tag
}

// compareIndexes loads two index.json texts and compares them both ways,
// checking the laws.
func compareIndexes(t *testing.T, oldIdx, newIdx string) (ab, ba *diff.Report) {
	t.Helper()
	dir := t.TempDir()
	o := loadWritten(t, filepath.Join(dir, "old", "index.json"), oldIdx, false)
	n := loadWritten(t, filepath.Join(dir, "new", "index.json"), newIdx, false)
	var rs [2]*diff.Report
	for i, way := range [][2]*snapshot.Snapshot{{o, n}, {n, o}} {
		r, err := diff.CompareWith(way[0], way[1], diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.CheckLaws(); err != nil {
			t.Fatal(err)
		}
		rs[i] = r
	}
	return rs[0], rs[1]
}

// pairsOf is every rebuilt and updated pair of the report, old hash to
// new, and each pair's changed dependencies by name.
func pairsOf(r *diff.Report) (map[string]string, map[string][]string) {
	pairs, why := map[string]string{}, map[string][]string{}
	for _, p := range r.Packages {
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for _, x := range l {
				pairs[x.Old.Hash] = x.New.Hash
				if x.Why != nil {
					for _, c := range x.Why.Changed {
						why[x.Old.Hash] = append(why[x.Old.Hash], fmt.Sprintf("%s %s→%s", c.Name, c.OldHash, c.NewHash))
					}
				}
			}
		}
	}
	return pairs, why
}

// Two builds of hdf5@1.14, one over mpich and one over openmpi, both
// rebuilt because mpich and openmpi changed: each new hdf5 pairs with
// the old one over the same MPI, and its why names that MPI, whichever
// way the hashes sort (each order of the new hdf5s' hashes against the
// old ones').
func TestSameFacetsPairByDeps(t *testing.T) {
	for _, swap := range []bool{false, true} {
		t.Run(fmt.Sprint("swap=", swap), func(t *testing.T) {
			oMpich, oOmpi := fakeHash('m', "oz"), fakeHash('o', "oz")
			nMpich, nOmpi := fakeHash('m', "nz"), fakeHash('o', "nz")
			oH5m, oH5o := fakeHash('h', "om"), fakeHash('i', "oo")
			nH5m, nH5o := fakeHash('h', "nm"), fakeHash('i', "no")
			if swap {
				nH5m, nH5o = fakeHash('i', "nm"), fakeHash('h', "no")
			}
			oldIdx := indexJSON(t, []indexSpec{
				{name: "mpich", version: "4.1.2", hash: oMpich},
				{name: "openmpi", version: "4.1.5", hash: oOmpi},
				{name: "hdf5", version: "1.14.3", hash: oH5m, deps: [][2]string{{"mpich", oMpich}}},
				{name: "hdf5", version: "1.14.3", hash: oH5o, deps: [][2]string{{"openmpi", oOmpi}}},
			})
			newIdx := indexJSON(t, []indexSpec{
				{name: "mpich", version: "4.2.0", hash: nMpich},
				{name: "openmpi", version: "4.1.6", hash: nOmpi},
				{name: "hdf5", version: "1.14.3", hash: nH5m, deps: [][2]string{{"mpich", nMpich}}},
				{name: "hdf5", version: "1.14.3", hash: nH5o, deps: [][2]string{{"openmpi", nOmpi}}},
			})
			ab, ba := compareIndexes(t, oldIdx, newIdx)
			for _, c := range []struct {
				r                  *diff.Report
				h5m, h5o, mpi, omp [2]string
			}{
				{ab, [2]string{oH5m, nH5m}, [2]string{oH5o, nH5o}, [2]string{oMpich, nMpich}, [2]string{oOmpi, nOmpi}},
				{ba, [2]string{nH5m, oH5m}, [2]string{nH5o, oH5o}, [2]string{nMpich, oMpich}, [2]string{nOmpi, oOmpi}},
			} {
				pairs, why := pairsOf(c.r)
				if pairs[c.h5m[0]] != c.h5m[1] || pairs[c.h5o[0]] != c.h5o[1] {
					t.Errorf("hdf5 pairs %v; want %s→%s (mpich) and %s→%s (openmpi)", pairs, c.h5m[0], c.h5m[1], c.h5o[0], c.h5o[1])
				}
				if w := fmt.Sprint(why[c.h5m[0]]); w != fmt.Sprintf("[mpich %s→%s]", c.mpi[0], c.mpi[1]) {
					t.Errorf("why of hdf5 over mpich: %s", w)
				}
				if w := fmt.Sprint(why[c.h5o[0]]); w != fmt.Sprintf("[openmpi %s→%s]", c.omp[0], c.omp[1]) {
					t.Errorf("why of hdf5 over openmpi: %s", w)
				}
			}
		})
	}
}

// sameChainIndexes is a chain of n specs of package same, each over the
// one below, all with the same facets, version 1 → 2 on every spec
// (each spec's own change): the old and the new index.json, and each
// hash's place in its chain. The new hashes sort in the reverse of the
// chain's order and the old ones in it, so that pairing in hash order
// crosses them.
func sameChainIndexes(t *testing.T, n int) (oldIdx, newIdx string, place map[string]int) {
	t.Helper()
	place = map[string]int{}
	var sides [2][]indexSpec
	for side, v := range []string{"1", "2"} {
		prev := ""
		for i := range n {
			k := i
			if side == 1 {
				k = n - 1 - i
			}
			h := fmt.Sprintf("%c%s", "on"[side], strings.Repeat("a", 31))
			h = h[:32-6] + base26(k, 6)
			place[h] = i
			s := indexSpec{name: "same", version: v, hash: h}
			if prev != "" {
				s.deps = [][2]string{{"same", prev}}
			}
			sides[side] = append(sides[side], s)
			prev = h
		}
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1]), place
}

// base26 is k in w letters.
func base26(k, w int) string {
	b := make([]byte, w)
	for i := w - 1; i >= 0; i-- {
		b[i] = byte('a' + k%26)
		k /= 26
	}
	return string(b)
}

// A chain of specs of one package whose facets tie (same@1 over same@1
// over …, all same@2 in the new snapshot): each new spec pairs with the
// old spec at its place in the chain, both ways, and the report invents
// no dependency that came or went. The passes paired them in hash order
// and the pairing by edges took the passes' pairs of a class's own
// specs as final: the report made up "new dependency same@2" and
// "dropped dependency same@1" causes.
func TestSameFacetsChainPairs(t *testing.T) {
	for _, n := range []int{3, 6, 40} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			oldIdx, newIdx, place := sameChainIndexes(t, n)
			ab, ba := compareIndexes(t, oldIdx, newIdx)
			for _, r := range []*diff.Report{ab, ba} {
				pairs, _ := pairsOf(r)
				if len(pairs) != n {
					t.Fatalf("%d pairs, want %d", len(pairs), n)
				}
				crossed := 0
				for o, nw := range pairs {
					if place[o] != place[nw] {
						crossed++
					}
				}
				if crossed > 0 {
					t.Errorf("%d of %d pairs cross the chain", crossed, n)
				}
				if len(r.Causes.Groups) != 1 || r.Causes.Groups[0].Name != "same" {
					t.Errorf("cause groups %s; want the one of same's own change", causeGroups(t, r))
				}
			}
		})
	}
}

// The chain of TestSameFacetsChainPairs, 4x as long, costs at most
// allocBound the bytes allocated by the comparison and 4.4x the JSON:
// its crossed pairs made every spec's causes the chain below it, N = 250
// → 1,000 took 33x the time and wrote 16x the JSON (7.1 → 115 MB).
func TestSameFacetsChainLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	for _, over := range []bool{false, true} {
		t.Run(fmt.Sprint("swapped bottom=", over), func(t *testing.T) { chainLinear(t, over) })
	}
}

// chainLinear is TestSameFacetsChainLinear over sameChainIndexes, or
// sameChainOver zlib swapped for zlib-ng (over): there the pairs in
// order crossed the whole chain, 17x the bytes for 4x the chain.
func chainLinear(t *testing.T, over bool) {
	n := 150
	cost := func(n int) (alloc, size uint64) {
		oldIdx, newIdx, _ := sameChainIndexes(t, n)
		if over {
			oldIdx, newIdx, _ = sameChainOver(t, n, [2]string{"zlib", "zlib-ng"})
		}
		dir := t.TempDir()
		o := loadWritten(t, filepath.Join(dir, "old", "index.json"), oldIdx, false)
		nw := loadWritten(t, filepath.Join(dir, "new", "index.json"), newIdx, false)
		// On one core, the least of three runs (cost).
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
		var r *diff.Report
		for i := range 3 {
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			var err error
			if r, err = diff.CompareWith(o, nw, diff.Filter{}); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			if a := after.TotalAlloc - before.TotalAlloc; i == 0 || a < alloc {
				alloc = a
			}
		}
		w := &countWriter{}
		if err := json.NewEncoder(w).Encode(r); err != nil {
			t.Fatal(err)
		}
		return alloc, w.n
	}
	a1, s1 := cost(n)
	a2, s2 := cost(4 * n)
	ra, rs := float64(a2)/float64(a1), float64(s2)/float64(s1)
	t.Logf("allocated %d → %d bytes (%.2fx), JSON %d → %d bytes (%.2fx)", a1, a2, ra, s1, s2, rs)
	if ra > allocBound {
		t.Errorf("4x the chain allocates %.2fx the bytes (%d → %d), want at most %.1fx", ra, a1, a2, allocBound)
	}
	if rs > 4.4 {
		t.Errorf("4x the chain writes %.2fx the JSON (%d → %d bytes), want at most 4.4x", rs, s1, s2)
	}
}

// sameChainOver is sameChainIndexes with the bottom of each chain over
// a spec of another package: bottom[0] in the old snapshot, bottom[1]
// in the new one (zlib swapped for zlib-ng).
func sameChainOver(t *testing.T, n int, bottom [2]string) (oldIdx, newIdx string, place map[string]int) {
	t.Helper()
	place = map[string]int{}
	var sides [2][]indexSpec
	for side, v := range []string{"1", "2"} {
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		sides[side] = append(sides[side], indexSpec{name: bottom[side], version: "1.3", hash: lib})
		prev := ""
		for i := range n {
			k := i
			if side == 1 {
				k = n - 1 - i
			}
			h := fmt.Sprintf("%c%s", "on"[side], strings.Repeat("a", 31))
			h = h[:32-6] + base26(k, 6)
			place[h] = i
			s := indexSpec{name: "same", version: v, hash: h, deps: [][2]string{{bottom[side], lib}}}
			if prev != "" {
				s.deps = [][2]string{{"same", prev}}
			}
			sides[side] = append(sides[side], s)
			prev = h
		}
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1]), place
}

// A chain of same over zlib whose bottom is over zlib-ng in the new
// snapshot: the bottom finds no exact pair, and the specs over it none
// either until it has one. Each new spec still pairs with the old one
// at its place, both ways, and the only causes are same's own change
// and the swap; the pairing by edges left the whole chain to the pairs
// in order, which crossed all of it (40 of 40) and made up "same@2
// added" and "same@1 removed" causes. A snapshot against itself is no
// change.
func TestSameFacetsChainOverSwap(t *testing.T) {
	for _, bottom := range [][2]string{{"zlib", "zlib-ng"}, {"zlib", "zlib"}} {
		for _, n := range []int{3, 6, 40} {
			t.Run(fmt.Sprint(bottom[1], n), func(t *testing.T) {
				oldIdx, newIdx, place := sameChainOver(t, n, bottom)
				ab, ba := compareIndexes(t, oldIdx, newIdx)
				for _, r := range []*diff.Report{ab, ba} {
					pairs, _ := pairsOf(r)
					crossed, chain := 0, 0
					for o, nw := range pairs {
						if _, ok := place[o]; ok {
							chain++
							if place[o] != place[nw] {
								crossed++
							}
						}
					}
					if chain != n || crossed > 0 {
						t.Errorf("%d of %d chain pairs cross the chain, want %d pairs none crossing", crossed, chain, n)
					}
					for _, g := range r.Causes.Groups {
						for _, c := range g.Changes {
							if g.Name == "same" && c.Kind != "version" {
								t.Errorf("cause groups %s; want none but same's version and the zlib swap", causeGroups(t, r))
							}
						}
					}
				}
				aa, _ := compareIndexes(t, oldIdx, oldIdx)
				if len(aa.Packages) != 0 {
					t.Errorf("a snapshot against itself: %d packages changed", len(aa.Packages))
				}
			})
		}
	}
}
