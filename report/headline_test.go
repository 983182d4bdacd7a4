package report

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRootsHeadline: the headline of Spack's own files speaks in roots
// (removed, added, changed, at most maxHeadlineRoots named), then the
// specs beyond the roots, the specs that kept their hash, and the
// dependencies now needed by fewer, more or other roots; catalogue pages
// have none.
func TestRootsHeadline(t *testing.T) {
	spec := func(stacks ...string) *diff.Spec { return &diff.Spec{Stacks: stacks} }
	r := &diff.Report{
		Summary: diff.Summary{Specs: diff.Counts{Old: 30, New: 29, Unchanged: 20, Restacked: 4, Updated: 1, Removed: 5, Added: 4}},
		Packages: []diff.Package{
			{Name: "a", Specs: diff.SpecChanges{Added: []diff.Spec{{Hash: "a1"}, {Hash: "b1"}, {Hash: "c1"}, {Hash: "d1"}}}},
			{Name: "rocksdb", Specs: diff.SpecChanges{Removed: []diff.Spec{{Hash: "r1"}, {Hash: "r2"}}}},
			{Name: "zlib", Specs: diff.SpecChanges{Restacked: []diff.Pair{
				{Old: spec("a", "b"), New: spec("a")},
				{Old: spec("a", "b"), New: spec("b")},
				{Old: spec("a"), New: spec("a", "c")},
				{Old: spec("a"), New: spec("c")},
			}}}},
		Causes: &diff.Causes{Roots: &diff.RootChanges{
			Removed: []diff.RootSpec{{Root: "rocksdb", Hash: "r1"}},
			Added:   []diff.RootSpec{{Root: "a", Hash: "a1"}, {Root: "b", Hash: "b1"}, {Root: "c", Hash: "c1"}, {Root: "d", Hash: "d1"}},
			Changed: []diff.RootChange{{Root: "llvm@22", Old: diff.RootSpec{Name: "llvm", Version: "21"}, New: diff.RootSpec{Name: "llvm", Version: "22"}}},
		}},
	}
	got, ok := RootsHeadline(r)
	want := "1 root removed (rocksdb); 4 roots added (a, b, c, …and 1 more); 1 root changed (llvm 21 → 22); " +
		"4 specs removed; 1 spec updated; 24 specs unchanged; 2 dependencies are now needed by fewer roots; " +
		"1 dependency is now needed by more roots; 1 dependency is now needed by other roots"
	if !ok || got != want {
		t.Errorf("rootsHeadline:\n got %q, %v\nwant %q", got, ok, want)
	}
	// The engine's counts win over the restacked pairs: a root whose spec
	// changed only in its version is the same root, so its dependencies
	// are needed by no other root, though their stacks (the spec strings)
	// differ.
	r.Causes.Roots.Unchanged = 24
	got, _ = RootsHeadline(r)
	want = "1 root removed (rocksdb); 4 roots added (a, b, c, …and 1 more); 1 root changed (llvm 21 → 22); " +
		"4 specs removed; 1 spec updated; 24 specs unchanged"
	if got != want {
		t.Errorf("rootsHeadline with the engine's counts:\n got %q\nwant %q", got, want)
	}
	r.Causes.Roots.FewerRoots = 3
	if got, _ = RootsHeadline(r); got != want+"; 3 dependencies are now needed by fewer roots" {
		t.Errorf("rootsHeadline with 3 fewer: %q", got)
	}
	// A root removed whose spec stays (another root needs it) is no spec
	// removed: a dependency removed beside it was left out of the
	// headline. So is a root added over a spec that was there.
	r = &diff.Report{
		Summary: diff.Summary{Specs: diff.Counts{Old: 3, New: 3, Unchanged: 1, Rebuilt: 1, Removed: 1, Added: 1}},
		Packages: []diff.Package{
			{Name: "d", Specs: diff.SpecChanges{Removed: []diff.Spec{{Hash: "d1"}}}},
			{Name: "e", Specs: diff.SpecChanges{Added: []diff.Spec{{Hash: "e1"}}}},
		},
		Causes: &diff.Causes{Roots: &diff.RootChanges{
			Removed: []diff.RootSpec{{Root: "b", Hash: "b1"}, {Root: "b2", Hash: "b1"}},
			Added:   []diff.RootSpec{{Root: "c", Hash: "c1"}},
		}},
	}
	// b and b2 name one hash: one root written two ways (it was "2
	// roots removed (b, b2)", TestOneRootTwoSpellings).
	want = "1 root removed (b = b2); 1 root added (c); 1 spec removed; 1 spec added; 1 spec rebuilt; 1 spec unchanged"
	if got, _ := RootsHeadline(r); got != want {
		t.Errorf("roots whose specs stay:\n got %q\nwant %q", got, want)
	}
	// A root whose spec is now another package's (a provider swap) is
	// not named by the new package with the old one's version: "openmpi
	// 4.1 → 5.0" said openmpi was 4.1.
	r = &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{{Root: "mpi",
		Old: diff.RootSpec{Name: "mpich", Version: "4.1"}, New: diff.RootSpec{Name: "openmpi", Version: "5.0"}}}}}}
	want = "1 root changed (mpi mpich@4.1 → openmpi@5.0)"
	if got, _ := RootsHeadline(r); !strings.HasPrefix(got, want) {
		t.Errorf("a root swapped to another package:\n got %q\nwant %q...", got, want)
	}
	if _, ok := RootsHeadline(&diff.Report{Causes: &diff.Causes{}}); ok {
		t.Error("a report without roots has a roots headline")
	}
	if got, _ := RootsHeadline(&diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{}}}); got != "no root and no spec changed" {
		t.Errorf("nothing changed: %q", got)
	}
}

