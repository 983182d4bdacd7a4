package diff_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
)

// chainUpd is a chain of n specs, c00001 depending on c00000 and so on,
// every spec's version changed (a stack-wide version bump): spec i has
// its own change and specs 0 … i-1 as root causes, each by its own path.
// With leaves, every spec also depends on a changed leaf of its own;
// with k > 0, c00000 depends on a hub over k changed leaves.
func chainUpd(n int, leaves bool, k int) *shape {
	s := newShape()
	prev := ""
	if k > 0 {
		hubLeaves := make([]string, k)
		for i := range hubLeaves {
			hubLeaves[i] = fmt.Sprintf("l%05d", i)
			s.add(hubLeaves[i], hubLeaves[i], true)
		}
		s.add("hub", "hub", false, hubLeaves...)
		prev = "hub"
	}
	for i := range n {
		c := fmt.Sprintf("c%05d", i)
		var deps []string
		if prev != "" {
			deps = append(deps, prev)
		}
		if leaves {
			x := fmt.Sprintf("x%05d", i)
			s.add(x, x, true)
			deps = append(deps, x)
		}
		s.add(c, c, true, deps...)
		prev = c
	}
	return s
}

// joinedChains is two chains of n specs each with its own change (a…
// and b…), a spec j depending on both chains' last specs, and a chain
// of n more specs with changes of their own over j.
func joinedChains(n int) *shape {
	s := newShape()
	for _, p := range []string{"a", "b"} {
		prev := ""
		for i := range n {
			c := fmt.Sprintf("%s%05d", p, i)
			if prev == "" {
				s.add(c, c, true)
			} else {
				s.add(c, c, true, prev)
			}
			prev = c
		}
	}
	s.add("j", "j", true, fmt.Sprintf("a%05d", n-1), fmt.Sprintf("b%05d", n-1))
	prev := "j"
	for i := range n {
		c := fmt.Sprintf("t%05d", i)
		s.add(c, c, true, prev)
		prev = c
	}
	return s
}

// sameChain is a chain of n specs of one package ("same"), each
// depending on the one before and each version bumped: spec i has its
// own change and the changes of specs 0 … i-1, all of one group, as
// root causes.
func sameChain(n int) *shape {
	s := newShape()
	prev := ""
	for i := range n {
		key := fmt.Sprintf("s%05d", i)
		od, nd := []diff.Edge{}, []diff.Edge{} // none, but known
		if prev != "" {
			od = []diff.Edge{{Name: "same", Hash: "o-" + prev}}
			nd = []diff.Edge{{Name: "same", Hash: "n-" + prev}}
		}
		s.old.Add(diff.NewNode("o-"+key, "same", "1.0", od))
		s.new.Add(diff.NewNode("n-"+key, "same", "1.1", nd))
		s.pairs = append(s.pairs, shapePair{"same", "o-" + key, "n-" + key, true})
		prev = key
	}
	return s
}

// A chain of N specs of one package, each version bumped: every cause is
// of one group, and a set could not be based on another (the causes of
// a group sat at one level of a set's expansion), so spec i's set held
// specs 0 … i-1 written out, N²/2 references (N = 4,000: 19 s, 1.2 GB,
// 553 MB of JSON). A group may now repeat down a set's single bases,
// counted at the highest level that holds it: 4x N costs at most about
// 4.4x, and the group counts every pair once.
func TestCausesSameChainLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	n := 200
	scales(t, "chain of one package, every spec changed", sameChain(n), sameChain(4*n))
	s := sameChain(n)
	r := s.report(s.order())
	if len(r.Causes.Groups) != 1 {
		t.Fatalf("%d groups, want 1: %+v", len(r.Causes.Groups), r.Causes.Groups)
	}
	if g := r.Causes.Groups[0]; g.Specs != n || g.Updated != n || g.Own != n || !slices.Equal(g.Via, []string{"same"}) {
		t.Errorf("group %+v: want %d specs, %d updated, %d own, via [same]", g, n, n, n)
	}
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(r.Causes.Sets); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte(`{"set":`)) {
		t.Error("no set of the chain is based on another")
	}
	// The top spec has every spec below it as a root cause.
	for _, p := range r.Packages {
		for _, pr := range p.Specs.Updated {
			if pr.New.Hash != fmt.Sprintf("n-s%05d", n-1) {
				continue
			}
			if causes := r.Causes.Resolve(pr.Why, p.Name); len(causes) != n-1 {
				t.Errorf("top spec: %d causes, want %d", len(causes), n-1)
			}
		}
	}
}

