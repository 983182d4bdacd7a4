package spackgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/cachediff/cachediff/internal/testing/gen"
)

// DAGSpec is one spec of a DAG written by WriteDAGPair: its package, its
// dependencies (indexes of specs before it) and, when Added is set, a
// dependency of that package that only the new index has (an edge
// change of its own, besides the version bump).
type DAGSpec struct {
	Name  string
	Deps  []int
	Added string
}

// WriteDAGPair writes two build-cache indexes (index.json) of specs,
// a.json at version 1 and b.json with every spec's version bumped to 2
// (and other hashes), into dir and returns their paths: a stack-wide
// version bump, every spec with its own change, over the shape specs
// give. An added dependency is a spec of its own package at version 1,
// in b.json only.
func WriteDAGPair(dir string, specs []DAGSpec) (oldPath, newPath string, err error) {
	var paths [2]string
	for side := range 2 {
		v, salt := "1", uint64(1)<<41
		if side == 1 {
			v, salt = "2", 3<<41
		}
		installs := make(map[string]any, len(specs))
		hashes := make([]string, len(specs))
		add := func(name, version, h string, deps []any) {
			spec := map[string]any{"name": name, "version": version, "hash": h, "namespace": "builtin",
				"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "core2"},
				"compiler":   map[string]any{"name": "gcc", "version": "10.2.1"},
				"parameters": map[string]any{"build_system": "generic"}}
			if len(deps) > 0 {
				spec["dependencies"] = deps
			}
			installs[h] = map[string]any{"spec": spec, "ref_count": 0, "in_buildcache": true}
		}
		edge := func(name, h string) any {
			return map[string]any{"name": name, "hash": h,
				"parameters": map[string]any{"deptypes": []string{"build", "link"}, "virtuals": []string{}}}
		}
		for i, s := range specs {
			hashes[i] = gen.MixHash(salt + uint64(i))
			var deps []any
			for _, j := range s.Deps {
				if j >= i {
					return "", "", fmt.Errorf("spec %d (%s) depends on spec %d, not before it", i, s.Name, j)
				}
				deps = append(deps, edge(specs[j].Name, hashes[j]))
			}
			if side == 1 && s.Added != "" {
				h := gen.MixHash(5<<41 + uint64(i))
				add(s.Added, "1", h, nil)
				deps = append(deps, edge(s.Added, h))
			}
			add(s.Name, v, hashes[i], deps)
		}
		var b bytes.Buffer
		if err := json.NewEncoder(&b).Encode(map[string]any{"database": map[string]any{"version": "7", "installs": installs}}); err != nil {
			return "", "", err
		}
		paths[side] = filepath.Join(dir, []string{"a.json", "b.json"}[side])
		if err := os.WriteFile(paths[side], b.Bytes(), 0o644); err != nil {
			return "", "", err
		}
	}
	return paths[0], paths[1], nil
}

// ChainEdgeDAG is a chain of n specs, c1 depending on c0 and so on, where
// every spec but the first also gains a dependency of its own (e1, e2,
// …) in the new index: an own change and an edge change at every level.
func ChainEdgeDAG(n int) []DAGSpec {
	specs := make([]DAGSpec, n)
	for i := range specs {
		specs[i].Name = fmt.Sprintf("c%d", i)
		if i > 0 {
			specs[i].Deps = []int{i - 1}
			specs[i].Added = fmt.Sprintf("e%d", i)
		}
	}
	return specs
}

// ChainHubDAG is a chain of n specs, a_i on a_{i-1}, each also on the
// same hubs leaves (h_0 …): a runtime every spec links (gcc-runtime).
// Each leaf's cause is a direct dependency of a_i and in a_{i-1}'s set
// one level deeper: a_i's set is based on a_{i-1}'s and overrides the
// leaves' causes (docs/json.md, sets).
func ChainHubDAG(n, hubs int) []DAGSpec { return ChainHubEveryDAG(n, hubs, 1) }

