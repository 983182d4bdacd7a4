package diff_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/snapshot"
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
	r := compareCutRenders(t, o, n)
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
}

// A cycle cut past the budget: a member with no cause of one name keeps
// its nearest dependency's causes, through it, found in rounds from the
// dependencies outside and the members that kept causes of one name
// (x over y and d, y over z, z over x, d over the bumped leaf l: x
// through d, z through x, y through z), and never a set that holds its
// own change (u, bumped, over w; w over u and d: w's cut set is u's own
// change alone, which u keeps not). A member whose every dependency's
// set holds its own change keeps its nearest dependency outside's
// causes, through the members: u keeps l through w and d, as it would
// uncut, where it kept none (class b).
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
	r := compareCutRenders(t, o, n)
	got := resolvedCauses(r)
	for name, want := range map[string]string{
		"d": "l version:1.0→1.1 d>l",
		"x": "l version:1.0→1.1 x>d>l",
		"z": "l version:1.0→1.1 z>x>d>l",
		"y": "l version:1.0→1.1 y>z>x>d>l",
		"w": "u version:1.0→1.1 w>u",
		"u": "l version:1.0→1.1 u>w>d>l",
	} {
		if got[name] != want {
			t.Errorf("%s's causes %q, want %q", name, got[name], want)
		}
	}
	if u := got["u"]; strings.Contains(u, "u>w>u") {
		t.Errorf("u's causes %q hold its own change through the cycle", u)
	}
}

// cutRing is a cycle of 2n specs: u_i, bumped, over w_i; w_i over u_i
// and u_{i+1} (u_0 after the last), w_0 also over d, over the bumped
// leaf l. Cut, each w_i keeps its causes of one name (u_i's and
// u_{i+1}'s own changes), which hold u_i's own change: each u_i keeps
// l, its nearest dependency outside's cause, through the members
// (keepNearestOutside).
func cutRing(n int) *shape {
	s := newShape()
	u := func(i int) string { return fmt.Sprintf("u%05d", i%n) }
	w := func(i int) string { return fmt.Sprintf("w%05d", i%n) }
	s.add("l", "l", true)
	s.add("d", "d", false, "l")
	for i := range n {
		s.add(u(i), u(i), true, w(i))
		deps := []string{u(i), u(i + 1)}
		if i == 0 {
			deps = append(deps, "d")
		}
		s.add(w(i), w(i), false, deps...)
	}
	return s
}

// Past the budget, the members of a cycle that keep their nearest
// dependency outside's causes through the members cost rounds over the
// cycle's edges: 4x the members cost at most 4.4x the bytes allocated,
// JSON and render's bytes, and every u_i keeps l.
func TestCauseBudgetCutRingLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	defer diff.SetCauseBudget(0, 0)()
	for _, n := range []int{3, 40} {
		o, nw := cutRing(n).snapshots(t)
		r, err := diff.CompareWith(o, nw, diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.CheckLaws(); err != nil {
			t.Fatalf("n=%d: the cut report breaks its laws: %v", n, err)
		}
		got := resolvedCauses(r)
		for i := range n {
			name := fmt.Sprintf("u%05d", i)
			if c := got[name]; !strings.HasPrefix(c, "l version:1.0→1.1 "+name+">w") {
				t.Errorf("n=%d: %s's causes %q, want l through the members", n, name, c)
			}
		}
	}
	a1, s1, r1, c1 := budgetCost(t, cutRing(150))
	a2, s2, r2, c2 := budgetCost(t, cutRing(600))
	t.Logf("cut %d → %d pairs; Explain allocated %d → %d bytes (%.2fx), JSON %d → %d bytes (%.2fx), render allocated %d → %d bytes (%.2fx)",
		c1, c2, a1, a2, float64(a2)/float64(a1), s1, s2, float64(s2)/float64(s1), r1, r2, float64(r2)/float64(r1))
	for _, x := range []struct {
		what string
		a, b uint64
	}{{"Explain's bytes allocated", a1, a2}, {"JSON bytes", s1, s2}, {"render's bytes allocated", r1, r2}} {
		if f := float64(x.b) / float64(x.a); f > allocBound {
			t.Errorf("4x the members cost %.2fx the %s (%d → %d), want at most %.2fx", f, x.what, x.a, x.b, allocBound)
		}
	}
}

