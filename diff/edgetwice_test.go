package diff_test

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestEdgeWrittenTwice: a spec may write two edges to one dependency (one
// name and hash), zlib (build) and zlib (link). Spack reads them as one
// edge of both deptypes (Spec._add_dependency updates the edge to the
// spec it already has), so against a file writing zlib (build, link)
// once, no edge changed; the cause said "dependency zlib (build) →
// dependency zlib (build, link)" and "dropped dependency zlib", although
// zlib is still a build and link dependency.
func TestEdgeWrittenTwice(t *testing.T) {
	const zlib = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	edge := func(types ...string) diff.Edge { return diff.Edge{Name: "zlib", Hash: zlib, Types: types} }
	for _, c := range []struct {
		old, new []diff.Edge
		want     string
	}{
		{[]diff.Edge{edge("build"), edge("link")}, []diff.Edge{edge("build", "link")}, "hash changed"},
		{[]diff.Edge{edge("build", "link")}, []diff.Edge{edge("link"), edge("build")}, "hash changed"},
		{[]diff.Edge{edge("build"), edge("link")}, []diff.Edge{edge("build")}, "dependency zlib (build, link) → dependency zlib (build)"},
		{[]diff.Edge{edge("build"), edge("build"), edge("run")}, []diff.Edge{edge("build"), edge("link"), edge("run")}, "dependency zlib (build, run) → dependency zlib (build, link, run)"},
	} {
		var before, after diff.Graph
		before.Add(diff.NewNode(zlib, "zlib", "1", []diff.Edge{}))
		after.Add(diff.NewNode(zlib, "zlib", "1", []diff.Edge{}))
		before.Add(diff.NewNode("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "curl", "8", c.old))
		after.Add(diff.NewNode("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "curl", "8", c.new))
		// git, built on curl, was rebuilt for curl's change.
		before.Add(diff.NewNode("cccccccccccccccccccccccccccccccc", "git", "2", []diff.Edge{{Name: "curl", Hash: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Types: []string{"link"}}}))
		after.Add(diff.NewNode("dddddddddddddddddddddddddddddddd", "git", "2", []diff.Edge{{Name: "curl", Hash: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", Types: []string{"link"}}}))
		w := diff.Explain(before, after, "cccccccccccccccccccccccccccccccc", "dddddddddddddddddddddddddddddddd")
		if !w.Known || len(w.Causes) != 1 || w.Causes[0].Name != "curl" {
			t.Errorf("edges %v → %v: %+v, want curl's own change alone", c.old, c.new, w)
			continue
		}
		if got := report.ChangeText(w.Causes[0].Changes); got != c.want {
			t.Errorf("edges %v → %v: curl's change reads %q, want %q", c.old, c.new, got, c.want)
		}
		if len(w.Changed) != 1 || w.Changed[0].Name != "curl" {
			t.Errorf("edges %v → %v: changed %+v, want curl alone: zlib kept its hash", c.old, c.new, w.Changed)
		}
	}
}
