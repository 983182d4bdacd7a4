package diff

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// A lockfile whose n roots of one package all changed version and a
// variant (foo@1.i +ai → foo@2.i +bi) pairs none of them as renamed
// roots; renamedRoots and the explainer's roots scanned every added root
// for each removed one, n² comparisons, each building two strings: 8,000
// roots a side took 39 s, 2,000 took 1.2 s. pairButVersion files the
// added roots by package and root without version: each is looked at
// about once.
func TestPairButVersionLinear(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 4000
	}
	olds, news := make([]butVersion, n), make([]butVersion, n)
	for i := range n {
		olds[i] = butVersion{"foo", fmt.Sprintf("foo@1.%d +a%d", i, i)}
		news[i] = butVersion{"foo", fmt.Sprintf("foo@2.%d +b%d", i, i)}
	}
	pairs, probes := pairButVersion(olds, news)
	if i := slices.IndexFunc(pairs, func(j int) bool { return j >= 0 }); i >= 0 {
		t.Fatalf("%v paired with %v, which differs in a variant", olds[i], news[pairs[i]])
	}
	if probes > 2*n {
		t.Errorf("%d probes for %d roots a side, want at most %d (linear)", probes, n, 2*n)
	}
	// Every root renamed by its version: each pairs with its own, the
	// first not taken, in order.
	for i := range n {
		news[i] = butVersion{"foo", fmt.Sprintf("foo@2.%d +a%d", i, i)}
	}
	pairs, probes = pairButVersion(olds, news)
	for i, j := range pairs {
		if j != i {
			t.Fatalf("%v paired with %d, want %v", olds[i], j, news[i])
		}
	}
	if probes > 2*n {
		t.Errorf("all renamed: %d probes for %d roots a side, want at most %d (linear)", probes, n, 2*n)
	}
}

// pairButVersion keeps the pairing of the nested loop it replaced: each
// old root takes the first new root, in order, not taken, of the same
// package, that differs from it only in the package's version; never a
// root of the same spelling, another package's, or one that differs
// elsewhere.
func TestPairButVersion(t *testing.T) {
	olds := []butVersion{
		{"llvm", "llvm@21 +clang"},
		{"llvm", "llvm@20 +clang"},
		{"llvm", "llvm@19 +clang"},
		{"zlib", "zlib@1 %gcc"},
		{"foo", "foo@1"},
		{"bar", "bar"},
	}
	news := []butVersion{
		{"llvm", "llvm@22 +clang"},
		{"llvm", "llvm@22 ~clang"},
		{"llvm", "llvm@23 +clang"},
		{"zlib2", "zlib@2 %gcc"}, // another package
		{"foo", "foo@1"},         // the same root
		{"foo", "foo@2"},
		{"bar", "bar"},
	}
	want := []int{0, 2, -1, -1, 5, -1}
	got, _ := pairButVersion(olds, news)
	if !slices.Equal(got, want) {
		t.Errorf("pairs %v, want %v", got, want)
	}
	for _, c := range []struct{ in, out string }{
		{"llvm@21 +clang", "llvm +clang"},
		{"llvm@21", "llvm"},
		{"llvm", "llvm"},
		{"py-x@=1.2%gcc@13 ^zlib@1", "py-x%gcc@13 ^zlib@1"},
		{"a b@1", "a b@1"},
	} {
		if got := withoutVersion(c.in); got != c.out {
			t.Errorf("withoutVersion(%q) = %q, want %q", c.in, got, c.out)
		}
	}
}

// Two nodes of a lockfile written under one root (foo@1: a foo and a
// bar, as a hand-edited or merged lockfile may list a root twice) gave
// renamedRoots one of their names by the map's order, so that whether
// foo@1 → foo@2 was a renamed root, and with it the report, changed from
// run to run. A root's names are all kept, and the root is renamed when
// one of them is the new root's package, as the explainer's roots pair
// them.
func TestRenamedRootsSharedRoot(t *testing.T) {
	og, ng := Graph{}, Graph{}
	og.Add(&GraphNode{Name: "foo", Spec: &snapshot.Spec{Hash: "a", Versions: []string{"1"}, More: &snapshot.SpecMore{Root: "foo@1", Deps: []Edge{}}}})
	og.Add(&GraphNode{Name: "bar", Spec: &snapshot.Spec{Hash: "b", Versions: []string{"1"}, More: &snapshot.SpecMore{Root: "foo@1", Deps: []Edge{}}}})
	ng.Add(&GraphNode{Name: "foo", Spec: &snapshot.Spec{Hash: "c", Versions: []string{"2"}, More: &snapshot.SpecMore{Root: "foo@2", Deps: []Edge{}}}})
	ng.Add(&GraphNode{Name: "bar", Spec: &snapshot.Spec{Hash: "b", Versions: []string{"1"}, More: &snapshot.SpecMore{Root: "bar", Deps: []Edge{}}}})
	for range 100 {
		ren := renamedRoots(namesOf(rootNodes(og)), namesOf(rootNodes(ng)))
		if len(ren) != 1 || ren["foo@1"] != "foo@2" {
			t.Fatalf("renamed roots %v, want foo@1 → foo@2 every time", ren)
		}
	}
}
