package editdist

import (
	"math/rand/v2"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"format", "format", 0},
		{"formt", "format", 1}, {"kitten", "sitting", 3}, {"py-keras", "py-kears", 2},
		{"py-kera", "py-keras", 1}, {"e4z", "e4s", 1},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetry)", tc.b, tc.a, got, tc.want)
		}
	}
}

// TestRuneDistance: a non-ASCII character is one edit, not one per byte.
func TestRuneDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"any\u3000", "any", 1}, {"\u3000any", "any", 1}, {"éé", "ab", 2}, {"kitten", "sitting", 3}, {"", "日本", 2},
	} {
		if got := RuneDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("RuneDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := RuneDistance(tc.b, tc.a); got != tc.want {
			t.Errorf("RuneDistance(%q, %q) = %d, want %d (symmetry)", tc.b, tc.a, got, tc.want)
		}
	}
}

// TestWithin: Within is Distance where that is at most k, and k+1 past
// it, on random strings of a small alphabet (so that distances near k
// are common), both ways round.
func TestWithin(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 16))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abc"[r.IntN(3)]
		}
		return string(b)
	}
	for i := range 20000 {
		a, b, k := word(r.IntN(12)), word(r.IntN(12)), r.IntN(8)
		want := min(Distance(a, b), k+1)
		if got := Within(a, b, k); got != want {
			t.Fatalf("case %d: Within(%q, %q, %d) = %d, want %d", i, a, b, k, got, want)
		}
		if got := Within(b, a, k); got != want {
			t.Fatalf("case %d: Within(%q, %q, %d) = %d, want %d (symmetry)", i, b, a, k, got, want)
		}
	}
	if got := Within("abc", "abd", -1); got != 0+1 {
		t.Errorf("Within with k < 0 = %d, want 1 (k read as 0)", got)
	}
}
