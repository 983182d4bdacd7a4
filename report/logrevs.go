package report

import (
	"cmp"
	"strings"

	"github.com/cachediff/cachediff/diff"
)

// The "revs" of a log of cachediff log --revs: the range and the dates
// that chose its commits, and how many commits they chose, so that a log
// whose range selected none says so (RevsNote) in every format,
// rendered again too.

// RevsNote is what a log says of a range that selected no commit: "no
// commit in this range changed PATH (RANGE, since S, until U)"; "" when
// some commit did, or for nil.
func RevsNote(r *diff.Revs) string {
	if r == nil || r.Commits > 0 {
		return ""
	}
	what := []string{r.Range}
	if r.Since != "" {
		what = append(what, "since "+r.Since)
	}
	if r.Until != "" {
		what = append(what, "until "+r.Until)
	}
	return "no commit in this range changed " + cmp.Or(r.Path, "the repository") + " (" + strings.Join(what, ", ") + ")"
}
