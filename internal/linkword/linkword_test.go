package linkword

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestSpelt: a target as it is only where nothing in it reads as the
// message's own words, "(to T)".
func TestSpelt(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"gone", "gone"},
		{"../a/b.json", "../a/b.json"},
		{"", `""`},
		{"a), fine (b", `"a), fine (b"`},
		{"sp ace", `"sp ace"`},
		{`q"x`, `"q\"x"`},
		{`no\nsuch`, `"no\\nsuch"`},
		{"g\u043ene", `"g\u043ene"`},
		{"a\nb\x1b[31m", `"a\nb\x1b[31m"`},
	} {
		if got := Spelt(c.in); got != c.want {
			t.Errorf("Spelt(%q) = %s; want %s", c.in, got, c.want)
		}
	}
}

// TestCut: a target cut fits its bound, the cut's mark of the whole
// target after its head (inside the quotes of a quoted one).
func TestCut(t *testing.T) {
	plain := strings.Repeat("x", 4000)
	odd := strings.Repeat("\x01\u043e", 2000)
	for _, c := range []struct {
		in   string
		n    int
		head string
	}{
		{plain, 200, strings.Repeat("x", 200-len(cutmark.Of(plain)))},
		{odd, 200, `"`},
	} {
		got := Cut(c.in, c.n)
		mark := cutmark.Of(c.in)
		if len(got) > c.n || !strings.HasPrefix(got, c.head) || !strings.Contains(got, mark) {
			t.Errorf("Cut(%.20q…, %d) = %.60q… (%d bytes); want at most %d, beginning %.20q, with %s", c.in, c.n, got, len(got), c.n, c.head, mark)
		}
		if c.head == `"` && !strings.HasSuffix(got, mark+`"`) {
			t.Errorf("Cut of a quoted target: %q; want the mark inside the closing quote", got)
		}
	}
	if got := Cut("gone", 200); got != "gone" {
		t.Errorf("Cut(gone) = %q", got)
	}
}

// TestCutBetweenCharacters (class c: headOf's rule, undone, failed no
// test): a quoted target is cut between its characters, never inside
// one, whose bytes quoted apart read as other bytes ("\xd0" for half of
// о); bytes that begin no character are cut as they are.
func TestCutBetweenCharacters(t *testing.T) {
	cyr := strings.Repeat("\u043e", 2000)
	for n := 150; n < 170; n++ {
		if got := Cut(cyr, n); strings.Contains(got, `\x`) || len(got) > n {
			t.Errorf("Cut(о×2000, %d) = %s (%d bytes); want it cut between characters, at most %d bytes", n, got, len(got), n)
		}
	}
	if got := Cut(strings.Repeat("\xff", 3000), 200); !strings.HasPrefix(got, `"\xff\xff`) || len(got) > 200 {
		t.Errorf("Cut of invalid bytes = %s; want them cut as they are", got)
	}
}
