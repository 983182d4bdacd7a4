package text

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestWrapText: whatever the words (long ones, wide characters,
// combining marks, colour codes, arrows glued to their neighbours), no
// line is wider than the width, continued lines start with the hanging
// indent, and nothing is lost: the lines hold the text's characters in
// order.
func TestWrapText(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 4))
	pieces := []string{"a", "bc", "def", "→", "−3", "+4", "世界", "é", "e\u0301", "…and 2 more",
		"\x1b[1mbold\x1b[0m", strings.Repeat("x", 50), strings.Repeat("世", 30), "(in", "e4s),", nbsp}
	squeeze := func(s string) string {
		s = strings.NewReplacer("\x1b[1m", "", "\x1b[0m", "").Replace(s)
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || r == 0 {
				return -1
			}
			return r
		}, s)
	}
	for i := range 2000 {
		var words []string
		for range 1 + r.IntN(30) {
			words = append(words, pieces[r.IntN(len(pieces))])
		}
		s := strings.Join(words, " ")
		width := report.MinWidth + r.IntN(100)
		lines := wrapText(s, width, "  ", "    ")
		for k, l := range lines {
			if c := cells(l); c > width {
				t.Fatalf("case %d, width %d: line %d is %d cells: %q", i, width, k, c, l)
			}
			if k > 0 && !strings.HasPrefix(l, "    ") {
				t.Fatalf("case %d: line %d does not hang: %q", i, k, l)
			}
			if strings.Contains(l, nbsp) {
				t.Fatalf("case %d: a glue left in %q", i, l)
			}
		}
		if got, want := squeeze(strings.Join(lines, "")), squeeze(s); got != want {
			t.Fatalf("case %d: lost text:\n got %q\nwant %q", i, got, want)
		}
	}
}

// TestCells: a terminal's columns, not bytes or runes.
func TestCells(t *testing.T) {
	for s, want := range map[string]int{
		"abc": 3, "→ −": 3, "世界": 4, "e\u0301": 1, "\x1b[1mbold\x1b[0m": 4, "": 0, "\\x1b[2J": 7,
	} {
		if got := cells(s); got != want {
			t.Errorf("cells(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestFitNames: as many names as fit, the rest counted; all when they
// fit; none when not one does.
func TestFitNames(t *testing.T) {
	names := []string{"alpha", "beta", "gamma", "delta", "epsilon"}
	line := func(k int) string {
		var b strings.Builder
		b.WriteString("new stack x: 9 specs")
		report.WriteNames(&b, " of ", names, k)
		return b.String()
	}
	for width, want := range map[int]string{
		200: "new stack x: 9 specs of alpha, beta, gamma, delta, epsilon",
		45:  "new stack x: 9 specs of alpha, …and 4 more",
		20:  "new stack x: 9 specs",
	} {
		if got := fitNames(len(names), width, line); got != want {
			t.Errorf("width %d: %q, want %q", width, got, want)
		}
	}
}

// TestTextView: the headline first, every package named (in its
// highlight's line, its own, or the line of those changed by rebuilds
// alone), no escape codes unless Color is on, and control characters in
// names made visible.
func TestTextView(t *testing.T) {
	r := reporttest.GenReport(5, 30)
	r.Packages[0].Name = "evil\x1b[2J"
	for _, color := range []bool{false, true} {
		var buf bytes.Buffer
		if err := renderText(&buf, r, report.Options{Color: color, Width: 1 << 20}); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		// Every package is named: in its highlight's line, its own line,
		// or the line of the packages changed by rebuilds alone.
		for _, p := range r.Packages {
			if !strings.Contains(out, report.Visible(p.Name)) {
				t.Errorf("color=%v: %q is not named:\n%s", color, p.Name, out)
			}
		}
		if !strings.HasPrefix(out, paintStr(color, "bold", "cachediff")+": ") {
			t.Errorf("color=%v: no headline first:\n%s", color, out)
		}
		if strings.Contains(out, "\x1b[2J") {
			t.Errorf("color=%v: a raw escape sequence from a name", color)
		}
		if got := strings.Contains(out, "\x1b["); got != color {
			t.Errorf("color=%v: escape codes present: %v", color, got)
		}
	}
}

// TestTextDirection: the terminal view says a downgrade in words, as the
// Markdown report's "⬇️ downgraded" and JSON's direction do, so that it
// shows without colour; an upgrade reads from its arrow, as before.
func TestTextDirection(t *testing.T) {
	for _, c := range []struct {
		old, new []string
		dir      diff.Direction
		want     string
	}{
		{[]string{"17.0.6", "19.1.7"}, []string{"17.0.6"}, diff.Downgraded, "llvm: 19.1.7 → 17.0.6 (downgraded; −19.1.7)"},
		{[]string{"17.0.6", "19.1.7"}, []string{"17.0.6", "18.1.8"}, diff.Downgraded, "llvm: 19.1.7 → 18.1.8 (downgraded; +18.1.8 −19.1.7)"},
		{[]string{"17.0.6"}, []string{"19.1.7"}, diff.Upgraded, "llvm: 17.0.6 → 19.1.7 (+19.1.7 −17.0.6)"},
		{[]string{"19.1.7", "20.1.0"}, []string{"20.1.0"}, diff.Other, "llvm: 20.1.0 (−19.1.7)"},
	} {
		v := diff.VersionChange{Old: c.old, New: c.new, Direction: c.dir, Added: []string{}, Removed: []string{}}
		for _, x := range c.new {
			if !slices.Contains(c.old, x) {
				v.Added = append(v.Added, x)
			}
		}
		for _, x := range c.old {
			if !slices.Contains(c.new, x) {
				v.Removed = append(v.Removed, x)
			}
		}
		var b strings.Builder
		textPackage(&b, false, &diff.Package{Name: "llvm", Status: diff.Changed, Versions: v}, false)
		if b.String() != c.want {
			t.Errorf("%s: %q, want %q", c.dir, b.String(), c.want)
		}
	}
}
