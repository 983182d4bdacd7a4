package diff

import (
	"fmt"
	"runtime"
	"slices"
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
	checkUnchangedKeepLittle(t, 1, false)
}

// The same of packages whose pages list their specs out of hash order
// (two specs each, the larger hash first): they may differ, so each is
// matched, and found unchanged. A slot in the report's list made for
// each package not found the same at once kept 384 bytes a package (a
// lockfile pair of 32,000 roots each respelt, every package unchanged:
// 12.3 MB).
func TestUnchangedMatchedPackagesKeepLittle(t *testing.T) {
	checkUnchangedKeepLittle(t, 2, false)
}

// The same of packages unchanged but for a warning, each spec's hash
// with another version (a hash names one build): kept for its warning,
// each kept a Package of its own (about 700 bytes) until the report was
// made, 5.5 MB of a lockfile pair of 32,000 roots at compareAll's end,
// the peak of its live heap (a quarter of the roots so). Now its
// warning (a Warning and its message, about 180 bytes) and its result
// (48): at most 320 bytes a package, about 950 before.
func TestUnchangedWarnedPackagesKeepLittle(t *testing.T) {
	checkUnchangedKeepLittle(t, 1, true)
}

// checkUnchangedKeepLittle compares 20,000 unchanged packages of specs
// specs each (listed larger hash first) and wants the comparison to keep
// at most 24 bytes a package; warned, each spec's new version is
// another, which warns once a spec, and at most 320 bytes a package.
func checkUnchangedKeepLittle(t *testing.T, specs int, warned bool) {
	t.Helper()
	const n = 20000
	pairs := make([][2]*snapshot.Package, n)
	for i := range pairs {
		var l []snapshot.Spec
		for j := specs - 1; j >= 0; j-- {
			l = append(l, snapshot.Spec{Hash: fmt.Sprintf("%031d%d", i, j), Versions: []string{"1"}, Compiler: "none", Stacks: []string{}, Variants: []string{}})
		}
		name := fmt.Sprintf("p%d", i)
		nl := l
		if warned {
			nl = slices.Clone(l)
			for j := range nl {
				nl[j].Versions = []string{"2"}
			}
		}
		pairs[i] = [2]*snapshot.Package{
			{Name: name, Specs: l, Origin: &snapshot.Origin{File: "old"}},
			{Name: name, Specs: nl, Origin: &snapshot.Origin{File: "new"}},
		}
	}
	var ignore [numFacets]bool
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	out, list, counts := compareAll(pairs, &ignore, false, nil, nil, nil)
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d unchanged packages: the comparison keeps %d bytes (%d a package)", n, kept, kept/n)
	bound := int64(24)
	if warned {
		bound = 320
	}
	if kept > bound*n {
		t.Errorf("%d unchanged packages: the comparison keeps %d bytes, %d a package: over %d", n, kept, kept/n, bound)
	}
	if !warned && counts.unchanged != n {
		t.Errorf("%d unchanged packages counted, want %d", counts.unchanged, n)
	}
	if warned {
		for k, c := range out {
			if c == nil || c.p.Status != Unchanged || len(c.warnings) != specs {
				t.Fatalf("package %d: %+v, want it unchanged, kept with a warning a spec", k, c)
			}
		}
	}
	runtime.KeepAlive(out)
	runtime.KeepAlive(list)
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
	old, nw := packagePerSpec(n, func(i int) string { return fmt.Sprintf("%032d", i) })
	r, alloc := allocatedComparing(t, old, nw, CompareWith)
	if r.Summary.Packages.Unchanged != n {
		t.Fatalf("%+v", r.Summary)
	}
	t.Logf("%d unchanged packages: %d bytes allocated, %d a package", n, alloc, alloc/n)
	if alloc > 128*n {
		t.Errorf("%d unchanged packages: %d bytes allocated, %d a package: over 128", n, alloc, alloc/n)
	}
}

// Issue 35's memory rule: the report's packages were copied, 384 bytes
// each, from the results of comparing them (416 bytes each) into a list
// made once every package was compared, both alive then, the peak of a
// lockfile pair's live heap. Each result's package is now a slot of the
// report's list: a package per spec, each rebuilt, allocated 1,028 bytes
// a package, now 664; at most 800.
func TestChangedPackagesAllocateOnce(t *testing.T) {
	const n = 10000
	old, nw := packagePerSpec(n, func(i int) string { return fmt.Sprintf("n%031d", i) })
	r, alloc := allocatedComparing(t, old, nw, CompareReleasing)
	if r.Summary.Packages.Changed != n || len(r.Packages) != n {
		t.Fatalf("%+v, %d packages", r.Summary, len(r.Packages))
	}
	t.Logf("%d rebuilt packages: %d bytes allocated, %d a package", n, alloc, alloc/n)
	if alloc > 800*n {
		t.Errorf("%d rebuilt packages: %d bytes allocated, %d a package: over 800", n, alloc, alloc/n)
	}
}

// packagePerSpec is two snapshots of n packages of a spec each, of no
// edges (a catalogue's): the old spec of package i of hash i, the new of
// hash newHash(i).
func packagePerSpec(n int, newHash func(i int) string) (old, nw *snapshot.Snapshot) {
	old = &snapshot.Snapshot{Path: "old"}
	nw = &snapshot.Snapshot{Path: "new"}
	for i := range n {
		sp := snapshot.Spec{Hash: fmt.Sprintf("%032d", i), Versions: []string{"1"}, Compiler: "none", Stacks: []string{}, Variants: []string{}}
		name := fmt.Sprintf("p%06d", i)
		old.Packages = append(old.Packages, &snapshot.Package{Name: name, Specs: []snapshot.Spec{sp}, Origin: &snapshot.Origin{File: "old"}})
		sp.Hash = newHash(i)
		nw.Packages = append(nw.Packages, &snapshot.Package{Name: name, Specs: []snapshot.Spec{sp}, Origin: &snapshot.Origin{File: "new"}})
	}
	return old, nw
}

// allocatedComparing is the report compare makes of old and nw, and the
// bytes it allocated, on one processor (what goroutines allocate besides
// varies).
func allocatedComparing(t *testing.T, old, nw *snapshot.Snapshot, compare func(before, after *snapshot.Snapshot, f Filter) (*Report, error)) (*Report, uint64) {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r, err := compare(old, nw, Filter{})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	return r, after.TotalAlloc - before.TotalAlloc
}
