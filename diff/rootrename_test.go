package diff_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/version"
)

// --stack with the name a root had in the old lockfile, before its
// version changed (llvm@21 → llvm@22), selects that root as its new name
// does: the old side is compared under the new name, and the old name
// selected nothing on either side ("together select nothing in either
// snapshot", although the old lockfile has that root).
func TestStackOldRootName(t *testing.T) {
	before := spackgen.New(spackgen.Options{Seed: 4, Packages: 60, Envs: 1, Depth: 6})
	before.RootSpec = func(n *spackgen.Node) string { return n.Name + "@" + n.Version + " +shared" }
	after := before.Clone()
	top := before.Tops()[0]
	m := after.BumpVersion(top)
	o, n := loadLockfiles(t, before, after)
	oldName, newName := top+"@"+m.From+" +shared", top+"@"+m.To+" +shared"
	var reports []*diff.Report
	for _, name := range []string{oldName, newName} {
		f := diff.Filter{Stacks: []string{name}}
		if bad := f.Unmatched(o, n); bad != nil {
			t.Fatalf("--stack %q: unmatched %v", name, bad)
		}
		r, err := diff.CompareWith(o, n, f)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.CheckLaws(); err != nil {
			t.Fatalf("--stack %q: %v", name, err)
		}
		if r.Old.Specs == 0 || r.New.Specs == 0 {
			t.Errorf("--stack %q selects %d old and %d new specs; want the root's on both sides", name, r.Old.Specs, r.New.Specs)
		}
		if !slices.Equal(r.Options.Stacks, []string{name}) {
			t.Errorf("--stack %q: the report's options say %q", name, r.Options.Stacks)
		}
		reports = append(reports, r)
	}
	if a, b := reports[0], reports[1]; a.Summary != b.Summary || len(a.Packages) != len(b.Packages) {
		t.Errorf("--stack %q: summary %+v, %d packages; --stack %q: %+v, %d packages; want the same",
			oldName, a.Summary, len(a.Packages), newName, b.Summary, len(b.Packages))
	}
}

// TestSelectedRenamesInVersionOrder: facets.stack.counts are sorted in
// Spack's version order (a@9 before a@10), not byte order, and the
// look-up of a renamed root's stack searched them as byte-sorted: it
// missed a@9 among a@9 … a@20, so a rename render must take was not
// taken, and a log cachediff wrote was refused.
func TestSelectedRenamesInVersionOrder(t *testing.T) {
	const oldHash, newHash = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	var values []string
	for v := 9; v <= 20; v++ {
		values = append(values, fmt.Sprintf("a@%d", v))
	}
	version.Sort(values)
	if _, found := slices.BinarySearch(values, "a@9"); found {
		t.Fatal("a byte-order search finds a@9: the list shows nothing")
	}
	r := &diff.Report{Packages: []diff.Package{{Name: "a", Specs: diff.SpecChanges{
		Updated: []diff.Pair{{Old: &diff.Spec{Hash: oldHash}, New: &diff.Spec{Hash: newHash}}},
	}}}}
	r.Options.Stacks = []string{"a@9"}
	for _, v := range values {
		r.Facets.Stack.Counts = append(r.Facets.Stack.Counts, diff.ValueCount{Value: v, OldToNew: diff.OldToNew{Old: 1, New: 1}})
	}
	r.Causes = &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{{
		Root: "a@9",
		Old:  diff.RootSpec{Root: "a@8", Name: "a", Version: "8", Hash: oldHash},
		New:  diff.RootSpec{Root: "a@9", Name: "a", Version: "9", Hash: newHash},
	}}}}
	if got := diff.SelectedRenames(r); len(got) != 1 || got[0] != (diff.Rename{Old: "a@8", New: "a@9"}) {
		t.Errorf("SelectedRenames: %v, want [{a@8 a@9}]", got)
	}
}
