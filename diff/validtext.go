package diff

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cachediff/cachediff/snapshot"
)

// validText is s with each byte that is not UTF-8 replaced by U+FFFD, as
// the JSON report writes it (encoding/json replaces them one by one). A
// report's paths come from the file system, which takes any byte but /
// and NUL: printed as they are, the direct command wrote \xff where
// render of its JSON wrote U+FFFD.
func validText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// ValidText is validText, for the strings of a report that its command
// makes of paths (log --revs RANGE PATH, Revs).
func ValidText(s string) string { return validText(s) }

// validWarning is w with its strings made valid UTF-8 (validText).
func validWarning(w snapshot.Warning) snapshot.Warning {
	w.File, w.Message = validText(w.File), validText(w.Message)
	return w
}

// validSide makes s's strings, which name files and revisions, valid
// UTF-8 (validText), in place.
func validSide(s *Side) {
	s.Path, s.Tag, s.Rev, s.Date = validText(s.Path), validText(s.Tag), validText(s.Rev), validText(s.Date)
	for i := range s.Skipped {
		k := &s.Skipped[i]
		k.File, k.Reason = validText(k.File), validText(k.Reason)
	}
}

// validTexts makes the strings of r that come from paths valid UTF-8
// (validText), as its JSON holds them: the sides, the packages' files
// and the warnings. Spec values are UTF-8 already (the loaders refuse
// others).
func validTexts(r *Report) {
	validSide(&r.Old)
	validSide(&r.New)
	for i := range r.Packages {
		p := &r.Packages[i]
		p.OldFile, p.NewFile = validText(p.OldFile), validText(p.NewFile)
	}
	for i := range r.Warnings {
		r.Warnings[i] = validWarning(r.Warnings[i])
	}
}

// sortedWarnings sorts ws (snapshot.CompareWarnings) and leaves out each
// warning that is another's again: one page given as OLD and NEW (or a
// folder as both) loads its warnings on both sides, of one file, line
// and message, and the report said each twice.
func sortedWarnings(ws []snapshot.Warning) []snapshot.Warning {
	slices.SortFunc(ws, snapshot.CompareWarnings)
	return slices.Compact(ws)
}
