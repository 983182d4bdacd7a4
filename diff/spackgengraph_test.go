package diff_test

import (
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// dagGraph returns spackgen's DAG as the engine's dependency graph. It
// lives here, not in spackgen, so that spackgen imports neither diff nor
// snapshot: the tests of snapshot and spackfmt that use spackgen then
// build no second copy of diff (and snapshot) for their test binaries.
func dagGraph(d *spackgen.DAG) diff.Graph {
	var g diff.Graph
	for _, n := range d.Nodes {
		deps := []diff.Edge{}
		for _, dep := range n.Deps {
			deps = append(deps, diff.Edge{Name: dep.Node.Name, Hash: dep.Node.Hash, Types: dep.Types, Virtuals: dep.Virtuals})
		}
		gn := &diff.GraphNode{Name: n.Name,
			Spec: &snapshot.Spec{Hash: n.Hash, Versions: []string{n.Version}, Compiler: n.Compiler(),
				OS: n.OS, Platform: n.Platform, Target: n.Target, Variants: slices.Clone(n.Variants),
				More: &snapshot.SpecMore{Recipe: n.PackageHash, Deps: deps}}}
		g.Add(gn)
	}
	return g
}

// loadTinyLockfile loads spackgen's lockfile of n tiny specs.
func loadTinyLockfile(t testing.TB, n int) *snapshot.Snapshot {
	t.Helper()
	s, err := snapshot.Load(spackgen.TinyLockfile(t, n), snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
