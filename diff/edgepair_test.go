package diff_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// twinPair is an index pair of twin environments (spackgen.Options.Twins:
// specs of one package with the same facets, built against another
// provider or another version of a dependency) in which bumps leaves
// changed version.
func twinPair(t *testing.T, seed uint64, bumps int) (before, after *spackgen.DAG, want []spackgen.Mutation) {
	t.Helper()
	before = spackgen.New(spackgen.Options{Seed: seed, Packages: 120, Envs: 6, Depth: 10, Twins: true})
	after = before.Clone()
	leaves := before.Leaves()
	if len(leaves) < bumps {
		t.Fatalf("seed %d: %d leaves, want %d", seed, len(leaves), bumps)
	}
	for _, l := range leaves[:bumps] {
		want = append(want, after.BumpVersion(l))
	}
	return before, after, want
}

// causeGroups is the report's cause groups, as JSON.
func causeGroups(t *testing.T, r *diff.Report) string {
	t.Helper()
	b, err := json.Marshal(r.Causes.Groups)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Twins pair with their own kind, by their edges: the causes are exactly
// the leaves that changed version, and every pair of the report is a
// node with itself (the same environment and package).
func TestPairByEdges(t *testing.T) {
	for seed := uint64(1); seed <= uint64(max(2, seeds()/3)); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			before, after, want := twinPair(t, seed, 5)
			o, n := loadPair(t, before, after)
			r, err := diff.CompareWith(o, n, diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if err := r.CheckLaws(); err != nil {
				t.Fatal(err)
			}
			var got, wantKeys []string
			for _, g := range r.Causes.Groups {
				got = append(got, key(diff.Cause{Name: g.Name, Changes: g.Changes}))
			}
			for _, m := range want {
				wantKeys = append(wantKeys, mutKey(m))
			}
			slices.Sort(got)
			slices.Sort(wantKeys)
			if !slices.Equal(got, wantKeys) {
				t.Errorf("causes\n got %q\nwant %q", got, wantKeys)
			}
			truth := map[string]string{}
			for _, p := range pairs(scenario{old: before, new: after}) {
				truth[p[0]] = p[1]
			}
			crossed := 0
			for _, p := range r.Packages {
				for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
					for _, x := range l {
						if truth[x.Old.Hash] != x.New.Hash {
							crossed++
						}
					}
				}
			}
			if crossed > 0 {
				t.Errorf("%d pairs of other nodes", crossed)
			}
		})
	}
}

// Relabelling every hash (a consistent random renaming, the same on both
// sides) never changes the causes, nor the counts.
func TestPairByEdgesRelabel(t *testing.T) {
	type pair struct {
		name          string
		seed          uint64
		before, after *spackgen.DAG
	}
	var cases []pair
	for seed := uint64(1); seed <= uint64(max(2, seeds()/3)); seed++ {
		before, after, _ := twinPair(t, seed, 3)
		cases = append(cases, pair{fmt.Sprintf("twins/%d", seed), seed, before, after})
	}
	for _, s := range scenarios(t, 1) { // the other generated pairs: a leaf, a variant, a provider, a compiler
		cases = append(cases, pair{s.name, 1, s.old, s.new})
	}
	for _, tc := range cases {
		seed, before, after := tc.seed, tc.before, tc.after
		t.Run(tc.name, func(t *testing.T) {
			report := func(b, a *spackgen.DAG) (string, diff.Counts) {
				o, n := loadPair(t, b, a)
				r, err := diff.CompareWith(o, n, diff.Filter{})
				if err != nil {
					t.Fatal(err)
				}
				return causeGroups(t, r), r.Summary.Specs
			}
			wantGroups, wantCounts := report(before, after)
			for round := range 3 {
				rng := rand.New(rand.NewPCG(seed, uint64(round)))
				names := map[string]string{}
				used := map[string]bool{}
				rename := func(h string) string {
					if v, ok := names[h]; ok {
						return v
					}
					for {
						const letters = "abcdefghijklmnopqrstuvwxyz234567" // base32, as Spack's hashes
						buf := make([]byte, 32)
						for i := range buf {
							buf[i] = letters[rng.IntN(len(letters))]
						}
						v := string(buf)
						if !used[v] {
							used[v] = true
							names[h] = v
							return v
						}
					}
				}
				b, a := before.Clone(), after.Clone()
				b.Relabel(rename)
				a.Relabel(rename)
				gotGroups, gotCounts := report(b, a)
				if gotGroups != wantGroups || gotCounts != wantCounts {
					t.Errorf("round %d: relabelled hashes change the report:\n got %v %s\nwant %v %s", round, gotCounts, gotGroups, wantCounts, wantGroups)
				}
			}
		})
	}
}

