package main

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/linkword"
	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/gitsrc"
	"github.com/cachediff/cachediff/snapshot/input"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// logCommand is the changelog of a series of snapshots.
var logCommand = &command{
	name:     "log",
	synopsis: "[flags] SNAPSHOT SNAPSHOT [SNAPSHOT...]\n       cachediff log [flags] --revs RANGE PATH",
	summary:  "the changelog of a series of snapshots, step by step, with a timeline of versions",
	about: `Writes the changelog of a series of snapshots, oldest first: each step is the
diff of two neighbouring snapshots (as "cachediff OLD NEW" would report it), and
the whole series adds the packages that came and went and a timeline of when
each version was in the cache. The snapshots are folders, page files, Spack's
own files (build-cache indexes, lockfiles, spec files) or REV:PATH; each is
loaded once, and only two are held at a time.

With --revs RANGE PATH, the series is PATH at the range's base, then at every
commit of the range that changed PATH, oldest first (first-parent history, as
git rev-list --first-parent --reverse RANGE -- PATH). A range that selects no
commit whatever PATH (HEAD..HEAD~2, reversed) is an error, as is one of two
ends (A...B of two branches: a log follows one line of history). --since and --until
take a date cachediff reads itself, and refuse anything else (git would read a
typo as some date): 2025-03-16 (the start of the day), 2025-03-16 10:00 (local
time), 2025-03-16T10:00:00Z or +01:00, RFC 2822, @SECONDS, now, today and
yesterday (the start of the day), N seconds, minutes, hours, days, weeks,
months or years ago, last week. When no commit in the dates changed PATH, the
series is PATH as the last change left it, alone: no step, exit 0, and the log
says so. Where PATH does not exist (before it was made, after a commit deleted
it) the snapshot is empty: the step adds or removes every package. It needs
the git program.

Markdown (the default) writes the newest step first, each with its headline,
what matters in it and its packages' details collapsed; --max-bytes and
--github-comment cut the oldest steps first, keeping the headline and the
newest step. Markdown, text and HTML keep the steps rendered until the end,
past 8 MB in a temporary file in TMPDIR. JSON (cachediff/log/v1) holds every step
as a cachediff/v1 report; "cachediff render" renders it again. Atom is a feed
for feed readers: an entry per step, newest first, titled with its highlights,
its id from the commit (or the tag), never changed by a later run; --max-entries
keeps the newest steps, --feed-id names the feed. The filters apply to every
snapshot, --fail-on to every step. Exit status: 0 when no step changed
anything (with --fail-on: no step tripped the gate), 1 otherwise, 2 trouble.`,
	examples: `cachediff log _cache/develop-2025-02-16 _cache/develop-2025-02-23 \
    _cache/develop-2025-03-02
cachediff log --format json -o log.json _cache/develop-*
cachediff log --revs HEAD~7..HEAD _cache/develop   # a week of nightlies
cachediff log --revs main --since '1 week ago' _cache/develop
cachediff log --github-comment --fail-on removed-package old/ mid/ new/
cachediff log -f atom --max-entries 30 -o feed.xml --revs main _cache/develop
cachediff render log.json                          # the saved log again`,
	groups:   []flagGroup{seriesFlags, inputFlags, filterFlags, logOutputFlags, gateFlags},
	notApply: "a log is written as " + orList(report.LogFormats()),
	after: func(b *strings.Builder, width int) {
		gateKindsHelp(b, width)
	},
	run: runLog,
}

var seriesFlags = flagGroup{
	title: "Series",
	add: func(fs *pflag.FlagSet, o *options) {
		fs.StringVar(&o.revs, "revs", "", "the series is PATH at the base of the git revision `RANGE` (A..B), then at every first-parent commit of it that changed PATH")
		fs.StringVar(&o.since, "since", "", "with --revs: only commits at `DATE` or later (2025-03-16: its start; '1 week ago', @SECONDS: see above)")
		fs.StringVar(&o.until, "until", "", "with --revs: only commits at `DATE` or earlier (a day: its start)")
	},
	check: func(fs *pflag.FlagSet, o *options) error {
		if o.revs == "" && (o.since != "" || o.until != "") {
			return fmt.Errorf("--since and --until go with --revs")
		}
		if fs.Changed("revs") && o.revs == "" {
			return fmt.Errorf("--revs: want a revision range, such as HEAD~7..HEAD")
		}
		return nil
	},
}

