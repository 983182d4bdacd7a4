package diff

// SetExplainedHook sets explainedHook (nil: none), for the tests of
// package diff_test.
func SetExplainedHook(f func(pairs int)) { explainedHook = f }
