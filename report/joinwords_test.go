package report

import (
	"math/rand/v2"
	"testing"

	"github.com/cachediff/cachediff/internal/listops"
)

// TestJoinWordsAsRead: JoinWords and MinusJoinWords write what Words
// read back from listops.Join and MinusJoin, over drawn lists of
// plain, spaced, quoted, escaped, invisible and empty items.
func TestJoinWordsAsRead(t *testing.T) {
	pieces := []string{"+a", "~b", "c=1", " ", "", `"`, `\`, `\n`, "\n", "\t", "\u200b", "\u0430", "\xff", "é", ",", "x y", `a"b`, "\u202e", "\x7f"}
	r := rand.New(rand.NewPCG(35, 3))
	draw := func() []string {
		l := make([]string, r.IntN(6))
		for i := range l {
			for range r.IntN(4) {
				l[i] += pieces[r.IntN(len(pieces))]
			}
		}
		return l
	}
	for range 3000 {
		a, b := draw(), draw()
		if r.IntN(2) == 0 && len(a) > 0 {
			b = append(b, a[r.IntN(len(a))])
		}
		for _, sep := range []string{" ", ", "} {
			if got, want := JoinWords(a, sep), Words(listops.Join(a, sep), sep); got != want {
				t.Fatalf("JoinWords(%q, %q) = %q; want %q", a, sep, got, want)
			}
		}
		if got, want := MinusJoinWords(a, b, " "), Words(listops.MinusJoin(a, b, " ", nil), " "); got != want {
			t.Fatalf("MinusJoinWords(%q, %q) = %q; want %q", a, b, got, want)
		}
	}
}