// runLog loads the series one snapshot at a time, diffs each with the one
// before and writes the log as it goes.
// newLogWriter is report.NewLogWriter; the tests wrap the writer it
// returns to see it closed.
var newLogWriter = report.NewLogWriter

func runLog(c *cli, opts *options, args []string) (int, error) {
	// Each snapshot loads with the state the one before left (its
	// strings, canonical forms and list texts: a series holds mostly the
	// same), bounded in count and bytes (snapshot.Shared).
	lo := snapshot.Options{Raw: opts.raw, SkipInvalid: opts.skip, Shared: new(snapshot.Shared)}
	c.mem().loading()
	var names []string   // the snapshot arguments, or REV:PATH of the commits
	var linkOut string   // under --revs, why a link out of PATH refuses the log
	var emptyNote string // under --revs, why the log has no step (RevsNote)
	subjects := map[string]string{}
	var absent []*gitsrc.Commit // by index of names: PATH absent at that commit
	var revs *diff.Revs
	if opts.revs != "" {
		if len(args) != 1 {
			took := "" // --revs PATH, its RANGE left out: "got 0 arguments" named no flag
			if _, err := os.Lstat(inDir(opts.dir, opts.revs)); len(args) == 0 && err == nil {
				took = fmt.Sprintf(" (--revs took %s as its RANGE: give --revs a range, such as HEAD~7..HEAD)", snapshot.ShownPath(opts.revs))
			}
			if len(args) > 1 {
				took = dashesHint(opts) // log --revs R -- PATH -q
			}
			return exitTrouble, usageErrorf("log --revs RANGE PATH: want one PATH; got %s%s", nArgs(len(args)), took)
		}
		since, until, err := seriesDates(opts.since, opts.until, time.Now())
		if err != nil {
			return exitTrouble, err
		}
		if err := c.outputFirst(opts); err != nil { // before git lists the range
			return exitTrouble, err
		}
		if u, ok := urlAsPath(args[0]); ok {
			// Taken for a path, it was cleaned of its // and quoted
			// whole by git's messages, password and query included.
			return exitTrouble, usageErrorf("log --revs RANGE PATH: %s is a URL, not a path in the repository: --revs reads PATH at each commit of RANGE; for a series of mirrors, give each as a SNAPSHOT", mirror.Redact(u))
		}
		repo, err := gitsrc.OpenRepo(opts.dir)
		if err != nil {
			return exitTrouble, err
		}
		commits, err := repo.Series(opts.revs, args[0], since, until)
		if err != nil {
			return exitTrouble, swappedRevs(opts, args[0], err)
		}
		_, top, _ := strings.Cut(commits[0].Spec, ":")
		// RANGE and PATH as the JSON holds them (a folder d\xff as d\uFFFD):
		// the Atom feed's id and title are made of PATH.
		revs = &diff.Revs{Range: snapshot.ValidText(opts.revs), Path: snapshot.ValidText(top), Since: since, Until: until}
		absent = make([]*gitsrc.Commit, len(commits))
		for i, cm := range commits {
			names = append(names, cm.Spec)
			subjects[cm.ID] = cm.Subject
			if cm.Absent {
				absent[i] = &commits[i]
			}
			if !cm.Base {
				revs.Commits++
			}
		}
		// A link of PATH followed out of it leads to what a commit can
		// change without changing PATH: no step of the log, which lists
		// the commits that changed PATH, so that a commit that changed
		// only Data/i.json, which snap/cache.json leads to, passed the
		// gate while git:HEAD~1:snap against git:HEAD:snap changed.
		// The pair read from where the log reads: with -C DIR, the
		// pair without it was read from the current folder, no
		// repository or another one.
		inFolder := gitsrc.InFolder(opts.dir)
		c.sources.GitLinkOut = func(link, target string) {
			if linkOut == "" {
				linkOut = linkOutMessage(link, target, revs, top, inFolder)
			}
		}
		defer func() { c.sources.GitLinkOut = nil }()
		// PATH is from the current folder, named from the top at each
		// commit: placed in the site as ./PATH is (input.Options).
		c.sources.GitFromFolder = true
		defer func() { c.sources.GitFromFolder = false }()
		// Each commit's PATH is read through the repository of the
		// series, which holds what git said of each commit.
		c.sources.GitRepo = repo
		defer func() { c.sources.GitRepo = nil }()
		if note := report.RevsNote(revs); note != "" && !opts.quiet {
			// Exit 0, as a quiet week is: say why there is no step, once
			// the commit it names has loaded (a link out of PATH refuses
			// it, and the note said the log was that commit first).
			// PATH named as the note names it (report.RevsPath): the
			// folder "the repository" read as the top.
			emptyNote = fmt.Sprintf("%s: the log is %s as commit %s left it", note, report.RevsPath(revs), commits[0].ID[:min(12, len(commits[0].ID))])
		}
	} else {
		if len(args) < 2 {
			return exitTrouble, usageErrorf("log: want two snapshots or more, oldest first (or --revs RANGE PATH); got %s%s", nArgs(len(args)), outputTookFolder(opts, true)+flagTook(opts, true))
		}
		if err := dashedFlag(opts, "a snapshot", args); err != nil {
			return exitTrouble, err
		}
		if slices.Contains(args, stdinName) {
			return exitTrouble, usageErrorf("log: a snapshot cannot be standard input (-): a series has several")
		}
		if opts.failOn != nil {
			for i := 1; i < len(args); i++ {
				if sameArgs(opts.dir, args[i-1], args[i]) {
					return exitTrouble, fmt.Errorf("step %d: snapshots %d and %d are the same snapshot (%s): a step from it to itself has no change by construction, and a gate on it passes whatever it holds: check the arguments", i, i, i+1, shownArg(args[i]))
				}
			}
		}
		names = args
		if err := c.outputFirst(opts, args...); err != nil {
			return exitTrouble, err
		}
	}

	var out *output
	var w report.LogWriter
	if !opts.quiet {
		var err error
		if out, err = c.openOutput(opts.output); err != nil {
			return exitTrouble, err
		}
		w, _ = newLogWriter(opts.format, out.w, report.LogOptions{Options: renderOptions(opts, c.stdout), Subjects: subjects})
		defer w.Close() // a failed step leaves Finish uncalled: its spill must go too
	}
	fail := func(err error) (int, error) {
		if out != nil {
			return exitTrouble, out.fail(err)
		}
		return exitTrouble, err
	}
	var prevBytes, olderBytes int64
	var seriesBytes int64               // of every snapshot loaded (memoryBudget.finishing)
	var lastKept int64                  // what the writer held at the last limit (w.Kept)
	var prev *snapshot.Snapshot         // the snapshot loaded before, for sameSnapshot
	sameAt := map[int]string{}          // the steps from a snapshot to itself, by step
	lockV := make([][2]int, len(names)) // each snapshot's lockfile versions (hashSchemeWarning)
	var revsSkips []revsSkip            // the commits that left files out, under --revs (noteRevsSkipped)
	load := func(i int) (*snapshot.Snapshot, error) {
		if i >= 2 {
			// The snapshot before the two held and the step written are
			// garbage now, and nothing else runs (see memory.go); so is
			// what the writer held and let go since the last limit (its
			// steps moved to a temporary file, package spill): counted
			// as kept then, and alive at the last collection, it would
			// count as the series' (beyondInput), and the limit would
			// leave it three times over as room until a collection came.
			freed := olderBytes
			if w != nil {
				freed += max(lastKept-w.Kept(), 0)
			}
			c.mem().collect(freed)
		}
		if absent != nil && absent[i] != nil {
			// PATH before it was made, or after it was deleted: no
			// package (not an error, as an empty folder given is).
			// Said, so that a step that removes or adds every package
			// says why.
			cm := absent[i]
			_, p, _ := strings.Cut(cm.Spec, ":")
			w := snapshot.Warning{File: names[i], Message: absentMessage(p, cm.ID)}
			return &snapshot.Snapshot{Path: names[i], Rev: cm.ID, Date: gitsrc.DateText(cm.Date), Raw: lo.Raw, Packages: []*snapshot.Package{}, Warnings: []snapshot.Warning{w}}, nil
		}
		o := lo
		if c.memory != nil && i == 0 {
			// As a diff's old snapshot (diffCommand): under a limit
			// from what it has read, as if the next were its size.
			o.Read = outgrowing(0, func(expect int64) { c.memory.limitLog(expect*8/5, 0) })
		}
		if c.memory != nil && i > 0 {
			// The limit set after the snapshot before expects this one
			// to be about its size (the second) or the one before it
			// (the others: that one is garbage now): raised as this one
			// turns out larger (outgrowing).
			var kept int64
			if w != nil {
				kept = w.Kept()
			}
			expected, held := olderBytes, prevBytes
			if i == 1 {
				expected = prevBytes
			}
			o.Read = outgrowing(expected, func(expect int64) { c.memory.limitLog(held+expect, kept) })
		}
		beside := "" // a neighbour, whose PATH a revision's hint gives
		if i > 0 {
			beside = names[i-1]
		} else if len(names) > 1 {
			beside = names[1]
		}
		s, err := c.loadSnapshot(opts.dir, names[i], beside, o)
		if err != nil {
			return nil, c.seriesArgError(opts.dir, names, i, err)
		}
		if linkOut != "" {
			return nil, errors.New(linkOut)
		}
		lockV[i][0], lockV[i][1] = s.LockfileVersions()
		if opts.revs == "" && i > 0 && prev != nil {
			// Spelt otherwise (main:PATH after HEAD:PATH, PATH/), one
			// snapshot twice, as sameArgs finds before loading; without
			// a gate, the step says so (render refuses it under one).
			same := sameSnapshot(opts.dir, names[i-1], names[i], prev, s)
			if same != "" && opts.failOn != nil {
				return nil, fmt.Errorf("step %d: snapshots %d and %d are the same snapshot (%s): a step from it to itself has no change by construction, and a gate on it passes whatever it holds: check the arguments", i, i, i+1, same)
			}
			if same != "" {
				sameAt[i] = same
			}
		}
		prev = s
		if !opts.quiet && len(s.Skipped) > 0 {
			if revs != nil {
				// Its name and list alone: the snapshot is let go.
				revsSkips = append(revsSkips, revsSkip{names[i], &snapshot.Snapshot{Path: s.Path, Rev: s.Rev, Skipped: s.Skipped}})
			} else {
				c.noteSkipped(opts.dir, names[i], s, listedIn("log", opts))
			}
		}
		if opts.output != "" {
			if err := refuseInputs(c.stdin, opts.output, snapshotFiles(s)...); err != nil {
				return nil, err
			}
		}
		if c.memory != nil {
			// The two snapshots held, and what a Markdown or text log
			// holds in memory of its steps until it is written, newest
			// first (up to 8 MB, the rest in a temporary file; under
			// --max-bytes every step's rows: a log of twelve 60k-spec
			// trees of heavy churn holds 160 MB of Markdown, and left
			// out, the collector ran over 200 times at the limit).
			var kept int64
			if w != nil {
				kept = w.Kept()
			}
			input := prevBytes + s.Bytes
			if i == 0 {
				// Pace the collector from here, while the second
				// snapshot loads, as a diff does: the trees of a series
				// are about the same size. Set from the first alone, the
				// limit started a collection in the middle of the second
				// load, which then marked beside the loading goroutines
				// (docs/performance.md, "The collector after the first
				// snapshot").
				input = 2 * s.Bytes
			}
			c.memory.limitLog(input, kept)
			lastKept = kept
		}
		olderBytes, prevBytes = prevBytes, s.Bytes
		seriesBytes += s.Bytes
		return s, nil
	}
	code := exitSame
	selected := false
	reversed := 0 // the steps that look newest first (warnOrder)
	series, err := diff.CompareSeries(len(names), load, opts.filter, func(i int, r *diff.Report) error {
		if same, ok := sameAt[i]; ok {
			warnSameSnapshot(r, same)
			delete(sameAt, i)
		}
		if w, ok := hashSchemeWarning(r.Old.Path, r.New.Path, lockV[i-1], lockV[i]); ok {
			r.AddWarning(w)
		}
		if opts.revs == "" {
			// Under --revs git's history orders the series, not the
			// user (a commit date can go back, after a rebase).
			c.warnOrder(opts, i, r.Old, r.New, &reversed)
		}
		if opts.failOn != nil {
			g, err := gateOf(r, opts.failOn)
			if err != nil {
				return fmt.Errorf("step %d: %w", i, err)
			}
			r.SetGate(g)
		}
		if exitCode(r) == exitDiffers {
			code = exitDiffers
		}
		selected = selected || r.Old.Packages > 0 || r.New.Packages > 0
		if w == nil {
			return nil
		}
		return w.Step(r)
	})
	if err != nil {
		return fail(err)
	}
	c.noteRevsSkipped(opts, revs, names, revsSkips)
	if emptyNote != "" {
		fmt.Fprintf(c.stderr, "cachediff: %s\n", report.Visible(emptyNote))
	}
	c.moreOrderWarnings(reversed, len(names)-1)
	if bad := series.Unmatched; bad != nil {
		// A log's JSON has no top-level "packages" or "stacks": its
		// timeline lists every package, each step (a report) its stacks.
		return fail(unmatchedErrors(bad, "in any snapshot of the series", logPackages, logStacks))
	}
	if len(names) > 1 && !selected && len(opts.filter.Packages)+len(opts.filter.Stacks) > 0 {
		return fail(fmt.Errorf("%s together select nothing in any snapshot of the series: %s", filtersGiven(opts.filter), selectNothing))
	}
	for i := range series.Snapshots {
		series.Snapshots[i].Subject = subjects[series.Snapshots[i].Rev]
	}
	series.Revs = revs
	if w == nil {
		return code, nil
	}
	c.mem().finishing(seriesBytes)
	if err := w.Finish(series); err != nil {
		return fail(err)
	}
	if err := out.commit(); err != nil {
		return exitTrouble, err
	}
	return code, nil
}

