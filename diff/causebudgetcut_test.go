package diff_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/jsonv1"
)

// A pair cut past the budget whose changed dependencies have no change
// of their own, each bringing a set of its own (p over a and b, a over
// the bumped leaf la, b over lb), has no cause of one name: it keeps
// the causes of its nearest dependency, through it, rather than none
// (class b: a cut pair that said nothing of why it was rebuilt).
func TestCauseBudgetCutKeepsNearest(t *testing.T) {
	defer diff.SetCauseBudget(0, 0)()
	s := newShape()
	s.add("la", "la", true)
	s.add("lb", "lb", true)
	s.add("a", "a", false, "la")
	s.add("b", "b", false, "lb")
	s.add("p", "p", false, "a", "b")
	o, n := s.snapshots(t)
	r, err := diff.CompareWith(o, n, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckLaws(); err != nil {
		t.Fatalf("the cut report breaks its laws: %v", err)
	}
	got := resolvedCauses(r)
	for name, want := range map[string]string{
		"a": "la version:1.0→1.1 a>la",
		"b": "lb version:1.0→1.1 b>lb",
		"p": "la version:1.0→1.1 p>a>la",
	} {
		if got[name] != want {
			t.Errorf("%s's causes %q, want %q", name, got[name], want)
		}
	}
	cut := 0
	for _, p := range r.Packages {
		for _, pr := range append(p.Specs.Rebuilt, p.Specs.Updated...) {
			if pr.Why != nil && pr.Why.Cut {
				cut++
			}
		}
	}
	if cut != 3 || r.Causes.Cut != 3 {
		t.Errorf("%d pairs cut (causes.cut %d), want a, b and p", cut, r.Causes.Cut)
	}
	var b bytes.Buffer
	if err := jsonv1.JSON(&b, r); err != nil {
		t.Fatal(err)
	}
	if _, err := jsonv1.DecodeBytes(b.Bytes()); err != nil {
		t.Errorf("render refuses the cut report: %v", err)
	}
}

// A cycle cut past the budget: a member with no cause of one name keeps
// its nearest dependency's causes, through it, found in rounds from the
// dependencies outside and the members that kept causes of one name
// (x over y and d, y over z, z over x, d over the bumped leaf l: x
// through d, z through x, y through z), and never a set that holds its
// own change (u, bumped, over w; w over u and d: w's cut set is u's own
// change alone, which u keeps not).
func TestCauseBudgetCutCycleKeepsNearest(t *testing.T) {
	defer diff.SetCauseBudget(0, 0)()
	s := newShape()
	s.add("l", "l", true)
	s.add("d", "d", false, "l")
	for _, side := range []struct {
		g *diff.Graph
		p string
	}{{&s.old, "o-"}, {&s.new, "n-"}} {
		e := func(names ...string) []diff.Edge {
			var out []diff.Edge
			for _, n := range names {
				out = append(out, diff.Edge{Name: n, Hash: side.p + n})
			}
			return out
		}
		v := map[string]string{"o-": "1.0", "n-": "1.1"}[side.p]
		side.g.Add(diff.NewNode(side.p+"x", "x", "1.0", e("y", "d")))
		side.g.Add(diff.NewNode(side.p+"y", "y", "1.0", e("z")))
		side.g.Add(diff.NewNode(side.p+"z", "z", "1.0", e("x")))
		side.g.Add(diff.NewNode(side.p+"u", "u", v, e("w")))
		side.g.Add(diff.NewNode(side.p+"w", "w", "1.0", e("u", "d")))
	}
	for _, n := range []string{"x", "y", "z", "w"} {
		s.pairs = append(s.pairs, shapePair{n, "o-" + n, "n-" + n, false})
	}
	s.pairs = append(s.pairs, shapePair{"u", "o-u", "n-u", true})
	o, n := s.snapshots(t)
	r, err := diff.CompareWith(o, n, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckLaws(); err != nil {
		t.Fatalf("the cut report breaks its laws: %v", err)
	}
	var b bytes.Buffer
	if err := jsonv1.JSON(&b, r); err != nil {
		t.Fatal(err)
	}
	if _, err := jsonv1.DecodeBytes(b.Bytes()); err != nil {
		t.Errorf("render refuses the cut report: %v", err)
	}
	got := resolvedCauses(r)
	for name, want := range map[string]string{
		"d": "l version:1.0→1.1 d>l",
		"x": "l version:1.0→1.1 x>d>l",
		"z": "l version:1.0→1.1 z>x>d>l",
		"y": "l version:1.0→1.1 y>z>x>d>l",
		"w": "u version:1.0→1.1 w>u",
	} {
		if got[name] != want {
			t.Errorf("%s's causes %q, want %q", name, got[name], want)
		}
	}
	if u := got["u"]; strings.Contains(u, "u>w>u") {
		t.Errorf("u's causes %q hold its own change through the cycle", u)
	}
}
