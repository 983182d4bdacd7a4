package diff

import (
	"slices"

	"github.com/cachediff/cachediff/snapshot"
)

// validText is snapshot.ValidText: the strings of a report as its JSON
// holds them.
var validText = snapshot.ValidText

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
