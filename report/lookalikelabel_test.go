package report

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestLookalikeLabelsQuoted: a snapshot's name holding a lookalike (ѕ
// U+0455, а Cyrillic) is quoted in ASCII in a pair's headline, a log's
// labels, its title and its step headings, as FileItem quotes a file:
// the folders s1 and ѕ1 read alike. A folder literally named as such a
// label quoted reads as neither.
func TestLookalikeLabelsQuoted(t *testing.T) {
	for _, c := range []struct{ old, new, a, b string }{
		{"s1", "ѕ1", "s1", `"\u04551"`},
		{"а", "a", `"\u0430"`, "a"},
		{"s1", `"\u04551"`, "s1", `"\"\\u04551\""`},
		// A digit past ASCII too (labelLookalike): the fullwidth １.
		{"s1", "s\uff11", "s1", `"s\uff11"`},
	} {
		a, b := SideNames(diff.Side{Path: c.old}, diff.Side{Path: c.new})
		if a != c.a || b != c.b {
			t.Errorf("SideNames(%q, %q) = %s → %s, want %s → %s", c.old, c.new, a, b, c.a, c.b)
		}
	}
	snaps := []diff.SnapshotInfo{{Path: "s1"}, {Path: "ѕ1"}, {Path: `"\u04551"`}, {Path: "ѕ1"}}
	labels := SnapshotLabels(snaps)
	want := []string{"s1", `"\u04551" (snapshot 2)`, `"\"\\u04551\""`, `"\u04551" (snapshot 4)`}
	for i := range want {
		if labels[i] != want[i] {
			t.Errorf("label %d = %s, want %s", i, labels[i], want[i])
		}
	}
	if first, last := SeriesEnds([]string{labels[0], labels[2]}); first != "s1" || last != StepLabel(labels[2]) {
		t.Errorf("SeriesEnds = %s → %s, want s1 → %s", first, last, StepLabel(labels[2]))
	}
	ends := SnapshotLabels([]diff.SnapshotInfo{{Path: "ѕ1"}, {Path: "s1"}})
	if first, _ := SeriesEnds(ends); first != `"\u04551"` || StepLabel(ends[0]) != first {
		t.Errorf("SeriesEnds of ѕ1 = %s, heading %s, want both \"\\u04551\"", first, StepLabel(ends[0]))
	}
	if got := SideLabel(diff.Side{Path: "ѕ1", Tag: "ѕ1"}); got != `"\u04551"` {
		t.Errorf("SideLabel(ѕ1) = %s", got)
	}
}

// TestSeriesEndsAsHeadings: a log's title writes a snapshot's label as
// its step headings do (StepLabel): the title wrote the label w2
// (snapshot 3) bare where the headings wrote "w2 (snapshot 3)", which the
// title writes for the folder literally named so.
func TestSeriesEndsAsHeadings(t *testing.T) {
	for _, paths := range [][]string{
		{"w1", "w2", "w2"},
		{"w1", "w2", "w2 (snapshot 3)"},
		{"w1", "w2", `"w2 (snapshot 3)"`},
		{"w1", "a·b"},
	} {
		snaps := make([]diff.SnapshotInfo, len(paths))
		for i, p := range paths {
			snaps[i] = diff.SnapshotInfo{Path: p}
		}
		labels := SnapshotLabels(snaps)
		if _, last := SeriesEnds(labels); last != StepLabel(labels[len(labels)-1]) {
			t.Errorf("%q: the title's end %s, the heading's %s", paths, last, StepLabel(labels[len(labels)-1]))
		}
	}
}

// TestQuotedLabelRawControlApart: a label quoted with a control
// character left for the view to escape (quoteLabel) reads as no folder
// named so, quotes and all (unquoteLabel): the folder ѕ1 and a newline
// (its ѕ U+0455) is named "\u04551<LF>", the folder of those very
// characters is quoted again, in a log's labels and a pair's headline.
func TestQuotedLabelRawControlApart(t *testing.T) {
	odd, named := "\u04551\n", `"\u04551`+"\n"+`"`
	labels := SnapshotLabels([]diff.SnapshotInfo{{Path: odd}, {Path: named}})
	if labels[0] != named || labels[1] == named {
		t.Errorf("labels %q, want the first %q and the second quoted again", labels, named)
	}
	a, b := SideNames(diff.Side{Path: odd}, diff.Side{Path: named})
	if a != named || b == named {
		t.Errorf("SideNames = %q → %q, want %q and the second quoted again", a, b, named)
	}
	// A numbered-like label quoted with its newline (numberedLike): the
	// folder "a\n (snapshot 2)" is named so quoted, the folder of those
	// very characters quoted again.
	odd, named = "a\n (snapshot 2)", `"a`+"\n"+` (snapshot 2)"`
	if l := SnapshotLabels([]diff.SnapshotInfo{{Path: odd}, {Path: named}}); l[0] != named || l[1] == named {
		t.Errorf("labels %q, want the first %q and the second quoted again", l, named)
	}
	for _, l := range []string{"a (b\n", "a (b\x01", "(x\u202e", "\xff(", `a\` + "\n("} {
		q := StepLabel(l)
		if u, ok := unquoteLabel(q); !ok || u != l {
			t.Errorf("StepLabel(%q) = %q, read back as %q (%v)", l, q, u, ok)
		}
	}
}

// TestKeptQuotedOnlyInASCII (issue 35 class c): the views keep as it is
// only a label quoted in ASCII for its lookalike (asciiQuoted: the
// label is quoteLabel's ASCII quoting of what it reads as), not any
// label that reads as quoted and holds a lookalike: the label "ѕ1" (its
// quotes its own, its ѕ U+0455 raw) kept as it is in a step's title,
// before its news and in a log's title read as the folder s1 quoted,
// where the label "\u04551" reads apart. No test noticed the rule
// undone.
func TestKeptQuotedOnlyInASCII(t *testing.T) {
	for _, l := range []string{`"ѕ1"`, `"ѕ1: x"`, `"ѕ1 (a)"`, `"ѕ1" (snapshot 2)`} {
		if got := StepLabel(l); got == l {
			t.Errorf("StepLabel(%s) = %s, kept as it is: want it quoted", l, got)
		}
		if got := NewsLabel(l); got == l && headOdd(l) {
			t.Errorf("NewsLabel(%s) = %s, kept as it is: want it quoted", l, got)
		}
	}
	for _, l := range []string{`"\u04551"`, `"\u04551 (a)"`, `"\u04551" (snapshot 2)`} {
		if got := StepLabel(l); got != l {
			t.Errorf("StepLabel(%s) = %s, want it kept as it is (quoted in ASCII)", l, got)
		}
	}
}
