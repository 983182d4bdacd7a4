package diff

import "testing"

// TestAdoptCausesSetsInTableOrder (issue 35 class e, over-refusal): a
// report of cachediff before issue 35 writes each pair's causes out
// whole, sorted by name; AdoptCauses filed them in the table in the
// order first met, and each pair's set in its causes' order, so that a
// pair naming a cause met first after another of a later name had a set
// out of the table's order, and render refused the report
// ("causes.sets[2][2].cause: 1 after 5: a set lists each cause once, in
// order"): cachediff 19501bb4's report of the viperML lockfiles,
// debian-11 to rhel-8 under --ignore os, which it rendered.
func TestAdoptCausesSetsInTableOrder(t *testing.T) {
	cause := func(pair, name string) Cause {
		return Cause{Name: name, OldHash: name + "-old", NewHash: name + "-new",
			Changes: []Change{{Kind: "os", From: "debian11", To: "rhel8"}}, Path: []string{pair, name}}
	}
	r := &Report{
		Packages: []Package{
			{Name: "p", Specs: SpecChanges{Rebuilt: []Pair{{Why: &Why{Known: true, Causes: []Cause{cause("p", "bzip2")}}}}}},
			{Name: "q", Specs: SpecChanges{Rebuilt: []Pair{{Why: &Why{Known: true, Causes: []Cause{cause("q", "berkeley-db"), cause("q", "bzip2")}}}}}},
		},
		Causes: &Causes{},
	}
	if err := r.AdoptCauses(); err != nil {
		t.Fatal(err)
	}
	for k, set := range r.Causes.Sets {
		for i := 1; i < len(set); i++ {
			if set[i].Cause <= set[i-1].Cause {
				t.Errorf("causes.sets[%d]: %v: cause %d after %d, not in the table's order", k, set, set[i].Cause, set[i-1].Cause)
			}
		}
	}
}
