package report

import (
	"regexp"
	"strings"
	"testing"
)

// escapesOfVisibleText are escapes VisibleInput and VisibleSpaces write
// (a space at an edge, U+00A0, a tag character) and a backslash doubled.
var escapesOfVisibleText = []string{`\x20`, `\u00a0`, `\U000e0001`, `\\`, `\n`}

// TestCutMiddleKeepsEscapesWhole (issue 35 class a): CutMiddle cut by
// characters, so a name of escapes cut inside one, "\u00a0" read
// "\u0…" (another escape, or none), and a backslash doubled read as one
// alone, the start of an escape. Each side of "…" keeps an escape whole
// or leaves it out, wherever the cut falls.
func TestCutMiddleKeepsEscapesWhole(t *testing.T) {
	one := func(rune) int { return 1 }
	for _, esc := range escapesOfVisibleText {
		q := regexp.QuoteMeta(esc)
		headRe := regexp.MustCompile(`^a*(` + q + `)*$`)
		tailRe := regexp.MustCompile(`^(` + q + `)*b*$`)
		for j := range 12 {
			for k := range 12 {
				s := strings.Repeat("a", j) + strings.Repeat(esc, 110) + strings.Repeat("b", k)
				for _, limit := range []int{21, 40, 41, MaxWord} {
					got := CutMiddle(s, limit, one)
					head, tail, ok := strings.Cut(got, "…")
					if !ok {
						t.Fatalf("CutMiddle(%q, %d) = %q, want a cut", s, limit, got)
					}
					if !headRe.MatchString(head) || !tailRe.MatchString(tail) {
						t.Errorf("%s×110 after %d a, before %d b, cut to %d: %q, cut inside an escape", esc, j, k, limit, got)
					}
					if n := len([]rune(got)); n > limit {
						t.Errorf("CutMiddle(%q, %d) = %q: %d wide", s, limit, got, n)
					}
				}
			}
		}
	}
}

// TestShortenKeepsEscapesWhole (issue 35 class a): Shorten cut a long
// word, or a long text, inside an escape: "\u00a0" read "\u0…". A word
// keeps its escapes whole or leaves them out, and so does the text.
func TestShortenKeepsEscapesWhole(t *testing.T) {
	for _, esc := range escapesOfVisibleText {
		q := regexp.QuoteMeta(esc)
		wordRe := regexp.MustCompile(`^a*(` + q + `)*…[0-9a-f]{8,}$`)
		textRe := regexp.MustCompile(`^a*( (` + q + `)+)*( (` + q + `)*)?…[0-9a-f]{8,}$`)
		for j := range 12 {
			word := strings.Repeat("a", j) + strings.Repeat(esc, maxWord)
			if got := Shorten(word); !wordRe.MatchString(got) {
				t.Errorf("Shorten of %d a and %s×%d = %q: cut inside an escape", j, esc, maxWord, got)
			}
			// Two words past maxWord: the second is cut alike.
			if got := Shorten("x " + word); !strings.HasPrefix(got, "x ") || !wordRe.MatchString(got[2:]) {
				t.Errorf("Shorten of x, %d a and %s×%d = %q: cut inside an escape", j, esc, maxWord, got)
			}
			group := strings.Repeat(esc, 7)
			text := strings.Repeat("a", j) + strings.Repeat(" "+group, maxText/len(group)+2)
			if got := Shorten(text); !textRe.MatchString(got) {
				t.Errorf("Shorten of %d a and words of %s = …%q: cut inside an escape", j, esc, got[max(0, len(got)-40):])
			}
		}
	}
}
