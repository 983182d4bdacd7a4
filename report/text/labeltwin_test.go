package text

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// textLabelBefore is textLabel as it was before it and atom's feedLabel
// shared report.CutMiddle: its own copy of the cut.
func textLabelBefore(s string, limit int) string {
	if len(s) <= report.MaxWord || cells(s) <= report.MaxWord {
		return s
	}
	head, _ := cutCellsBefore(s, limit/2)
	room := limit - 1 - cells(head)
	i := len(s)
	for used := 0; i > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if used+runeCells(r) > room {
			break
		}
		used += runeCells(r)
		i -= size
	}
	return head + "…" + s[i:]
}

// cutCellsBefore is cutCells as textLabelBefore had it: a cut after at
// most n cells, never inside a colour code, but inside an escape of
// visible text where the cells end (cutCells keeps those whole for the
// wrap; report.CutMiddle does not).
func cutCellsBefore(s string, n int) (head, rest string) {
	used := 0
	for i := 0; i < len(s); {
		if k := escapeLen(s[i:]); k > 0 {
			i += k
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		c := runeCells(r)
		if used+c > n {
			return s[:i], s[i:]
		}
		used += c
		i += size
	}
	return s, ""
}

// TestTextLabelShared: textLabel through report.CutMiddle writes the
// bytes its own copy wrote, for names of narrow, wide and combining
// characters and escapes around the bound. Where
// that copy cut between a character and its combining marks (a lone accent after "…", or an e before it without
// its accent), CutMiddle cuts at the cluster's edge on purpose
// (reporttest.AtClusters: the head one character shorter, the tail starting after
// the marks); every other name is cut to the same bytes.
func TestTextLabelShared(t *testing.T) {
	alphabet := []string{"a", "-", "世", "😀", "e\u0301", "\u0301", "é", `\x1b`, "/"}
	rng := rand.New(rand.NewPCG(1, 2))
	moved := 0
	for range 3000 {
		var b strings.Builder
		for n := report.MaxWord/2 + rng.IntN(2*report.MaxWord); n > 0; n-- {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		s := report.Visible(b.String())
		// A name cut is cut 8 cells narrower, for its digest between
		// two "…" (report.CutLabel), 201 cells in all.
		before := textLabelBefore(s, report.MaxWord-8)
		want := reporttest.AtClusters(s, before)
		if want != before {
			moved++
		}
		want = reporttest.CutMarked(s, want, runeCells, report.MaxWord)
		if got := textLabel(s); got != want {
			t.Fatalf("textLabel(%q) = %q, want %q", s, got, want)
		}
	}
	// Both kinds of cut are seen: at a cluster's edge already, and moved.
	if moved == 0 || moved == 3000 {
		t.Errorf("%d of 3000 cuts moved to a cluster's edge: the names do not test both", moved)
	}
	t.Logf("%d of 3000 cuts moved to a cluster's edge", moved)
}