// seriesDates reads log's --since and --until (gitsrc.ParseDate, relative
// dates as of now) and returns them as RFC 3339 instants in UTC ("" for
// none), which git cannot read otherwise. Dates no commit can fall in
// (since after until, or since in the future) are an error: a typo must
// not pass for a quiet week.
func seriesDates(since, until string, now time.Time) (string, string, error) {
	var t [2]time.Time
	for i, d := range [...]struct{ flag, value string }{{"--since", since}, {"--until", until}} {
		if d.value == "" {
			continue
		}
		var err error
		if t[i], err = gitsrc.ParseDate(d.value, now); err != nil {
			return "", "", usageErrorf("%s: %v", d.flag, err)
		}
	}
	switch {
	case since != "" && until != "" && t[0].After(t[1]):
		return "", "", usageErrorf("--since %s is after --until %s: no commit is in both", dateArg(since, t[0]), dateArg(until, t[1]))
	case since != "" && until != "" && t[0].Equal(t[1]) && t[0].Equal(startOfDay(t[0])):
		// Both name a day, which is its start: one instant, midnight.
		return "", "", usageErrorf("--since %s and --until %s are one instant, the start of the day, which holds no commit but one made at midnight; for the day's commits, --until %s", dateArg(since, t[0]), dateArg(until, t[1]), t[0].AddDate(0, 0, 1).Format(time.DateOnly))
	case since != "" && t[0].After(now):
		return "", "", usageErrorf("--since %s is in the future (now is %s): it selects no commit", dateArg(since, t[0]), now.UTC().Format(time.RFC3339))
	}
	var out [2]string
	for i := range t {
		if !t[i].IsZero() {
			out[i] = t[i].UTC().Format(time.RFC3339Nano)
		}
	}
	return out[0], out[1], nil
}

