package atom

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// feedLabelBefore is feedLabel as it was before it and text's textLabel
// shared report.CutMiddle: its own copy of the cut, limit wide.
func feedLabelBefore(s string, limit int) string {
	t := feedText(s)
	r := []rune(t)
	if len(r) <= report.MaxWord {
		return t
	}
	head := limit / 2
	return string(r[:head]) + "…" + string(r[len(r)-(limit-1-head):])
}

// TestFeedLabelShared: feedLabel through report.CutMiddle writes the
// bytes its own copy wrote, for names of narrow, wide, combining,
// invalid and control characters around the bound. Where
// that copy cut between a character and its combining marks (a lone accent after "…", or an e before it without
// its accent), CutMiddle cuts at the cluster's edge on purpose
// (reporttest.AtClusters: the head one character shorter, the tail starting after
// the marks); every other name is cut to the same bytes.
func TestFeedLabelShared(t *testing.T) {
	alphabet := []string{"a", "-", "世", "😀", "e\u0301", "\u0301", "é", "\x1b", "\xff", "\n", "##[", "/"}
	rng := rand.New(rand.NewPCG(1, 2))
	moved := 0
	for range 3000 {
		var b strings.Builder
		for n := report.MaxWord/2 + rng.IntN(2*report.MaxWord); n > 0; n-- {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		s := b.String()
		// A name cut is cut 8 characters shorter, for its digest
		// between two "…" (report.CutLabel), 201 in all.
		before := feedLabelBefore(s, report.MaxWord-8)
		want := reporttest.AtClusters(feedText(s), before)
		if want != before {
			moved++
		}
		want = reporttest.CutMarked(feedText(s), want, func(rune) int { return 1 }, report.MaxWord)
		if got := feedLabel(s); got != want {
			t.Fatalf("feedLabel(%q) = %q, want %q", s, got, want)
		}
	}
	// Both kinds of cut are seen: at a cluster's edge already, and moved.
	if moved == 0 || moved == 3000 {
		t.Errorf("%d of 3000 cuts moved to a cluster's edge: the names do not test both", moved)
	}
	t.Logf("%d of 3000 cuts moved to a cluster's edge", moved)
}
