package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cachediff/cachediff/report"
)

// Fitting the terminal format to a width (report.Options.Width): lines are
// measured in terminal cells (cells), wrapped at spaces with a hanging
// indent (wrapText), and a word wider than the line is broken (a very
// long package name), so that no line is wider than the width. The
// colour codes paint writes take no cell and are never broken.

// cells returns the number of terminal columns s takes: one a rune, none
// for an ANSI colour code (paint's) or a combining mark, two for an East
// Asian wide character.
func cells(s string) int {
	if cellsScanned != nil {
		cellsScanned(len(s))
	}
	n := 0
	for i := 0; i < len(s); {
		if k := escapeLen(s[i:]); k > 0 {
			i += k
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n += runeCells(r)
		i += size
	}
	return n
}

// cellsScanned, when set (by tests), is called with the length of each
// string cells measures.
var cellsScanned func(n int)

// escapeLen is the length of the ANSI colour code s starts with
// ("\x1b[1m"), or 0. report.VisibleInput writes any escape character of the input
// as the text \x1b, so the only escapes in a line are paint's.
func escapeLen(s string) int {
	if len(s) < 3 || s[0] != '\x1b' || s[1] != '[' {
		return 0
	}
	if k := strings.IndexByte(s, 'm'); k > 0 {
		return k + 1
	}
	return 0
}

// runeCells is the columns a rune takes on a terminal.
func runeCells(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me):
		return 0
	case wideRune(r):
		return 2
	}
	return 1
}

// wideRune reports whether r is an East Asian wide or full-width
// character (the ranges of Markus Kuhn's wcwidth), or a pictograph.
func wideRune(r rune) bool {
	return r >= 0x1100 && (r <= 0x115f || r == 0x2329 || r == 0x232a ||
		r >= 0x2e80 && r <= 0xa4cf && r != 0x303f ||
		r >= 0xac00 && r <= 0xd7a3 || r >= 0xf900 && r <= 0xfaff ||
		r >= 0xfe30 && r <= 0xfe6f || r >= 0xff00 && r <= 0xff60 ||
		r >= 0xffe0 && r <= 0xffe6 || r >= 0x1f300 && r <= 0x1f64f ||
		r >= 0x1f900 && r <= 0x1f9ff || r >= 0x20000 && r <= 0x3fffd)
}

// wrapText writes s as lines of at most width cells: the first starts
// with first, the others with hang, and s is broken at its spaces; a word
// wider than a line is broken where it reaches the edge.
func wrapText(s string, width int, first, hang string) []string {
	return wrapWords(glueArrows(strings.Split(s, " ")), width, first, hang)
}

// wrapWords is wrapText of words joined by spaces: a word is broken only
// when it is wider than a line (it may hold spaces: "bricks 3").
func wrapWords(words []string, width int, first, hang string) []string {
	var lines []string
	line := first
	empty := true // nothing of s on line yet
	used := cells(first)
	room := width - cells(hang) // the widest word a continued line holds
	// A glued group ("A → B") wider than a line is its own words, split
	// here in one pass (splitting each in the list as met copied the
	// list once per such group).
	var split []string
	for i, word := range words {
		if cells(word) > room && strings.Contains(word, " ") {
			if split == nil {
				// An arrow's group is three words.
				split = append(make([]string, 0, i+3*(len(words)-i)), words[:i]...)
			}
			split = append(split, strings.Split(word, " ")...)
		} else if split != nil {
			split = append(split, word)
		}
	}
	if split != nil {
		words = split
	}
	for i := 0; i < len(words); i++ {
		word := words[i]
		wc := cells(word)
		switch {
		case empty && used+wc+commandLead(word) <= width:
			line += word
			used += wc + commandLead(word)
			empty = false
			continue
		case !empty && used+1+wc <= width:
			line += " " + word
			used += 1 + wc
			continue
		}
		if !empty {
			lines = append(lines, line)
			line, used = hang, cells(hang)
		}
		// The word starts a line; wider than it, it is broken. A piece
		// that starts a line with "::" takes the cells of its escape
		// (noCommandStart) too.
		for used+wc+commandLead(word) > width {
			head, rest := cutCells(word, width-used-commandLead(word))
			if head == "" { // not even one character fits: one (or one escape) goes anyway
				k := firstRuneLen(word)
				head, rest = word[:k], word[k:]
			}
			lines = append(lines, line+head)
			line, used = hang, cells(hang)
			// The rest's cells are the word's less the head's: measuring
			// the rest whole again at each line cost a word of n cells
			// n²/width.
			word, wc = rest, wc-cells(head)
		}
		line += word
		used += wc + commandLead(word)
		empty = false
	}
	lines = append(lines, line)
	for i, l := range lines {
		lines[i] = noCommandStart(strings.ReplaceAll(l, nbsp, " "))
	}
	return lines
}

