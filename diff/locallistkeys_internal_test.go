package diff

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// The table of recent lookups finds a list by its array's address, and
// a list of one string by the string's: a long join forgotten after its
// package (dropLocal) must not come back from a slot that dropLocal did
// not clear, the new side's own array of the list or the one string
// itself. Those slots held the forgotten id, so that in the next
// package the old spec got a new id and the new one the forgotten one:
// each spec of a long variant was "updated", not rebuilt (of 128
// rebuilt, a list of one string of 2,000 bytes, a copy in the odd
// packages of the new side: 96 rebuilt and 32 updated; one array a
// side: 65 and 63). On one worker, so that one interner sees every
// package.
func TestLocalListsOtherKeys(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	long := "+" + strings.Repeat("v", 2000)
	list := longList(100)
	other := slices.Clone(list)
	for _, kind := range []string{"one string", "one string, odd copies", "an array a side"} {
		side := func(tag string, newSide bool) *snapshot.Snapshot {
			var pkgs []*snapshot.Package
			for p := range 64 {
				var variants []string
				switch kind {
				case "one string":
					variants = []string{long}
				case "one string, odd copies":
					variants = []string{long}
					if newSide && p%2 == 1 {
						variants = []string{strings.Clone(long)}
					}
				default:
					variants = list
					if newSide {
						variants = other
					}
				}
				specs := []snapshot.Spec{
					{Hash: h(fmt.Sprintf("%s1%02d", tag, p)), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu24.04",
						Platform: "linux", Target: "x86_64_v3", Variants: variants, Stacks: []string{"root"}},
					{Hash: h(fmt.Sprintf("%s2%02d", tag, p)), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu24.04",
						Platform: "linux", Target: "x86_64_v3", Variants: []string{"+shared"}, Stacks: []string{"root"}},
				}
				sortByHash(specs)
				pkgs = append(pkgs, &snapshot.Package{Name: fmt.Sprintf("p%02d", p), Line: 6, Specs: specs,
					Origin: &snapshot.Origin{File: fmt.Sprintf("%s/p%02d/specs.md", tag, p)}})
			}
			return &snapshot.Snapshot{Path: tag, Tag: tag, Canon: snapshot.RuleCounts{}, Packages: pkgs}
		}
		r := compare(side("o", false), side("n", true))
		if s := r.Summary.Specs; s.Rebuilt != 128 || s.Updated != 0 || s.Added != 0 || s.Removed != 0 {
			t.Errorf("%s: %+v, want 128 rebuilt and nothing else", kind, s)
		}
	}
}

// The table of recent lookups keeps no long join forgotten: each side's
// list an array of its own (as a loader makes them), dropLocal cleared
// the old side's slot alone, and the new side's kept the join until
// another key took the slot, up to a table of them a worker (256
// packages: 240 slots, 666 KB of joins; 1,024: 830 slots, 2.3 MB).
// At 4x the packages, the joins kept stay none.
func TestLocalListsSlotsForgotten(t *testing.T) {
	kept := func(n int) (slots, bytes int) {
		side := func(tag string) *snapshot.Snapshot {
			var pkgs []*snapshot.Package
			for p := range n {
				l := longList(100)
				l[0] = fmt.Sprint("+p", p)
				pkgs = append(pkgs, &snapshot.Package{Name: fmt.Sprintf("p%04d", p), Line: 6, Specs: []snapshot.Spec{
					{Hash: h(fmt.Sprintf("%s%04d", tag, p)), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu24.04",
						Platform: "linux", Target: "x86_64_v3", Variants: l, Stacks: []string{"root"}}},
					Origin: &snapshot.Origin{File: fmt.Sprintf("%s/p%04d/specs.md", tag, p)}})
			}
			return &snapshot.Snapshot{Path: tag, Tag: tag, Canon: snapshot.RuleCounts{}, Packages: pkgs}
		}
		old, nw := side("o"), side("n")
		m := newMatcher(nil)
		for k := range old.Packages {
			m.comparePackage(old.Packages[k], nw.Packages[k])
		}
		for _, e := range m.in.seen {
			if len(e.Value.s) > localJoin {
				slots++
				bytes += len(e.Value.s)
			}
		}
		return slots, bytes
	}
	for _, n := range []int{256, 1024} {
		if slots, bytes := kept(n); slots != 0 {
			t.Errorf("%d packages: the table of recent lookups keeps %d joins longer than %d bytes (%d bytes) after the packages are matched, want none", n, slots, localJoin, bytes)
		}
	}
}
