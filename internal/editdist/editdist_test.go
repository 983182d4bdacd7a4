package editdist

import "testing"

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