// ChainHubEveryDAG is ChainHubDAG where only every every-th spec (a_0,
// a_every, …) links the leaves: a runtime that the specs between do not
// link (pure Python packages), so that a_i finds the leaves every
// levels down its base's sets.
func ChainHubEveryDAG(n, hubs, every int) []DAGSpec {
	specs := make([]DAGSpec, 0, n+hubs)
	for j := range hubs {
		specs = append(specs, DAGSpec{Name: fmt.Sprintf("h%d", j)})
	}
	for i := range n {
		s := DAGSpec{Name: fmt.Sprintf("a%d", i)}
		if i > 0 {
			s.Deps = append(s.Deps, hubs+i-1)
		}
		for j := range hubs {
			if i%every == 0 {
				s.Deps = append(s.Deps, j)
			}
		}
		specs = append(specs, s)
	}
	return specs
}

// DiamondsDAG is a chain of n diamonds: t_i depends on l_i and r_i,
// which both depend on t_{i-1}.
func DiamondsDAG(n int) []DAGSpec {
	var specs []DAGSpec
	top := -1
	for i := range n {
		var deps []int
		if top >= 0 {
			deps = []int{top}
		}
		specs = append(specs, DAGSpec{Name: fmt.Sprintf("l%d", i), Deps: deps}, DAGSpec{Name: fmt.Sprintf("r%d", i), Deps: deps})
		specs = append(specs, DAGSpec{Name: fmt.Sprintf("t%d", i), Deps: []int{len(specs) - 2, len(specs) - 1}})
		top = len(specs) - 1
	}
	return specs
}

// LadderDAG is two chains of n specs joined at every step: a_i depends
// on a_{i-1} and b_i (the rung), b_i on b_{i-1}.
func LadderDAG(n int) []DAGSpec { return ladderDAG(n, "a", "b") }

// LadderUpDAG is LadderDAG with the chains' names swapped: b_i depends
// on b_{i-1} and a_i (the rung, to the smaller name), a_i on a_{i-1}.
func LadderUpDAG(n int) []DAGSpec { return ladderDAG(n, "b", "a") }

func ladderDAG(n int, top, bottom string) []DAGSpec {
	var specs []DAGSpec
	for i := range n {
		b := DAGSpec{Name: fmt.Sprintf("%s%d", bottom, i)}
		a := DAGSpec{Name: fmt.Sprintf("%s%d", top, i), Deps: []int{len(specs)}}
		if i > 0 { // the last two are bottom_{i-1} and top_{i-1}
			b.Deps = []int{len(specs) - 2}
			a.Deps = append(a.Deps, len(specs)-1)
		}
		specs = append(specs, b, a)
	}
	return specs
}

// CrossedLadderDAG is two chains of n specs where a_i and b_i both
// depend on a_{i-1} and b_{i-1}.
func CrossedLadderDAG(n int) []DAGSpec {
	var specs []DAGSpec
	for i := range n {
		var deps []int
		if i > 0 {
			deps = []int{len(specs) - 2, len(specs) - 1}
		}
		specs = append(specs, DAGSpec{Name: fmt.Sprintf("a%d", i), Deps: deps}, DAGSpec{Name: fmt.Sprintf("b%d", i), Deps: deps})
	}
	return specs
}

// BackDAG is a chain of n specs where c_i depends on the k specs before
// it (c_{i-1} … c_{i-k}).
func BackDAG(n, k int) []DAGSpec {
	specs := make([]DAGSpec, n)
	for i := range specs {
		specs[i].Name = fmt.Sprintf("c%d", i)
		for j := i - 1; j >= 0 && j >= i-k; j-- {
			specs[i].Deps = append(specs[i].Deps, j)
		}
	}
	return specs
}

// LayeredDAG is layers of width specs each, every spec of a layer
// depending on 3 to 8 specs of the layer below, chosen at random from
// seed.
func LayeredDAG(layers, width int, seed uint64) []DAGSpec {
	rng := rand.New(rand.NewPCG(seed, 35))
	var specs []DAGSpec
	for l := range layers {
		for i := range width {
			s := DAGSpec{Name: fmt.Sprintf("p%d-%d", l, i)}
			if l > 0 {
				below := (l - 1) * width
				for _, j := range rng.Perm(width)[:min(width, 3+rng.IntN(6))] {
					s.Deps = append(s.Deps, below+j)
				}
			}
			specs = append(specs, s)
		}
	}
	return specs
}
