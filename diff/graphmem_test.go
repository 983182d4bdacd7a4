package diff_test

import (
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// Issue 35's memory rule on a lockfile of tiny records (67 bytes a
// spec, a package each): a graph's node copied its spec's facets,
// recipe hash and root, 176 bytes, and with the map's slot 246 bytes a
// spec, 3.6x the record, for each side, while both snapshots were held.
// A node is its package's name and the spec it is (GraphNode.Spec), 24
// bytes, and reads the rest from the spec; the graph files it in a table
// of 8-byte slots, beside its pointer: 49 to 53 bytes a spec, at most 56
// here (a map of hashes took 59 to 80 bytes a spec with the node, 115
// when the node held the hash, version and edges, 80 bytes).
func TestGraphKeepsLittle(t *testing.T) {
	const n = 50000
	s := loadTinyLockfile(t, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	g := diff.GraphOf(s)
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if g.Len() != n {
		t.Fatalf("%d nodes, want %d", g.Len(), n)
	}
	t.Logf("a graph of %d tiny specs keeps %d bytes, %d a spec", n, kept, kept/n)
	if kept > 56*n {
		t.Errorf("a graph of %d tiny specs keeps %d bytes, %d a spec: over 56", n, kept, kept/n)
	}
	// The node reads its spec's facets.
	for _, sp := range s.Packages[0].Specs {
		nd := g.Node(sp.Hash)
		if nd.Compiler() != sp.Compiler || nd.Root() != sp.Root(s.Packages[0].Name) || nd.PackageHash() != sp.Recipe() || nd.Version() != "1" {
			t.Errorf("node %+v of spec %v", nd, sp)
		}
	}
	runtime.KeepAlive(s)
	runtime.KeepAlive(g)
}
