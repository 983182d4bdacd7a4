package diff

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/version"
)

// TestUpdateGroupsParseTiesOnly (issue 35: memory within 4x the input):
// updateGroups parsed every group's from and to as versions to order
// the groups that tie on facet and specs, 12 bytes a component: the one
// pair of a spec of 1.28M variants, every one flipped, is one group, and
// its from and to (12 MB each) parsed to 60 MB at once, the compare's
// peak. Only the values of groups that tie are parsed: ordering one
// group of 100k flipped variants allocated 4.8 MB, and now at most
// 64 KB.
func TestUpdateGroupsParseTiesOnly(t *testing.T) {
	var from, to strings.Builder
	for i := range 100000 {
		fmt.Fprintf(&from, "+v%07d ", i)
		fmt.Fprintf(&to, "~v%07d ", i)
	}
	pkgs := []Package{{Name: "libdwarf", Specs: SpecChanges{Updated: []Pair{{Facet: "variants", From: from.String(), To: to.String()}}}}}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	g := updateGroups(pkgs)
	runtime.ReadMemStats(&after)
	if len(g) != 1 || g[0].Specs != 1 {
		t.Fatalf("groups: %+v", g)
	}
	if a := after.TotalAlloc - before.TotalAlloc; a > 64<<10 {
		t.Errorf("ordering one group of %d bytes of values allocated %d bytes, want at most 64 KB", from.Len()+to.Len(), a)
	}
}

// TestUpdateGroupsOrder: the groups come in the order they came in when
// every group's values were ordered: facets, most specs first, then
// from and to as versions.
func TestUpdateGroupsOrder(t *testing.T) {
	vals := []string{"1.0", "1.10", "1.2", "2.0a", "+x ~y", "~x +y", "gcc@12", "gcc@9", "", "a", "b"}
	facets := []string{"version", "compiler", "variants", "target", "os", "platform", "recipe", "other"}
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 35))
		var pkgs []Package
		for p := range 1 + r.IntN(6) {
			pk := Package{Name: fmt.Sprintf("p%d", p)}
			for range 1 + r.IntN(6) {
				pk.Specs.Updated = append(pk.Specs.Updated, Pair{Facet: facets[r.IntN(len(facets))], From: vals[r.IntN(len(vals))], To: vals[r.IntN(len(vals))]})
			}
			pkgs = append(pkgs, pk)
		}
		got := updateGroups(pkgs)
		want := slices.Clone(got)
		// The order before: every group's values ordered.
		rank := map[string]int{}
		for i, f := range facetNames {
			rank[f] = i
		}
		var values []string
		for _, g := range want {
			values = append(values, g.From, g.To)
		}
		slices.Sort(values)
		values = slices.Compact(values)
		version.Sort(values)
		order := map[string]int{}
		for i, v := range values {
			order[v] = i
		}
		slices.SortFunc(want, func(a, b UpdateGroup) int {
			return cmp.Or(cmp.Compare(rank[a.Facet], rank[b.Facet]), cmp.Compare(b.Specs, a.Specs),
				cmp.Compare(order[a.From], order[b.From]), cmp.Compare(order[a.To], order[b.To]))
		})
		for i := range got {
			if got[i].Facet != want[i].Facet || got[i].From != want[i].From || got[i].To != want[i].To || got[i].Specs != want[i].Specs {
				t.Fatalf("seed %d: group %d is %+v, want %+v", seed, i, got[i], want[i])
			}
		}
	}
}
