package diff

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// randomTurnsPair returns two graphs of a chain whose specs link some
// of K changed leaves (in turn, at random, or all), each chain spec
// with a few dependents that link it and some of the leaves: a
// dependent's set is its chain spec's, overriding leaves that its
// chain spec's single bases hold at any depth, up to K = 24 of them.
func randomTurnsPair(rng *rand.Rand) (Graph, Graph, [][4]string) {
	var deps [][]int // deps[i] before i; turned around below
	add := func(d ...int) int {
		deps = append(deps, d)
		return len(deps) - 1
	}
	k := 1 + rng.IntN(24)
	leaves := make([]int, k)
	for j := range leaves {
		leaves[j] = add()
	}
	some := func() []int {
		var d []int
		for _, l := range leaves {
			if rng.IntN(3) != 0 {
				d = append(d, l)
			}
		}
		return d
	}
	mode := rng.IntN(3)
	prev := -1
	for i := range 5 + rng.IntN(40) {
		var d []int
		if prev >= 0 {
			d = append(d, prev)
		}
		switch {
		case mode == 0:
			d = append(d, leaves[i%k])
		case mode == 1 && rng.IntN(3) == 0:
			d = append(d, leaves[rng.IntN(k)])
		case mode == 2:
			d = append(d, some()...)
		}
		prev = add(d...)
		for range rng.IntN(3) {
			d := []int{prev}
			if rng.IntN(2) == 0 {
				d = append(d, leaves...)
			} else {
				d = append(d, some()...)
			}
			add(d...)
		}
	}
	n := len(deps)
	names := []string{"a", "b", "c"}[:1+rng.IntN(3)]
	unique := rng.IntN(3) != 0
	name := make([]string, n)
	bumped := make([]bool, n)
	at := func(i int) int { return n - 1 - i } // dagPairOf's specs depend on later ones
	flipped := make([][]int, n)
	for i := range n {
		name[at(i)] = names[rng.IntN(len(names))]
		if unique {
			name[at(i)] = fmt.Sprintf("s%03d", i)
		}
		bumped[at(i)] = rng.IntN(5) != 0
		for _, j := range deps[i] {
			flipped[at(i)] = append(flipped[at(i)], at(j))
		}
	}
	newOnly, oldOnly := randomEdgeChanges(rng, flipped, 12)
	return dagPairOf(name, flipped, bumped, newOnly, oldOnly)
}

// Property: on chains whose specs link up to 24 changed leaves, in
// turn, at random or many at once, each with dependents linking it and
// leaves too, the sets based wherever they can be (holds finding an
// override's cause at any depth of single bases, past the last few
// causes overridden) resolve to the causes of every path looked at one
// by one, with the groups of a brute-force count, and keep the laws
// (oracleCheck).
func TestCausesBasedDeepOracle(t *testing.T) {
	seeds := 300
	if testing.Short() {
		seeds = 100
	}
	var overs, far int
	holdHook = func(deep bool) {
		if deep {
			far++
		}
	}
	defer func() { holdHook = nil }()
	basedHook = func(_, _, _, o bool) {
		if o {
			overs++
		}
	}
	defer func() { basedHook = nil }()
	based := 0
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 36))
		before, after, pairs := randomTurnsPair(rng)
		if len(pairs) == 0 {
			continue
		}
		n, _, _ := oracleCheck(t, fmt.Sprintf("seed %d", seed), before, after, pairs, false)
		based += n
	}
	if overs == 0 || far == 0 {
		t.Fatalf("%d sets based, %d overriding a cause of their base (%d found past %d levels): the property tested nothing of them", based, overs, far, holdDepth)
	}
	t.Logf("%d sets based, %d overriding a cause of their base (%d found past %d levels)", based, overs, far, holdDepth)
}
