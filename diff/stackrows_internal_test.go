package diff

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// tinyRootsLock loads a lockfile of n records of a name and a version,
// each a root of its own (spackgen.WriteTinyLockfile's shape: spackgen
// imports this package).
func tinyRootsLock(t *testing.T, n int) *snapshot.Snapshot {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n{\"hash\":%q,\"spec\":\"p%d\"}", gen.MixHash(uint64(i)), i)
	}
	b.WriteString(`],"concrete_specs":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n%q:{\"name\":\"p%d\",\"version\":\"1\"}", gen.MixHash(uint64(i)), i)
	}
	b.WriteString("\n}}\n")
	path := filepath.Join(t.TempDir(), "spack.lock")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := snapshot.Load(path, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStackRollupKeepsARowAStack: a lockfile whose every root is a stack
// of its own (tinyRootsLock) has as many stacks as specs, and
// each worker of compareAll counted each stack it met in a tally of its
// own, a map entry and a list of tallies, which merge copied into a map
// of all of them, the first worker's kept (its interner too) beside it:
// the command peaked over 4x the input there (cmd/cachediff's
// TestTinyLockfileMemory). Each worker now counts a page's specs in its
// list of stacks alone (pend), and the merged counts are a row a stack
// and list, sorted and added up by rollups: what the merged counts keep
// is about the rows' 48 bytes a stack.
func TestStackRollupKeepsARowAStack(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes kept are not the code's")
	}
	const n = 20000
	before, after := tinyRootsLock(t, n), tinyRootsLock(t, n)
	pairs := make([][2]*snapshot.Package, n)
	for i := range pairs {
		pairs[i] = [2]*snapshot.Package{before.Packages[i], after.Packages[i]}
		if before.Packages[i].Name != after.Packages[i].Name {
			t.Fatalf("package %d: %s and %s", i, before.Packages[i].Name, after.Packages[i].Name)
		}
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2)) // as many workers as the command's tests
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var ignore [numFacets]bool
	var m0, m1 runtime.MemStats
	// Twice: a sync.Pool's items outlive one collection.
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m0)
	_, _, rolled := compareAll(pairs, &ignore, false, nil, nil, nil)
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m1)
	kept := int64(m1.HeapAlloc) - int64(m0.HeapAlloc)
	t.Logf("%d stacks: the merged counts keep %d bytes, %d a stack", n, kept, kept/n)
	if kept > 64*n {
		t.Errorf("%d stacks: the merged counts keep %d bytes, %d a stack: want at most 64", n, kept, kept/n)
	}
	facets, rows := rolled.rollups()
	if len(rows) != n || len(facets.Stack.Counts) != n {
		t.Fatalf("%d rows and %d stack counts, want %d", len(rows), len(facets.Stack.Counts), n)
	}
	for i, row := range rows {
		one := OldToNew{Old: 1, New: 1}
		if row.Specs != one || row.Packages != one || facets.Stack.Counts[i].Value != row.Name || facets.Stack.Counts[i].OldToNew != one {
			t.Fatalf("row %d: %+v (counts %+v), want a spec and a package a side", i, row, facets.Stack.Counts[i])
		}
		if i > 0 && rows[i-1].Name == row.Name {
			t.Fatalf("rows %d and %d are both %s", i-1, i, row.Name)
		}
	}
	runtime.KeepAlive(before)
	runtime.KeepAlive(after)
}

// TestStackRowsOneAStackOfLongLists: the pages in lists of several
// stacks (a lockfile's nodes under many roots, in lists that differ)
// are counted in each stack's tally on their worker, read once a list:
// a row a stack of each list would be as many rows as the lists have
// strings (m·m/2 here), where tallies are one a stack on each worker.
func TestStackRowsOneAStackOfLongLists(t *testing.T) {
	const m, n = 200, 2000
	stacks := make([]string, m)
	for i := range stacks {
		stacks[i] = fmt.Sprintf("root%03d", i)
	}
	side := func(version string) []*snapshot.Package {
		pkgs := make([]*snapshot.Package, n)
		for i := range pkgs {
			pkgs[i] = &snapshot.Package{Name: fmt.Sprintf("p%04d", i), Specs: []snapshot.Spec{{
				Hash: gen.MixHash(uint64(i)), Versions: []string{version}, Compiler: "gcc@13", OS: "linux", Platform: "linux", Target: "x86_64",
				Stacks: stacks[:1+i%m], // m lists, the longest of all m stacks
			}}}
		}
		return pkgs
	}
	before, after := side("1"), side("1")
	pairs := make([][2]*snapshot.Package, n)
	for i := range pairs {
		pairs[i] = [2]*snapshot.Package{before[i], after[i]}
	}
	var ignore [numFacets]bool
	_, _, rolled := compareAll(pairs, &ignore, false, nil, nil, nil)
	if len(rolled.rows) > runtime.GOMAXPROCS(0)*(m+1) { // a row a list of one stack, one a tally
		t.Errorf("%d stacks in %d lists of up to %d: %d rows, want at most %d a worker", m, m, m, len(rolled.rows), m+1)
	}
	_, rows := rolled.rollups()
	if len(rows) != m {
		t.Fatalf("%d rows, want %d", len(rows), m)
	}
	for i, row := range rows {
		// Stack i holds the pages of the lists of more than i stacks.
		want := 0
		for k := range n {
			if 1+k%m > i {
				want++
			}
		}
		if row.Name != stacks[i] || row.Specs.Old != want || row.Specs.New != want || row.Packages.Old != want || row.Packages.New != want {
			t.Fatalf("row %d: %+v, want %s with %d specs and packages a side", i, row, stacks[i], want)
		}
	}
}
