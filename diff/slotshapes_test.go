package diff_test

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/snapshot"
)

// slotShapes is a pair of catalogues whose packages take each of
// compareAll's ways (fast.go): a package on one side only, both sides'
// specs alike in another order than by hash (not known the same at
// once: matched), one of those with a spec rebuilt, a package whose
// every spec a filter by stack leaves out on one side, and unchanged
// packages around each.
func slotShapes() (old, cur *snapshot.Snapshot) {
	spec := func(h, v string, stacks ...string) snapshot.Spec {
		return snapshot.Spec{Hash: fmt.Sprintf("%032s", h), Versions: []string{v}, Compiler: "gcc@11", Stacks: stacks, Variants: []string{}}
	}
	pkg := func(file, name string, specs ...snapshot.Spec) *snapshot.Package {
		return &snapshot.Package{Name: name, Specs: specs, Origin: &snapshot.Origin{File: file}}
	}
	old, cur = &snapshot.Snapshot{Path: "old"}, &snapshot.Snapshot{Path: "new"}
	for i := range 12 {
		u := fmt.Sprintf("u%02d", i)
		old.Packages = append(old.Packages, pkg("old", u, spec(u, "1", "s")))
		cur.Packages = append(cur.Packages, pkg("new", u, spec(u, "1", "s")))
		switch i {
		case 2: // on the old side alone
			old.Packages = append(old.Packages, pkg("old", u+"gone", spec(u+"g", "1", "s")))
		case 4: // on the new side alone
			cur.Packages = append(cur.Packages, pkg("new", u+"new", spec(u+"n", "1", "s")))
		case 6: // alike, out of hash order
			old.Packages = append(old.Packages, pkg("old", u+"order", spec(u+"b", "2", "s"), spec(u+"a", "1", "s")))
			cur.Packages = append(cur.Packages, pkg("new", u+"order", spec(u+"b", "2", "s"), spec(u+"a", "1", "s")))
		case 8: // out of hash order, one rebuilt
			old.Packages = append(old.Packages, pkg("old", u+"rebuilt", spec(u+"b", "2", "s"), spec(u+"a", "1", "s")))
			cur.Packages = append(cur.Packages, pkg("new", u+"rebuilt", spec(u+"c", "2", "s"), spec(u+"a", "1", "s")))
		case 10: // in stack t on the old side, moved to stack s
			old.Packages = append(old.Packages, pkg("old", u+"moved", spec(u+"m", "1", "t")))
			cur.Packages = append(cur.Packages, pkg("new", u+"moved", spec(u+"m", "1", "s")))
		}
	}
	return old, cur
}

// TestSlotShapesHoldTheirLaws: each diff of slotShapes, unfiltered and
// by stack, both ways round, holds its laws (render's check), counts
// mirrored, and is written alike on one processor and two, compared
// releasing the snapshots or not; each side against itself says no
// change.
func TestSlotShapesHoldTheirLaws(t *testing.T) {
	write := func(old, cur *snapshot.Snapshot, f diff.Filter, release bool, procs int) (*diff.Report, string) {
		t.Helper()
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		compare := diff.CompareWith
		if release {
			compare = diff.CompareReleasing
		}
		r, err := compare(old, cur, f)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.CheckLaws(); err != nil {
			t.Errorf("filter %+v: %v", f, err)
		}
		var b bytes.Buffer
		if err := jsonv1.JSON(&b, r); err != nil {
			t.Fatal(err)
		}
		return r, b.String()
	}
	for _, f := range []diff.Filter{{}, {Stacks: []string{"s"}}} {
		var reports [2]*diff.Report
		for way := range 2 {
			old, cur := slotShapes()
			if way == 1 {
				old, cur = cur, old
			}
			r, want := write(old, cur, f, false, 2)
			reports[way] = r
			for _, procs := range []int{1, 2} {
				o, c := slotShapes()
				if way == 1 {
					o, c = c, o
				}
				if _, got := write(o, c, f, true, procs); got != want {
					t.Errorf("filter %+v, way %d, %d processors, releasing: the report differs\n%s\nwant\n%s", f, way, procs, got, want)
				}
			}
			if self, _ := write(old, old, f, false, 2); len(self.Packages) != 0 || self.Summary.Specs.Unchanged != self.Summary.Specs.Old {
				t.Errorf("filter %+v: a side against itself lists %d packages, specs %+v", f, len(self.Packages), self.Summary.Specs)
			}
		}
		fw, bw := reports[0].Summary, reports[1].Summary
		if fw.Specs.Added != bw.Specs.Removed || fw.Specs.Removed != bw.Specs.Added || fw.Specs.Rebuilt != bw.Specs.Rebuilt ||
			fw.Specs.Unchanged != bw.Specs.Unchanged || fw.Packages.Added != bw.Packages.Removed || fw.Packages.Changed != bw.Packages.Changed ||
			fw.Packages.Unchanged != bw.Packages.Unchanged {
			t.Errorf("filter %+v: summaries not mirrored\n%+v\n%+v", f, fw, bw)
		}
		t.Logf("filter %+v: %+v", f, fw)
	}
}
