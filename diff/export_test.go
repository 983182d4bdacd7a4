package diff

// SetExplainedHook sets explainedHook (nil: none), for the tests of
// package diff_test.
func SetExplainedHook(f func(pairs int)) { explainedHook = f }

// CyclePairs is how many pairs of r the pairing by edges found in
// cycles (Report.cyclePairs).
func CyclePairs(r *Report) int { return len(r.cyclePairs) }

// SetRingSets sets ringSets (false: every cycle is searched, as
// solveCycle did before solveRing), for the tests of package diff_test.
func SetRingSets(on bool) { ringSets = on }

// SetBudgetHook sets budgetHook (nil: none), for the tests of package
// diff_test.
func SetBudgetHook(f func(spent, budget int64)) { budgetHook = f }

// SetCauseBudget sets CauseBudget's K and F for a test, and returns
// what restores them.
func SetCauseBudget(perItem, floor int64) (restore func()) {
	k, f := budgetPerItem, budgetFloor
	budgetPerItem, budgetFloor = perItem, floor
	return func() { budgetPerItem, budgetFloor = k, f }
}

// SetSamePairingHook sets samePairingHook (nil: none), for the tests
// of package diff_test.
func SetSamePairingHook(f func(steps int)) { samePairingHook = f }

// SetKeepCellsHook sets the hook keepCells calls with the steps it
// spent picking the new specs left (nil: none).
func SetKeepCellsHook(f func(steps int)) { keepCellsHook = f }

// SetCycleSearchHook sets cycleSearchHook (nil: none), for the tests of
// package diff_test.
func SetCycleSearchHook(f func() (done func())) { cycleSearchHook = f }
