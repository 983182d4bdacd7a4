package atom

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
)

// feedLabelBefore is feedLabel as it was before it and text's textLabel
// shared report.CutMiddle: its own copy of the cut.
func feedLabelBefore(s string) string {
	t := feedText(s)
	r := []rune(t)
	if len(r) <= report.MaxWord {
		return t
	}
	head := report.MaxWord / 2
	return string(r[:head]) + "…" + string(r[len(r)-(report.MaxWord-1-head):])
}

// TestFeedLabelShared: feedLabel through report.CutMiddle writes the
// bytes its own copy wrote, for names of narrow, wide, combining,
// invalid and control characters around the bound.
func TestFeedLabelShared(t *testing.T) {
	alphabet := []string{"a", "-", "世", "😀", "e\u0301", "\u0301", "é", "\x1b", "\xff", "\n", "##[", "/"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		var b strings.Builder
		for n := report.MaxWord/2 + rng.IntN(2*report.MaxWord); n > 0; n-- {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		s := b.String()
		if got, want := feedLabel(s), feedLabelBefore(s); got != want {
			t.Fatalf("feedLabel(%q) = %q, want %q", s, got, want)
		}
	}
}
