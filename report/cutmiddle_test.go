package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCutMiddle: one cut for text's and the feed's snapshot names
// (textLabel, feedLabel kept a copy each): whole up to the limit, else
// the first limit/2 and the last characters either side of "…", limit
// wide, by the width given, cut between a character and its marks
// neither side.
func TestCutMiddle(t *testing.T) {
	one := func(rune) int { return 1 }
	cells := func(r rune) int {
		if r == '世' {
			return 2
		}
		return 1
	}
	marks := func(r rune) int { // text's cells: a combining mark takes none
		if r == '\u0301' {
			return 0
		}
		return 1
	}
	for _, c := range []struct {
		in    string
		limit int
		width func(rune) int
		want  string
	}{
		{"abcdef", 6, one, "abcdef"},
		{"abcdefg", 6, one, "abc…fg"},
		{"世世世世", 7, cells, "世…世世"},
		{"世世世世", 8, cells, "世世世世"},
		{"é" + strings.Repeat("x", 8) + "é", 6, one, "éxx…xé"},
		{strings.Repeat("a", 100) + strings.Repeat("b", 101), MaxWord, one, strings.Repeat("a", 100) + "…" + strings.Repeat("b", 99)},
		// Not inside a character and its marks: the head gives up an e
		// whose accent does not fit, the tail starts after a lone one
		// (it was "abce…\u0301yz", and in text's cells "…\u0301yz").
		{"abce\u0301" + strings.Repeat("x", 10) + "\u0301yz", 8, one, "abc…yz"},
		{"abcd" + strings.Repeat("x", 10) + "\u0301\u0301xyz", 8, marks, "abcd…xyz"},
		{"abcd" + strings.Repeat("x", 10) + "e\u0301yz", 8, marks, "abcd…e\u0301yz"},
		// Nor inside a sequence joined by U+200D, nor before a skin tone.
		{"abcd" + strings.Repeat("x", 10) + "\U0001F469\u200d\U0001F4BB", 6, one, "abc…"},
		{"abcd" + strings.Repeat("x", 10) + "\U0001F469\u200d\U0001F4BB", 7, one, "abc…\U0001F469\u200d\U0001F4BB"},
		{"ab\U0001F44D\U0001F3FD" + strings.Repeat("x", 10), 6, one, "ab…xx"},
	} {
		if got := CutMiddle(c.in, c.limit, c.width); got != c.want {
			t.Errorf("CutMiddle(%q, %d) = %q, want %q", c.in, c.limit, got, c.want)
		}
	}
}

// TestCutMiddleFlags (issue 35 class e): a flag is two regional
// indicators, read in pairs from the first of a run; a cut between the
// two of a flag left the head ending with a lone letter and the tail
// pairing each with the next flag's: "🇺🇸🇪🇸…" cut to "…🇸🇪🇸", which
// reads as the flag of Sweden. Neither side parts a flag.
func TestCutMiddleFlags(t *testing.T) {
	one := func(rune) int { return 1 }
	us, es := "\U0001F1FA\U0001F1F8", "\U0001F1EA\U0001F1F8"
	flags := strings.Repeat(us+es, 5)
	for _, c := range []struct {
		in    string
		limit int
		want  string
	}{
		{flags, 5, us + "…" + es},
		{flags, 6, us + "…" + es},
		{flags, 7, us + "…" + es},
		{flags, 8, us + es + "…" + es},
		// A run that starts odd: the letter before the flags pairs
		// with none.
		{"x" + flags, 8, "x" + us + "…" + es},
		{flags + "x", 8, us + es + "…" + es + "x"},
	} {
		if got := CutMiddle(c.in, c.limit, one); got != c.want {
			t.Errorf("CutMiddle(%q, %d) = %q, want %q", c.in, c.limit, got, c.want)
		}
	}
}

// TestCutMiddleLongCluster (issue 35 class e): a cut inside a character
// and its marks moves to the cluster's edge, and a "cluster" longer than
// any character's (letters joined by U+200D, a letter under thousands of
// accents) was given up whole either side: the name was cut to "…"
// alone, as a lockfile's root spelled so was named in the roots
// headline ("1 root added (… = zlib = …)"). Such a cluster is cut inside
// now; a real one (a family emoji, a letter and its accents) still is
// not.
func TestCutMiddleLongCluster(t *testing.T) {
	one := func(rune) int { return 1 }
	for _, s := range []string{
		strings.Repeat("a\u200d", 100),
		"z" + strings.Repeat("\u0301", 3000),
		strings.Repeat("\u0301", 500) + "x",
	} {
		got := CutMiddle(s, 20, one)
		head, tail, ok := strings.Cut(got, "…")
		if !ok || head == "" || tail == "" || utf8.RuneCountInString(got) > 20 {
			t.Errorf("CutMiddle(%.20q… of %d bytes, 20) = %q: want a head and a tail, 20 characters in all", s, len(s), got)
		}
	}
	family := "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
	s := strings.Repeat("x", 9) + family + strings.Repeat("y", 20)
	if got, want := CutMiddle(s, 20, one), strings.Repeat("x", 9)+"…"+strings.Repeat("y", 9); got != want {
		t.Errorf("CutMiddle of a family emoji at the cut = %q, want %q (the emoji whole or not at all)", got, want)
	}
}
