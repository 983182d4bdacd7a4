package diff_test

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

// scenario is a generated pair with its known root causes.
type scenario struct {
	name     string
	old, new *spackgen.DAG
	want     []spackgen.Mutation
}

func scenarios(t *testing.T, seeds int) []scenario {
	t.Helper()
	var out []scenario
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		opt := spackgen.Options{Seed: seed, Packages: 60 + int(seed%5)*20, Envs: 1 + int(seed%3), Depth: 8 + int(seed%7)}
		base := spackgen.New(opt)
		leaves, middle := base.Leaves(), base.Middle()
		if len(leaves) == 0 || len(middle) == 0 {
			t.Fatalf("seed %d: no leaves or middle", seed)
		}
		add := func(name string, mutate func(d *spackgen.DAG) []spackgen.Mutation) {
			n := base.Clone()
			out = append(out, scenario{fmt.Sprintf("%s/seed%d", name, seed), base, n, mutate(n)})
		}
		leaf := leaves[int(seed)%len(leaves)]
		mid := middle[int(seed)%len(middle)]
		add("bump-leaf", func(d *spackgen.DAG) []spackgen.Mutation { return []spackgen.Mutation{d.BumpVersion(leaf)} })
		add("flip-variant", func(d *spackgen.DAG) []spackgen.Mutation { return []spackgen.Mutation{d.FlipVariant(mid)} })
		add("swap-provider", func(d *spackgen.DAG) []spackgen.Mutation { return []spackgen.Mutation{d.SwapProvider()} })
		add("compiler", func(d *spackgen.DAG) []spackgen.Mutation {
			return d.ChangeCompiler(d.Nodes[len(d.Nodes)-1].Compiler()[len("gcc@"):], "15.1.0")
		})
		add("leaf-and-variant", func(d *spackgen.DAG) []spackgen.Mutation {
			return []spackgen.Mutation{d.BumpVersion(leaf), d.FlipVariant(mid)}
		})
	}
	return out
}

func seeds() int {
	if testing.Short() {
		return 1 // a quick inner loop: every scenario once; make test runs 12 seeds
	}
	return 12
}

// pairs returns the generated pairs whose hash changed: the same node
// (environment and package) on both sides.
func pairs(s scenario) [][2]string {
	var out [][2]string
	for i, n := range s.old.Nodes {
		if m := s.new.Nodes[i]; m.Hash != n.Hash {
			out = append(out, [2]string{n.Hash, m.Hash})
		}
	}
	return out
}

func key(c diff.Cause) string {
	var parts []string
	for _, ch := range c.Changes {
		parts = append(parts, ch.Kind+":"+ch.From+"→"+ch.To)
	}
	return c.Name + " " + strings.Join(parts, ",")
}

func mutKey(m spackgen.Mutation) string { return m.Name + " " + m.Kind + ":" + m.From + "→" + m.To }

// Every changed pair is explained by exactly the mutations that reach it:
// a leaf bumped is the root cause of every dependent, and so on.
func TestCausesKnown(t *testing.T) {
	for _, s := range scenarios(t, seeds()) {
		t.Run(s.name, func(t *testing.T) {
			og, ng := dagGraph(s.old), dagGraph(s.new)
			ps := pairs(s)
			if len(ps) < 2 {
				t.Fatalf("only %d changed pairs", len(ps))
			}
			var want []string
			for _, m := range s.want {
				want = append(want, mutKey(m))
			}
			seen := map[string]bool{}
			defer func() {
				for _, w := range want {
					if !seen[w] {
						t.Errorf("mutation %q is the root cause of no pair", w)
					}
				}
			}()
			for _, p := range ps {
				w := diff.Explain(og, ng, p[0], p[1])
				if !w.Known {
					t.Fatalf("%s: unknown", og.Node(p[0]).Name)
				}
				mutated := slices.ContainsFunc(s.want, func(m spackgen.Mutation) bool {
					return m.Name == og.Node(p[0]).Name && m.Kind != "provider"
				})
				if mutated && len(w.Changed) == 0 {
					continue // the mutated node itself, with nothing under it changed
				}
				if len(w.Causes) == 0 {
					t.Errorf("%s: no cause", og.Node(p[0]).Name)
					continue
				}
				for _, c := range w.Causes {
					seen[key(c)] = true
					if !slices.Contains(want, key(c)) {
						t.Errorf("%s: cause %q (path %v) is none of %q", og.Node(p[0]).Name, key(c), c.Path, want)
					}
				}
			}
		})
	}
}

