package diff_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// bareChains is chains of one package's specs alike, of lengths lens,
// each spec over the one before it, each chain's bottom over zlib
// (bottom) or over nothing.
func bareChains(lens []int, bottom bool) []gSpec {
	old := []gSpec{{"zlib", "oz", "1", nil}}
	for c, n := range lens {
		for i := range n {
			sp := gSpec{name: "same", id: fmt.Sprint("o", c, "-", i), version: "1"}
			if i > 0 {
				sp.deps = [][2]string{{"same", fmt.Sprint("o", c, "-", i-1)}}
			} else if bottom {
				sp.deps = [][2]string{{"zlib", "oz"}}
			}
			old = append(old, sp)
		}
	}
	return old
}

// Two bare chains of one package, of N and N+1 specs, zlib bumped: the
// specs of the two chains are alike but for how far each is from an
// end, which colour refinement from the ends tells only after as many
// rounds; past maxRefine (64) the chains were alike, and paired by hash
// order (N = 70: the pairs crossed an edge). The colours refined by
// users start from each spec's height and depth among the class's
// specs too, so the chains pair apart under 10 labellings, both ways
// (gCheck).
func TestBareChainsAnyLabels(t *testing.T) {
	for _, n := range []int{10, 70, 100} {
		for _, bottom := range []bool{true, false} {
			sh := gMake(bareChains([]int{n, n + 1}, bottom), gBump("zlib"))
			if why := gCheck(t, sh, 10, 9000+uint64(n)); len(why) > 0 {
				t.Errorf("chains of %d and %d, over zlib %v: %s", n, n+1, bottom, strings.Join(why, "; "))
			}
		}
	}
}

// Two bare chains (TestBareChainsAnyLabels) of 4x the specs cost at most
// 4.4x the allocations and bytes: the heights and depths cost the
// class's edges once, and the refined colours split from the first
// round.
func TestBareChainsLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	measure := func(n int) compareCost {
		sh := gMake(bareChains([]int{n, n + 1}, true), gBump("zlib"))
		rng := rand.New(rand.NewPCG(uint64(n), 65))
		hash, id := map[string]string{}, map[string]string{}
		oldIdx := gIndex(t, rng, sh.sides[0], hash, id)
		newIdx := gIndex(t, rng, sh.sides[1], hash, id)
		c, _ := measureCompare(t, oldIdx, newIdx, false)
		return c
	}
	small, big := measure(100), measure(400)
	checkGrowth(t, small, big, "specs", false)
}
