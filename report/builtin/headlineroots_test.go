package builtin_test

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestRootsHeadlineTellsRootsApart (issue 35 class a): the headline of
// lockfiles named the roots added, removed and changed joined with ", "
// as they are: the roots "a, b" and c read "2 roots added (a, b, c)", as
// the roots a and "b, c" did (a root such as "py-torch+cuda
// cuda_arch=70,80" holds a comma). They are written as a list of stacks
// is (report.ListQuoted).
func TestRootsHeadlineTellsRootsApart(t *testing.T) {
	lists := [][]string{{"a, b", "c"}, {"a", "b, c"}, {"a", "b"}, {"a, b"}, {`"a`, `b"`}, {"a", ""}, {"a", "…and 1 more"}, {"a", "b", "c", "d"}}
	read := map[string]string{}
	for _, l := range lists {
		var added []diff.RootSpec
		for i, s := range l {
			added = append(added, diff.RootSpec{Root: s, Hash: fmt.Sprint(i)})
		}
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Added: added}}}
		got, ok := report.RootsHeadline(r)
		if !ok {
			t.Fatalf("%q: no roots headline", l)
		}
		if other, ok := read[got]; ok {
			t.Errorf("the roots added %q and %s read alike: %s", l, other, got)
		}
		read[got] = fmt.Sprintf("%q", l)
	}
}
