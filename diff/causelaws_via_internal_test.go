package diff

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// twinViaReport is a report as render reads it, edited so that n pairs of
// one package reach one changed leaf's group, each through a set of its
// own (n causes "leaf", one per hash), by paths of the same n+1 names
// (x … x leaf) cut two ways: half by a via of n names x (link 0, a
// chain of n links x) and the link leaf, half by a via of n-1 names x
// (link 1) and the link x → leaf. Every pair's path ties with the
// group's shortest so far on depth and package, and its vias end at
// different depths.
func twinViaReport(n int) *Report {
	c := &Causes{}
	for i := range n {
		l := PathLink{Name: "x"}
		if i < n-1 {
			next := i + 1
			l.Next = &next
		}
		c.Paths = append(c.Paths, l)
	}
	leaf := len(c.Paths)
	c.Paths = append(c.Paths, PathLink{Name: "leaf"})
	xLeaf := len(c.Paths)
	c.Paths = append(c.Paths, PathLink{Name: "x", Next: &leaf})
	change := []Change{{Kind: "version", From: "1", To: "2"}}
	c.Sets = [][]CauseRef{{}}
	p := Package{Name: "p"}
	for i := range n {
		c.Table = append(c.Table, Cause{Name: "leaf", OldHash: fmt.Sprintf("o-leaf%05d", i), NewHash: fmt.Sprintf("n-leaf%05d", i), Changes: change})
		path, via := leaf, 0
		if i%2 == 1 {
			path, via = xLeaf, 1
		}
		c.Sets = append(c.Sets, []CauseRef{{Cause: i, Path: path}})
		old := &Spec{Hash: fmt.Sprintf("o-p%05d", i), Versions: []string{fmt.Sprint(i)}}
		nw := &Spec{Hash: fmt.Sprintf("n-p%05d", i), Versions: []string{fmt.Sprint(i)}}
		p.Specs.Rebuilt = append(p.Specs.Rebuilt, Pair{Old: old, New: nw, Why: &Why{
			Known:   true,
			Changed: []DepChange{{Name: "x", OldHash: "o-x", NewHash: "n-x"}},
			Set:     1 + i,
			Via:     &via,
		}})
	}
	c.Pairs, c.Known, c.Explained = n, n, n
	c.Groups = []CauseGroup{{Name: "leaf", Changes: change, Specs: n, Rebuilt: n, Via: c.Path(p.Specs.Rebuilt[0].Why, "p", leaf)}}
	return &Report{Packages: []Package{p}, Causes: c}
}

// TestCauseLawsTwinViasLinear: render checks each group's path against
// the shortest from its pairs, where a pair's path is its via, then a
// reference's path. Two paths of the same names whose vias end at
// different depths were compared name by name to the end, so an edited
// report with n sets, each reached through one of two long vias, walked
// n names for each of its n sets: 4x the report walks at most ~4.4x
// the names.
func TestCauseLawsTwinViasLinear(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 500
	}
	steps := func(n int) int { return lawWalk(t, twinViaReport(n)) }
	a, b := steps(n), steps(4*n)
	t.Logf("twin vias: %d → %d names compared (%.2fx)", a, b, float64(b)/float64(a))
	if float64(b) > 4.4*float64(max(a, 1)) {
		t.Errorf("4x the twin vias compares %.2fx the names (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}
}

// The twin vias' laws still find the shortest path by name when the
// paths differ past the names compared one by one: one pair's via is
// edited to a smaller name deep down, and the group's via must be its.
func TestCauseLawsTwinViasOrder(t *testing.T) {
	n := 200
	r := twinViaReport(n)
	c := r.Causes
	// A third via: n-1 names x, then w, the rest as link 0's.
	w := len(c.Paths)
	for i := range n {
		l := PathLink{Name: "x"}
		if i == n-2 {
			l.Name = "w"
		}
		if i < n-1 {
			next := w + i + 1
			l.Next = &next
		}
		c.Paths = append(c.Paths, l)
	}
	last := &r.Packages[0].Specs.Rebuilt[n-1]
	*last.Why.Via = w
	c.Sets[n] = []CauseRef{{Cause: n - 1, Path: n}} // the link leaf
	if err := checkCauseSets(r); err == nil || !strings.Contains(err.Error(), "causes.groups[0].via") {
		t.Fatalf("the group's via by the x's where a w comes first: %v", err)
	}
	c.Groups[0].Via = c.Path(last.Why, "p", n)
	if err := checkCauseSets(r); err != nil {
		t.Errorf("the group's via by the w: %v", err)
	}
}

// Property: pathHashes orders two paths, each a via and a link after it
// (as many names in all), as their names do one by one, on random links
// of two names, deep enough that most pairs share long prefixes.
func TestPathHashesCompare(t *testing.T) {
	for seed := range uint64(50) {
		rng := rand.New(rand.NewPCG(seed, 35))
		var paths []PathLink
		for i := range 300 {
			l := PathLink{Name: []string{"a", "b"}[rng.IntN(2)]}
			if rng.IntN(10) > 0 {
				l.Name = "a" // mostly the same name, for long ties
			}
			if i > 0 && rng.IntN(20) > 0 {
				next := rng.IntN(i)
				l.Next = &next
			}
			paths = append(paths, l)
		}
		r := &Report{Causes: &Causes{Paths: paths}}
		// Each link's names, read once (appendLinks): a draw's paths are
		// a via's and a link's names, built only where their lengths
		// meet (a draw of paths of two lengths is skipped).
		links := make([][]string, len(paths))
		depth := make([]int, len(paths))
		for i := range paths {
			links[i] = r.Causes.appendLinks(nil, i)
			depth[i] = len(links[i])
		}
		length := func(v, p int) int {
			if v < 0 {
				return depth[p]
			}
			return depth[v] + depth[p]
		}
		names := func(out []string, v, p int) []string {
			if v >= 0 {
				out = append(out, links[v]...)
			}
			return append(out, links[p]...)
		}
		h := newPathHashes(paths, depth)
		checked := 0
		var x, y []string
		for range 20000 {
			v, p, w, q := rng.IntN(len(paths)+1)-1, rng.IntN(len(paths)), rng.IntN(len(paths)+1)-1, rng.IntN(len(paths))
			if length(v, p) != length(w, q) {
				continue
			}
			x, y = names(x[:0], v, p), names(y[:0], w, q)
			checked++
			if got, want := h.compare(v, p, w, q), slices.Compare(x, y); got != want {
				t.Fatalf("seed %d: %v vs %v: %d, want %d", seed, x, y, got, want)
			}
		}
		if checked < 100 {
			t.Fatalf("seed %d: %d pairs of paths of one length", seed, checked)
		}
	}
}
