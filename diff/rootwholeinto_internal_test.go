package diff

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// ownSpellingsLock loads a lockfile of n roots of foo, each of an os of
// its own (or, oneOS, all of one os) over one hub: written foo@1, or,
// respelt, each foo@1.<i>.
func ownSpellingsLock(t *testing.T, n int, respelt, oneOS bool) *snapshot.Snapshot {
	t.Helper()
	h := spellHash
	node := func(name, hash, osName, deps string) string {
		return fmt.Sprintf(`%q:{"name":%q,"version":"1","arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`,
			hash, name, osName, deps, hash)
	}
	hub := fmt.Sprintf(`{"name":"hub0","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, h('h', 0))
	roots, specs := []string{}, []string{node("hub0", h('h', 0), "os", "")}
	for i := range n {
		spelling := "foo@1"
		if respelt {
			spelling = fmt.Sprintf("foo@1.%d", i)
		}
		roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, h('f', i), spelling))
		osName := fmt.Sprintf("os%d", i)
		if oneOS {
			osName = "os"
		}
		specs = append(specs, node("foo", h('f', i), osName, hub))
	}
	return loadLock(t, roots, specs)
}

// TestRespeltIntoOwnSpellingsLinear (issue 35 class d): n roots of one
// spelling, each of its own environment, each respelt into a spelling
// of its own, over one spec they all need: each of the n spellings goes
// whole into the old one the other way round (r.wholeInto), and the
// hub took all n for each of the n renames, n² steps and bytes (4x the
// roots cost 15.9x). Taken once for the old spelling, 4x the roots
// cost at most ~4.4x, and the hub is in every new spelling's stack.
func TestRespeltIntoOwnSpellingsLinear(t *testing.T) {
	respeltIntoOwnSpellings(t, false)
}

// TestRespeltIntoOwnSpellingsOneOSLinear (class c): of
// TestRespeltIntoOwnSpellingsLinear's roots all of one os, the n
// renames share their alts too (each of the n spellings goes whole into
// foo@1 there, r.wholeThere), and 38f18596 takes them once for the old
// spelling and alts (tookCombo), the renames after the first marked
// dup. With that undone the test above still passed (each rename's
// alts its own os's, none shared): here the hub took all n alts for
// each of the n renames again, 4x the roots 15.8x the steps and 16.4x
// the bytes.
func TestRespeltIntoOwnSpellingsOneOSLinear(t *testing.T) {
	respeltIntoOwnSpellings(t, true)
}

// respeltIntoOwnSpellings is respellFourTimes of ownSpellingsLock: each
// of the n spellings goes whole into foo@1, and the hub is in each.
func respeltIntoOwnSpellings(t *testing.T, oneOS bool) {
	t.Helper()
	respellFourTimes(t, func(n int, steps *int) uint64 {
		s, bytes := respellStacksBytes(ownSpellingsLock(t, n, false, oneOS), ownSpellingsLock(t, n, true, oneOS), func(ren *respelling) {
			if len(ren.wholeInto["foo@1"]) != n {
				t.Fatalf("%d roots: %d spellings go whole into foo@1, want %d", n, len(ren.wholeInto["foo@1"]), n)
			}
			if oneOS && len(ren.wholeThere) != n {
				t.Fatalf("%d roots of one os: %d spellings go whole into foo@1 there, want %d", n, len(ren.wholeThere), n)
			}
			*steps = 0
		})
		for _, p := range s.Packages {
			if p.Name == "hub0" && len(p.Specs[0].Stacks) != n {
				t.Fatalf("%d roots: the hub in %d stacks, want %d", n, len(p.Specs[0].Stacks), n)
			}
		}
		return bytes
	})
}