// A chain of N specs each with a change of its own: spec i's set of
// root causes held specs 0 … i-1, each with its own path, N²/2
// references and links in memory and in the JSON (chainupd, N = 4,000:
// 22 s, 1.8 GB, 1.1 GB of JSON; 16,000 was killed at 23.9 GB). A set is
// now written as the set of the spec below and the reference it adds
// (where two chains join, as both chains' sets): 4x N costs at most
// about 4.4x, on the chain and its relatives.
func TestCausesChainUpdLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	n := 200
	for _, x := range []struct {
		what       string
		small, big *shape
	}{
		{"chain, every spec changed", chainUpd(n, false, 0), chainUpd(4*n, false, 0)},
		{"chain, every spec changed with a changed leaf of its own", chainUpd(n, true, 0), chainUpd(4*n, true, 0)},
		{"chain over a hub with K changed leaves, every spec changed", chainUpd(n, false, n), chainUpd(4*n, false, 4*n)},
		{"two chains joined, every spec changed", joinedChains(n), joinedChains(4 * n)},
	} {
		scales(t, x.what, x.small, x.big)
	}
	// The last spec of the chain has every spec below it as a root
	// cause, each by the path down the chain.
	s := chainUpd(n, true, 0)
	r := s.report(s.order())
	top := fmt.Sprintf("c%05d", n-1)
	for _, p := range r.Packages {
		if p.Name != top {
			continue
		}
		causes := r.Causes.Resolve(p.Specs.Updated[0].Why, p.Name)
		if len(causes) != 2*n-1 { // c00000 … c00198, and x00000 … x00199
			t.Fatalf("%s: %d causes, want %d", p.Name, len(causes), 2*n-1)
		}
		if got, want := len(causes[0].Path), n; causes[0].Name != "c00000" || got != want {
			t.Errorf("%s: first cause %s by %d names, want c00000 by %d", p.Name, causes[0].Name, got, want)
		}
	}
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(r.Causes.Sets); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte(`{"set":`)) {
		t.Error("no set of the chain is based on another")
	}
}

// diamonds is a chain of n diamonds, every spec's version changed: t_i
// depends on l_i and r_i, which both depend on t_{i-1}.
func diamonds(n int) *shape {
	s := newShape()
	top := ""
	for i := range n {
		l, r, t := fmt.Sprintf("l%05d", i), fmt.Sprintf("r%05d", i), fmt.Sprintf("t%05d", i)
		var deps []string
		if top != "" {
			deps = []string{top}
		}
		s.add(l, l, true, deps...)
		s.add(r, r, true, deps...)
		s.add(t, t, true, l, r)
		top = t
	}
	return s
}

// crossedChains is two chains of n specs, every spec's version changed,
// a_i and b_i both depending on a_{i-1} and b_{i-1}.
func crossedChains(n int) *shape {
	s := newShape()
	var deps []string
	for i := range n {
		a, b := fmt.Sprintf("a%05d", i), fmt.Sprintf("b%05d", i)
		s.add(a, a, true, deps...)
		s.add(b, b, true, deps...)
		deps = []string{a, b}
	}
	return s
}

