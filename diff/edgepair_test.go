package diff_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/spackgen"
)

// twinPair is an index pair of twin environments (spackgen.Options.Twins:
// specs of one package with the same facets, built against another
// provider or another version of a dependency) in which bumps leaves
// changed version.
func twinPair(t *testing.T, seed uint64, bumps int) (before, after *spackgen.DAG, want []spackgen.Mutation) {
	t.Helper()
	before = spackgen.New(spackgen.Options{Seed: seed, Packages: 120, Envs: 6, Depth: 10, Twins: true})
	after = before.Clone()
	leaves := before.Leaves()
	if len(leaves) < bumps {
		t.Fatalf("seed %d: %d leaves, want %d", seed, len(leaves), bumps)
	}
	for _, l := range leaves[:bumps] {
		want = append(want, after.BumpVersion(l))
	}
	return before, after, want
}

// causeGroups is the report's cause groups, as JSON.
func causeGroups(t *testing.T, r *diff.Report) string {
	t.Helper()
	b, err := json.Marshal(r.Causes.Groups)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Twins pair with their own kind, by their edges: the causes are exactly
// the leaves that changed version, and every pair of the report is a
// node with itself (the same environment and package).
func TestPairByEdges(t *testing.T) {
	for seed := uint64(1); seed <= uint64(max(2, seeds()/3)); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			before, after, want := twinPair(t, seed, 5)
			o, n := loadPair(t, before, after)
			r, err := diff.CompareWith(o, n, diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if err := r.CheckLaws(); err != nil {
				t.Fatal(err)
			}
			var got, wantKeys []string
			for _, g := range r.Causes.Groups {
				got = append(got, key(diff.Cause{Name: g.Name, Changes: g.Changes}))
			}
			for _, m := range want {
				wantKeys = append(wantKeys, mutKey(m))
			}
			slices.Sort(got)
			slices.Sort(wantKeys)
			if !slices.Equal(got, wantKeys) {
				t.Errorf("causes\n got %q\nwant %q", got, wantKeys)
			}
			truth := map[string]string{}
			for _, p := range pairs(scenario{old: before, new: after}) {
				truth[p[0]] = p[1]
			}
			crossed := 0
			for _, p := range r.Packages {
				for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
					for _, x := range l {
						if truth[x.Old.Hash] != x.New.Hash {
							crossed++
						}
					}
				}
			}
			if crossed > 0 {
				t.Errorf("%d pairs of other nodes", crossed)
			}
		})
	}
}

// Relabelling every hash (a consistent random renaming, the same on both
// sides) never changes the causes, nor the counts.
func TestPairByEdgesRelabel(t *testing.T) {
	for seed := uint64(1); seed <= uint64(max(2, seeds()/3)); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			before, after, _ := twinPair(t, seed, 3)
			report := func(b, a *spackgen.DAG) (string, diff.Counts) {
				o, n := loadPair(t, b, a)
				r, err := diff.CompareWith(o, n, diff.Filter{})
				if err != nil {
					t.Fatal(err)
				}
				return causeGroups(t, r), r.Summary.Specs
			}
			wantGroups, wantCounts := report(before, after)
			for round := range 3 {
				rng := rand.New(rand.NewPCG(seed, uint64(round)))
				names := map[string]string{}
				used := map[string]bool{}
				rename := func(h string) string {
					if v, ok := names[h]; ok {
						return v
					}
					for {
						const letters = "abcdefghijklmnopqrstuvwxyz234567" // base32, as Spack's hashes
						buf := make([]byte, 32)
						for i := range buf {
							buf[i] = letters[rng.IntN(len(letters))]
						}
						v := string(buf)
						if !used[v] {
							used[v] = true
							names[h] = v
							return v
						}
					}
				}
				b, a := before.Clone(), after.Clone()
				b.Relabel(rename)
				a.Relabel(rename)
				gotGroups, gotCounts := report(b, a)
				if gotGroups != wantGroups || gotCounts != wantCounts {
					t.Errorf("round %d: relabelled hashes change the report:\n got %v %s\nwant %v %s", round, gotCounts, gotGroups, wantCounts, wantGroups)
				}
			}
		})
	}
}