// startOfDay is midnight of t's day, in t's location.
func startOfDay(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}

// dateArg names a date of --since or --until in a message: as given,
// quoted when it has spaces, and the instant it is unless it says it.
func dateArg(given string, t time.Time) string {
	at := t.UTC().Format(time.RFC3339Nano)
	if strings.Contains(given, " ") {
		given = "'" + given + "'"
	}
	if strings.HasPrefix(given, "@") || strings.Count(given, "-") == 2 && !strings.Contains(given, ":") {
		return given // unix seconds, or a day: plain enough
	}
	return given + " (" + at + ")"
}

// renderLog renders a saved log (cachediff render of a cachediff/log/v1
// document) and returns the exit status the log would have had: 1 when a
// step changed anything or, with a gate (saved, or --fail-on given now),
// when a step tripped it.
func renderLog(c *cli, opts *options, path string, data []byte) (int, error) {
	if f, _ := report.Lookup(opts.format); opts.template != "" || f.Log == nil {
		return exitTrouble, usageErrorf("render: %s is a log: it is written as %s, without --template", snapshot.ShownPath(path), orList(report.LogFormats()))
	}
	l, err := jsonv1.DecodeLog(data)
	if err != nil {
		return exitTrouble, fmt.Errorf("reading %s: %w", snapshot.ShownPath(path), err)
	}
	if opts.output != "" && !slices.Contains(report.LogFormats(), outputFormat(opts.output)) {
		// render -o l.patch LOG.json said "give --format patch", which
		// a log refuses: as log -o l.patch, no word (noteOutputFormat).
		// The note of a terminal (render -f html LOG.json: "that was an
		// HTML page") comes only without --output, and is kept.
		c.outputNote = ""
	}
	code := exitSame
	subjects := map[string]string{}
	for _, s := range l.Series.Snapshots {
		if s.Rev != "" && s.Subject != "" {
			subjects[s.Rev] = s.Subject
		}
	}
	reversed := 0 // the steps that look newest first (warnOrder), as log warned
	for i, r := range l.Steps {
		if l.Series.Revs == nil {
			c.warnOrder(opts, i+1, r.Old, r.New, &reversed)
		}
		if opts.failOn != nil {
			if sameSide(r.Old, r.New) || saysSameSnapshot(r) {
				return exitTrouble, fmt.Errorf("step %d: snapshots %d and %d are the same snapshot (%s): a step from it to itself has no change by construction, and a gate on it passes whatever it holds: check the arguments the log was made of", i+1, i+1, i+2, shownArg(r.Old.Path))
			}
			g, err := gateOf(r, opts.failOn)
			if err != nil {
				return exitTrouble, fmt.Errorf("step %d: %w", i+1, err) // as log numbers it
			}
			r.SetGate(g)
		}
		if exitCode(r) == exitDiffers {
			code = exitDiffers
		}
	}
	if opts.failOn != nil {
		// The series' news is made from the steps' as the log is read
		// (DecodeLog), before the steps' gates were set here: made again,
		// it has their gate lines, as log's own has.
		l.Series.Highlights = diff.SeriesNews(l.Steps)
	}
	c.moreOrderWarnings(reversed, len(l.Steps))
	if opts.quiet {
		return code, nil
	}
	out, err := c.openOutput(opts.output)
	if err != nil {
		return exitTrouble, err
	}
	w, _ := newLogWriter(opts.format, out.w, report.LogOptions{Options: renderOptions(opts, c.stdout), Subjects: subjects})
	defer w.Close()
	if err := jsonv1.WriteLog(w, l); err != nil {
		return exitTrouble, out.fail(err)
	}
	if err := out.commit(); err != nil {
		return exitTrouble, err
	}
	return code, nil
}

