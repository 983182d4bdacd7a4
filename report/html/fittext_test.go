package html

import (
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/report"
)

// fitTextDropping is fitText as it was: it drops a character at a time
// and measures the whole prefix again, the reference of its output.
func fitTextDropping(s string, units int) string {
	if textUnits(s) <= units {
		return s
	}
	mark := "…"
	if units >= (cutmark.Len+4)*charW {
		mark = report.CutMark(s)
	}
	r := []rune(s)
	for len(r) > 0 && textUnits(string(r)+mark) > units {
		r = r[:len(r)-1]
	}
	return string(r) + mark
}

// TestFitTextAsDropping: fitText cuts every label where dropping one
// character at a time cut it, wide characters, bad UTF-8 and columns
// narrower than the "…" included.
func TestFitTextAsDropping(t *testing.T) {
	labels := []string{"", "a", "openmpi", "py-numpy", "gcc@13.2.0 %clang", "中文包名称很长的包", "a中b文c", "\xff\xfeab", "ab\xffcd",
		strings.Repeat("ab ", 100), strings.Repeat("x", 200) + "…", strings.Repeat("日本", 60)}
	for _, s := range labels {
		for units := -3 * charW; units <= 300; units++ {
			if got, want := fitText(s, units), fitTextDropping(s, units); got != want {
				t.Fatalf("fitText(%.20q, %d) = %q, want %q", s, units, got, want)
			}
		}
	}
}

// fitTextBytes is the bytes fitText allocates to cut a label of n
// characters (PageText leaves a text of up to 2000 of them whole) to a
// version's column, the narrowest.
func fitTextBytes(n int) uint64 {
	s := PageText(strings.Repeat("ab ", n)[:n])
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for range 10 {
		fitText(s, 8*charW)
	}
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// TestFitTextLinear: a label 4 times as long costs fitText at most ~4.4
// times the allocations and bytes (it was quadratic: it measured the
// whole prefix again for each character it dropped, about 2000 strings
// of up to 2000 characters for a long version or stack name).
func TestFitTextLinear(t *testing.T) {
	s := PageText(strings.Repeat("ab ", 2000)[:2000])
	if n := len([]rune(s)); n != 2000 {
		t.Fatalf("the label is %d characters, want 2000 (PageText cut it)", n)
	}
	if a := testing.AllocsPerRun(10, func() { fitText(s, 8*charW) }); a > 3 {
		t.Errorf("fitText of a 2000-character label: %v allocations, want at most 3", a)
	}
	small, big := fitTextBytes(500), fitTextBytes(2000)
	if big*10 > small*44 {
		t.Errorf("fitText of a label of 500 characters: %d bytes, of 2000: %d (%.1fx), want at most 4.4x", small, big, float64(big)/float64(small))
	}
}

// TestFitTextKeepsEscapesWhole (issue 35 class a): a label of visible
// text (PageText) cut to its column by characters could end inside an
// escape ("\u20…" reads as no character, "\…" as a lone backslash): it
// keeps each escape whole or leaves it out. So does a tick's label.
func TestFitTextKeepsEscapesWhole(t *testing.T) {
	for _, esc := range []string{`\u200b`, `\x20`, `\U000e0001`, `\\`} {
		re := regexp.MustCompile(`^a*(` + regexp.QuoteMeta(esc) + `)*…([0-9a-f]{8})?$`)
		for j := range 12 {
			s := strings.Repeat("a", j) + strings.Repeat(esc, 30)
			for units := charW; units <= 40*charW; units += charW / 2 {
				if got := fitText(s, units); !re.MatchString(got) {
					t.Errorf("fitText(%d a, %s×30, %d) = %q: cut inside an escape", j, esc, units, got)
				}
			}
			if got := cut(s, 14); !re.MatchString(got) {
				t.Errorf("cut(%d a, %s×30, 14) = %q: cut inside an escape", j, esc, got)
			}
		}
	}
}

// TestChartLabelsCutApart (issue 35, class a): a chart's label cut to
// its column ended with "…" alone, so two stacks or packages whose names
// differ past the cut drew bars labelled alike, and a label left whole
// that ends with "…" read as one cut; so did two snapshots' tick labels.
// A cut ends with the mark of the whole label's digest where the room
// holds it and 4 characters before it (a version's 8 characters keep
// "…" alone).
func TestChartLabelsCutApart(t *testing.T) {
	a, b := strings.Repeat("s", 40)+"1", strings.Repeat("s", 40)+"2"
	for _, units := range []int{labelCol - 8, (cutmark.Len + 4) * charW} {
		if fitText(a, units) == fitText(b, units) {
			t.Errorf("fitText(%q, %d) and fitText(%q, %d) both %q", a, units, b, units, fitText(a, units))
		}
		if got := fitText(a, units); textUnits(got) > units {
			t.Errorf("fitText(%q, %d) = %q, %d wide", a, units, got, textUnits(got))
		}
	}
	if cut(a, 14) == cut(b, 14) {
		t.Errorf("cut(%q, 14) and cut(%q, 14) both %q", a, b, cut(a, 14))
	}
	if got := cut(a, 14); len([]rune(got)) != 14 {
		t.Errorf("cut(%q, 14) = %q, want 14 characters", a, got)
	}
}

// TestChartLabelUncutReadsApart (issue 35 class a): a label cut with
// the mark of its digest is as wide as the room, as a label left whole
// may be, so a stack named as another's label cut ("ssss…1a2b3c4d")
// drew that label, two stacks alike in the chart. A label that ends as
// one cut so ends is cut too, before its "…", with its own mark (fitText,
// cut).
func TestChartLabelUncutReadsApart(t *testing.T) {
	long := strings.Repeat("s", 60)
	for _, units := range []int{labelCol - 8, (cutmark.Len + 4) * charW} {
		forged := fitText(long, units)
		if got := fitText(forged, units); got == forged || textUnits(got) > units {
			t.Errorf("fitText(%q, %d) = %q: the label left whole reads as %q cut, or is too wide", forged, units, got, long)
		}
	}
	forged := cut(long, 14)
	if got := cut(forged, 14); got == forged || len([]rune(got)) > 14 {
		t.Errorf("cut(%q, 14) = %q: the label left whole reads as %q cut", forged, got, long)
	}
	// A label whose "…" is not such a mark stays whole.
	for _, s := range []string{"a…b", "v1…" + strings.Repeat("0", 9), "x…ABCDEF12"} {
		if got := fitText(s, labelCol-8); got != s {
			t.Errorf("fitText(%q) = %q, want it whole", s, got)
		}
	}
}
