package diff_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// Shapes of r12's drawn loop of twin curls (two or three environments,
// up to six spellings, 4,000 seeds: 34 not mirrored), shrunk: each
// failed the mirror law (class b); a lead is skipped until fixed.

// TestRootLeftPairedInItsEnvironmentBothWays (r12's seed 2327 shrunk,
// a lead skipped until now; 7b29dd7f's respeltRootsLeft of the sides
// swapped holds it): rhel's curl b, ubuntu's curl l and r and curl@=1.0
// a, now rhel's curl@=1.0 v and ubuntu's curl@2.0 n and curl@1.0 f.
// Old → new b is changed into v (their specs pair) and a removed; new →
// old v, of curl@=1.0, which both sides write, was changed into
// ubuntu's a, across environments, and b added, though the specs pair
// v>b both ways round. Fails on 7b29dd7f's parent.
func TestRootLeftPairedInItsEnvironmentBothWays(t *testing.T) {
	old := map[string][]twinSpec{
		"rhel":   {{"curl", "b", "curl", ""}},
		"ubuntu": {{"curl", "l", "curl", ""}, {"curl", "a", "curl@=1.0", ""}, {"curl", "r", "curl", ""}},
	}
	cur := map[string][]twinSpec{
		"rhel":   {{"curl", "v", "curl@=1.0", ""}},
		"ubuntu": {{"curl", "n", "curl@2.0", ""}, {"curl", "f", "curl@1.0", ""}},
	}
	checkTwinRoots(t, old, cur, []string{
		"changed b>v curl>curl@=1.0",
		"changed l>f curl>curl@1.0",
		"changed r>n curl>curl@2.0",
		"removed a curl@=1.0",
	})
}

// TestLeadUpdatedByOSOneWay (seed 3364 shrunk; lead for the updated
// pass or pairByEdges): debian's libx g under curl d, now rhel's libx
// i under curl@1.0 k (added) and ubuntu's y under curl 4 (ubuntu's
// curl@=1.0 m changed into it). Old → new g is updated into y (os
// debian11 → ubuntu22.04), new → old i into g: the specs by hash are
// not the mirror of each other, the counts alike.
func TestLeadUpdatedByOSOneWay(t *testing.T) {
	t.Skip("lead: libx g paired with ubuntu's y old → new, with rhel's i new → old")
	old := map[string][]twinSpec{
		"debian": {{"libx", "g", "", ""}, {"curl", "d", "curl", "g"}},
		"ubuntu": {{"curl", "m", "curl@=1.0", ""}},
	}
	cur := map[string][]twinSpec{
		"debian": {{"curl", "b", "curl", ""}, {"curl", "h", "curl@=1.0", ""}},
		"rhel":   {{"libx", "i", "", ""}, {"curl", "k", "curl@1.0", "i"}},
		"ubuntu": {{"libx", "y", "", ""}, {"curl", "4", "curl", "y"}},
	}
	checkTwinRoots(t, old, cur, []string{
		"added h curl@=1.0",
		"added k curl@1.0",
		"changed d>b curl>curl",
		"changed m>4 curl@=1.0>curl",
	})
}

// TestLeadTwinPairedAgainstItsRoot (r13's twin loop, 1,357 of 4,000
// seeds whose roots a spec pair contradicts, shrunk; lead for the spec
// pairing of builds alike, not for the roots): debian's q rooted
// curl@2.0, now debian's e rooted curl@2.0 and i rooted curl, builds
// alike. The roots pair q>e both ways round (one spelling, one
// environment), and the specs pair q>i both ways round (not yet traced;
// keyOrder puts each side's twins in the order of their own stacks,
// "curl" before "curl@2.0"), though q's stack and e's are one name: the root is said changed into e while its spec is said
// rebuilt into i, and e's spec added. Pairing the roots as the specs
// pair instead (explainer.roots, the spec's pair in its environment
// before respell's mate) took the twin loop's mirror from 17 seeds
// failing to 89: respell splits a spelling root by root by its own
// pairs, so only one way round followed the specs.
func TestLeadTwinPairedAgainstItsRoot(t *testing.T) {
	t.Skip("lead: q's spec paired with i while its root, of q's spelling, changed into e")
	old := map[string][]twinSpec{"debian": {{"curl", "q", "curl@2.0", ""}}}
	cur := map[string][]twinSpec{"debian": {{"curl", "e", "curl@2.0", ""}, {"curl", "i", "curl", ""}}}
	checkTwinRoots(t, old, cur, []string{"added i curl", "changed q>e curl@2.0>curl@2.0"})
	o, n := loadTwinsIn(t, "old", old), loadTwinsIn(t, "new", cur)
	r, err := diff.CompareWith(o, n, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"added " + strings.Repeat("i", 32), "paired " + strings.Repeat("q", 32) + ">" + strings.Repeat("e", 32)}
	if got := specHashes(r, false); !slices.Equal(got, want) {
		t.Errorf("specs %q, want %q: paired as the roots", got, want)
	}
}
