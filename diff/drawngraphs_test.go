package diff_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// drawGraph draws an old graph of two to six packages of one to four
// specs each, all of one facets (so that only the edges tell them
// apart), each over up to three specs before it, and when cyclic some
// over one at or after it (bad input: cycles, self-edges); edges may be
// given twice. The new graph is a copy with one to three mutations: a
// package's versions bumped, zlib's bumped, an edge dropped or added
// (structural).
func drawGraph(rng *rand.Rand, cyclic bool) gShape {
	names := []string{"a", "b", "c", "d", "e", "zlib"}
	k := 2 + rng.IntN(len(names)-1)
	var old []gSpec
	n := 0
	for p := range k {
		for range 1 + rng.IntN(4) {
			old = append(old, gSpec{name: names[p], id: fmt.Sprint("o", n), version: "1"})
			n++
		}
	}
	drawEdges(rng, old, cyclic, 4)
	var sh gShape
	sh.place = map[string]string{}
	nw := make([]gSpec, len(old))
	for i, sp := range old {
		x := gSpec{name: sp.name, id: "n" + sp.id[1:], version: sp.version}
		for _, d := range sp.deps {
			x.deps = append(x.deps, [2]string{d[0], "n" + d[1][1:]})
		}
		nw[i] = x
		sh.place[sp.id] = x.id
	}
	for range 1 + rng.IntN(3) {
		i := rng.IntN(len(nw))
		switch m := rng.IntN(6); {
		case m <= 2:
			sh.what = append(sh.what, "bump "+nw[i].name)
			for x := range nw {
				if nw[x].name == nw[i].name {
					nw[x].version = "2"
				}
			}
		case m == 3 && len(nw[i].deps) > 0:
			sh.structural = true
			j := rng.IntN(len(nw[i].deps))
			sh.what = append(sh.what, fmt.Sprintf("drop %s→%s", nw[i].id, nw[i].deps[j][1]))
			nw[i].deps = slices.Delete(slices.Clone(nw[i].deps), j, j+1)
		case m == 4 && i > 0:
			sh.structural = true
			j := rng.IntN(i)
			sh.what = append(sh.what, fmt.Sprintf("add %s→%s", nw[i].id, nw[j].id))
			nw[i].deps = append(slices.Clone(nw[i].deps), [2]string{nw[j].name, nw[j].id})
		case m == 5:
			sh.what = append(sh.what, "bump zlib")
			for x := range nw {
				if nw[x].name == "zlib" {
					nw[x].version = "2"
				}
			}
		}
	}
	sh.sides = [2][]gSpec{old, nw}
	return sh
}

// drawEdges gives each of old up to three dependencies on specs before it
// and, where cyclic, one in cycleOdds a dependency on itself or a spec
// after it (a cycle), as drawGraph and drawMixed draw their old sides.
func drawEdges(rng *rand.Rand, old []gSpec, cyclic bool, cycleOdds int) {
	for i := range old {
		for range rng.IntN(4) {
			if i == 0 {
				break
			}
			j := rng.IntN(i)
			old[i].deps = append(old[i].deps, [2]string{old[j].name, old[j].id})
		}
		if cyclic && rng.IntN(cycleOdds) == 0 {
			j := i + rng.IntN(len(old)-i)
			old[i].deps = append(old[i].deps, [2]string{old[j].name, old[j].id})
		}
	}
}
