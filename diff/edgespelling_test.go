package diff_test

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestEdgeSpelledAsSpackSpellsIt: Spack reads an edge's deptypes as a
// set and sorts its virtuals (a DependencySpec), so an edge written
// (link, build; mpi, blas) is the edge written (build, link; blas, mpi).
// The change of a spec that gained such an edge said the deptypes and
// virtuals in the order its file wrote them: the same change read
// otherwise, and made a cause apart from the same change written the
// other way.
func TestEdgeSpelledAsSpackSpellsIt(t *testing.T) {
	const zlib = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	text := func(types, virtuals []string) string {
		var before, after diff.Graph
		before.Add(diff.NewNode(zlib, "zlib", "1", []diff.Edge{}))
		after.Add(diff.NewNode(zlib, "zlib", "1", []diff.Edge{}))
		before.Add(diff.NewNode("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "curl", "8", []diff.Edge{{Name: "zlib", Hash: zlib, Types: []string{"link"}}}))
		after.Add(diff.NewNode("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "curl", "8", []diff.Edge{{Name: "zlib", Hash: zlib, Types: types, Virtuals: virtuals}}))
		// git, built on curl, was rebuilt for curl's change.
		before.Add(diff.NewNode("cccccccccccccccccccccccccccccccc", "git", "2", []diff.Edge{{Name: "curl", Hash: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Types: []string{"link"}}}))
		after.Add(diff.NewNode("dddddddddddddddddddddddddddddddd", "git", "2", []diff.Edge{{Name: "curl", Hash: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", Types: []string{"link"}}}))
		w := diff.Explain(before, after, "cccccccccccccccccccccccccccccccc", "dddddddddddddddddddddddddddddddd")
		if len(w.Causes) != 1 {
			t.Fatalf("edge (%v; %v): causes %+v, want curl's own change", types, virtuals, w.Causes)
		}
		return report.ChangeText(w.Causes[0].Changes)
	}
	const want = "dependency zlib (link) → dependency zlib (build, link; blas, mpi)"
	for _, c := range [][2][]string{
		{{"build", "link"}, {"blas", "mpi"}},
		{{"link", "build"}, {"blas", "mpi"}},
		{{"build", "link"}, {"mpi", "blas"}},
		{{"link", "build", "link"}, {"mpi", "blas", "mpi"}},
	} {
		if got := text(c[0], c[1]); got != want {
			t.Errorf("edge (%v; %v): %q, want %q, as Spack spells it", c[0], c[1], got, want)
		}
	}
}
