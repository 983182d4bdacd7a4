package diff

import (
	"math"
	"reflect"
	"testing"
)

// Spec b loses its dependency a, while its dependency x gains one, both
// edges without a hash (a graph made by hand; a Spack file's edge has
// one): b's root causes are "a removed" (by b a) and "a added" (by b x
// a), of one name and no hashes. Resolve sorted them by path,
// ResolveFirst (what Markdown lists) by their order in the table, so
// that the one cause Markdown showed was not the first of the whole
// list. Both now sort by name, hashes, changes, path.
func TestResolveFirstOrderOfOneName(t *testing.T) {
	var before, after Graph
	before.Add(NewNode("o-x", "x", "1", []Edge{}))
	before.Add(NewNode("o-b", "b", "1", []Edge{{Name: "x", Hash: "o-x"}, {Name: "a"}}))
	after.Add(NewNode("n-x", "x", "1", []Edge{{Name: "a"}}))
	after.Add(NewNode("n-b", "b", "1", []Edge{{Name: "x", Hash: "n-x"}}))
	r, _, _ := explainPairs(t, before, after, [][4]string{{"o-b", "n-b", "b", ""}, {"o-x", "n-x", "x", ""}}, math.MaxInt32)
	w := r.Packages[0].Specs.Rebuilt[0].Why
	all := r.Causes.Resolve(w, "b")
	if len(all) != 2 || all[0].Name != "a" || all[1].Name != "a" || all[0].OldHash+all[0].NewHash+all[1].OldHash+all[1].NewHash != "" {
		t.Fatalf("causes %s, want a added and a removed, without hashes", causeLines(all))
	}
	for n := 1; n <= 2; n++ {
		first, k := r.Causes.ResolveFirst(w, "b", n, -1, NewCauseOrder())
		if k != 2 || !reflect.DeepEqual(first, all[:n]) {
			t.Errorf("the first %d causes\n%s\nwant the first of Resolve's\n%s", n, causeLines(first), causeLines(all))
		}
	}
}