// urlAsPath returns p, log --revs's PATH, without any leading ./ when it
// is written as an http, https or file URL (with //, one slash, or
// backslashes after its scheme's colon): git would take it for a path.
func urlAsPath(p string) (string, bool) {
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	for _, scheme := range []string{"https:", "http:", "file:"} {
		if len(p) > len(scheme) && strings.EqualFold(p[:len(scheme)], scheme) && (p[len(scheme)] == '/' || p[len(scheme)] == '\\') {
			return p, true
		}
	}
	return "", false
}

// writtenAsURL reports whether p, a file's name given on the command
// line, is written as a URL: a // in it, or an http, https or file URL
// whose // a path joined or cleaned made one slash, or written with
// backslashes (urlAsPath), which a message names as a mirror's URL is
// (mirror.Redact), not quoted whole.
func writtenAsURL(p string) bool {
	_, ok := urlAsPath(p)
	return ok || strings.Contains(p, "://")
}

// swappedRevs is err, git's refusal of log --revs RANGE PATH, with a
// hint when RANGE and PATH were swapped: --revs _cache/develop
// HEAD~7..HEAD said "unknown revision _cache/develop in the range
// _cache/develop", naming no PATH. Only when --revs names something on
// disk and is no range (no ..), and the PATH is one (a .., but no
// path component ..) that names nothing on disk (namesNothing).
func swappedRevs(opts *options, path string, err error) error {
	if strings.Contains(opts.revs, "..") || !strings.Contains(path, "..") || slices.Contains(strings.Split(filepath.ToSlash(path), "/"), "..") {
		return err
	}
	if _, e := os.Lstat(inDir(opts.dir, opts.revs)); e != nil {
		return err
	}
	if _, e := os.Lstat(inDir(opts.dir, path)); !namesNothing(e) {
		return err
	}
	word := opts.revs
	if strings.HasPrefix(word, "-") {
		// --revs -x HEAD~1..HEAD: "write --revs 'HEAD~1..HEAD' -x",
		// pasted, said "unknown shorthand flag: 'x' in -x".
		word = "./" + word
	}
	// A range is revisions, never git:REV:PATH: --revs _cache/develop
	// git:HEAD~2..HEAD said "write --revs 'git:HEAD~2..HEAD' …", which
	// pasted said "unknown revision git:HEAD~2".
	rng := strings.TrimPrefix(path, input.RevPrefix)
	hint := fmt.Sprintf(" (--revs took the path %s as its RANGE, and the range %s is the PATH: write --revs %s %s)", snapshot.CutShown(opts.revs, maxHintWord, snapshot.ShownPath), snapshot.CutShown(path, maxHintWord, snapshot.ShownPath), hintWord(rng), hintWord(word))
	// git's refusal names the path twice, each whole up to 2 KB and
	// 6 bytes a character as \u200b: a path of 480 U+200B made 5.8 KB
	// of it, and the line's cap cut the hint's words to write. Cut to
	// what the line has left, the hint whole.
	room := max(maxErrorLine-len("cachediff: ")-len(hint), 512)
	return hintedError{err, input.CutMessage(err.Error(), room) + hint}
}

