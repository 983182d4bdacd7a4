package diff

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// hashChainHubReport is a report's pairs and causes as cachediff writes
// them for a chain of n specs (c00000 on c00001 … on the hub) over a hub
// with k changed leaves: the hub's set of k, shared by every spec of the
// chain through its via (its dependency's name, then that one's via), and
// m dependents of the hub (u00000 …), each through a via of the hub's
// name. Two builds of the hub's leaves (l…, the second's hashes "x-…")
// are in the table, as two stacks give them.
func hashChainHubReport(n, k, m int) *Report {
	c := &Causes{Sets: [][]CauseRef{{}, {}}}
	version := []Change{{Kind: "version", From: "1", To: "2"}}
	pair := func(name string, w *Why) Package {
		return Package{Name: name, Specs: SpecChanges{Rebuilt: []Pair{{Old: &Spec{Hash: "o-" + name}, New: &Spec{Hash: "n-" + name}, Why: w}}}}
	}
	dep := func(name string) DepChange { return DepChange{Name: name, OldHash: "o-" + name, NewHash: "n-" + name} }
	var pkgs []Package
	hub := &Why{Known: true, Set: 1}
	for i := range k {
		name := fmt.Sprintf("l%05d", i)
		c.Table = append(c.Table, Cause{Name: name, OldHash: "o-" + name, NewHash: "n-" + name, Changes: version},
			Cause{Name: name, OldHash: "x-o-" + name, NewHash: "x-n-" + name, Changes: version})
		c.Paths = append(c.Paths, PathLink{Name: name})
		c.Sets[1] = append(c.Sets[1], CauseRef{Cause: 2 * i, Path: i})
		hub.Changed = append(hub.Changed, dep(name))
		self := 2 * i
		pkgs = append(pkgs, pair(name, &Why{Known: true, Changed: []DepChange{}, Self: &self}))
	}
	pkgs = append(pkgs, pair("hub", hub))
	c.Paths = append(c.Paths, PathLink{Name: "hub"})
	via, below := len(c.Paths)-1, "hub"
	for i := n - 1; i >= 0; i-- {
		name := fmt.Sprintf("c%05d", i)
		v := via
		pkgs = append(pkgs, pair(name, &Why{Known: true, Changed: []DepChange{dep(below)}, Set: 1, Via: &v}))
		next := via
		c.Paths = append(c.Paths, PathLink{Name: name, Next: &next})
		via, below = len(c.Paths)-1, name
	}
	for i := range m {
		v := k // the hub's link
		pkgs = append(pkgs, pair(fmt.Sprintf("u%05d", i), &Why{Known: true, Changed: []DepChange{dep("hub")}, Set: 1, Via: &v}))
	}
	return &Report{Packages: pkgs, Causes: c}
}

// TestCauseHashesChainOverHub: the laws follow each path by hash, and a
// reference edited to the other build's cause of its name, or a via to a
// link of another name, is refused, at the field edited.
func TestCauseHashesChainOverHub(t *testing.T) {
	if err := checkCauseHashes(hashChainHubReport(5, 3, 4)); err != nil {
		t.Fatalf("as written: %v", err)
	}
	r := hashChainHubReport(5, 3, 4)
	r.Causes.Sets[1][1].Cause = 3 // l00001 of the other build
	if err := checkCauseHashes(r); err == nil || !strings.HasPrefix(err.Error(), "causes.sets[1][1].cause: 3,") || !strings.Contains(err.Error(), "cause 2:") {
		t.Errorf("a reference to the other build's cause: %v, want causes.sets[1][1].cause refused for cause 2", err)
	}
	r = hashChainHubReport(5, 3, 4)
	// c00000's via edited to the link before it, c00002's: no
	// dependency of c00000.
	w := r.Packages[len(r.Packages)-4-1].Specs.Rebuilt[0].Why
	if w.Changed[0].Name != "c00001" {
		t.Fatalf("the chain's first spec's dependency is %q", w.Changed[0].Name)
	}
	v := *w.Via - 1
	w.Via = &v
	if err := checkCauseHashes(r); err == nil || !strings.Contains(err.Error(), ".why.via: ") || !strings.Contains(err.Error(), "no changed dependency") {
		t.Errorf("a via to a link of another name: %v, want the via refused", err)
	}
}