// loadLockfiles writes a generated pair as two lockfiles and loads them.
func loadLockfiles(t *testing.T, before, after *spackgen.DAG) (*snapshot.Snapshot, *snapshot.Snapshot) {
	t.Helper()
	dir := t.TempDir()
	var snaps []*snapshot.Snapshot
	for _, side := range []struct {
		name string
		d    *spackgen.DAG
	}{{"old", before}, {"new", after}} {
		var buf bytes.Buffer
		if err := side.d.WriteLockfile(&buf); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, side.name, "spack.lock")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := snapshot.Load(path, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, s)
	}
	return snaps[0], snaps[1]
}

// A root written with its version (llvm@21 → llvm@22) whose version
// changed is the same root, changed, not one removed and one added; its
// dependencies are needed by the same roots.
func TestRootChangedByVersion(t *testing.T) {
	before := spackgen.New(spackgen.Options{Seed: 4, Packages: 60, Envs: 1, Depth: 6})
	before.RootSpec = func(n *spackgen.Node) string { return n.Name + "@" + n.Version + " +shared" }
	after := before.Clone()
	top := before.Tops()[0]
	m := after.BumpVersion(top)
	o, n := loadLockfiles(t, before, after)
	r, err := diff.CompareWith(o, n, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckLaws(); err != nil {
		t.Fatal(err)
	}
	rt := r.Causes.Roots
	if len(rt.Added)+len(rt.Removed) != 0 || len(rt.Changed) != 1 {
		t.Fatalf("roots: added %v, removed %v, changed %v; want %s changed", rt.Added, rt.Removed, rt.Changed, top)
	}
	c := rt.Changed[0]
	if c.Old.Root != top+"@"+m.From+" +shared" || c.New.Root != top+"@"+m.To+" +shared" || c.Root != c.New.Root {
		t.Errorf("changed root %q: %q → %q", c.Root, c.Old.Root, c.New.Root)
	}
	if len(c.Changes) != 1 || c.Changes[0] != (diff.Change{Kind: "version", From: m.From, To: m.To}) {
		t.Errorf("changed root's own changes %v, want version %s → %s", c.Changes, m.From, m.To)
	}
	s := r.Summary.Specs
	// The root's dependencies kept their hash and are needed by the same
	// root under its new name: unchanged, not restacked (issue 34).
	if rt.Unchanged != s.Unchanged+s.Restacked || rt.FewerRoots+rt.MoreRoots+rt.OtherRoots != 0 || s.Restacked != 0 || s.Unchanged == 0 {
		t.Errorf("unchanged %d (summary %d + %d restacked), fewer %d, more %d, other %d roots; want every kept spec unchanged",
			rt.Unchanged, s.Unchanged, s.Restacked, rt.FewerRoots, rt.MoreRoots, rt.OtherRoots)
	}
	for _, p := range r.Packages {
		if p.Status == diff.Changed && p.Counts.Restacked > 0 {
			t.Errorf("%s: %d restacked", p.Name, p.Counts.Restacked)
		}
	}
	// B → A is the same rename, the other way.
	back, err := diff.CompareWith(n, o, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if back.Summary.Specs.Restacked != 0 || back.Summary.Specs.Unchanged != s.Unchanged {
		t.Errorf("new → old: %d restacked, %d unchanged; want 0 and %d", back.Summary.Specs.Restacked, back.Summary.Specs.Unchanged, s.Unchanged)
	}
}

// A spec's own change is its first cause (why.self), and one change that
// every spec made is one shared cause with a count, not one per package.
func TestSharedCause(t *testing.T) {
	before := spackgen.New(spackgen.Options{Seed: 6, Packages: 60, Envs: 1, Depth: 6})
	after := before.Clone()
	from := before.Nodes[0].Target
	after.ChangeTarget(from, "zen4")
	o, n := loadPair(t, before, after)
	r, err := diff.CompareWith(o, n, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckLaws(); err != nil {
		t.Fatal(err)
	}
	c := r.Causes
	pairs := r.Summary.Specs.Rebuilt + r.Summary.Specs.Updated
	if len(c.Shared) != 1 || c.Shared[0].Kind != "target" || c.Shared[0].From != from || c.Shared[0].To != "zen4" ||
		c.Shared[0].Specs != pairs || len(c.Shared[0].Packages) < 10 {
		t.Fatalf("shared %+v, want one target %s → zen4 of all %d pairs", c.Shared, from, pairs)
	}
	if c.Distinct() != 1 || len(c.Groups) != len(c.Shared[0].Groups) {
		t.Errorf("%d distinct causes of %d groups, want the one shared change of them all", c.Distinct(), len(c.Groups))
	}
	own := 0
	for _, p := range r.Packages {
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for _, x := range l {
				s := c.SelfCause(x.Why)
				if s == nil {
					continue
				}
				own++
				if s.Name != p.Name || len(s.Changes) != 1 || s.Changes[0] != (diff.Change{Kind: "target", From: from, To: "zen4"}) {
					t.Errorf("%s: own change %+v", p.Name, s)
				}
			}
		}
	}
	if own != pairs {
		t.Errorf("%d pairs with an own change, want all %d", own, pairs)
	}
	for i := 1; i < len(c.Groups); i++ {
		if c.Groups[i-1].Own == 0 && c.Groups[i].Own > 0 {
			t.Errorf("group %d (%s) is no spec's own change, before one that is", i-1, c.Groups[i-1].Name)
		}
	}
}

// truthOf maps each old hash of a generated pair to the new hash of the
// same node (environment and package), and lists the old hashes whose
// node is gone.
func truthOf(before, after *spackgen.DAG) (map[string]string, map[string]bool) {
	type at struct {
		env  int
		name string
	}
	now := map[at]string{}
	for _, n := range after.Nodes {
		now[at{n.Env, n.Name}] = n.Hash
	}
	pairs, gone := map[string]string{}, map[string]bool{}
	for _, n := range before.Nodes {
		if h, ok := now[at{n.Env, n.Name}]; ok {
			pairs[n.Hash] = h
		} else {
			gone[n.Hash] = true
		}
	}
	return pairs, gone
}

// A twin environment dropped while a leaf changed: each class has an old
// spec more than new ones, and the one left removed is the dropped
// twin's, whichever hash sorts first; every pair is a node with itself,
// and the report of new → old mirrors it.
func TestPairByEdgesLeftOver(t *testing.T) {
	for seed := uint64(1); seed <= uint64(max(2, seeds()/3)); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			before, after, _ := twinPair(t, seed, 2)
			after.DropEnv(3) // the twin of environment 2
			o, n := loadPair(t, before, after)
			r, err := diff.CompareWith(o, n, diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if err := r.CheckLaws(); err != nil {
				t.Fatal(err)
			}
			truth, gone := truthOf(before, after)
			crossed, removed := 0, 0
			for _, p := range r.Packages {
				for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
					for _, x := range l {
						if truth[x.Old.Hash] != x.New.Hash {
							crossed++
						}
					}
				}
				for _, s := range p.Specs.Removed {
					removed++
					if !gone[s.Hash] {
						t.Errorf("%s/%s removed, but its node is still there", p.Name, s.Hash)
					}
				}
			}
			if crossed > 0 || removed == 0 {
				t.Errorf("%d pairs of other nodes, %d removed", crossed, removed)
			}
			back, err := diff.CompareWith(n, o, diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range back.Packages {
				for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
					for _, x := range l {
						if truth[x.New.Hash] != x.Old.Hash {
							t.Errorf("new → old pairs %s/%s with %s, not its own node", p.Name, x.Old.Hash, x.New.Hash)
						}
					}
				}
			}
		})
	}
}