// cutHub is a cycle of a hub w over d members u_i, each bumped and over
// w alone: cut, w keeps the members' own changes (its causes of one
// name), each u_i none of one name and every dependency's set holds
// its own change.
func cutHub(d int) *shape {
	s := newShape()
	us := make([]string, d)
	for i := range us {
		us[i] = fmt.Sprintf("u%05d", i)
		s.add(us[i], us[i], true, "w")
	}
	s.add("w", "w", false, us...)
	return s
}

// A cut cycle member whose only causes are other members' own changes,
// each in a set that holds its own change too, keeps the nearest other
// one through its nearest dependency, as it would uncut, where it kept
// none (u, bumped, over w; w over u and v; v, bumped, over w: u keeps
// v's change by u>w>v). Over a hub of bumped members, each keeps the
// hub's nearest member's change (and that member the next): one cause,
// not the hub's set less its own (class b).
func TestCauseBudgetCutCycleKeepsOthers(t *testing.T) {
	defer diff.SetCauseBudget(0, 0)()
	s := newShape()
	s.add("u", "u", true, "w")
	s.add("w", "w", false, "u", "v")
	s.add("v", "v", true, "w")
	for _, tc := range []struct {
		name string
		s    *shape
		want map[string]string
	}{{"u, v over w", s, map[string]string{
		"u": "v version:1.0→1.1 u>w>v",
		"v": "u version:1.0→1.1 v>w>u",
		"w": "u version:1.0→1.1 w>u; v version:1.0→1.1 w>v",
	}}, {"hub of 3", cutHub(3), map[string]string{
		"u00000": "u00001 version:1.0→1.1 u00000>w>u00001",
		"u00001": "u00000 version:1.0→1.1 u00001>w>u00000",
		"u00002": "u00000 version:1.0→1.1 u00002>w>u00000",
		"w":      "u00000 version:1.0→1.1 w>u00000; u00001 version:1.0→1.1 w>u00001; u00002 version:1.0→1.1 w>u00002",
	}}} {
		t.Run(tc.name, func(t *testing.T) {
			o, n := tc.s.snapshots(t)
			r := compareCutRenders(t, o, n)
			if r.Causes.Cut != len(tc.want) {
				t.Errorf("causes.cut %d, want %d", r.Causes.Cut, len(tc.want))
			}
			got := resolvedCauses(r)
			for name, want := range tc.want {
				if got[name] != want {
					t.Errorf("%s's causes %q, want %q", name, got[name], want)
				}
			}
		})
	}
}

// Past the budget, the d bumped members over a hub each keep one cause
// of the hub's set, in sets shared among them: 4x the members cost at
// most 4.4x the bytes allocated, the JSON and render's bytes (each
// keeping the hub's set less its own change would cost d²), and every
// member keeps a cause.
func TestCauseBudgetCutHubLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	defer diff.SetCauseBudget(0, 0)()
	o, nw := cutHub(40).snapshots(t)
	r, err := diff.CompareWith(o, nw, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckLaws(); err != nil {
		t.Fatalf("the cut report breaks its laws: %v", err)
	}
	for name, c := range resolvedCauses(r) {
		if want := "u00000 version:1.0→1.1 " + name + ">w>u00000"; name != "w" && name != "u00000" && c != want {
			t.Errorf("%s's causes %q, want %q", name, c, want)
		}
	}
	checkBudgetGrowth(t, "", "4x the members", cutHub(150), cutHub(600))
}

// compareCutRenders compares o and n, and fails unless the report holds
// its laws and render reads its JSON back.
func compareCutRenders(t *testing.T, o, n *snapshot.Snapshot) *diff.Report {
	t.Helper()
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
	return r
}