// TestCauseHashesLinear: following the paths by hash costs the report's
// size: each link once from each spec it reaches (the chain's vias,
// followed each to the hub, n²/2 steps otherwise) and each set once from
// each spec its paths start at (the hub's dependents, m·k otherwise).
// 4x the chain, the leaves and the dependents costs at most ~4.4x the
// steps, the allocations and the bytes allocated.
func TestCauseHashesLinear(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 500
	}
	var steps, mallocs, bytes [2]float64
	for i, size := range []int{n, 4 * n} {
		r := hashChainHubReport(size, size, size)
		var err error
		steps[i], mallocs[i], bytes[i], err = causeHashesCost(r)
		if err != nil {
			t.Fatalf("n = %d: %v", size, err)
		}
	}
	for _, x := range []struct {
		what string
		v    [2]float64
	}{{"steps", steps}, {"allocations", mallocs}, {"bytes allocated", bytes}} {
		t.Logf("%s: %.0f → %.0f (%.2fx)", x.what, x.v[0], x.v[1], x.v[1]/x.v[0])
		if x.v[1] > 4.4*x.v[0] {
			t.Errorf("4x the chain, leaves and dependents: %.2fx the %s (%.0f → %.0f), want at most 4.4x", x.v[1]/x.v[0], x.what, x.v[0], x.v[1])
		}
	}
}

// TestCauseHashesUnlistedTwoOfOneName: paths that go on from a spec the
// report does not list (u, under --package) by the same link end at one
// cause, but where that spec has two changed dependencies of one name
// (x of two hashes), which a set that reaches both by the link shows:
// such a report, as cachediff writes it, is read; without that set, the
// two pairs reaching the two builds of x by one link are refused.
func TestCauseHashesUnlistedTwoOfOneName(t *testing.T) {
	version := []Change{{Kind: "version", From: "1", To: "2"}}
	pair := func(name string, set int) Package {
		w := &Why{Known: true, Changed: []DepChange{{Name: "u", OldHash: "o-u", NewHash: "n-u"}}, Set: set}
		return Package{Name: name, Specs: SpecChanges{Rebuilt: []Pair{{Old: &Spec{Hash: "o-" + name}, New: &Spec{Hash: "n-" + name}, Why: w}}}}
	}
	report := func(sets [][]CauseRef, pkgs ...Package) *Report {
		next := 1
		return &Report{Packages: pkgs, Causes: &Causes{
			Table: []Cause{{Name: "x", OldHash: "o-x1", NewHash: "n-x1", Changes: version}, {Name: "x", OldHash: "o-x2", NewHash: "n-x2", Changes: version}},
			Paths: []PathLink{{Name: "u", Next: &next}, {Name: "x"}},
			Sets:  sets,
		}}
	}
	both := []CauseRef{{Cause: 0, Path: 0}, {Cause: 1, Path: 0}}
	for _, tc := range []struct {
		name string
		r    *Report
		want string
	}{
		{"a set of both", report([][]CauseRef{{}, both, {{Cause: 1, Path: 0}}}, pair("a", 2), pair("b", 1)), ""},
		{"each one", report([][]CauseRef{{}, {{Cause: 0, Path: 0}}, {{Cause: 1, Path: 0}}}, pair("a", 1), pair("b", 2)), "causes.sets[2][0].cause: 1, "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkCauseHashes(tc.r)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
				t.Errorf("got %v, want refused at %q", err, tc.want)
			}
		})
	}
}

// causeHashesCost runs checkCauseHashes on r: the steps it takes, and
// the allocations and bytes it allocates.
func causeHashesCost(r *Report) (steps, mallocs, bytes float64, err error) {
	count := 0
	lawHashStep = func() { count++ }
	defer func() { lawHashStep = nil }()
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	err = checkCauseHashes(r)
	runtime.ReadMemStats(&m1)
	return float64(count), float64(m1.Mallocs - m0.Mallocs), float64(m1.TotalAlloc - m0.TotalAlloc), err
}
