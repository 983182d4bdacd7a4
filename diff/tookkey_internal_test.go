package diff

import "testing"

// TestWeakTookKeyIntoApart (class c): weakTookKey's r.wholeInto part
// writes each list's number and then the list by listKey; with the
// list joined by NULs every test passed. Such a join is no key: the
// lists follow one another unmarked, so a spelling holding a later
// list's number and a colon, as a Spack range does (foo@1.2:3), read as
// two lists, and a spelling holding a NUL (refused by the loader since
// f357a59c, not by the engine) as two spellings. A spec whose key is
// another's takes its stacks (respellStacks makes them once a key).
func TestWeakTookKeyIntoApart(t *testing.T) {
	took := map[int32]weakTook{7: {alts: []string{"foo@1"}, into: 1}}
	for _, c := range [][2]map[int32][]string{
		{{1: {"foo@1.2:3"}}, {1: {"foo@1."}, 2: {"3"}}},
		{{1: {"foo@1\x00foo@2"}}, {1: {"foo@1", "foo@2"}}},
	} {
		if a, b := weakTookKey(took, c[0]), weakTookKey(took, c[1]); a == b {
			t.Errorf("the lists %v and %v: one key %q", c[0], c[1], a)
		}
	}
}
