package diff

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/internal/listops"
)

// TestVariantDeltaMatchesScan: the set look-up that variantDelta takes for
// long lists gives the delta of the plain scan it replaced, for duplicate
// variants, empty strings, unicode, and lists either side of smallList.
func TestVariantDeltaMatchesScan(t *testing.T) {
	scan := func(a, b []string) (string, string) {
		var from, to []string
		for _, v := range a {
			if !slices.Contains(b, v) {
				from = append(from, v)
			}
		}
		for _, v := range b {
			if !slices.Contains(a, v) {
				to = append(to, v)
			}
		}
		return listops.Join(from, " "), listops.Join(to, " ") // a variant with a space quoted
	}
	alphabet := []string{"", "+a", "~a", "a=1", "a=1 ", "é", "e\u0301", "\u00e9", "\x00", "\xff", "日本", "+a", "b=x y"}
	rng := rand.New(rand.NewPCG(1, 35))
	for i := range 20000 {
		list := func() []string {
			n := rng.IntN(40)
			if i%4 == 0 {
				n = smallList - 1 + rng.IntN(3) // 15, 16, 17
			}
			l := make([]string, n)
			for j := range l {
				l[j] = alphabet[rng.IntN(len(alphabet))]
			}
			return l
		}
		a, b := list(), list()
		wf, wt := scan(a, b)
		if f, to := variantDelta(a, b, nil); f != wf || to != wt {
			t.Fatalf("variantDelta(%q, %q) = %q, %q; the scan gives %q, %q", a, b, f, to, wf, wt)
		}
	}
}