// commandLead is the cells noCommandStart adds to a line that word
// starts: 3 for the "\x3a" of its first colon when it starts with "::".
func commandLead(word string) int {
	if strings.HasPrefix(word, "::") {
		return len(`\x3a`) - 1
	}
	return 0
}

// noCommandStart returns line with the first colon of a "::" that starts
// it, after blank space, written \x3a: GitHub Actions' runner reads such
// a line of a job's output as a workflow command ("::error::…"), and a
// name from the input, or a piece of a long one, can start a wrapped
// line. (report.VisibleInput writes the legacy form's "##[", which the runner
// reads anywhere in a line.)
func noCommandStart(line string) string {
	t := strings.TrimLeftFunc(line, unicode.IsSpace)
	if !strings.HasPrefix(t, "::") {
		return line
	}
	return line[:len(line)-len(t)] + `\x3a` + t[1:]
}

// nbsp joins words that a line must not break apart ("+4 −3"): a space
// once wrapped. It is NUL, which report.VisibleInput writes as the text \x00, so no
// name can hold it.
const nbsp = "\x00"

// glueArrows joins an arrow to the words either side of it, so that
// "63 → 64" is never broken.
func glueArrows(words []string) []string {
	out := words[:0]
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "→" && len(out) > 0 && i+1 < len(words) {
			out[len(out)-1] += " → " + words[i+1]
			i++
			continue
		}
		out = append(out, w)
	}
	return out
}

// cutCells cuts s after at most n cells, never inside a colour code nor
// inside an escape of visible text (report.EscapeLen): "\u20" at a
// line's end and "2e" at the next one's start read as neither U+202E
// nor its escape.
func cutCells(s string, n int) (head, rest string) {
	used := 0
	for i := 0; i < len(s); {
		if k := escapeLen(s[i:]); k > 0 {
			i += k
			continue
		}
		if k := report.EscapeLen(s[i:]); k > 0 {
			if used+k > n {
				return s[:i], s[i:]
			}
			used += k
			i += k
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		c := runeCells(r)
		if used+c > n {
			return s[:i], s[i:]
		}
		used += c
		i += size
	}
	return s, ""
}

// textLabel is a snapshot's name (its tag, path or commit, plain text
// already made safe) as text names it: the headline, and a log's title,
// step heads and runs. It is whole up to report.MaxWord cells, the bound of a
// name in Markdown and HTML (report.Shorten), and wraps as any word does; a
// longer one keeps its first and its last cells either side of "…",
// where tags and paths differ (a date, the folder): a 10,000-character
// tag takes three lines at 80 columns wherever it is named, not 125.
func textLabel(s string) string { return report.CutLabel(s, report.MaxWord, runeCells) }

// firstRuneLen is the length of s's colour codes, if any, and first
// rune, or first escape of visible text (report.EscapeLen) whole.
func firstRuneLen(s string) int {
	i := 0
	for k := escapeLen(s); k > 0; k = escapeLen(s[i:]) {
		i += k
	}
	if k := report.EscapeLen(s[i:]); k > 0 {
		return i + k
	}
	_, size := utf8.DecodeRuneInString(s[i:])
	return i + size
}

// fitNames returns the longest of line(k), for k names of total, that
// fits in width cells: all names when they fit, else as many as fit
// (line's "…and N more" counting the rest), else none. line(k) must grow
// with k below total (a name adds at least its ", " while the count of
// the rest loses at most a digit).
func fitNames(total, width int, line func(k int) string) string {
	if s := line(-1); total == 0 || cells(s) <= width {
		return s
	}
	lo, hi := 0, total-1 // line(lo) is the best known to fit, or none does
	if cells(line(0)) > width {
		return line(0)
	}
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if cells(line(mid)) <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return line(lo)
}
