package diff_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

func zzRestShape(k, hubs, shift int) gShape {
	var sides [2][]gSpec
	leaf := func(name string, i int) gSpec { return gSpec{name, fmt.Sprint(name, i), "1", nil} }
	dep := func(name string, i int) [2]string { return [2]string{name, fmt.Sprint(name, i)} }
	for s := range sides {
		for h := range hubs {
			sides[s] = append(sides[s], leaf("zlib", h))
		}
	}
	for i := range k {
		sides[0] = append(sides[0], gSpec{"a", fmt.Sprint("oa", i), "1", [][2]string{dep("z", i), dep("w", i), dep("zlib", i%hubs)}},
			leaf("w", i))
		sides[1] = append(sides[1], gSpec{"a", fmt.Sprint("na", i), "1", [][2]string{dep("z", i), dep("r", i), dep("zlib", (i+shift)%hubs)}},
			leaf("r", i))
		for s := range sides {
			sides[s] = append(sides[s], leaf("z", i))
		}
	}
	return gShape{sides: sides, structural: true}
}

func TestZZRest(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	hubsEnv, _ := strconv.Atoi(os.Getenv("ZZHUBS"))
	bad := 0
	for seed := range uint64(n) {
		rng := rand.New(rand.NewPCG(seed, 777))
		k := 130 + rng.IntN(200)
		hubs := hubsEnv
		shift := rng.IntN(2)
		o, nw, id := gLoad(t, rand.New(rand.NewPCG(seed, 9300)), zzRestShape(k, hubs, shift))
		forth := pairIDs(compareLawful(t, o, nw, diff.Filter{}), id, false)
		back := pairIDs(compareLawful(t, nw, o, diff.Filter{}), id, true)
		crossed := 0
		for i := range k {
			if forth[fmt.Sprint("oa", i)] != fmt.Sprint("na", i) {
				crossed++
			}
		}
		mirror := maps.Equal(forth, back)
		if crossed > 0 || !mirror {
			bad++
			t.Logf("seed %d k %d hubs %d shift %d: crossed %d mirror %v", seed, k, hubs, shift, crossed, mirror)
		}
	}
	t.Logf("bad %d of %d", bad, n)
}
