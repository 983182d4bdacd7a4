package diff

import (
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestEdgePairingIndexesLittle (issue 35 class d): of n builds alike in
// one group, all rebuilt and respelt (foo@1 → foo), the pairing by
// edges resolves one class of n specs a side, each way. It indexed the
// class's specs by hash in maps of strings (the class of each old and
// new spec, the seeder's places of the new specs, depOrder's of the old
// ones), some 80 bytes an entry and alive while the class resolved: the
// pairing's live heap of a 64,000-root pair peaked over 110 MB with
// them. They are tables of places now (specIndex): 2,692 bytes a spec
// allocated both ways before, 2,084 now.
func TestEdgePairingIndexesLittle(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	const n = 4000
	_, total := pairingStages(t, n)
	made := float64(total[2]-total[0]) / n
	t.Logf("resolved both ways, %.0f bytes a spec allocated", made)
	if made > 2200 {
		t.Errorf("resolved both ways, the pairing allocated %.0f bytes a spec, want at most 2200", made)
	}
}

// TestSpecIndex: a spec's place by hash is a map's filled in the
// list's order (the last spec of a hash), and a hash the list lacks is
// not found.
func TestSpecIndex(t *testing.T) {
	var specs []*Spec
	want := map[string]int{}
	for i := range 100 {
		h := string(rune('a'+i%37)) + "x" // repeats from the 38th
		specs = append(specs, &Spec{Hash: h})
		want[h] = i
	}
	x := newSpecIndex(specs)
	for h, i := range want {
		if got, ok := x.at(h); !ok || got != i {
			t.Errorf("at(%q) = %d, %v; want %d, true", h, got, ok, i)
		}
	}
	for _, h := range []string{"", "x", "ax ", "zz"} {
		if got, ok := x.at(h); ok {
			t.Errorf("at(%q) = %d, true; want not found", h, got)
		}
	}
	var empty specIndex
	if _, ok := empty.at("a"); ok {
		t.Error("the empty index found a spec")
	}
	classes := []*edgeClass{{olds: specs[:50]}, {olds: specs[40:60]}}
	ci := newClassIndex(classes, func(c *edgeClass) []*Spec { return c.olds })
	classOf := map[string]int32{}
	for i, c := range classes {
		for _, sp := range c.olds {
			classOf[sp.Hash] = int32(i)
		}
	}
	for _, sp := range specs {
		wc, wok := classOf[sp.Hash]
		if got, ok := ci.of(sp.Hash); ok != wok || got != wc {
			t.Errorf("class of %q = %d, %v; want %d, %v", sp.Hash, got, ok, wc, wok)
		}
	}
}
