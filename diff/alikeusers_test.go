package diff_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// drawAlike draws builds of b alike (the same facets, over nothing but
// the same zlib: leaves) told apart by their users alone: specs of b
// over some of them (in b's class), and packages of one spec each over
// some of them (out of it); b's version is bumped, or zlib's (every b
// then rebuilt).
func drawAlike(rng *rand.Rand) gShape {
	var old []gSpec
	old = append(old, gSpec{name: "zlib", id: "oz", version: "1"})
	leaves := 2 + rng.IntN(4)
	for i := range leaves {
		old = append(old, gSpec{name: "b", id: fmt.Sprint("ol", i), version: "1", deps: [][2]string{{"zlib", "oz"}}})
	}
	over := func(id string) [][2]string {
		var d [][2]string
		for i := range leaves {
			if rng.IntN(3) == 0 {
				d = append(d, [2]string{"b", fmt.Sprint("ol", i)})
			}
		}
		if d == nil {
			d = [][2]string{{"b", fmt.Sprint("ol", rng.IntN(leaves))}}
		}
		return d
	}
	for i := range rng.IntN(3) {
		id := fmt.Sprint("ot", i)
		old = append(old, gSpec{name: "b", id: id, version: "1", deps: over(id)})
	}
	for i := range 1 + rng.IntN(3) {
		id := fmt.Sprint("oc", i)
		old = append(old, gSpec{name: fmt.Sprint("c", i), id: id, version: "1", deps: over(id)})
	}
	if rng.IntN(2) == 0 {
		return gMake(old, gBump("b"))
	}
	return gMake(old, gBump("zlib"))
}

// Builds of one package alike but for their users (acyclic: a leaf of
// b, another, a b over the first, packages over some of them), under
// 20 labellings of the hashes and orders of the input, both ways: the
// pairs keep every edge, and the report is the same under every
// labelling, and the mirror of the other way. The exact pairs of an
// acyclic class were taken in order: of two leaves alike, the one used
// paired with either new leaf by hash order (the users' edges crossed:
// each of the 22 shapes under some labelling).
func TestAlikeBuildsPairByUsers(t *testing.T) {
	shapes := map[string]gShape{
		"user in class": gMake([]gSpec{
			{name: "b", id: "o1", version: "1"},
			{name: "b", id: "o2", version: "1"},
			{name: "b", id: "o3", version: "1", deps: [][2]string{{"b", "o1"}}},
		}, gBump("b")),
		"user out of class": gMake([]gSpec{
			{name: "b", id: "o1", version: "1"},
			{name: "b", id: "o2", version: "1"},
			{name: "c", id: "o3", version: "1", deps: [][2]string{{"b", "o1"}}},
		}, gBump("b")),
	}
	for x := range uint64(20) {
		shapes[fmt.Sprint("drawn ", x)] = drawAlike(rand.New(rand.NewPCG(x, 71)))
	}
	bad := 0
	for name, sh := range shapes {
		if why := gCheck(t, sh, 20, 72); len(why) > 0 {
			if bad++; bad <= 3 {
				t.Errorf("%s: %s", name, strings.Join(why, "; "))
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d shapes wrong", bad, len(shapes))
	}
}

// K leaves of b alike, each used by a package of its own, b's version
// bumped: 4x the leaves cost at most 4.4x the allocations, bytes and
// JSON, both ways (the users' colors made once for the class, the new
// leaves looked up by their edges and color), and the pairs keep every
// edge.
func TestAlikeBuildsByUsersLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	for _, reverse := range []bool{false, true} {
		t.Run(fmt.Sprint("reverse=", reverse), func(t *testing.T) {
			measure := func(n int) compareCost {
				var old []gSpec
				for i := range n {
					old = append(old, gSpec{name: "b", id: fmt.Sprint("ol", i), version: "1"},
						gSpec{name: fmt.Sprint("c", i), id: fmt.Sprint("oc", i), version: "1", deps: [][2]string{{"b", fmt.Sprint("ol", i)}}})
				}
				sh := gMake(old, gBump("b"))
				rng := rand.New(rand.NewPCG(uint64(n), 73))
				hash, id := map[string]string{}, map[string]string{}
				oldIdx := gIndex(t, rng, sh.sides[0], hash, id)
				newIdx := gIndex(t, rng, sh.sides[1], hash, id)
				c, r := measureCompare(t, oldIdx, newIdx, reverse)
				if got, want := gKept(sh.sides, pairIDs(r, id, reverse)), gKept(sh.sides, sh.place); got < want {
					t.Errorf("%d leaves: pairs keep %d edges, %d by place", n, got, want)
				}
				return c
			}
			small, big := measure(100), measure(400)
			checkGrowth(t, small, big, "leaves", true)
		})
	}
}
