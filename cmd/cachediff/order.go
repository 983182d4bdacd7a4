package main

import (
	"fmt"
	"regexp"
	"time"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/version"
)

// Snapshots given newest first: a diff of them reads what was added as
// removed, and a gate on removals trips (or passes) the wrong way. The
// command does what it was asked, and says on standard error that the
// order looks reversed.

// releaseTag is a release's tag (v0.23.1), datedTag a tag of a day
// (develop-2025-03-23): its name and its date.
var (
	releaseTag = regexp.MustCompile(`^v[0-9]+(\.[0-9]+)*$`)
	datedTag   = regexp.MustCompile(`^(.+)-([0-9]{4}-[0-9]{2}-[0-9]{2})$`)
)

// newerFirst says why snapshot a (given as OLD) looks newer than b
// (given as NEW), or "" when it does not: by their commit dates
// (snapshots from git), or when those are absent or equal, by their tags,
// when both are of one kind (two releases, by Spack's version order; two
// tags of a day with the same name, by date). Tags of different kinds
// (develop, v0.23.1) say nothing.
func newerFirst(a, b diff.Side) string {
	if a.Date != "" && b.Date != "" {
		o, err1 := time.Parse(time.RFC3339, a.Date)
		n, err2 := time.Parse(time.RFC3339, b.Date)
		if err1 == nil && err2 == nil && !o.Equal(n) {
			if o.After(n) {
				return fmt.Sprintf("committed %s, after %s", a.Date, b.Date)
			}
			return ""
		}
	}
	newer := false
	switch {
	case a.Tag == b.Tag:
	case releaseTag.MatchString(a.Tag) && releaseTag.MatchString(b.Tag):
		newer = version.CompareSpack(a.Tag[1:], b.Tag[1:]) > 0 // a respelling is not newer
	default:
		o, n := datedTag.FindStringSubmatch(a.Tag), datedTag.FindStringSubmatch(b.Tag)
		newer = o != nil && n != nil && o[1] == n[1] && o[2] > n[2]
	}
	if newer {
		// Tags are input (a page's categories): each read as no other
		// (g, U+202E, cc and g, U+FFFD, cc both read g�cc when Shorten
		// made U+202E its U+FFFD), nor as a lookalike's name (v0.2З,
		// its З Cyrillic, read v0.23 as report.VisibleInput wrote it):
		// named as a path is (shownTag), in short, as a release tag of
		// 100,000 components matches releaseTag.
		return fmt.Sprintf("tag %s is newer than %s", shownTag(a.Tag), shownTag(b.Tag))
	}
	return ""
}

// warnOrder warns when the snapshots of a diff (step 0) or of step i of a
// log look newest first (newerFirst), unless --quiet. A log warns of its
// first maxOrderWarnings such steps (reversed counts them all), and
// moreOrderWarnings of the rest once the series is done: a series given
// newest first had a line per step.
func (c *cli) warnOrder(opts *options, step int, a, b diff.Side, reversed *int) {
	why := newerFirst(a, b)
	if why == "" || opts.quiet {
		return
	}
	// The paths are input: each reads as no other, a lookalike (oldа,
	// its а Cyrillic) in ASCII, not as old (snapshot.ShownPath).
	pa, pb := snapshot.ShownPath(a.Path), snapshot.ShownPath(b.Path)
	msg := fmt.Sprintf("%s looks newer than %s (%s): a diff takes OLD then NEW", pa, pb, why)
	if step > 0 {
		if *reversed++; *reversed > maxOrderWarnings {
			return
		}
		msg = fmt.Sprintf("step %d: %s looks newer than %s (%s): a log takes snapshots oldest first", step, pa, pb, why)
	}
	fmt.Fprintf(c.stderr, "cachediff: warning: %s\n", capLine(report.Visible(msg))) // one line, bounded as an error's (printError)
}

// maxOrderWarnings is how many steps of a log warnOrder names.
const maxOrderWarnings = 3

// moreOrderWarnings says how many steps of a log of steps looked newest
// first (reversed) beyond those warnOrder named, and whether all did.
func (c *cli) moreOrderWarnings(reversed, steps int) {
	if reversed <= maxOrderWarnings {
		return
	}
	more := fmt.Sprintf("%d more steps look", reversed-maxOrderWarnings)
	if reversed-maxOrderWarnings == 1 {
		more = "1 more step looks"
	}
	all := ""
	if reversed == steps {
		all = " (every step: the snapshots look given newest first)"
	}
	fmt.Fprintf(c.stderr, "cachediff: warning: and %s newest first%s\n", more, all)
}

// maxTagShown is the most bytes of a tag the newest-first warning names.
const maxTagShown = 256

// shownTag is a tag as the newest-first warning names it: as
// snapshot.ShownPath names a path (in ASCII quotes where it is not plain
// ASCII), cut past maxTagShown bytes.
func shownTag(tag string) string { return snapshot.CutShown(tag, maxTagShown, snapshot.ShownPath) }
