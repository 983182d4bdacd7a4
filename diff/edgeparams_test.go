package diff_test

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestCauseEdgeParameters: a spec whose only change is an edge's deptypes
// or virtuals (zlib now a link dependency too, openmpi now providing
// mpi-f as well), its dependencies keeping their hashes. Spack hashes
// the edges' parameters into the spec's hash, so the spec was rebuilt
// for a change the file records; the cause said "hash changed" (kind
// other, no from/to), which docs/json.md defines as nothing the file
// records changing. The cause now names the edge as it was and is. An
// edge whose parameters are the same set in another order is no change.
func TestCauseEdgeParameters(t *testing.T) {
	const zlib, mpi = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm"
	for _, c := range []struct {
		old, new diff.Edge
		want     string
	}{
		{diff.Edge{Name: "zlib", Hash: zlib, Types: []string{"build"}}, diff.Edge{Name: "zlib", Hash: zlib, Types: []string{"build", "link"}},
			"dependency zlib (build) → dependency zlib (build, link)"},
		{diff.Edge{Name: "openmpi", Hash: mpi, Types: []string{"build", "link"}, Virtuals: []string{"mpi"}}, diff.Edge{Name: "openmpi", Hash: mpi, Types: []string{"build", "link"}, Virtuals: []string{"mpi", "mpi-f"}},
			"dependency openmpi (build, link; mpi) → dependency openmpi (build, link; mpi, mpi-f)"},
		{diff.Edge{Name: "zlib", Hash: zlib, Types: []string{"link", "build"}}, diff.Edge{Name: "zlib", Hash: zlib, Types: []string{"build", "link"}},
			"hash changed"},
	} {
		var before, after diff.Graph
		before.Add(diff.NewNode(c.old.Hash, c.old.Name, "1", []diff.Edge{}))
		after.Add(diff.NewNode(c.new.Hash, c.new.Name, "1", []diff.Edge{}))
		before.Add(diff.NewNode("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "curl", "8", []diff.Edge{c.old}))
		after.Add(diff.NewNode("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "curl", "8", []diff.Edge{c.new}))
		// git, built on curl, was rebuilt for curl's change.
		before.Add(diff.NewNode("cccccccccccccccccccccccccccccccc", "git", "2", []diff.Edge{{Name: "curl", Hash: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Types: []string{"link"}}}))
		after.Add(diff.NewNode("dddddddddddddddddddddddddddddddd", "git", "2", []diff.Edge{{Name: "curl", Hash: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", Types: []string{"link"}}}))
		w := diff.Explain(before, after, "cccccccccccccccccccccccccccccccc", "dddddddddddddddddddddddddddddddd")
		if !w.Known || len(w.Causes) != 1 || w.Causes[0].Name != "curl" {
			t.Errorf("%s: %+v, want curl's own change", c.want, w)
			continue
		}
		if got := report.ChangeText(w.Causes[0].Changes); got != c.want {
			t.Errorf("curl's change %+v reads %q, want %q", w.Causes[0].Changes, got, c.want)
		}
		if len(w.Changed) != 1 || w.Changed[0].Name != "curl" {
			t.Errorf("changed %+v, want curl alone: zlib kept its hash", w.Changed)
		}
	}
}
