package jsonv1

import (
	"github.com/cachediff/cachediff/report"
	"runtime"
	"strings"
	"testing"
)

// TestShortValueAndKeyAllocateTheirCut (issue 35 class c): the decoder's
// own cuts for a message, a value's (shortValue: schema, dates, a log's
// roots and layouts) and a count object's key in a path (pathString),
// converted the whole value to runes before keeping 60 or 40, as diff's
// shortValue did before 20ae70f6: render of a report whose schema is one
// 50 MB string peaked at 372 MB, of one 50 MB "canonicalized" key at
// 322 MB. What they allocate is now the cut's; the cut is as before.
func TestShortValueAndKeyAllocateTheirCut(t *testing.T) {
	for _, tc := range []struct {
		in string
		n  int
	}{
		{"", 60}, {strings.Repeat("a", 60), 60}, {strings.Repeat("a", 61), 60},
		{strings.Repeat("é", 61), 60}, {strings.Repeat("\xff", 60), 60}, {strings.Repeat("\xff", 61), 60},
		{strings.Repeat("é", 40), 40}, {strings.Repeat("é", 41), 40}, {"a\xffb" + strings.Repeat("€", 50), 40},
	} {
		want, k, end := tc.in, 0, 0
		for i := range tc.in { // the cut, its invalid bytes kept (diff's shortValue)
			if k == tc.n {
				want = tc.in[:end] + report.CutMark(tc.in) // n+1 characters
				break
			}
			if k == tc.n-8 {
				end = i
			}
			k++
		}
		if got := cutRunes(tc.in, tc.n); got != want {
			t.Errorf("cutRunes(%q, %d) = %q, want %q", tc.in, tc.n, got, want)
		}
		if tc.n == 60 {
			if got := shortValue(tc.in); got != want {
				t.Errorf("shortValue(%q) = %q, want %q", tc.in, got, want)
			}
		}
	}
	big := strings.Repeat("a", 8<<20)
	w := &walker{path: []pathStep{{key: "canonicalized"}, {key: big, value: true}, {key: "old"}}}
	if got, want := w.pathString(), `canonicalized["`+strings.Repeat("a", 32)+report.CutMark(big)+`"].old`; got != want {
		t.Errorf("pathString() = %q, want %q", got, want)
	}
	for name, f := range map[string]func(){
		"shortValue": func() { _ = shortValue(big) },
		"pathString": func() { _ = w.pathString() },
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		if a := after.TotalAlloc - before.TotalAlloc; a > 64<<10 {
			t.Errorf("%s of an 8 MB value allocated %d bytes, want at most 64 KB", name, a)
		}
	}
}
