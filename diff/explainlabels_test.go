package diff_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestExplainTwoBuildsLabels: a spec over two builds of one package (py
// 1 and py 2), each rebuilt for zlib's change, explains the same way
// whatever the hashes of the builds, old or new: zlib's change alone. The edges
// of one name left after the identical ones were matched in hash order,
// so that new hashes in the other order paired py 1 with the new py 2
// and invented "py 1 → 2" and "py 2 → 1" causes.
func TestExplainTwoBuildsLabels(t *testing.T) {
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	for _, l := range [][4]string{{h('a'), h('b'), h('e'), h('f')}, {h('a'), h('b'), h('f'), h('e')}, {h('b'), h('a'), h('e'), h('f')}, {h('b'), h('a'), h('f'), h('e')}} {
		olds, labels := l[:2], l[2:]
		var before, after diff.Graph
		zl := []diff.Edge{{Name: "zlib", Hash: h('z'), Types: []string{"link"}}}
		zl2 := []diff.Edge{{Name: "zlib", Hash: h('y'), Types: []string{"link"}}}
		before.Add(diff.NewNode(h('z'), "zlib", "1", []diff.Edge{}))
		after.Add(diff.NewNode(h('y'), "zlib", "2", []diff.Edge{}))
		before.Add(diff.NewNode(olds[0], "py", "1", zl))
		before.Add(diff.NewNode(olds[1], "py", "2", zl))
		after.Add(diff.NewNode(labels[0], "py", "1", zl2))
		after.Add(diff.NewNode(labels[1], "py", "2", zl2))
		before.Add(diff.NewNode(h('c'), "app", "1", []diff.Edge{{Name: "py", Hash: olds[0], Types: []string{"run"}}, {Name: "py", Hash: olds[1], Types: []string{"run"}}}))
		after.Add(diff.NewNode(h('d'), "app", "1", []diff.Edge{{Name: "py", Hash: labels[0], Types: []string{"run"}}, {Name: "py", Hash: labels[1], Types: []string{"run"}}}))
		w := diff.Explain(before, after, h('c'), h('d'))
		var got []string
		for _, c := range w.Causes {
			got = append(got, c.Name+": "+report.ChangeText(c.Changes))
		}
		if !w.Known || len(w.Causes) != 1 || w.Causes[0].Name != "zlib" {
			t.Errorf("py 1 %.1s… → %.1s…, py 2 %.1s… → %.1s…: causes %q, want zlib's change alone", olds[0], labels[0], olds[1], labels[1], got)
		}
	}
}
