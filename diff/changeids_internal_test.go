package diff

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestChangeIDsKeys: the keys of changeIDs, which number the changes'
// texts, tell causes apart exactly as groupKey does (and changes as
// kind, from and to do), whatever the names, kinds and texts (NULs
// in them too), recipe changes whose hashes differ included.
func TestChangeIDsKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 35))
	// NULs too: a saved report's strings may hold them, and keys that
	// joined texts by NULs told "x\x00" and "" from "x" and "\x00" not.
	texts := []string{"", "+a", "~a", "+a ~b", "1.2", "1.3", "gcc@13", "a b", "x", "x\x00", "\x00", "\x00x", "x\x00x"}
	kinds := []string{"version", "variants", "recipe", "compiler", "other"}
	names := []string{"zlib", "curl", "z", "zl", "z\x00", "z\x00version"}
	causes := make([]Cause, 400)
	for i := range causes {
		c := Cause{Name: names[r.IntN(len(names))]}
		for range 1 + r.IntN(2) {
			c.Changes = append(c.Changes, Change{Kind: kinds[r.IntN(len(kinds))], From: texts[r.IntN(len(texts))], To: texts[r.IntN(len(texts))]})
		}
		causes[i] = c
	}
	// Joined by NULs, each pair had one key.
	causes = append(causes,
		Cause{Name: "z", Changes: []Change{{Kind: "version", From: "x\x00", To: ""}}},
		Cause{Name: "z", Changes: []Change{{Kind: "version", From: "x", To: "\x00"}}},
		Cause{Name: "z", Changes: []Change{{Kind: "version", From: "1.2", To: "1.3"}, {Kind: "variants", From: "~a", To: "+a"}}},
		Cause{Name: "z", Changes: []Change{{Kind: "version", From: "1.2", To: "1.3\x00variants\x00~a\x00+a"}}},
		Cause{Name: "z\x00version", Changes: []Change{{Kind: "recipe"}}},
		Cause{Name: "z", Changes: []Change{{Kind: "version\x00recipe"}}},
	)
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

// TestChangeIDsKeysHoldNoText: the keys that group causes hold numbers
// for a change's texts, not the texts: a change of a spec of many
// flipped variants is as long as its variants, and a key that copied it
// was that long again for every cause (TestChangeIDsKeys checks only
// that equal keys are equal causes, which a key of the text also is).
func TestChangeIDsKeysHoldNoText(t *testing.T) {
	long := strings.Repeat("+v", 1<<19) // 1 MiB
	c := Cause{Name: "libdwarf", Changes: []Change{{Kind: "variants", From: long, To: long[1:]}}}
	var ids changeIDs
	for range 3 {
		if k := ids.groupKey(nil, c); len(k) > 64 {
			t.Fatalf("a group key of %d bytes for a change of %d: it holds the text", len(k), len(long))
		}
		if k := ids.changeKey(nil, c.Changes[0]); len(k) > 64 {
			t.Fatalf("a change key of %d bytes for a change of %d: it holds the text", len(k), len(long))
		}
	}
}