// hintedError is err whose message, msg, is its own cut and a hint.
type hintedError struct {
	err error
	msg string
}

func (e hintedError) Error() string { return e.msg }
func (e hintedError) Unwrap() error { return e.err }

// namesNothing is input.NamesNothing: e, the error of an Lstat, says
// the path names nothing on disk (a range HEAD~2..<300 bytes> could be
// none, and a swapped --revs with it was given no hint); one rule for
// the hints of a revision and of a swapped --revs.
func namesNothing(e error) bool { return input.NamesNothing(e) }

// seriesArgError returns err, the error of snapshot i of a log, as the
// error of every snapshot from i on when it is an *input.ArgError that
// each of them gives alike, opened (not loaded): a log stops at its first
// snapshot that fails, and log --view x A B C, of folders that are no
// mirror, named A alone, the user to find B and C one run at a time. It
// is err otherwise. It opens the snapshots after i up to the first that
// opens, or fails otherwise; a mirror URL over the network only after a
// URL (a folder's error is no URL's: log --view x A URL fetched URL's
// manifest, retried a 500 four times over 3.5 s, each told, for a
// snapshot the log never read), and then asked once, without a retry or
// a notice.
func (c *cli) seriesArgError(dir string, names []string, i int, err error) error {
	ae, ok := err.(*input.ArgError)
	if !ok || i == len(names)-1 {
		return err
	}
	o := c.sources
	o.Stdin = c.stdin
	if o.HTTP != nil {
		h := *o.HTTP
		h.Retries, h.Retrying, h.Warn, h.Progress = -1, nil, nil, nil
		o.HTTP = &h
	}
	fromURL := mirror.IsURL(names[i]) // file:// too: "not a Spack mirror" alike
	args := []string{ae.Arg}
	for _, name := range names[i+1:] {
		if netURL(name) && !fromURL {
			return err
		}
		_, e := input.Open(dir, name, o)
		be, ok := e.(*input.ArgError)
		if !ok || be.Msg != ae.Msg {
			return err
		}
		args = append(args, be.Arg)
	}
	return &seriesError{ArgError: ae, args: args, every: i == 0}
}

