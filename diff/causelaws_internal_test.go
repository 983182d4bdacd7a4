package diff

import (
	"fmt"
	"strings"
	"testing"
)

// twinLinkReport is a report as render reads it, edited so that its
// causes hold two chains of n links with the same names (c00001 … leaf),
// A and B, and n pairs of one package whose sets reach the cause by A and
// by B in turn: every pair's path ties with the group's shortest so far
// on depth and package, and comparing the two chains name by name walked
// both to their end, n² links in all for a report of size n.
func twinLinkReport(n int) *Report {
	c := &Causes{
		Table: []Cause{{Name: "leaf", OldHash: "o-leaf", NewHash: "n-leaf", Changes: []Change{{Kind: "version", From: "1", To: "2"}}}},
	}
	for chain := range 2 {
		base := chain * n
		for i := range n {
			name := fmt.Sprintf("c%05d", i+1)
			if i == n-1 {
				name = "leaf"
			}
			l := PathLink{Name: name}
			if i < n-1 {
				next := base + i + 1
				l.Next = &next
			}
			c.Paths = append(c.Paths, l)
		}
	}
	c.Sets = [][]CauseRef{{}, {{Cause: 0, Path: 0}}, {{Cause: 0, Path: n}}}
	p := Package{Name: "p"}
	for i := range n {
		old := &Spec{Hash: fmt.Sprintf("o-p%05d", i), Versions: []string{fmt.Sprint(i)}}
		nw := &Spec{Hash: fmt.Sprintf("n-p%05d", i), Versions: []string{fmt.Sprint(i)}}
		p.Specs.Rebuilt = append(p.Specs.Rebuilt, Pair{Old: old, New: nw, Why: &Why{
			Known:   true,
			Changed: []DepChange{{Name: "c00001", OldHash: "o-c", NewHash: "n-c"}},
			Set:     1 + i%2,
		}})
	}
	c.Pairs, c.Known, c.Explained = n, n, n
	c.Groups = []CauseGroup{{Name: "leaf", Changes: c.Table[0].Changes, Specs: n, Rebuilt: n, Via: c.PathNames("p", 0)}}
	return &Report{Packages: []Package{p}, Causes: c}
}

// TestCauseLawsTwinLinksLinear: render checks each group's path against
// the shortest from its pairs (checkCauseSets). Paths that tie on depth
// and package were compared name by name, so an edited report with two
// chains of the same names walked them for every pair: 4x the report
// walks at most ~4.4x the links.
func TestCauseLawsTwinLinksLinear(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 500
	}
	steps := func(n int) int { return lawWalk(t, twinLinkReport(n)) }
	// The ranks order paths as their names do: chain B, one name before
	// A's near its end, is the shortest path by name.
	r := twinLinkReport(50)
	r.Causes.Paths[50+48].Name = "c00000"
	if err := checkCauseSets(r); err == nil || !strings.Contains(err.Error(), "causes.groups[0].via") {
		t.Errorf("via by chain A where B comes first by name: %v", err)
	}
	r.Causes.Groups[0].Via = r.Causes.PathNames("p", 50)
	if err := checkCauseSets(r); err != nil {
		t.Errorf("via by chain B, first by name: %v", err)
	}

	a, b := steps(n), steps(4*n)
	t.Logf("twin links: %d → %d links compared (%.2fx)", a, b, float64(b)/float64(a))
	if float64(b) > 4.4*float64(max(a, 1)) {
		t.Errorf("4x the twin chains compares %.2fx the links (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}
}

// lawWalk checks r's causes (checkCauseSets), which must hold, and
// returns how many path names the check walked one by one.
func lawWalk(t *testing.T, r *Report) int {
	t.Helper()
	walked := 0
	lawPathStep = func() { walked++ }
	defer func() { lawPathStep = nil }()
	if err := checkCauseSets(r); err != nil {
		t.Fatalf("%d pairs: %v", r.Causes.Pairs, err)
	}
	return walked
}
