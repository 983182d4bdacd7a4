package snapshot

import (
	"fmt"
	"testing"
)

// Issue 35 item 11: a lockfile's nodes share their list of roots, and the
// canonicalization looked every name of it up again for every node:
// roots × nodes lookups (16 million for 4,000 roots sharing 4,000 nodes),
// with nothing to rewrite. A shared list canonicalized just before is
// canonical: the work is one lookup per name, once.
func TestSharedStacksCanonicalizedOnce(t *testing.T) {
	roots, nodes := 1000, 1000
	shared := make([]string, roots)
	for i := range shared {
		shared[i] = fmt.Sprintf("root%05d", i)
	}
	c := newCanonicalizer()
	c.cache = newCanonCache()
	for range nodes {
		s := Spec{Hash: "h", Stacks: shared}
		c.spec(&s, true)
		if len(s.Stacks) != roots || &s.Stacks[0] != &shared[0] {
			t.Fatalf("stacks %d, shared %v", len(s.Stacks), &s.Stacks[0] == &shared[0])
		}
	}
	stackLookups := c.cache.lookups
	if limit := roots + 4*nodes; stackLookups > limit { // each spec also looks up its compiler
		t.Errorf("%d look-ups for %d nodes sharing %d roots, want at most %d (each name once)", stackLookups, nodes, roots, limit)
	}
	// A list of its own, or with a rule to apply, is still canonicalized.
	own := []string{"b", "a", "a"}
	s := Spec{Stacks: own}
	c.spec(&s, true)
	if fmt.Sprint(s.Stacks) != "[a b]" {
		t.Errorf("an unsorted list of its own: %v", s.Stacks)
	}
}
