package diff

import (
	"reflect"
	"testing"
)

// TestUnmatchedLooser: a package pattern in the wrong case (PY-*, as a
// title writes it), or a name that begins packages many edits longer
// (py for py-keras and py-torch), got "no name is close": the pattern in
// lower case, or the names it begins, shortest first, are suggested
// (LLVM* keeps the name nearest it, llvm, as before). A
// value that begins nothing, or a single letter, still gets none.
func TestUnmatchedLooser(t *testing.T) {
	before, after := filterFixture()
	f := Filter{Packages: []string{"PY-*", "LLVM*", "py", "py-t", "ll", "q", "zz", "x*"}}
	want := []Unmatched{
		{Kind: "package", Value: "LLVM*", Closest: []string{"llvm"}},
		{Kind: "package", Value: "PY-*", Closest: []string{"py-*"}, ClosestPattern: true},
		{Kind: "package", Value: "ll", Closest: []string{"llvm"}},
		{Kind: "package", Value: "py", Closest: []string{"py-keras", "py-torch"}},
		{Kind: "package", Value: "py-t", Closest: []string{"py-torch"}},
		{Kind: "package", Value: "q", Closest: []string{}},
		{Kind: "package", Value: "x*", Closest: []string{}},
		{Kind: "package", Value: "zz", Closest: []string{}},
	}
	if got := f.Unmatched(before, after); !reflect.DeepEqual(got, want) {
		t.Errorf("%+v: unmatched\n%+v, want\n%+v", f, got, want)
	}
}