// TestOnlyRebuilds: a report is only rebuilds when every change is a
// plain rebuild (a new hash, the same facets and stacks).
func TestOnlyRebuilds(t *testing.T) {
	same := func() *diff.Spec { return &diff.Spec{Versions: []string{"1"}, Stacks: []string{"s"}} }
	r := &diff.Report{
		Summary:  diff.Summary{Packages: diff.PackageCounts{Changed: 1}, Specs: diff.Counts{Rebuilt: 1}},
		Packages: []diff.Package{{Name: "p", Specs: diff.SpecChanges{Rebuilt: []diff.Pair{{Old: same(), New: same()}}}}},
	}
	if !OnlyRebuilds(r) {
		t.Error("a plain rebuild is not only rebuilds")
	}
	if got, want := rebuildsHeadline(r), "Only rebuilds: 1 spec of 1 package has new hashes; nothing added, removed or changed"; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	moved := same()
	moved.Stacks = []string{"t"}
	r.Packages[0].Specs.Rebuilt[0].New = moved
	r.Packages[0].Specs.Rebuilt[0].StacksJoined, r.Packages[0].Specs.Rebuilt[0].StacksLeft = []string{"t"}, []string{"s"}
	if OnlyRebuilds(r) {
		t.Error("a rebuild that moved stacks is only rebuilds")
	}
	r.Packages[0].Specs.Rebuilt[0].New = same()
	r.Packages[0].Specs.Rebuilt[0].StacksJoined, r.Packages[0].Specs.Rebuilt[0].StacksLeft = nil, nil
	r.Summary.Specs.Added = 1
	if OnlyRebuilds(r) {
		t.Error("a report with an added spec is only rebuilds")
	}
}

// TestRestackedOnly: the counts table's packages row says how many
// changed packages only moved stacks (roots, for a lockfile), apart from
// those that changed otherwise; nothing when none did.
func TestRestackedOnly(t *testing.T) {
	r := &diff.Report{Packages: []diff.Package{
		{Name: "a", Status: diff.Changed, Counts: diff.Counts{Restacked: 2}},
		{Name: "b", Status: diff.Changed, Counts: diff.Counts{Restacked: 1, Rebuilt: 1}},
		{Name: "c", Status: diff.Changed, Counts: diff.Counts{Updated: 1}},
		{Name: "d", Status: diff.Added, Counts: diff.Counts{Added: 1}},
	}}
	if got := RestackedOnlyCell(r); got != "1" {
		t.Errorf("restacked only: %q, want 1 (a)", got)
	}
	if got := RestackedOnlyCell(&diff.Report{}); got != "" {
		t.Errorf("none: %q, want empty", got)
	}
}

