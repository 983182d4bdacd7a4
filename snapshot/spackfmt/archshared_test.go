package spackfmt

import (
	"runtime"
	"strings"
	"testing"
)

// TestArchOnlyNodesShareDetail (issue 35, class d): a node read with an
// arch and nothing else of a Detail's (a lockfile's dependency of a
// name, a version and an arch) had a Detail of 120 bytes of its own for
// its OS, platform and target, a quarter of what the decoded nodes of a
// lockfile pair of 32,000 roots hold while both files load, the peak
// then (docs/performance.md, "The 24 MiB floor"). Such nodes share one
// Detail by arch now, and a node that reads more after its arch (its
// dependencies) gets one of its own, its arch copied. archLock of 4,000
// roots held 487 bytes a node before (TestDecodedNodesHoldLittle), 425
// now; at most 450. Each node keeps its own facets: the dependencies'
// nodes no edge, the roots' theirs, every node its arch.
func TestArchOnlyNodesShareDetail(t *testing.T) {
	const n = 4000
	set, held := heldPerNode(t, n)
	nodes := append(append([]*Node{}, set.Nodes...), set.Others...)
	if held > 450 {
		t.Errorf("the decoded set holds %.0f bytes a node, want at most 450 (a Detail of its own for a node of an arch alone?)", held)
	}
	for _, nd := range nodes {
		if nd.OS != "rhel8" || nd.Platform != "linux" || nd.Target != "x86_64" || nd.Compiler != "none" {
			t.Fatalf("%s: arch %s %s %s, compiler %s, want rhel8 linux x86_64 and none", nd.Name, nd.OS, nd.Platform, nd.Target, nd.Compiler)
		}
		want := 0
		if strings.HasPrefix(nd.Name, "p") {
			want = 1
		}
		if len(nd.Deps) != want || len(nd.Variants) != 0 {
			t.Fatalf("%s: %d dependencies and variants %q, want %d and none", nd.Name, len(nd.Deps), nd.Variants, want)
		}
	}
	runtime.KeepAlive(set)
}