// netURL reports whether arg is a mirror URL fetched over the network
// (http:// or https://, not file://).
func netURL(arg string) bool {
	return mirror.IsURL(arg) && !strings.EqualFold(arg[:min(len(arg), len("file://"))], "file://")
}

// seriesError is the error of several snapshots of a log (seriesArgError),
// said once, naming them: up to maxSeriesNames, then how many more.
type seriesError struct {
	*input.ArgError
	args  []string
	every bool // of every snapshot of the log
}

// maxSeriesNames is the most snapshots a seriesError names.
const maxSeriesNames = 4

func (e *seriesError) Error() string {
	named := e.args
	if len(named) > maxSeriesNames {
		named = named[:maxSeriesNames-1]
	}
	shown := make([]string, 0, maxSeriesNames)
	for _, a := range named {
		shown = append(shown, snapshot.ListedPath(a))
	}
	if n := len(e.args) - len(named); n > 0 {
		shown = append(shown, fmt.Sprintf("%d more", n))
	}
	list := andList(shown)
	if e.every {
		list += " (every snapshot)"
	}
	return list + ": " + e.Msg
}

func (e *seriesError) Unwrap() error { return e.ArgError }

// absentMessage is the warning of a log --revs snapshot whose PATH p
// does not exist at commit id: PATH named as the log's note names it
// (report.RevsPath), quoted where it holds a space, a list's marks, a
// backslash or a character past ASCII. As it was, the folder "-x y"
// read "-x y does not exist at commit …", the path run into the words,
// and a folder "the repository's top" as the top.
func absentMessage(p, id string) string {
	where := "the repository's top"
	if p != "" {
		where = report.RevsPath(&diff.Revs{Path: p})
	}
	return fmt.Sprintf("%s does not exist at commit %s (deleted, or not made yet): an empty snapshot", where, id[:min(12, len(id))])
}

