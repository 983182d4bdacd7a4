package diff_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// sameCauses is each pair of package same in r, by ids (old → new), and
// its resolved causes without hashes, sorted.
func sameCauses(r *diff.Report, id map[string]string, mirrored bool) []string {
	var l []string
	for _, p := range r.Packages {
		if p.Name != "same" {
			continue
		}
		for _, x := range append(slices.Clone(p.Specs.Rebuilt), p.Specs.Updated...) {
			var cs []string
			for _, c := range r.Causes.Resolve(x.Why, p.Name) {
				cs = append(cs, fmt.Sprint(c.Name, c.Changes, c.Path))
			}
			slices.Sort(cs)
			o, n := id[x.Old.Hash], id[x.New.Hash]
			if mirrored {
				o, n = n, o
			}
			l = append(l, fmt.Sprint(o, "→", n, cs))
		}
	}
	slices.Sort(l)
	return l
}

// Free rings of same (over nothing out of the class) and two builds of
// top, one over zlib (zlib-ng in the new snapshot) and a spec of the
// first ring, one over a spec of any ring: the specs top is over tell
// their rings apart, and so their pairs. The colors read the users of
// no class alone, and top, two builds, is a class: the rings paired in
// hash order, rotated or crossed, top's pairs with them, and 30 of 40
// labellings said "same@1 added" and "same@1 removed", or paired the
// top over zlib with the one over nothing; narrowed to same, the pairs
// differed from the unfiltered report's. Every labelling, both ways,
// pairs along the edges, top over zlib with top over zlib-ng, and same's
// pairs and causes narrowed to same are the unfiltered ones. The rings
// change with nothing entering them: their specs' own changes are
// causes of theirs, t's and top's.
func TestTwoTopsOverFreeRings(t *testing.T) {
	bad := 0
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 7))
		sh := drawCycleShape(rng, "pinned")
		var sames []string
		for _, sp := range sh.sides[0] {
			if sp.name == "same" {
				sames = append(sames, sp.id[1:])
			}
		}
		at := sames[rng.IntN(len(sames))]
		for s := range sh.sides {
			p := "on"[s : s+1]
			sh.sides[s] = append(sh.sides[s], symSpec{name: "top", id: p + "top", deps: [][2]string{{"same", p + at}}})
		}
		o, n, id := loadLabelled(t, rng, sh)
		for way, snaps := range [][2]*snapshot.Snapshot{{o, n}, {n, o}} {
			var causes [2][]string
			for k, f := range []diff.Filter{{}, {Packages: []string{"same"}}} {
				r := compareLawful(t, snaps[0], snaps[1], f)
				causes[k] = sameCauses(r, id, way == 1)
				if k > 0 {
					break
				}
				pairs := pairIDs(r, id, way == 1)
				if !keepsEdges(sh.sides, pairs) || pairs["ot"] != "nt" || pairs["otop"] != "ntop" {
					if bad++; bad <= 2 {
						t.Errorf("seed %d, way %d: pairs %v, want them along the edges", seed, way, pairs)
					}
				}
				want := []string{fmt.Sprintf("same [other:>] specs=%d", len(sames)+2), "zlib [removed:zlib@1.3>] specs=1", "zlib-ng [added:>zlib-ng@1.3] specs=1"}
				if g := groupKeys(r, way == 1); !slices.Equal(g, want) {
					if bad++; bad <= 2 {
						t.Errorf("seed %d, way %d: cause groups %q, want %q", seed, way, g, want)
					}
				}
			}
			if !slices.Equal(causes[0], causes[1]) {
				if bad++; bad <= 2 {
					t.Errorf("seed %d, way %d: same narrowed to same:\n%q\nwant the unfiltered report's:\n%q", seed, way, causes[1], causes[0])
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d faults in 40 labellings, both ways", bad)
	}
}