// TestNewsFacetLookalikeQuoted: a compiler gсc@12.4.0, its c Cyrillic,
// that took every spec of gcc@12.4.0 read "compiler gcc@12.4.0 gone" and
// "new compiler gcc@12.4.0" side by side; a value not ASCII is quoted in
// ASCII, one ending with a space ("ubuntu22.04 ") quoted too, another
// ASCII one is as it was.
func TestNewsFacetLookalikeQuoted(t *testing.T) {
	for _, c := range []struct {
		h    diff.Highlight
		want string
	}{
		{diff.Highlight{Kind: diff.HighlightAppeared, Facet: "compiler", Value: "g\u0441c@12.4.0", Specs: &diff.OldToNew{New: 3}}, `new compiler "g\u0441c@12.4.0": 3 specs`},
		{diff.Highlight{Kind: diff.HighlightVanished, Facet: "compiler", Value: "gcc@12.4.0", Specs: &diff.OldToNew{Old: 3}}, `compiler gcc@12.4.0 gone: it had 3 specs`},
		{diff.Highlight{Kind: diff.HighlightShrank, Facet: "os", Value: "ubuntu22.04\u200b", Specs: &diff.OldToNew{Old: 3, New: 1}}, "OS \"ubuntu22.04\u200b\" shrank: 3 → 1 spec"}, // U+200B left for the view to escape once (clauseValue)
		{diff.Highlight{Kind: diff.HighlightGrew, Facet: "stack", Value: "e4s", Specs: &diff.OldToNew{Old: 1, New: 3}}, `stack e4s grew: 1 → 3 specs`},
		{diff.Highlight{Kind: diff.HighlightAppeared, Facet: "os", Value: "ubuntu22.04 ", Specs: &diff.OldToNew{New: 1}}, `new OS "ubuntu22.04 ": 1 spec`},
		// A compiler spelled "g\u0441c@12.4.0", quotes and backslash its
		// own, read as the first line's gсc@12.4.0 (class a).
		{diff.Highlight{Kind: diff.HighlightAppeared, Facet: "compiler", Value: `"g\u0441c@12.4.0"`, Specs: &diff.OldToNew{New: 3}}, `new compiler "\"g\\u0441c@12.4.0\"": 3 specs`},
	} {
		if got := NewsText(c.h, 0); got != c.want {
			t.Errorf("NewsText = %q, want %q", got, c.want)
		}
	}
}

// TestNewsMovedSaysWhoChanged: a value that shrank or grew names the
// packages whose specs with it came or went as the ones that changed it,
// not as the holders of what it has now: "compiler gcc@13.2.0 shrank: 28
// → 13 specs of gcc-runtime, py-keras" (the real week of docs/usage.md)
// read as 13 specs of theirs, where the 13 left were llvm's, and "stack
// e4s shrank: 11 → 1 spec of llvm" after llvm was removed.
func TestNewsMovedSaysWhoChanged(t *testing.T) {
	for _, c := range []struct {
		h    diff.Highlight
		want string
	}{
		{diff.Highlight{Kind: diff.HighlightShrank, Facet: "compiler", Value: "gcc@13.2.0", Specs: &diff.OldToNew{Old: 28, New: 13}, Packages: []string{"gcc-runtime", "py-keras"}},
			`compiler gcc@13.2.0 shrank: 28 → 13 specs; changed in gcc-runtime, py-keras`},
		{diff.Highlight{Kind: diff.HighlightGrew, Facet: "stack", Value: "e4s", Specs: &diff.OldToNew{Old: 1, New: 11}, Packages: []string{"llvm"}},
			`stack e4s grew: 1 → 11 specs; changed in llvm`},
		{diff.Highlight{Kind: diff.HighlightVanished, Facet: "stack", Value: "e4s", Specs: &diff.OldToNew{Old: 11}, Packages: []string{"llvm"}},
			`stack e4s gone: it had 11 specs of llvm`},
		{diff.Highlight{Kind: diff.HighlightAppeared, Facet: "stack", Value: "e4s", Specs: &diff.OldToNew{New: 11}, Packages: []string{"llvm"}},
			`new stack e4s: 11 specs of llvm`},
	} {
		if got := NewsText(c.h, -1); got != c.want {
			t.Errorf("NewsText = %q, want %q", got, c.want)
		}
	}
}
