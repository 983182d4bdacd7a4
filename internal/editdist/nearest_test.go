package editdist

import "testing"

// TestNearest: the one name a typo away, whatever the case; none when
// two are as near, or the nearest is too far for the value's length.
func TestNearest(t *testing.T) {
	names := []string{"develop", "v0.23.0", "v0.23.1", "_config.yml"}
	for _, c := range []struct{ value, want string }{
		{"devlop", "develop"},
		{"Develop", "develop"},
		{"v0.23.2", ""}, // v0.23.0 and v0.23.1 as near
		{"nope", ""},
		{"d", ""},
		{"", ""},
	} {
		if got := Nearest(c.value, names); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.value, got, c.want)
		}
	}
}
