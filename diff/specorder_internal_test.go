package diff

import (
	"strings"
	"testing"
)

// TestCompareJoined: compareJoined is strings.Compare of the lists
// joined by sep, an element holding sep or none at all included.
func TestCompareJoined(t *testing.T) {
	lists := [][]string{nil, {""}, {"", ""}, {"a"}, {"a", ""}, {"a", "b"}, {"a" + sep + "b"}, {"ab"}, {"a" + sep}, {"b"}, {"a", "x"}, {"a" + sep + "x"}}
	for _, a := range lists {
		for _, b := range lists {
			want := strings.Compare(strings.Join(a, sep), strings.Join(b, sep))
			if got := compareJoined(a, b); got != want {
				t.Errorf("compareJoined(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}
