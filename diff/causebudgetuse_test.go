package diff_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// budgetUse compares old with new and returns what solving their
// causes spent of the budget (CauseBudget), and the pairs cut.
func budgetUse(t *testing.T, o, n *snapshot.Snapshot) (spent, budget int64, cut int) {
	t.Helper()
	diff.SetBudgetHook(func(s, b int64) { spent, budget = s, b })
	defer diff.SetBudgetHook(nil)
	r, err := diff.CompareWith(o, n, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if budget == 0 {
		t.Fatal("the causes were not solved")
	}
	return spent, budget, r.Causes.Cut
}

// A busy week of spackgen's environments (spackgen.BusyWeek: a library
// in eight bumped at every layer, three variants flipped, mpi's provider
// swapped; cachediff-gen -spack 8) uses at most a third of the budget
// and cuts no pair (docs/design.md): the budget is not what a realistic
// report meets. With CACHEDIFF_BUDGET_PAIR=OLD:NEW, that pair of
// snapshots is measured too (docs/performance.md, "Causes").
func TestCauseBudgetUse(t *testing.T) {
	before := spackgen.New(spackgen.Options{Seed: 1, Packages: 600, Envs: 3, Depth: 12})
	after := before.Clone()
	after.BusyWeek(8)
	dir := t.TempDir()
	var snaps [2]*snapshot.Snapshot
	for i, d := range []*spackgen.DAG{before, after} {
		path := filepath.Join(dir, []string{"old", "new"}[i], "index.json")
		if err := writeIndex(path, d); err != nil {
			t.Fatal(err)
		}
		s, err := snapshot.Load(path, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		snaps[i] = s
	}
	spent, budget, cut := budgetUse(t, snaps[0], snaps[1])
	t.Logf("busy week of 1,800 specs: spent %d of %d (%.1f%%), %d pairs cut", spent, budget, 100*float64(spent)/float64(budget), cut)
	if spent == 0 || 3*spent > budget || cut != 0 {
		t.Errorf("spent %d of the budget %d, %d pairs cut: want some, at most a third, and none cut", spent, budget, cut)
	}
	pair := filepath.SplitList(os.Getenv("CACHEDIFF_BUDGET_PAIR"))
	if len(pair) == 0 {
		return
	}
	if len(pair) != 2 {
		t.Fatalf("CACHEDIFF_BUDGET_PAIR=%q, want OLD%cNEW", os.Getenv("CACHEDIFF_BUDGET_PAIR"), os.PathListSeparator)
	}
	for i, path := range pair {
		s, err := snapshot.Load(path, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		snaps[i] = s
	}
	spent, budget, cut = budgetUse(t, snaps[0], snaps[1])
	t.Logf("%s: spent %d of %d (%.1f%%), %d pairs cut", pair, spent, budget, 100*float64(spent)/float64(budget), cut)
}
