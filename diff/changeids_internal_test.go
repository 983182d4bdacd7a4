package diff

import (
	"math/rand/v2"
	"testing"
)

// TestChangeIDsKeys: the keys of changeIDs, which number the changes'
// texts, tell causes apart exactly as groupKey does (and changes as
// kind, from and to do), whatever the names, kinds and texts, recipe
// changes whose hashes differ included.
func TestChangeIDsKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 35))
	texts := []string{"", "+a", "~a", "+a ~b", "1.2", "1.3", "gcc@13", "a b", "x"}
	kinds := []string{"version", "variants", "recipe", "compiler", "other"}
	names := []string{"zlib", "curl", "z", "zl"}
	causes := make([]Cause, 400)
	for i := range causes {
		c := Cause{Name: names[r.IntN(len(names))]}
		for range 1 + r.IntN(2) {
			c.Changes = append(c.Changes, Change{Kind: kinds[r.IntN(len(kinds))], From: texts[r.IntN(len(texts))], To: texts[r.IntN(len(texts))]})
		}
		causes[i] = c
	}
	var ids changeIDs
	for i := range causes {
		for j := range causes {
			a, b := causes[i], causes[j]
			same := string(ids.groupKey(nil, a)) == string(ids.groupKey(nil, b))
			if want := groupKey(a) == groupKey(b); same != want {
				t.Fatalf("%+v and %+v: the same key %v, groupKey says %v", a, b, same, want)
			}
			ca, cb := a.Changes[0], b.Changes[0]
			same = string(ids.changeKey(nil, ca)) == string(ids.changeKey(nil, cb))
			if want := ca == cb; same != want {
				t.Fatalf("%+v and %+v: the same change key %v, want %v", ca, cb, same, want)
			}
		}
	}
}