// Every reported root cause is a changed dependency reachable from the
// pair along its path; a pair whose dependencies all kept their hash has
// no cause; and the causes are the same whichever side is old (mirror).
func TestCausesProperties(t *testing.T) {
	for _, s := range scenarios(t, seeds()) {
		t.Run(s.name, func(t *testing.T) {
			og, ng := dagGraph(s.old), dagGraph(s.new)
			for i, on := range s.old.Nodes {
				nn := s.new.Nodes[i]
				w := diff.Explain(og, ng, on.Hash, nn.Hash)
				if on.Hash == nn.Hash {
					continue
				}
				kept := true
				for j, d := range on.Deps {
					if j >= len(nn.Deps) || nn.Deps[j].Node.Hash != d.Node.Hash {
						kept = false
					}
				}
				if kept && len(on.Deps) == len(nn.Deps) && (len(w.Causes) > 0 || len(w.Changed) > 0) {
					t.Errorf("%s: dependencies all kept their hash, yet causes %v, changed %v", on.Name, w.Causes, w.Changed)
				}
				for _, c := range w.Causes {
					if err := reachable(og, ng, on.Hash, nn.Hash, c); err != nil {
						t.Errorf("%s: cause %s: %v", on.Name, key(c), err)
					}
				}
				for _, ch := range w.Changed {
					if err := directChange(og.Node(on.Hash), ng.Node(nn.Hash), ch); err != nil {
						t.Errorf("%s: changed %+v: %v", on.Name, ch, err)
					}
				}
				back := diff.Explain(ng, og, nn.Hash, on.Hash)
				if got, want := causeList(back), causeList(mirror(w)); !slices.Equal(got, want) {
					t.Errorf("%s: mirror differs:\n%s\nwant\n%s", on.Name, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}
		})
	}
}

// directChange checks a direct dependency change of the pair x → y: its
// old hash is a dependency of x, its new hash one of y, each named ch.Name
// there, or, for a provider swap (both hashes, other names), providing
// the virtual ch.Name on both sides.
func directChange(x, y *diff.GraphNode, ch diff.DepChange) error {
	edge := func(n *diff.GraphNode, h string) *diff.Edge {
		for i := range n.Deps() {
			if n.Deps()[i].Hash == h {
				return &n.Deps()[i]
			}
		}
		return nil
	}
	var a, b *diff.Edge
	if ch.OldHash != "" {
		if a = edge(x, ch.OldHash); a == nil {
			return fmt.Errorf("old hash %s is no dependency of the old spec", ch.OldHash)
		}
	}
	if ch.NewHash != "" {
		if b = edge(y, ch.NewHash); b == nil {
			return fmt.Errorf("new hash %s is no dependency of the new spec", ch.NewHash)
		}
	}
	switch {
	case a == nil && b == nil:
		return fmt.Errorf("neither hash")
	case a != nil && b != nil && a.Name != b.Name:
		if ch.Name == a.Name || ch.Name == b.Name || !slices.Contains(a.Virtuals, ch.Name) || !slices.Contains(b.Virtuals, ch.Name) {
			return fmt.Errorf("a provider swap (%s → %s) named %s, not by a virtual both provide", a.Name, b.Name, ch.Name)
		}
	case a != nil && a.Name != ch.Name, b != nil && b.Name != ch.Name:
		return fmt.Errorf("named %s, but the dependency is %s", ch.Name, cmp.Or(a, b).Name)
	}
	return nil
}

// reachable walks c.Path from the pair down both graphs: every step a
// dependency of that name whose hash changed, ending at the cause.
func reachable(og, ng diff.Graph, a, b string, c diff.Cause) error {
	x, y := og.Node(a), ng.Node(b)
	if len(c.Path) < 2 || c.Path[0] != x.Name {
		return fmt.Errorf("path %v does not start at %s", c.Path, x.Name)
	}
	dep := func(n *diff.GraphNode, name string) *diff.Edge {
		for i := range n.Deps() {
			if n.Deps()[i].Name == name {
				return &n.Deps()[i]
			}
		}
		return nil
	}
	edgeCause := slices.ContainsFunc(c.Changes, func(ch diff.Change) bool {
		return ch.Kind == "added" || ch.Kind == "removed" || ch.Kind == "provider"
	})
	steps := c.Path[1:]
	if edgeCause {
		steps = steps[:len(steps)-1]
	}
	for _, name := range steps {
		dx, dy := dep(x, name), dep(y, name)
		if dx == nil || dy == nil {
			return fmt.Errorf("path %v: %s is not a dependency of %s on both sides", c.Path, name, x.Name)
		}
		if dx.Hash == dy.Hash {
			return fmt.Errorf("path %v: %s kept its hash", c.Path, name)
		}
		x, y = og.Node(dx.Hash), ng.Node(dy.Hash)
	}
	if !edgeCause {
		if x.Hash() != c.OldHash || y.Hash() != c.NewHash {
			return fmt.Errorf("path %v ends at %s/%s, not at the cause", c.Path, x.Hash(), y.Hash())
		}
		return nil
	}
	has := func(n *diff.GraphNode, h string) bool {
		return h == "" || slices.ContainsFunc(n.Deps(), func(e diff.Edge) bool { return e.Hash == h })
	}
	if !has(x, c.OldHash) || !has(y, c.NewHash) {
		return fmt.Errorf("path %v: the edge is not at %s", c.Path, x.Name)
	}
	return nil
}

// mirror is what the causes must read with old and new swapped.
func mirror(w *diff.Why) *diff.Why {
	out := &diff.Why{Known: w.Known}
	for _, c := range w.Causes {
		m := diff.Cause{Name: c.Name, OldHash: c.NewHash, NewHash: c.OldHash, Path: c.Path}
		for _, ch := range c.Changes {
			k := ch.Kind
			switch k {
			case "added":
				k = "removed"
			case "removed":
				k = "added"
			}
			m.Changes = append(m.Changes, diff.Change{Kind: k, From: ch.To, To: ch.From})
		}
		// A variants change lists what each side has alone: swapped too.
		out.Causes = append(out.Causes, m)
	}
	return out
}

func causeList(w *diff.Why) []string {
	var out []string
	for _, c := range w.Causes {
		out = append(out, fmt.Sprintf("%s %s>%s %v", key(c), c.OldHash, c.NewHash, c.Path))
	}
	slices.Sort(out)
	return out
}

// The generated graphs have the depth of the real lockfiles (8 to 14).
func TestGeneratedDepth(t *testing.T) {
	for depth := 8; depth <= 14; depth += 3 {
		d := spackgen.New(spackgen.Options{Seed: 7, Packages: 200, Envs: 1, Depth: depth})
		// The longest path counts the library layers plus the compiler
		// edges under the bottom one (gcc-runtime, then gcc).
		if got := d.MaxDepth(); got < depth || got > depth+3 {
			t.Errorf("depth %d: longest path %d", depth, got)
		}
	}
}

// Without edges (catalogue pages) nothing is known and nothing guessed.
func TestExplainUnknown(t *testing.T) {
	var before, after diff.Graph
	before.Add(diff.NewNode("a", "z", "", nil))
	after.Add(diff.NewNode("b", "z", "", []diff.Edge{}))
	w := diff.Explain(before, after, "a", "b")
	if w.Known || len(w.Causes) != 0 || len(w.Changed) != 0 {
		t.Errorf("%+v", w)
	}
	if w := diff.Explain(before, after, "x", "b"); w.Known {
		t.Errorf("a hash not in the graph is known: %+v", w)
	}
}
