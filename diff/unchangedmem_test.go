package diff

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// Issue 35's memory rule on a lockfile of tiny records, a package per
// spec: compareAll kept each package's whole comparison (a Package of
// 384 bytes, its warnings and flags: 416 bytes) until every package was
// compared, the unchanged ones too, which the report then drops: 6x
// the 67 bytes of a record, on top of the snapshots. An unchanged
// package, with no warning and nothing for the edges to re-pair, is
// counted as it is compared and keeps a nil pointer: at most 24 bytes a
// package with the comparison's own tables (a result of 40 bytes each
// kept 48).
func TestUnchangedPackagesKeepLittle(t *testing.T) {
	const n = 20000
	pairs := make([][2]*snapshot.Package, n)
	for i := range pairs {
		sp := snapshot.Spec{Hash: fmt.Sprintf("%032d", i), Versions: []string{"1"}, Compiler: "none", Stacks: []string{}, Variants: []string{}}
		name := fmt.Sprintf("p%d", i)
		pairs[i] = [2]*snapshot.Package{
			{Name: name, Specs: []snapshot.Spec{sp}, Origin: &snapshot.Origin{File: "old"}},
			{Name: name, Specs: []snapshot.Spec{sp}, Origin: &snapshot.Origin{File: "new"}},
		}
	}
	var ignore [numFacets]bool
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	out, counts := compareAll(pairs, &ignore, false, nil, nil, nil)
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d unchanged packages: the comparison keeps %d bytes (%d a package)", n, kept, kept/n)
	if kept > 24*n {
		t.Errorf("%d unchanged packages: the comparison keeps %d bytes, %d a package: over 24", n, kept, kept/n)
	}
	runtime.KeepAlive(out)
	runtime.KeepAlive(counts)
	runtime.KeepAlive(pairs)
}

// The pairs of packages by name were a list grown by append, copied as
// it grew (16 bytes a pair, about 5 times over): it is made at its size.
// Comparing a package per spec, all unchanged, allocated 168 bytes a
// package; now at most 128, besides the graphs (none here: a
// catalogue's specs).
func TestUnchangedPackagesAllocateLittle(t *testing.T) {
	const n = 20000
	old := &snapshot.Snapshot{Path: "old"}
	nw := &snapshot.Snapshot{Path: "new"}
	for i := range n {
		sp := snapshot.Spec{Hash: fmt.Sprintf("%032d", i), Versions: []string{"1"}, Compiler: "none", Stacks: []string{}, Variants: []string{}}
		name := fmt.Sprintf("p%06d", i)
		old.Packages = append(old.Packages, &snapshot.Package{Name: name, Specs: []snapshot.Spec{sp}, Origin: &snapshot.Origin{File: "old"}})
		nw.Packages = append(nw.Packages, &snapshot.Package{Name: name, Specs: []snapshot.Spec{sp}, Origin: &snapshot.Origin{File: "new"}})
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r, err := CompareWith(old, nw, Filter{})
	runtime.ReadMemStats(&after)
	if err != nil || r.Summary.Packages.Unchanged != n {
		t.Fatalf("%v, %+v", err, r.Summary)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d unchanged packages: %d bytes allocated, %d a package", n, alloc, alloc/n)
	if alloc > 128*n {
		t.Errorf("%d unchanged packages: %d bytes allocated, %d a package: over 128", n, alloc, alloc/n)
	}
}
