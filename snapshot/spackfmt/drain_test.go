package spackfmt

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestDrain: Drain yields every node of Nodes and of Others once, saying
// which, in the order of the file's lines, and empties the set; a
// Merge's set (no blocks) yields Nodes, then Others.
func TestDrain(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(fixtures, "*"))
	var sets []*Set
	for _, f := range append(files, "tiny") {
		data := tinyIndex(5000)
		if f != "tiny" {
			var err error
			if data, err = os.ReadFile(f); err != nil {
				t.Fatal(err)
			}
		}
		set, err := Decode(f, data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if len(set.Nodes) == 0 {
			t.Fatalf("%s: no nodes", f)
		}
		nodes, others := slices.Clone(set.Nodes), slices.Clone(set.Others)
		var gotNodes, gotOthers []*Node
		line := 0
		for n, listed := range set.Drain() {
			if listed {
				gotNodes = append(gotNodes, n)
			} else {
				gotOthers = append(gotOthers, n)
			}
			if n.Line < line {
				t.Errorf("%s: %s at line %d after line %d: not in file order", f, n.Name, n.Line, line)
			}
			line = n.Line
		}
		byPtr := func(a, b *Node) int {
			switch {
			case a == b:
				return 0
			case a.Hash < b.Hash:
				return -1
			}
			return 1
		}
		slices.SortFunc(gotNodes, byPtr)
		slices.SortFunc(gotOthers, byPtr)
		if !slices.Equal(gotNodes, nodes) || !slices.Equal(gotOthers, others) {
			t.Errorf("%s: drained %d and %d nodes, want Nodes (%d) and Others (%d) once each", f, len(gotNodes), len(gotOthers), len(nodes), len(others))
		}
		if set.Nodes != nil || set.Others != nil || set.slabs != nil {
			t.Errorf("%s: the set is not empty after Drain", f)
		}
		again, _ := Decode(f, data)
		sets = append(sets, again)
	}
	m := Merge(sets[:2])
	want := append(slices.Clone(m.Nodes), m.Others...)
	listedN := len(m.Nodes)
	var got []*Node
	for n, listed := range m.Drain() {
		if listed != (len(got) < listedN) {
			t.Errorf("Merge: %s listed %v", n.Name, listed)
		}
		got = append(got, n)
	}
	if !slices.Equal(got, want) {
		t.Errorf("Merge: drained %d nodes, want Nodes then Others (%d)", len(got), len(want))
	}
}
