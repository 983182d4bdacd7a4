package text

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestTextLongTag: the text log printed a 10,000-character tag whole,
// in its title, in each step's head and in each run of the packages
// that came and went: 300 KB for a log of three snapshots (issue 35).
// A snapshot's name in text is bounded as Markdown bounds a name
// (report.MaxWord), cut in its middle so that its end (a date) stays, in
// a log and in a pair's headline alike.
func TestTextLongTag(t *testing.T) {
	const maxWord = report.MaxWord
	tag := func(i int) string {
		return "t" + string(rune('0'+i)) + "-" + strings.Repeat("x", 10000) + "-2025-03-1" + string(rune('0'+i))
	}
	xs := regexp.MustCompile(`x+`)
	cutTag := regexp.MustCompile(`xxx…[0-9a-f]{8}…xxx`) // its digest's digits between (report.CutLabel)
	check := func(what, out string) {
		t.Helper()
		for _, run := range xs.FindAllString(out, -1) {
			if len(run) > maxWord {
				t.Fatalf("%s: a tag's run of %d characters, want at most %d:\n%.300s", what, len(run), maxWord, out)
			}
		}
		if !cutTag.MatchString(out) || !strings.Contains(out, "-2025-03-1") {
			t.Errorf("%s: no tag cut in its middle with its end kept:\n%.300s", what, out)
		}
	}

	snaps := reporttest.GenSeries(3, 5, 3)
	short := map[bool]int{}
	for _, long := range []bool{false, true} {
		for i, s := range snaps {
			s.Tag = "t" + string(rune('0'+i))
			if long {
				s.Tag = tag(i)
			}
		}
		var b bytes.Buffer
		w := Format.Log(&b, report.LogOptions{Options: report.Options{Width: 1 << 20}}) // one line each: runs not wrapped
		s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
			func(i int, r *diff.Report) error { return w.Step(r) })
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(s); err != nil {
			t.Fatal(err)
		}
		short[long] = b.Len()
		if long {
			check("log", b.String())
		}
	}
	// Each place names a tag in at most maxWord+1 more characters than
	// a short tag takes.
	if short[true] > short[false]+40*(maxWord+1) {
		t.Errorf("log: %d bytes with 10,000-character tags, %d with short ones", short[true], short[false])
	}

	r := reporttest.OnePackage("p")
	r.Old.Tag, r.New.Tag = tag(0), tag(1)
	var b bytes.Buffer
	if err := Format.Render(&b, r, report.Options{Width: 1 << 20}); err != nil {
		t.Fatal(err)
	}
	check("pair", b.String())

	// Whole up to the bound, cut in the middle past it, by cells.
	for _, c := range []struct{ in, want string }{
		{strings.Repeat("a", maxWord), strings.Repeat("a", maxWord)},
		// Past it, 8 cells narrower and its digest's digits between two
		// "…" (report.CutLabel): 201 cells, a digit more where a wide
		// character leaves a cell.
		{strings.Repeat("a", 100) + strings.Repeat("b", 101), reporttest.CutMarked(strings.Repeat("a", 100)+strings.Repeat("b", 101), strings.Repeat("a", 96)+"…"+strings.Repeat("b", 95), runeCells, maxWord)},
		{strings.Repeat("世", 101), reporttest.CutMarked(strings.Repeat("世", 101), strings.Repeat("世", 48)+"…"+strings.Repeat("世", 47), runeCells, maxWord)},
	} {
		if got := textLabel(c.in); got != c.want || cells(got) != maxWord+1 && cells(c.in) > maxWord {
			t.Errorf("textLabel(%d cells) = %q (%d cells), want %q", cells(c.in), got, cells(got), c.want)
		}
	}
}
