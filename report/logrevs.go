package report

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
)

// The "revs" of a log of cachediff log --revs: the range and the dates
// that chose its commits, and how many commits they chose, so that a log
// whose range selected none says so (RevsNote) in every format,
// rendered again too.

// RevsNote is what a log says of a range that selected no commit: "no
// commit in this range changed PATH (RANGE, since S, until U)"; "" when
// some commit did, or for nil.
//
// The range is quoted as names beside parentheses are (PartsQuoted:
// git takes "a,since" and "a(b" as a branch's name, and a report
// rendered again any range), and the path where it reads as the top's
// words, as a pair's side is where it reads as ∅ (Same): as they were,
// the folder "the repository" read as the top, and the range "main,
// since S" as the range main since S.
func RevsNote(r *diff.Revs) string {
	if r == nil || r.Commits > 0 {
		return ""
	}
	what := []string{RevsRange(r)}
	if r.Since != "" {
		what = append(what, "since "+r.Since)
	}
	if r.Until != "" {
		what = append(what, "until "+r.Until)
	}
	return "no commit in this range changed " + RevsPath(r) + " (" + strings.Join(what, ", ") + ")"
}

// RevsRange is r's range as RevsNote writes it: quoted as Go quotes a
// string where PartsQuoted would quote it.
func RevsRange(r *diff.Revs) string { return revsItem(r.Range, PartsQuoted([]string{r.Range})) }

// RevsPath is r's path as RevsNote writes it: "the repository" for the
// top, and a path that reads so (or such a path quoted) quoted as Go
// quotes a string.
func RevsPath(r *diff.Revs) string {
	if r.Path == "" {
		return topWords
	}
	// A path that holds a space ("-x y") or reads as a list's parts is
	// quoted, as a list's names are: it read unquoted into the words
	// around it (changed -x y (HEAD~1..HEAD)).
	return revsItem(r.Path, topLike(r.Path) || PartsQuoted([]string{r.Path}) || WordsQuoted([]string{r.Path}))
}

// revsItem is a range or a path as RevsNote writes it: quoted as Go
// quotes a string when quoted, and in ASCII when it holds a backslash, a
// control character or a character past ASCII. Written as it is, a
// folder a\u202eb (its backslash and letters) and a folder a, U+202E, b
// read alike on standard error, where Visible writes the second so,
// and _cache/dеvelop (its е Cyrillic) read as _cache/develop: no commit
// changed the folder the reader knows.
func revsItem(s string, quoted bool) string {
	if strings.ContainsFunc(s, func(c rune) bool { return c == '\\' || c < ' ' || c == 0x7f || c >= utf8.RuneSelf }) {
		return strconv.QuoteToASCII(s)
	}
	return ListItem(s, quoted)
}

// topWords is what RevsNote calls the path of the top of a repository.
const topWords = "the repository"

// topLike reports whether a path p reads as the top's (RevsPath): it is
// topWords, or such a path quoted.
func topLike(p string) bool {
	if p == topWords {
		return true
	}
	if u, ok := unquoteLabel(p); ok {
		return topLike(u)
	}
	return false
}
