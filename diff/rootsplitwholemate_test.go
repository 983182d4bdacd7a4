package diff_test

import "testing"

// A new root that a root of a spelling respelt whole paired with is
// that root's alone: no root of a split spelling takes it too
// (TestRootsDrawnFacetFolders' seed 3597, smallest; render refused the
// report new → old). Old: debarm's m curl@2.0, rhel's p curl@3.0 and c
// curl@1.0; new: rhel's r curl@=3.0 (added), b curl@=2.0.1 (c changed),
// debarm's 3 (m changed) and rhel's q (p changed) curl@=3.0. New → old,
// curl@=2.0.1 went whole into curl@1.0, b paired with c, and curl@=3.0
// was split: its root r took c as well, by environment, its stack
// renamed curl@1.0 while the roots said r removed ("causes.roots.
// removed[0].root: "curl@=3.0", but facets.stack.removed does not name
// it").
func TestRootSplitTakesNoWholeSpellingsMate(t *testing.T) {
	m := facetRoot{"debarm", "curl", "2.0", "10", "+shared", 0, 1, "curl@2.0"}
	p := facetRoot{"rhel", "curl", "3.0", "10", "+shared", 0, 1, "curl@3.0"}
	c := facetRoot{"rhel", "curl", "1.0", "11", "~shared", 3, 1, "curl@1.0"}
	r := facetRoot{"rhel", "curl", "3.0", "10", "+shared", 1, 11, "curl@=3.0"}
	b := facetRoot{"rhel", "curl", "2.0.1", "11", "~shared", 3, 11, "curl@=2.0.1"}
	three := facetRoot{"debarm", "curl", "3.0", "10", "+shared", 9, 0, "curl@=3.0"}
	q := facetRoot{"rhel", "curl", "3.0", "10", "+shared", 9, 0, "curl@=3.0"}
	want := []string{
		"added " + r.letter() + " curl@=3.0",
		"changed " + c.letter() + ">" + b.letter() + " curl@1.0>curl@=2.0.1",
		"changed " + m.letter() + ">" + three.letter() + " curl@2.0>curl@=3.0",
		"changed " + p.letter() + ">" + q.letter() + " curl@3.0>curl@=3.0",
	}
	facetRootsMirrored(t, "whole mate", []facetRoot{m, p, c}, []facetRoot{r, b, three, q}, want)
}
