package input

import "testing"

// TestObjectSpelt holds which ends of a range the hint asks the log's
// refusal of (46b7887f): an object that may be no commit, written as a
// peel, REV:PATH or a hex id, and not a commit's search or peel, nor a
// name (a typo's end runs no git more). Only HEAD^{tree} was held: each
// other spelling, and each spelling left out, could be changed and no
// test failed (class c). A colon within braces is no REV:PATH: the
// search HEAD^{/fix: x} was taken for one.
func TestObjectSpelt(t *testing.T) {
	for end, want := range map[string]bool{
		"HEAD^{tree}": true, "v1^{blob}": true, "HEAD:snap": true, "HEAD~1:snap/index.json": true,
		"e83c": true, "E83C5163316F89BFBDE7D9AB23CA2E25604AF290": true,
		"HEAD^{/fix: x}": false, "HEAD@{2025-03-01 10:00}": false, "HEAD^{commit}": false, ":/fix": false, "HEAD": false, "mian": false,
		"e83": false, "e83g": false, "": false, "HEAD~2": false,
	} {
		if got := objectSpelt(end); got != want {
			t.Errorf("objectSpelt(%q) = %v, want %v", end, got, want)
		}
	}
}
