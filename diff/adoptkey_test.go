package diff

import "testing"

// A report saved before issue 35 writes each pair's causes out whole;
// AdoptCauses files them in one table. Two causes of one name and
// hashes whose changes differ were one entry when the key joined the
// strings by NULs and one change's text held the NULs ("\u0000" is
// valid JSON): the second pair's cause read as the first's changes.
func TestAdoptCausesKeepsNULJoinedApart(t *testing.T) {
	cause := func(ch ...Change) Cause {
		return Cause{Name: "z", OldHash: "aaaa", NewHash: "bbbb", Changes: ch, Path: []string{"p", "z"}}
	}
	one := cause(Change{Kind: "version", From: "1", To: "2\x00variants\x00~x\x00+x"})
	two := cause(Change{Kind: "version", From: "1", To: "2"}, Change{Kind: "variants", From: "~x", To: "+x"})
	r := &Report{
		Packages: []Package{{Name: "p", Specs: SpecChanges{Rebuilt: []Pair{
			{Why: &Why{Known: true, Causes: []Cause{one}}},
			{Why: &Why{Known: true, Causes: []Cause{two}}},
		}}}},
		Causes: &Causes{},
	}
	if err := r.AdoptCauses(); err != nil {
		t.Fatal(err)
	}
	if got := len(r.Causes.Table); got != 2 {
		t.Fatalf("%d causes in the table, want 2: %+v", got, r.Causes.Table)
	}
	for i, want := range []Cause{one, two} {
		set := r.Causes.Sets[r.Packages[0].Specs.Rebuilt[i].Why.Set]
		if len(set) != 1 {
			t.Fatalf("pair %d: set %v, want one cause", i, set)
		}
		got := r.Causes.Table[set[0].Cause]
		if len(got.Changes) != len(want.Changes) || got.Changes[0] != want.Changes[0] {
			t.Errorf("pair %d: changes %+v, want %+v", i, got.Changes, want.Changes)
		}
	}
}
