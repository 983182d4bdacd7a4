package report

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"github.com/cachediff/cachediff/diff"
)

// The "revs" of a log of cachediff log --revs: the range and the dates
// that chose its commits, and how many commits they chose, so that a log
// whose range selected none says so (RevsNote) in every format,
// rendered again too.

// revsJSON appends the "revs" member of a log (nothing for nil), after
// its timeline.
func (w *pkgJSON) revsJSON(r *diff.Revs) {
	if r == nil {
		return
	}
	w.begin("  ")
	w.b = append(w.b, ",\n  \"revs\": {"...)
	w.key(1, "range", true)
	w.str(r.Range)
	w.key(1, "path", false)
	w.str(r.Path)
	for _, f := range [...]struct{ k, v string }{{"since", r.Since}, {"until", r.Until}} {
		if f.v != "" { // omitempty
			w.key(1, f.k, false)
			w.str(f.v)
		}
	}
	w.key(1, "commits", false)
	w.b = fmt.Appendf(w.b, "%d", r.Commits)
	w.end(0, '}')
}

// checkRevs checks the "revs" of a decoded log against its steps: as
// many commits as the steps (one more when the first snapshot is a root
// commit), and dates that are RFC 3339 instants.
func checkRevs(r *diff.Revs, steps int) error {
	if r == nil {
		return nil
	}
	if r.Range == "" {
		return fmt.Errorf(`revs.range: empty`)
	}
	if r.Commits != steps && r.Commits != steps+1 {
		return fmt.Errorf("revs.commits: %d commits for %d steps: want as many, or one more", r.Commits, steps)
	}
	for _, d := range [...]struct{ k, v string }{{"since", r.Since}, {"until", r.Until}} {
		if d.v == "" {
			continue
		}
		if _, err := time.Parse(time.RFC3339, d.v); err != nil {
			return fmt.Errorf("revs.%s: %q is not an RFC 3339 date", d.k, shortValue(d.v))
		}
	}
	return nil
}

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

// revsNoteMD is RevsNote(r) in Markdown: the range and the path escaped,
// the dates (RFC 3339, checked by checkRevs on a log read back) in code
// spans, where their colons cannot read as an emoji's :code:.
func revsNoteMD(r *diff.Revs) string {
	if RevsNote(r) == "" {
		return ""
	}
	what := escapeMD(r.Range)
	for _, d := range [...]struct{ k, v string }{{"since", r.Since}, {"until", r.Until}} {
		if d.v != "" {
			what += ", " + d.k + " `" + d.v + "`"
		}
	}
	path := "the repository"
	if r.Path != "" {
		path = escapeMD(r.Path)
	}
	return "no commit in this range changed " + path + " (" + what + ")"
}
