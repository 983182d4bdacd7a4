package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// TestStacksOutsideSelectionNotGone: under --stack e4s, a spec of e4s
// that left hep made the Stacks table (and a log step's coverage table)
// say "hep … (gone)", and one that joined radiuss "(new)", while the news
// and the lost-stack gate leave both out (diff.SelectedStack: the view
// sees hep only where it overlaps e4s). The counts stay; the words go,
// and come back when the stack is selected.
func TestStacksOutsideSelectionNotGone(t *testing.T) {
	spec := func(hash string, stacks ...string) snapshot.Spec {
		return snapshot.Spec{Hash: hash, Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu22.04", Platform: "linux", Target: "x86_64", Variants: []string{}, Stacks: stacks}
	}
	pkg := func(name string, specs ...snapshot.Spec) *snapshot.Package {
		return &snapshot.Package{Name: name, Line: 6, Specs: specs, Origin: &snapshot.Origin{File: name + "/specs.md"}}
	}
	snaps := []*snapshot.Snapshot{
		{Path: "a", Tag: "a", Canon: snapshot.RuleCounts{}, Packages: []*snapshot.Package{
			pkg("p", spec("p1", "e4s", "hep", "root")), pkg("q", spec("q1", "e4s", "root")),
		}},
		{Path: "b", Tag: "b", Canon: snapshot.RuleCounts{}, Packages: []*snapshot.Package{
			pkg("p", spec("p1", "e4s", "root")), pkg("q", spec("q1", "e4s", "radiuss", "root")),
		}},
	}
	for _, tc := range []struct {
		stacks       []string
		hep, radiuss string // the change cell's word for each
	}{
		{[]string{"e4s"}, "", ""},
		{[]string{"e4s", "hep"}, " (gone)", ""},
		{nil, " (gone)", " (new)"},
	} {
		f := diff.Filter{Stacks: tc.stacks}
		r, err := diff.CompareWith(snaps[0], snaps[1], f)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Markdown(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		md := b.String()
		for _, want := range []string{"\n| hep | 1 | 0 | −1" + tc.hep + " |", "\n| radiuss | 0 | 1 | +1" + tc.radiuss + " |"} {
			if !strings.Contains(md, want) {
				t.Errorf("--stack %v: the Stacks table has no row %q:\n%s", tc.stacks, want, md)
			}
		}
		var steps []*diff.Report
		s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, f,
			func(i int, r *diff.Report) error { steps = append(steps, r); return nil })
		if err != nil {
			t.Fatal(err)
		}
		log := writeMDLog(t, steps, s, report.LogOptions{})
		for _, want := range []string{"\n| stack | hep | 1 → 0 | −1" + tc.hep + " |", "\n| stack | radiuss | 0 → 1 | +1" + tc.radiuss + " |"} {
			if !strings.Contains(log, want) {
				t.Errorf("--stack %v: the log's coverage table has no row %q:\n%s", tc.stacks, want, log)
			}
		}
	}
}
