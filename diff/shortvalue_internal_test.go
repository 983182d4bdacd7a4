package diff

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestShortValueAllocatesItsCut (issue 35 class c): a value cut for a
// message (EnumError, the laws' messages) was converted to runes whole
// before its first 60 were kept: one 50 MB feature name in a report
// made render peak at 308 MB. What it allocates is now the cut's, not
// the value's; the cut itself is as before.
func TestShortValueAllocatesItsCut(t *testing.T) {
	a61, e61, ff61 := strings.Repeat("a", 61), strings.Repeat("é", 61), strings.Repeat("\xff", 61)
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{a61[:60], `"` + a61[:60] + `"`},
		{a61, `"` + a61[:52] + cutmark.Of(a61) + `"`},
		{e61, `"` + strings.Repeat(`\u00e9`, 52) + cutmark.Of(e61) + `"`},
		{ff61[:60], `"` + strings.Repeat(`\xff`, 60) + `"`},
		{ff61, `"` + strings.Repeat(`\xff`, 52) + cutmark.Of(ff61) + `"`}, // its invalid bytes kept
	} {
		if got := fmt.Sprintf("%q", shortValue(tc.in)); got != tc.want {
			t.Errorf("shortValue(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	big := strings.Repeat("a", 8<<20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_ = (&EnumError{Path: "features[0]", Value: big, Want: "a feature"}).Error()
	runtime.ReadMemStats(&after)
	if a := after.TotalAlloc - before.TotalAlloc; a > 64<<10 {
		t.Errorf("the message of an 8 MB value allocated %d bytes, want at most 64 KB", a)
	}
}

// TestShortNameOneMark (issue 35 class a): shortName wrote a cut plain
// name's mark as \u2026, quoted ("lll\u2026", as a quoted name of those
// characters whole reads), and another name's cut as "…" inside its
// quotes: two spellings of one mark. The cut's mark is "…", after a
// plain name, inside the quotes of another; only a name holding the
// character writes it \u2026.
func TestShortNameOneMark(t *testing.T) {
	l := strings.Repeat("l", 60)
	for _, c := range []struct{ in, want string }{
		{"zlib", "zlib"},
		{l, l},
		{l + "l", l + cutmark.Of(l+"l")},
		{"\n" + l, `"\n` + l[1:] + cutmark.Of("\n"+l) + `"`},
		{l[1:] + "…", `"` + l[1:] + `\u2026"`},
		{"a b", `"a b"`},
	} {
		if got := shortName(c.in); got != c.want {
			t.Errorf("shortName(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestShortNameCutReadsApart (issue 35 class a): a hash's message of
// another recipe names both recipes (package_hash) with shortName, and
// two alike for their first 60 characters read alike, cut with "…"
// alone: "package_hash lll… → lll…", as if the recipe had not changed.
// The cut's mark is that of the whole name's digest.
func TestShortNameCutReadsApart(t *testing.T) {
	l := strings.Repeat("l", 60)
	for _, pair := range [][2]string{
		{l + "a", l + "b"},
		{" " + l + "a", " " + l + "b"},
		{l + "\xfe", l + "\xff"},
	} {
		a, b := shortName(pair[0]), shortName(pair[1])
		if a == b {
			t.Errorf("shortName(%q) and shortName(%q) both %s", pair[0], pair[1], a)
		}
		if !strings.HasSuffix(strings.TrimSuffix(a, `"`), cutmark.Of(pair[0])) {
			t.Errorf("shortName(%q) = %s, want the mark of its digest, %s, at its end", pair[0], a, cutmark.Of(pair[0]))
		}
	}
}
