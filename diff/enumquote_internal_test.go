package diff

import (
	"strings"
	"testing"
)

// TestEnumErrorQuotesInASCII (issue 35 classes a and e): an EnumError
// quoted its value as Go writes it (%q), so a lookalike of a valid value
// read as that value refused ("сhanged", its с Cyrillic, read `"сhanged"
// is not a package status (want added, removed, changed)`), and a value
// cut at 60 characters with "…" alone read as another one cut alike. It
// is quoted in ASCII, cut with the mark of its digest inside the quotes
// (quotedEnum); a value left whole that holds "…" writes it \u2026.
func TestEnumErrorQuotesInASCII(t *testing.T) {
	msg := func(v string) string {
		return (&EnumError{Path: "packages[0].status", Value: v, Want: "a package status (want added, removed, changed)"}).Error()
	}
	if got, want := msg("сhanged"), `packages[0].status: "\u0441hanged" is not a package status`; !strings.HasPrefix(got, want) {
		t.Errorf("a lookalike: %s, want it to start %s", got, want)
	}
	long := strings.Repeat("x", 60)
	a, b := msg(long+"a"), msg(long+"b")
	if a == b {
		t.Errorf("two values alike for 60 characters read alike: %s", a)
	}
	if n := len(strings.Split(a, `"`)); n != 3 {
		t.Errorf("a cut value's message does not close its quotes once: %s", a)
	}
	// A value left whole that ends as a cut one reads otherwise.
	cut := a[len("packages[0].status: "):strings.Index(a, " is not")]
	whole := strings.Trim(cut, `"`)
	if got := msg(whole); strings.Contains(got, cut) {
		t.Errorf("the value %q left whole reads as one cut: %s", whole, got)
	}
	if got, want := msg("a\xffb"), `"a\xffb"`; !strings.Contains(got, want) {
		t.Errorf("an invalid byte: %s, want %s", got, want)
	}
}
