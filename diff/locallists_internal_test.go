package diff

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// longList is a canonical list of n strings whose join is longer than
// localJoin.
func longList(n int) []string {
	l := make([]string, n)
	for i := range l {
		l[i] = fmt.Sprintf("+variant%04d_of_a_long_list", i)
	}
	return l
}

// localListsPair is 64 packages of two specs a side, each rebuilt
// (another hash, the same facets): the first spec's variants are one
// long list, the same array in every package of the old side and in the
// even packages of the new one, a copy of it in the odd ones; the second
// spec's stacks are a copy of that list when stacksToo.
func localListsPair(stacksToo bool) (old, nw *snapshot.Snapshot) {
	l := longList(100)
	side := func(tag string, newSide bool) *snapshot.Snapshot {
		var pkgs []*snapshot.Package
		for p := range 64 {
			variants := l
			if newSide && p%2 == 1 {
				variants = slices.Clone(l)
			}
			stacks := []string{"root"}
			if stacksToo {
				stacks = slices.Clone(l)
			}
			specs := []snapshot.Spec{
				{Hash: h(fmt.Sprintf("%s1%02d", tag, p)), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu24.04",
					Platform: "linux", Target: "x86_64_v3", Variants: variants, Stacks: []string{"root"}},
				{Hash: h(fmt.Sprintf("%s2%02d", tag, p)), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu24.04",
					Platform: "linux", Target: "x86_64_v3", Variants: []string{"+shared"}, Stacks: stacks},
			}
			sortByHash(specs)
			pkgs = append(pkgs, &snapshot.Package{Name: fmt.Sprintf("p%02d", p), Line: 6, Specs: specs,
				Origin: &snapshot.Origin{File: fmt.Sprintf("%s/p%02d/specs.md", tag, p)}})
		}
		return &snapshot.Snapshot{Path: tag, Tag: tag, Canon: snapshot.RuleCounts{}, Packages: pkgs}
	}
	return side("o", false), side("n", true)
}

// The matcher forgets the long joins of a package's versions and
// variants once it is matched (interner.dropLocal): a list of one array
// in several packages, which the interner's table of recent lookups
// finds by its address, must not find the id of a join forgotten, and a
// list of stacks that joins the same (the roll-ups count stacks by its
// id from package to package) is kept. On one worker, so that one
// interner sees every package.
func TestLocalListsAcrossPackages(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, stacksToo := range []bool{false, true} {
		old, nw := localListsPair(stacksToo)
		r := compare(old, nw)
		if s := r.Summary.Specs; s.Rebuilt != 128 || s.Updated != 0 || s.Added != 0 || s.Removed != 0 {
			t.Errorf("stacks too %t: %+v, want 128 rebuilt and nothing else", stacksToo, s)
		}
		want := 1
		if stacksToo {
			want = 101
		}
		if len(r.Stacks) != want {
			t.Fatalf("stacks too %t: %d stacks, want %d", stacksToo, len(r.Stacks), want)
		}
		for _, row := range r.Stacks {
			n := 64
			if row.Name == "root" && !stacksToo {
				n = 128
			}
			if row.Specs != (OldToNew{n, n}) || row.Packages != (OldToNew{64, 64}) {
				t.Errorf("stacks too %t: stack %s: specs %+v, packages %+v, want %d and 64 a side", stacksToo, row.Name, row.Specs, row.Packages, n)
			}
		}
	}
}

// The joins of long variant lists are forgotten package by package: a
// comparison's interners keep no more of them than a package's.
func TestLocalListsForgotten(t *testing.T) {
	old, nw := localListsPair(false)
	m := newMatcher(nil)
	for k := range old.Packages {
		m.comparePackage(old.Packages[k], nw.Packages[k])
	}
	long := 0
	for _, v := range m.in.vals {
		if len(v) > localJoin {
			long++
		}
	}
	if long != 0 {
		t.Errorf("the interner keeps %d joins longer than %d bytes after the packages are matched, want none", long, localJoin)
	}
}