// linkOutMessage is why log --revs refuses a symbolic link out of PATH
// (GitLinkOut): PATH named as the log's note names it (report.RevsPath),
// the link's target quoted in ASCII and cut (quoteFilterValue), as the
// link's blob holds any bytes: with %q, a target "../Dаta" (its а
// Cyrillic) read as the folder ../Data, and one of a megabyte went
// whole into the line. The link is named as "loading PATH" names a
// file (snapshot.ShownPath): raw, COMMIT:snap/cаche.json read as the
// link snap/cache.json. The pairs to compare are shell words in ASCII
// (ShownASCII), as PATH is named in ASCII: git:A:snаp read as the
// folder snap beside "sn\u0430p".
func linkOutMessage(link, target string, revs *diff.Revs, top, inFolder string) string {
	where := report.RevsPath(revs)
	return fmt.Sprintf("%s: a symbolic link out of %s (to %s): log --revs steps through the commits that changed %s, and one that changed only what the link leads to would be no step of the log, its change unseen by a gate; compare the revisions as pairs instead (cachediff %s%s %s)", snapshot.ShownPath(link), where, linkword.Shown(target), where, inFolder, shellword.ShownASCII("git:A:"+cmp.Or(top, ".")), shellword.ShownASCII("git:B:"+cmp.Or(top, ".")))
}

// revsSkip is a commit of a --revs log that left files out: its
// argument and its snapshot's path, commit and list of files alone.
type revsSkip struct {
	arg string
	s   *snapshot.Snapshot
}

// noteRevsSkipped notes the files the commits skipped left out, under
// --revs: one note for the commits, named by their first and last, with
// how many files each left out. A page bad since the range's first
// commit was noted at each commit, word for word but its 40-digit id:
// 52 lines over a year of weekly commits.
func (c *cli) noteRevsSkipped(opts *options, revs *diff.Revs, names []string, skipped []revsSkip) {
	if len(skipped) == 0 {
		return
	}
	if len(skipped) == 1 {
		c.noteSkipped(opts.dir, skipped[0].arg, skipped[0].s, listedIn("log", opts))
		return
	}
	least, most := len(skipped[0].s.Skipped), 0
	lists := make([][]snapshot.Skipped, len(skipped))
	for i, k := range skipped {
		least, most = min(least, len(k.s.Skipped)), max(most, len(k.s.Skipped))
		lists[i] = k.s.Skipped
	}
	count := snapshot.Plural(least, "invalid "+snapshot.SkippedNoun(lists...))
	if least != most {
		count = fmt.Sprintf("%d to %d invalid %ss", least, most, snapshot.SkippedNoun(lists...))
	}
	short := func(k revsSkip) string { return k.s.Rev[:min(12, len(k.s.Rev))] }
	of := ""
	if len(skipped) < len(names) {
		of = fmt.Sprintf(" of the log's %d", len(names))
	}
	fmt.Fprintf(&c.skipNotes, "cachediff: %s: skipped %s at each of %d commits%s, %s to %s, %s\n", report.Visible(report.RevsPath(revs)), count, len(skipped), of, short(skipped[0]), short(skipped[len(skipped)-1]), listedIn("log", opts))
}