// rungs is two chains of n specs, every spec's version changed, joined
// by a rung at every step: a_i depends on a_{i-1} and b_i, b_i on
// b_{i-1}.
func rungs(n int) *shape {
	s := newShape()
	for i := range n {
		a, b := fmt.Sprintf("a%05d", i), fmt.Sprintf("b%05d", i)
		if i == 0 {
			s.add(b, b, true)
			s.add(a, a, true, b)
			continue
		}
		s.add(b, b, true, fmt.Sprintf("b%05d", i-1))
		s.add(a, a, true, fmt.Sprintf("a%05d", i-1), b)
	}
	return s
}

// chainEdges is a chain of n specs, every spec's version changed, where
// every spec but the first also depends, on the new side only, on an
// unchanged spec of its own (e00001, …): a dependency added.
func chainEdges(n int) *shape {
	s := newShape()
	prev := ""
	for i := range n {
		c := fmt.Sprintf("c%05d", i)
		if prev == "" {
			s.add(c, c, true)
			prev = c
			continue
		}
		e := fmt.Sprintf("e%05d", i)
		s.old.Add(diff.NewNode("h-"+e, e, "1.0", []diff.Edge{}))
		s.new.Add(diff.NewNode("h-"+e, e, "1.0", []diff.Edge{}))
		s.old.Add(diff.NewNode("o-"+c, c, "1.0", []diff.Edge{{Name: prev, Hash: "o-" + prev}}))
		s.new.Add(diff.NewNode("n-"+c, c, "1.1", []diff.Edge{{Name: prev, Hash: "n-" + prev}, {Name: e, Hash: "h-" + e}}))
		s.pairs = append(s.pairs, shapePair{c, "o-" + c, "n-" + c, true})
		prev = c
	}
	return s
}

// Shapes whose pairs could not be based, so that every set was written
// out (N²/2 references): a chain whose every spec also gains a
// dependency (an edge change of its own: 4x N, from 200, allocated
// 15.5x and wrote 15.7x the JSON), a chain of diamonds and two chains
// crossed at every step (dependencies that bring one set, taken as two
// bases that share causes: 16.2x and 15.6x, 15.5x and 15.0x), and two
// chains joined by a rung at every step (a_i's dependency b_i brings
// causes that a_{i-1} brings by paths as short: 15.6x and 14.8x). A pair
// with edge changes may now be based when no set filed holds them,
// dependencies that bring one set are one base, and a dependency whose
// every changed dependency another has too is left out: 4x N costs at
// most about 4.4x, and the top spec has every spec below it as a root
// cause.
func TestCausesSharedSetsLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	n := 200
	for _, x := range []struct {
		what       string
		small, big *shape
		top        string
		causes     int
	}{
		{"chain, every spec changed with a dependency added", chainEdges(n), chainEdges(4 * n), fmt.Sprintf("c%05d", n-1), 2*n - 2},
		{"chain of diamonds, every spec changed", diamonds(n), diamonds(4 * n), fmt.Sprintf("t%05d", n-1), 3*n - 1},
		{"two chains crossed at every step, every spec changed", crossedChains(n), crossedChains(4 * n), fmt.Sprintf("a%05d", n-1), 2*n - 2},
		{"two chains joined by a rung at every step, every spec changed", rungs(n), rungs(4 * n), fmt.Sprintf("a%05d", n-1), 2*n - 1},
	} {
		scales(t, x.what, x.small, x.big)
		r := x.small.report(x.small.order())
		found := false
		for _, p := range r.Packages {
			if p.Name == x.top {
				found = true
				if causes := r.Causes.Resolve(p.Specs.Updated[0].Why, p.Name); len(causes) != x.causes {
					t.Errorf("%s: %s: %d causes, want %d", x.what, p.Name, len(causes), x.causes)
				}
			}
		}
		var b bytes.Buffer
		if err := json.NewEncoder(&b).Encode(r.Causes.Sets); err != nil {
			t.Fatal(err)
		}
		if !found || !bytes.Contains(b.Bytes(), []byte(`{"set":`)) {
			t.Errorf("%s: no pair %s, or no set based on another", x.what, x.top)
		}
	}
}
