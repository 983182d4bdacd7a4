package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/sandbox"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/input"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// diffCommand is the default command: the diff of two snapshots.
var diffCommand = &command{
	synopsis: "[flags] OLD NEW",
	summary:  "report what changed between two snapshots",
	about: `Reports what changed between two snapshots of a Spack build-cache catalogue.
OLD and NEW are _cache/<tag>/ folders of cache.spack.io (one <package>/specs.md
page per package), single page files, "-" (a page on standard input), or
REV:PATH: PATH at a git revision
(HEAD~1:_cache/develop), read from the object store of the repository of the
current directory (or -C DIR) without a checkout. REV:PATH needs the git
program. git:REV:PATH is read from git only, whatever is on disk (what CI
should write: a checkout's files cannot stand in for it); ./PATH or /PATH is
a path on disk only. Any other argument is a path when it exists on disk and
REV:PATH when not; one that reads both ways is an error. OLD and NEW can also be
Spack's own files, recognised by content: a build-cache index (index.json, or a
mirror's root: a folder, REV:PATH or an https:// URL, layout v2 or v3; --view
picks a view's index), an environment lockfile (spack.lock, whose roots are the
stacks) or spec files (*.spec.json, or a folder of them); these keep dependency
edges, so the report says why specs were rebuilt. "cachediff render"
renders a report saved with --format json again, in any format, without the
snapshots (a snapshot folder named like a command can be given as ./render).`,
	examples: `cachediff _cache/develop-2025-03-23 _cache/develop-2025-03-30
cachediff --format json -o diff.json old/ new/
cachediff git:HEAD~1:_cache/develop git:HEAD:_cache/develop  # from git only
cachediff -C catalogue v0.23.0:_cache/v0.23.0 main:_cache/develop
cachediff old/spack.lock new/spack.lock   # an environment: why it rebuilt
cachediff https://mirror.example.org/cache ./mirror-new  # Spack mirrors
cachediff --format text old/ new/          # the news, one item a line
cachediff --format patch old/ new/ | less  # diff of the spec listings
cachediff --template notes.tmpl old/ new/
cachediff --fail-on removed-package,lost-stack old/ new/   # a CI gate
cachediff render --format md -o comment.md diff.json  # JSON as Markdown
cachediff --package 'py-*' --stack ml-linux-x86_64-cuda old/ new/
cachediff --ignore compiler old/ new/  # a compiler migration: rebuilt
cachediff --title 'Build cache: v0.23.0 → v0.23.1' \
    --link-base 'https://cache.spack.io/package/?name=' \
    _cache/v0.23.0 _cache/v0.23.1
cachediff --skip-invalid old/ new/   # report despite bad pages, listing them
cachediff --github-comment old/ new/ > comment.md   # fits a GitHub comment
cachediff render --max-bytes 20k diff.json          # at most 20,000 bytes
cachediff -q old/ new/ || echo changed      # no report: the exit status only
cachediff -f json old/ new/ | cachediff render -f text -  # - is stdin
source <(cachediff completion bash)         # shell completion`,

	groups: []flagGroup{inputFlags, filterFlags, outputFlags, gateFlags},
	after: func(b *strings.Builder, width int) {
		gateKindsHelp(b, width)
		commandsHelp(b, width)
		b.WriteString("\n")
		for _, line := range exitText {
			wrap(b, line, 0, width)
		}
	},
	run: runDiff,
}

// exitText is the help's section on the exit status, a line each.
var exitText = []string{
	"Exit status: 0 no differences, 1 differences, 2 trouble.",
	"With --fail-on: 0 no listed kind of change present, 1 one is, 2 trouble.",
	"render exits the same way as the diff that made the report: 1 when it has changes (or its saved gate tripped; --fail-on decides again), 0 when not.",
}

// outputTookFolder is the hint of a usage error for too few snapshots
// (short) when -o (--output) names a folder: -o given without its FILE
// took the snapshot after it, which the count alone does not say.
func outputTookFolder(opts *options, short bool) string {
	if !short || opts.output == "" || !givenApart(opts)["output\x00"+opts.output] {
		return ""
	}
	if info, err := os.Stat(opts.output); err != nil || !info.IsDir() {
		// A snapshot that is a file, by a name no report has (a page,
		// spack.lock, index.json, a spec file) or git:REV:PATH:
		// cachediff -o $OUT old/spack.lock new/spack.lock, OUT empty,
		// said "got 1 argument", naming no flag, as -o of a folder did.
		base := filepath.Base(opts.output)
		switch {
		case strings.HasPrefix(opts.output, filepath.Join(opts.dir, input.RevPrefix)), err == nil && (base == "specs.md" || base == "spack.lock" || base == "index.json" || strings.Contains(base, ".spec.json")):
			return fmt.Sprintf(" (-o took the snapshot %s as the file to write: give -o a FILE, quoted when it may be empty)", snapshot.ShownPath(opts.output))
		}
		return ""
	}
	return fmt.Sprintf(" (-o took the folder %s as the file to write: give -o a FILE)", snapshot.ShownPath(opts.output))
}

// givenApart is the values given as the word after their flag, as an
// empty variable leaves it (--stack $S old/ new/), and not in one word
// with it: --stack=old/ new/ was typed so, and "give --stack a value,
// quoted when it may be empty" said of it named a slip not made. Its
// keys are the flag's long name, a NUL and the value, as given and as
// found from -C (--output and --template are, by options.check); one
// pass over the words, however many flags the hints look up.
func givenApart(opts *options) map[string]bool {
	apart := map[string]bool{}
	for _, w := range opts.line {
		if w.role == valueWord {
			name := w.sets[0].Name
			apart[name+"\x00"+w.text] = true
			apart[name+"\x00"+inDir(opts.dir, w.text)] = true
		}
	}
	return apart
}

// flagTook is the hint of a usage error for too few snapshots (short)
// when --stack, --package, --title or --view has a value that names a file or
// folder, or is git:REV:PATH: the flag given without its value (--stack $STACK, the
// variable empty and unquoted) took the snapshot after it, and the diff
// said "got 1 argument", naming no flag.
func flagTook(opts *options, short bool) string {
	if !short {
		return ""
	}
	if h := dashedRevTook(opts); h != "" {
		return h
	}
	apart := givenApart(opts)
	for _, f := range []struct {
		name   string
		values []string
	}{{"stack", opts.filter.Stacks}, {"package", opts.filter.Packages}, {"title", []string{opts.title}}, {"view", []string{opts.mirror.View}}} {
		for _, v := range f.values {
			if v == "" {
				continue
			}
			if _, err := os.Lstat(inDir(opts.dir, v)); (err == nil || strings.HasPrefix(v, input.RevPrefix)) && apart[f.name+"\x00"+v] {
				return fmt.Sprintf(" (--%s took %s as its value: give --%s a value, quoted when it may be empty)", f.name, snapshot.ShownPath(v), f.name)
			}
		}
	}
	// A --template is a file, so only a folder or git:REV:PATH is
	// surely a snapshot it took (--template $T old/ new/, T empty). It
	// is found from -C already (options.check): -C repo --template old
	// new looked for repo/repo/old, and named no flag.
	if v := opts.template; v != "" && (isDir(v) || strings.HasPrefix(v, input.RevPrefix) || opts.dir != "" && strings.HasPrefix(v, filepath.Join(opts.dir, input.RevPrefix))) && apart["template\x00"+v] {
		return fmt.Sprintf(" (--template took %s as its value: give --template a FILE, quoted when it may be empty)", snapshot.ShownPath(v))
	}
	return ""
}

// skippedCount says how many files a snapshot left out: "1 invalid
// page", or "3 invalid files" when one is no page (*.md): a Spack file,
// or a file beside the catalogue's pages.
func skippedCount(skipped []snapshot.Skipped) string {
	return snapshot.Plural(len(skipped), "invalid "+snapshot.SkippedNoun(skipped))
}

// skippedWhere says where the pages snapshot i (0 old, 1 new; both when
// same, one snapshot twice) left out are: "listed in the report", or,
// for a --template, which writes what it will and may list nothing,
// the fields it is given them in.
func skippedWhere(opts *options, i int, same bool) string {
	switch template := opts.template; {
	case template == "":
		return listedIn("report", opts)
	case same:
		return "given to the template as .Old.Skipped and .New.Skipped"
	case i == 0:
		return "given to the template as .Old.Skipped"
	}
	return "given to the template as .New.Skipped"
}

// listedIn says where the files a snapshot left out are listed, in the
// report or the log (what): "listed in the report", and where --max-bytes
// or --github-comment cuts the Markdown to fit, that the list may come
// down to its count: under --max-bytes 1000, the report said "…and 4
// more pages" of the four "listed in the report".
func listedIn(what string, opts *options) string {
	switch {
	case opts.ghComment:
		return "listed in the " + what + " (or counted alone, where --github-comment shortens it)"
	case opts.maxBytes > 0:
		return "listed in the " + what + " (or counted alone, where --max-bytes shortens it)"
	}
	return "listed in the " + what
}

// gateOf returns the gate over r that fails on kinds: an error over
// snapshots that left files out (diff.GateOverSkipped), or as
// diff.CheckGate says.
func gateOf(r *diff.Report, kinds []string) (*diff.Gate, error) {
	if err := diff.GateOverSkipped(r); err != nil {
		return nil, err
	}
	return diff.CheckGate(r, kinds)
}

// dashedRevTook is the hint of a flag word that is REV:PATH of a ref
// beginning with - (-t:snap, of a tag -t), which pflag read as a
// shorthand given the rest of the word (--title ":snap"): cachediff
// -t:snap snap said "got 1 argument" alone. Else "".
func dashedRevTook(opts *options) string {
	for _, w := range opts.line {
		if w.role != flagWord || strings.HasPrefix(w.text, "--") || len(w.sets) == 0 {
			continue
		}
		whole := input.DashedRevPath(opts.dir, w.text)
		if whole == "" {
			continue
		}
		f, v := w.sets[len(w.sets)-1], w.values[len(w.values)-1]
		return fmt.Sprintf(" (%s was read as -%s (--%s) given %s; for REV:PATH, whose revision begins with -, write its ref in full: %s)", hintWord(w.text), f.Shorthand, f.Name, hintWord(v), whole)
	}
	return ""
}

// nArgs says how many arguments were given: "1 argument", "3 arguments".
func nArgs(n int) string { return snapshot.Plural(n, "argument") }

// flagAfterDashes is the first word after "--" among the command's
// arguments that is spelt as a flag (-q, --stack=e4s) and names nothing
// on disk, or "": cachediff A B -- -q said "got 3 arguments; for a
// series of snapshots, oldest first: cachediff log", which pasted loaded
// -q as a snapshot. The "--" is the one that ended the flags, as pflag
// found it: --title -- A B B -q said "-q comes after --" of a -q read
// as a flag, the "--" being --title's value.
func flagAfterDashes(opts *options) string {
	for _, a := range opts.line.dashed() {
		if len(a) > 1 && a[0] == '-' && !named(inDir(opts.dir, a)) {
			return a
		}
	}
	return ""
}

// dashesHint is the hint of a usage error for too many arguments when
// flagAfterDashes finds a flag after --, or "".
func dashesHint(opts *options) string {
	if f := flagAfterDashes(opts); f != "" {
		return fmt.Sprintf(" (%s comes after --, which makes every word after it an argument: put flags before --)", refusedWord(f))
	}
	return ""
}

// dashedFlag is the usage error of a word after "--" that is spelt as
// a flag and names nothing on disk (flagAfterDashes), among as many
// arguments as the command takes, of which what (a snapshot, the
// report) would be read: cachediff A -- -q said "loading -q: no such
// file or directory", exit 2, naming neither the -- nor the flag it
// made an argument. nil for any other. args are the command's
// arguments: the first other than the word, a snapshot beside it, is
// the one whose PATH a hint of a revision gives (cachediff -- -y X was
// given -y's ref at _cache/develop, not at X).
func dashedFlag(opts *options, what string, args []string) error {
	f := flagAfterDashes(opts)
	if f == "" {
		return nil
	}
	beside := ""
	if i := slices.IndexFunc(args, func(a string) bool { return a != f }); i >= 0 {
		beside = args[i]
	}
	lead := fmt.Sprintf("%s, read as %s, names nothing on disk", refusedWord(f), what)
	if h := input.RevisionHint(opts.dir, f, beside, input.RoomAfter(lead)); h != "" {
		// -z..-y, of branches -z and -y, is no flag: "put flags
		// before --" named the wrong thing; nor is -x:snap, of a tag
		// -x. The hint fits the rest of the line, its ways to paste
		// whole where it can.
		return usageErrorf("%s%s", lead, h)
	}
	return usageErrorf("%s%s", lead, dashesHint(opts))
}

// seriesHint suggests log for more than two snapshots: a pair diff takes
// two, and a series is log's.
func seriesHint(args []string) string {
	if len(args) <= 2 {
		return ""
	}
	if slices.Contains(args, stdinName) {
		// A log refuses standard input: the hint says to save it.
		return "; for a series of snapshots, oldest first: cachediff log, " + stdinSaved
	}
	return "; for a series of snapshots, oldest first: cachediff log"
}

// runDiff loads both snapshots, diffs and renders them. It returns the
// exit status: whether they differ or, with --fail-on, whether the gate
// tripped.
func runDiff(c *cli, opts *options, args []string) (int, error) {
	if len(args) != 2 {
		hint := seriesHint(args)
		if h := dashesHint(opts); h != "" && len(args) > 2 {
			hint = h
		}
		return exitTrouble, usageErrorf("want two snapshots, OLD and NEW; got %s%s", nArgs(len(args)), outputTookFolder(opts, len(args) < 2)+flagTook(opts, len(args) < 2)+hint)
	}
	if err := dashedFlag(opts, "a snapshot", args); err != nil {
		return exitTrouble, err
	}
	if args[0] == stdinName && args[1] == stdinName {
		return exitTrouble, usageErrorf("%v", errTwoStdin)
	}
	if opts.template == stdinName && (args[0] == stdinName || args[1] == stdinName) {
		return exitTrouble, usageErrorf("%v", errTemplateStdin)
	}
	if err := c.outputFirst(opts, args...); err != nil {
		return exitTrouble, err
	}
	render, err := c.renderer(opts)
	if err != nil {
		return exitTrouble, err
	}
	if opts.failOn != nil && sameArgs(opts.dir, args[0], args[1]) {
		return exitTrouble, sameSnapshotRefusal(shownArg(args[0]))
	}
	// The two snapshots hold mostly the same strings and lists: the new
	// one loads with the old one's state (snapshot.Shared).
	lo := snapshot.Options{Raw: opts.raw, SkipInvalid: opts.skip, Shared: new(snapshot.Shared)}
	c.mem().loading()
	var oldSnap, newSnap *snapshot.Snapshot
	var oldErr, newErr error
	size, files, piped := singlePages(opts.dir, args)
	// A gzip'd file's size is not its input's, which inflates to 10-25
	// times as much: a limit from it would make the collector run back to
	// back while two gzip'd indexes load (TestMemoryLimitGzip). The
	// collector keeps its pace then, until the limit set once both are
	// loaded.
	sized := files && !slices.ContainsFunc(args[:2], func(a string) bool { return input.Gzipped(opts.dir, a) })
	// Standard input's size is known once it is read, before it is
	// decoded (input.Options.StdinRead): the limit is set from it then,
	// with the other side's size when known (a file's, or the old
	// snapshot's once loaded), else as twice its own, as a folder's. Left
	// to the collector's pace until both were loaded, a 300 MB lockfile
	// piped in peaked at 4.9x, where the same file named peaked at 3.5x.
	// Standard input loads one side after the other: loaded at once
	// beside a file, a 256 MB page piped in beside an 87 MB file peaked
	// 20% higher.
	other := int64(-1) // the other side's size, when known
	limited := false   // whether standard input, read, set the limit
	if sized {
		other = size
	}
	if piped {
		c.sources.StdinRead = func(n int64) {
			known := other
			if known < 0 {
				known = n
			}
			c.mem().limit(known + n)
			limited = true
		}
		defer func() { c.sources.StdinRead = nil }()
	}
	if !files && fromGit(opts.dir, args) {
		// A file read from git (REV:PATH of an index, a lockfile, a
		// page) tells its size once read, as standard input does: the
		// limit is set from it then, as twice its own until the other
		// side's is known. The two load at once, paced by GOGC alone
		// until both were loaded: two 32 MB indexes from git peaked at
		// 4.8x, where the same files named on disk peaked at 3.5x.
		// A folder tells its size once listed, before its files are
		// read: the heap is bounded from both (bound), the pace kept,
		// while they load. Left to the pace alone, two folders of 16k
		// spec files peaked at 10x their size, where on disk, one
		// loading after the other, the limit is set in between. Not
		// from the first alone, as twice its size: a folder of pages
		// tells nothing, and a few spec files beside a catalogue of
		// 240k specs bounded it at a few kilobytes, the collector
		// running back to back while it loaded (1.7x the time); two
		// folders of spec files are listed before much is read.
		// A file that tells first sets the limit from twice its size
		// only when the other side is a file too, which tells its own
		// soon after: beside a folder, which may tell nothing (pages), a
		// 1 KB index set the diff's least limit, the collector off,
		// while a catalogue of 240k specs loaded (41 collections against
		// 4, 1.7x the CPU). The file then loads as a file named first
		// on disk does, paced by GOGC alone.
		var mu sync.Mutex
		var read []int64  // the sizes told, in order
		var told []bool   // of read, whether each is a folder's
		var opened []bool // the sides resolved: whether each is a folder
		var setFrom int64 // the blobs' sizes the bound was set from
		bounded := false  // whether the two folders set it
		decide := func() {
			files := !slices.Contains(opened, true) && len(opened) == 2
			switch {
			case len(read) == 1 && !told[0] && files:
				c.mem().limit(2 * read[0])
			case len(read) == 2 && !slices.Contains(told, false):
				setFrom, bounded = read[0]+read[1], true
				c.mem().bound(setFrom)
			case len(read) == 2:
				c.mem().limit(read[0] + read[1])
			}
		}
		// Two folders tell their blobs' sizes, and a blob of gzip'd
		// content not named *.gz (a spec file gzip'd in place) holds what
		// it inflates to, which the loader counts as input (the stream's
		// ISIZE): the bound is raised to the blobs' sizes scaled as those
		// read turn out to hold more, each time that grows by a quarter.
		// Left at the blobs' sizes, two folders of 16k gzip'd spec files
		// ran the collector back to back while they loaded: 69
		// collections, where the same files plain took 10.
		// The estimate follows the files read down as well as up: those
		// read first may not be like the rest, and a bound raised for
		// good by a first spec file gzip'd 64x, the rest plain, bounded
		// the heap at 64x the blobs, none at all: two folders of 16k
		// specs peaked at 5.4x-7x their input (154-200 MB, 108 MB
		// before). It is lowered as the plain files read bring it down,
		// each time it falls by a fifth.
		var raw, content, set int64
		lo.ReadRaw = func(r, n int64) {
			mu.Lock()
			defer mu.Unlock()
			raw, content = raw+r, content+n
			if !bounded || raw <= 0 {
				return
			}
			if set == 0 {
				set = setFrom
			}
			expect := max(content, int64(float64(setFrom)*float64(content)/float64(raw)))
			if expect > set+set/4 || expect < set-set/5 {
				set = expect
				c.mem().bound(expect)
			}
		}
		c.sources.GitOpened = func(folder bool) {
			mu.Lock()
			defer mu.Unlock()
			opened = append(opened, folder)
			if len(opened) == 2 && len(read) == 1 {
				decide() // the other file told first, before this one was resolved
			}
		}
		c.sources.GitFileRead = func(n int64, folder bool) {
			mu.Lock()
			defer mu.Unlock()
			read, told = append(read, n), append(told, folder)
			decide()
		}
		defer func() { c.sources.GitOpened = nil }()
		defer func() { c.sources.GitFileRead = nil }()
	}
	if files && !piped || fromGit(opts.dir, args) {
		// A single file (a Spack index, a lockfile) decodes on one core:
		// load the two at once. A tree already loads its files on every
		// core, and loading two trees at once gained nothing (see
		// docs/performance.md). The memory limit is set once both are
		// loaded, and for two files before, from their sizes: paced by
		// GOGC alone, two large pages that the general path decodes (its
		// garbage is many times the input) peaked at three times the 4x
		// budget.
		if sized {
			c.mem().limit(size)
		}
		// The first of two large files to be loaded collects the garbage
		// while the other one still loads, on the core that would
		// otherwise wait: its file's bytes and its decoder's scratch are
		// garbage by then, and the collection that collectIfDue would
		// make below, with both cores idle, is then not due.
		var first atomic.Bool
		early := func() {
			if sized && size >= earlyCollect && first.CompareAndSwap(false, true) {
				c.mem().collect(size) // the file's bytes, and more, are garbage
			}
		}
		var wg sync.WaitGroup
		wg.Go(func() {
			oldSnap, oldErr = c.loadSnapshot(opts.dir, args[0], args[1], lo)
			early()
		})
		newSnap, newErr = c.loadSnapshot(opts.dir, args[1], args[0], lo)
		early()
		wg.Wait()
	} else {
		// The new snapshot's size, when it is a file on disk (not
		// gzip'd): the limits while and after the old one loads count it,
		// not the old one's size again.
		newFile := int64(-1)
		if args[1] != stdinName && !input.Gzipped(opts.dir, args[1]) {
			if n, ok := input.RegularFile(opts.dir, args[1]); ok {
				newFile = n
			}
		}
		pair := func(old int64) int64 {
			if newFile >= 0 {
				return old + newFile
			}
			return 2 * old // the trees of a series are about the same size
		}
		first := lo
		if args[0] != stdinName {
			// The old snapshot loads under a limit from what it has read,
			// as the new one does from the old's size: paced by GOGC
			// alone, its collections came when the heap reached five times
			// what the last found live, early in the load: two trees of
			// 16 MB in all, of specs of 32 distinct variants, peaked at 5x
			// the input. The limit is the pair's as if the old were what
			// it has read (expect is a quarter more than that), beside a
			// new one of its size, or of the file's: a folder of spec
			// files of 29 MB against a file of 1 KB peaked at 5x.
			first.Read = outgrowing(0, func(expect int64) { c.mem().limit(pair(expect * 4 / 5)) })
		}
		oldSnap, oldErr = c.loadSnapshot(opts.dir, args[0], args[1], first)
		if oldErr == nil {
			other = oldSnap.Bytes
			if args[0] != stdinName { // standard input set it once read
				// Pace the collector from here, while the new snapshot
				// loads (pair: a new file's size, or the old's again).
				c.mem().limit(pair(oldSnap.Bytes))
				limited = true
			}
			if limited && args[1] != stdinName && !sized { // standard input sets it once read, a file before
				// And raise the limit as the new one turns out larger.
				lo.Read = outgrowing(oldSnap.Bytes, func(expect int64) { c.mem().limit(oldSnap.Bytes + expect) })
			}
		}
		newSnap, newErr = c.loadSnapshot(opts.dir, args[1], args[0], lo)
	}
	switch {
	case oldErr != nil && newErr != nil:
		return exitTrouble, errorList{oldErr, newErr}
	case oldErr != nil:
		return exitTrouble, oldErr
	case newErr != nil:
		return exitTrouble, newErr
	}
	// One snapshot twice is refused under a gate; without one, the
	// report says so, and render refuses it under a gate (finish).
	same := sameSnapshot(opts.dir, args[0], args[1], oldSnap, newSnap)
	if same != "" && opts.failOn != nil {
		return exitTrouble, sameSnapshotRefusal(same)
	}
	for i, s := range []*snapshot.Snapshot{oldSnap, newSnap} {
		if opts.quiet {
			break
		}
		if len(s.Skipped) > 0 {
			c.noteSkipped(opts.dir, args[i], s, skippedWhere(opts, i, same != ""))
		}
	}
	if bad := opts.filter.Unmatched(oldSnap, newSnap); bad != nil {
		packages := diffPackages
		if slices.Contains(args, stdinName) {
			// A log refuses standard input: the hint says to save it.
			packages = diffPackagesStdin
		}
		return exitTrouble, unmatchedErrors(bad, "in either snapshot", packages, diffStacks)
	}
	if opts.output != "" {
		if err := refuseInputs(c.stdin, opts.output, append(snapshotFiles(oldSnap, newSnap), opts.template)...); err != nil {
			return exitTrouble, err
		}
	}
	c.mem().limit(oldSnap.Bytes + newSnap.Bytes)
	c.mem().collectIfDue(oldSnap.Bytes + newSnap.Bytes)
	// The snapshots are not needed once the report is made: their specs
	// go as it is made, so that both are never held whole at once.
	var lockV [2][2]int
	lockV[0][0], lockV[0][1] = oldSnap.LockfileVersions()
	lockV[1][0], lockV[1][1] = newSnap.LockfileVersions()
	r, err := diff.CompareReleasing(oldSnap, newSnap, opts.filter)
	if err != nil {
		return exitTrouble, err
	}
	if err := emptySelection(opts.filter, r); err != nil {
		return exitTrouble, err
	}
	if same != "" {
		warnSameSnapshot(r, same)
	}
	if w, ok := hashSchemeWarning(r.Old.Path, r.New.Path, lockV[0], lockV[1]); ok {
		r.AddWarning(w)
	}
	return c.finish(opts, r, render)
}

// sameSnapshotRefusal is the error of a diff under a gate whose OLD and
// NEW are one snapshot, named same (sameArgs before loading,
// sameSnapshot after).
func sameSnapshotRefusal(same string) error {
	return fmt.Errorf("OLD and NEW are the same snapshot (%s): a diff of it with itself has no change by construction, and a gate on it passes whatever it holds: check the arguments", same)
}

// earlyCollect is the size of two files from which the first one
// loaded collects the garbage while the other loads (runDiff): two
// 94 MB Spack indexes left 314 MB of garbage beside 101 MB alive, and
// collecting it once both were loaded took both cores for some 20 ms.
// (A variable for tests.)
var earlyCollect int64 = 32 << 20

// emptySelection is an error when filters are given and together select
// nothing on either side, although each matches something on its own
// (Unmatched checks each): an empty report would pass any gate.
func emptySelection(f diff.Filter, r *diff.Report) error {
	if len(f.Packages)+len(f.Stacks) == 0 || r.Old.Packages > 0 || r.New.Packages > 0 {
		return nil
	}
	return fmt.Errorf("%s together select nothing in either snapshot: %s", filtersGiven(f), selectNothing)
}

// andList joins names as "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// snapshotFiles are the files read as pages of the snapshots, and the
// arguments themselves, each once: the packages of a Spack file all
// name that file, and a lockfile of a million packages would list it a
// million times (and refuseInputs would look at it as often).
func snapshotFiles(snaps ...*snapshot.Snapshot) []string {
	var files []string
	seen := make(map[string]bool)
	add := func(f string) {
		if !seen[f] {
			seen[f] = true
			files = append(files, f)
		}
	}
	for _, s := range snaps {
		add(s.Path)
		for _, p := range s.Packages {
			add(p.File())
		}
		for _, p := range s.Skipped {
			add(p.File)
		}
		for _, f := range s.SpackFiles { // those a merged package does not name
			add(f)
		}
	}
	return files
}

// shownPath is a path as --output's refusals, and those of a file read
// by name through a link, name it: quoted in ASCII where it could read
// as more of the message or as another path (report.FileItem: a colon
// before a space or a digit, an edge space, a lookalike), as a warning's
// file is: -o d/x with the input "d/y: it is the input d/z" read as -o
// "d/x: it is the input d/y" with the input d/z, and -o оut (its о
// Cyrillic) beside a folder out as -o out. It is cut past
// maxOutputShown bytes (snapshot.CutShown), as a snapshot's path is: a
// refusal names two paths, and -o of 3.8 KB of U+200B (6 bytes each as
// \u200b) made a line of 16 KB, cut by its cap before what to do.
func shownPath(p string) string {
	return snapshot.CutShown(p, maxOutputShown, func(s string) string { return report.VisibleInput(report.FileItem(s)) })
}

// maxOutputShown is the most bytes of a path shownPath names whole.
const maxOutputShown = 2 << 10

// outputFirst is the refusal of --output that is known before a
// snapshot or a report is read (outputRefusal), or that it names an
// input given by name (refuseInputs, which names the rest once they
// are read): -o missing/x, and -o NEW OLD NEW, of two real catalogues
// each loaded and diffed both before the refusal.
func (c *cli) outputFirst(opts *options, args ...string) error {
	if opts.output == "" {
		return nil
	}
	if err := outputRefusal(opts.output); err != nil {
		return err
	}
	inputs := []string{opts.template}
	for _, a := range args {
		if a != stdinName {
			a = inDir(opts.dir, a)
		}
		inputs = append(inputs, a)
	}
	return refuseInputs(c.stdin, opts.output, inputs...)
}

// refuseInputs is an error when output names one of the input files
// (through links or hard links too), standard input among them when an
// input is "-" and a shell redirected a file to it (render -o diff.json
// - < diff.json): writing the report would replace the input it was
// made from.
func refuseInputs(stdin io.Reader, output string, inputs ...string) error {
	if output == "" {
		return nil
	}
	out, err := os.Stat(output)
	if err != nil || !out.Mode().IsRegular() {
		return nil // a new file, or a device: no input is replaced
	}
	for _, in := range inputs {
		if in == stdinName {
			if f, ok := stdin.(interface{ Stat() (fs.FileInfo, error) }); ok {
				if info, err := f.Stat(); err == nil && os.SameFile(out, info) {
					return fmt.Errorf("--output %s: it is standard input, which \"-\" reads: writing the report would replace it", shownPath(output))
				}
			}
			continue
		}
		if in == "" {
			continue
		}
		if info, err := os.Stat(in); err == nil && os.SameFile(out, info) {
			if filepath.Clean(in) == filepath.Clean(output) {
				return fmt.Errorf("--output %s: it is an input: writing the report would replace it", shownPath(output))
			}
			return fmt.Errorf("--output %s: it is the input %s: writing the report would replace it", shownPath(output), shownPath(in))
		}
	}
	return nil
}

// maxFiltersGiven is the most bytes of values filtersGiven names, past
// its first of each flag; it counts the rest.
const maxFiltersGiven = 2 << 10

// selectNothing says why filters that each match something select
// nothing together.
const selectNothing = "no spec of a selected package is in a selected stack"

// filtersGiven names f's --package and --stack values, for an error of
// filters that together select nothing: the first few of each flag, each
// in short, and how many more.
func filtersGiven(f diff.Filter) string {
	// The first few values of each flag, and how many more: a script's
	// thousands of --package names made a line of all of them.
	const most = 4
	var given []string
	size := 0
	for _, l := range [...]struct {
		flag   string
		values []string
	}{{"package", f.Packages}, {"stack", f.Stacks}} {
		// Each value once, in the order given: --package bc --package bc
		// named bc twice, and counted it among "2 more --package values".
		seen := make(map[string]bool, len(l.values))
		values := make([]string, 0, len(l.values))
		for _, v := range l.values {
			if !seen[v] {
				seen[v] = true
				values = append(values, v)
			}
		}
		named := len(values)
		if named > most+1 { // "1 more" would be as long as the value
			named = most
		}
		// Each as unmatchedError names the value it finds nothing of
		// (quoteFilterValue: in ASCII when it is not): %q left a
		// lookalike as typed, so --package '[pр]y-keras' (its second р
		// Cyrillic) read "[pp]y-keras". The values are named to be read,
		// not pasted: the hints to paste are shell words (closest:).
		// Up to maxFiltersGiven bytes of them, the first of each flag
		// always, the rest counted: a value quoted in ASCII is up to
		// four times its 200 bytes (\x80 of each invalid byte), and ten
		// such ran the line past maxErrorLine, which cut off what the
		// error is (selectNothing).
		for i, v := range values[:named] {
			q := "--" + l.flag + " " + quoteFilterValue(v)
			if i > 0 && size+len(q) > maxFiltersGiven {
				named = i
				break
			}
			size += len(q)
			given = append(given, q)
		}
		if more := len(values) - named; more == 1 {
			given = append(given, "1 more --"+l.flag+" value")
		} else if more > 1 {
			given = append(given, fmt.Sprintf("%d more --%s values", more, l.flag))
		}
	}
	return andList(given)
}

// unmatchedError says that a --package pattern or a --stack name selects
// nothing, which is most likely a typo: without the error it would make an
// empty report that passes any gate. packages and stacks say where a
// --format json report lists the names, after "no name is close; ":
// diffPackages (or diffPackagesStdin) and diffStacks, or logPackages
// and logStacks.
func unmatchedError(u diff.Unmatched, where, packages, stacks string) error {
	hint := "no name is close; " + packages
	if u.Kind == "stack" {
		// A build-cache index has no stacks at all, which the hint
		// alone left the user to find out from an empty list.
		hint = "no name is close; " + stacks + ", of which a build-cache index and spec files have none"
	}
	if len(u.Closest) > 0 {
		// Each as a shell word, as the parts below, so that a name with
		// a space at its end ("nextflow " of a lockfile root) does not
		// read as the value typed; whole, so that pasted it selects the
		// name, up to maxRepeatHint bytes, and past that in short and
		// said to be cut, so that three roots of 20 KB do not run the
		// line past maxErrorLine, and the word cut is not pasted for
		// the name: cut at maxQuotedValue bytes without a word, a root
		// of 300 bytes was hinted as one that selects nothing.
		// In ASCII (ShownASCII), as the value typed is quoted: a
		// lookalike (nеxtflow, its е Cyrillic) hinted 'nеxtflow' beside
		// "nextflow", the name typed to the eye; $'n\u0435xtflow' pastes.
		// A --package value is a list of patterns: a name holding
		// path.Match's special characters or a comma is written escaped,
		// so that pasted it selects the name itself ('q\\x', not 'q\x',
		// which matches "qx" or nothing); a pattern (ClosestPattern:
		// py-* for py-*@3.8) is written as it is, to select what it
		// matches.
		names := make([]string, 0, len(u.Closest))
		cut := false
		for _, name := range u.Closest {
			if u.Kind == "package" && !u.ClosestPattern {
				name = globLiteral(name)
			}
			word := shellword.ShownASCII(name)
			if len(word) > maxRepeatHint {
				word, cut = cutWord(name)+" (cut)", true
			}
			names = append(names, word)
		}
		hint = "closest: " + strings.Join(names, ", ")
		if cut {
			// Where to find it whole: the JSON's list of the names.
			whole := packages
			if u.Kind == "stack" {
				whole = stacks
			}
			hint += "; a name cut is too long to write here: " + whole
		}
	}
	if len(u.Parts) > 0 {
		// --package, --ignore and --fail-on take lists; --stack does not.
		// Each as a shell word: a lockfile's root may hold a space
		// (py-torch+cuda cuda_arch=80), which pasted unquoted gives the
		// diff a third argument. Up to maxRepeatHint bytes of them, the
		// rest counted, so that the line stays within maxErrorLine
		// whatever the roots' number and size.
		flags, more := repeatStack(u.Parts)
		hint = "--stack takes one stack, not a comma-separated list: repeat it, " + flags
		if flags == "" {
			hint = fmt.Sprintf("--stack takes one stack, not a comma-separated list: repeat it for each of the list's stacks (%d, too long to write here)", len(u.Parts))
		} else if more > 0 {
			hint += fmt.Sprintf(" and %d more of the list's stacks", more)
		}
		// The list's other parts are not stacks (a typo, a root spelt with
		// its hash): counted, or the flags pasted silently drop them.
		// A stack whose name holds commas is one part, as diff found it.
		seen := make(map[string]bool, len(u.Parts))
		commas := 0
		for _, part := range u.Parts {
			seen[part] = true
			commas = max(commas, strings.Count(part, ","))
		}
		stack := func(s string) bool { return seen[s] }
		others := 0
		for _, part := range diff.ListParts(u.Value, stack, commas) {
			if !seen[part] {
				seen[part] = true
				others++
			}
		}
		if others == 1 {
			hint += "; 1 part of the list is not a stack"
		} else if others > 1 {
			hint += fmt.Sprintf("; %d parts of the list are not stacks", others)
		}
	}
	if len(u.Matches) > 0 {
		// A pattern, as --package takes: the stacks it matches.
		flags, more := repeatStack(u.Matches)
		hint = "--stack takes one stack, not a pattern: repeat it for each it matches, " + flags
		if flags == "" {
			hint = fmt.Sprintf("--stack takes one stack, not a pattern: repeat it for each it matches (%d, too long to write here)", len(u.Matches))
		} else if more > 0 {
			hint += fmt.Sprintf(" and %d more it matches", more)
		}
	}
	// The value in short: a list of hundreds of stacks, quoted whole,
	// would run the line past maxErrorLine, cutting off what is wrong
	// and the hint to repeat --stack.
	value := quoteFilterValue(u.Value)
	if u.Closest == nil && len(u.Parts) == 0 && len(u.Matches) == 0 { // not looked for
		return fmt.Errorf("--%s %s matches no %s %s", u.Kind, value, u.Kind, where)
	}
	return fmt.Errorf("--%s %s matches no %s %s (%s)", u.Kind, value, u.Kind, where, hint)
}

// globLiteral is a --package value that selects name alone: path.Match's
// special characters and globList's comma escaped with a backslash.
func globLiteral(name string) string {
	if !strings.ContainsAny(name, `\*?[],`) {
		return name
	}
	var b strings.Builder
	for i := range len(name) { // byte by byte: invalid UTF-8 kept as it is
		if strings.IndexByte(`\*?[],`, name[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(name[i])
	}
	return b.String()
}

// quoteFilterValue is a --package or --stack value v for unmatchedError:
// shortened to maxQuotedValue bytes, quoted, and in ASCII when it is not
// ASCII (internal/lookalike's rule), with the cut's "…" as it is.
// --stack е4s, its е Cyrillic, said `--stack "е4s" matches no stack in
// either snapshot (closest: e4s)`: the value typed and the name beside
// it read the same. log --revs's refusal of a link out of PATH quotes
// the link's target so (linkOutMessage).
func quoteFilterValue(v string) string {
	kept, mark := shortenMarked(v, maxQuotedValue)
	quote := strconv.Quote
	if strings.ContainsFunc(v, func(r rune) bool { return r >= utf8.RuneSelf }) {
		quote = strconv.QuoteToASCII
	}
	q := quote(kept)
	return q[:len(q)-1] + mark + "\""
}

// cutWord is name cut to maxQuotedValue bytes (shortenMarked) as a
// shell word in ASCII (ShownASCII), the cut's mark inside its quotes as
// it is: a word said to be cut, not to be pasted.
func cutWord(name string) string {
	kept, mark := shortenMarked(name, maxQuotedValue)
	w := shellword.ShownASCII(kept)
	if !strings.HasSuffix(w, "'") {
		w = "'" + w + "'" // of Safe characters alone: quoted as they are
	}
	return w[:len(w)-1] + mark + "'"
}

// repeatStack is "--stack a --stack b" for the stacks names, each a
// shell word, up to maxRepeatHint bytes of them, and how many more there
// are: the line stays within maxErrorLine whatever the roots' number and
// size. "" when the first is longer than that.
func repeatStack(names []string) (string, int) {
	var flags []string
	size := 0
	for _, name := range names {
		name = shellword.ShownASCII(name)
		if size += len(name); size > maxRepeatHint {
			break
		}
		flags = append(flags, "--stack "+name)
	}
	return strings.Join(flags, " "), len(names) - len(flags)
}

// shorten is s up to its first n bytes, else cut (shortenMarked).
func shorten(s string, n int) string {
	kept, mark := shortenMarked(s, n)
	return kept + mark
}

// shortenMarked is s whole up to n bytes, else its first n-7 bytes
// (fewer by at most 3) and the mark of the cut (report.CutMark: "…"
// and 8 digits of its digest), more than n bytes in all, so that no
// value left whole reads as one cut. Cut to its first n and "…", two
// --package values that differ only past the cut read alike.
func shortenMarked(s string, n int) (kept, mark string) {
	if len(s) <= n {
		return s, ""
	}
	return strings.TrimSuffix(cutBytes(s, n-7), "…"), report.CutMark(s)
}

// cutBytes is s up to its first n bytes and "…", cut at a character's
// start looked for no farther back than one's length, so that bytes that
// start none (invalid UTF-8) keep their first n; s itself if no longer.
func cutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for i := n; i > n-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			n = i
			break
		}
	}
	return s[:n] + "…"
}

// maxRepeatHint is the most bytes of stacks the hint to repeat --stack
// writes; it counts the rest.
const maxRepeatHint = 1 << 10

// maxQuotedValue is the most bytes of a filter value unmatchedError
// quotes.
const maxQuotedValue = 200

// Where a --format json report lists the names a filter value may be
// meant as, for unmatchedError. Without either filter: a report that
// keeps the other lists only its names (--package bc --stack typo: bc's
// 4 stacks of 23). A diff's "packages" holds no unchanged package, which
// may be the one meant: a log of the two, its timeline, lists them all.
const (
	diffPackages = `cachediff log --format json of the two, without --package or --stack, lists them all under "timeline"'s "packages"`
	diffStacks   = `a --format json report without --package or --stack lists them all under "stacks"`
	// The log's own JSON, not a "report": a diff's has no "timeline".
	logPackages = `the log in --format json, without --package or --stack, lists them all under "timeline"'s "packages"`
	logStacks   = `the log in --format json, without --package or --stack, lists them all under each step's "stacks"`
	// A log reads no standard input: the one taken, saved to a file.
	stdinSaved        = "standard input saved to a file first (a log cannot read standard input)"
	diffPackagesStdin = `cachediff log --format json of the two, ` + stdinSaved + `, without --package or --stack, lists them all under "timeline"'s "packages"`
)

// unmatchedErrors are the errors of the filter values in bad, where
// ("in either snapshot") matches none: the first diff.MaxSuggested, each
// with its closest names, then how many more. packages and stacks are
// unmatchedError's.
func unmatchedErrors(bad []diff.Unmatched, where, packages, stacks string) errorList {
	errs := make(errorList, 0, min(len(bad), diff.MaxSuggested+1))
	for _, u := range bad[:min(len(bad), diff.MaxSuggested)] {
		errs = append(errs, unmatchedError(u, where, packages, stacks))
	}
	if more := len(bad) - diff.MaxSuggested; more > 0 {
		errs = append(errs, fmt.Errorf("and %d more --package or --stack values match nothing %s", more, where))
	}
	return errs
}

// finish checks the gate, renders r into the output and returns the exit
// status (exitCode).
func (c *cli) finish(opts *options, r *diff.Report, render report.Renderer) (int, error) {
	c.warnOrder(opts, 0, r.Old, r.New, nil)
	if opts.failOn != nil {
		if sameSide(r.Old, r.New) || saysSameSnapshot(r) {
			// A saved report (render): diff refuses it before (sameSnapshot).
			return exitTrouble, fmt.Errorf("the report's OLD and NEW are the same snapshot (%s): a diff of it with itself has no change by construction, and a gate on it passes whatever it holds: check the arguments it was made of", shownArg(r.Old.Path))
		}
		g, err := gateOf(r, opts.failOn)
		if err != nil {
			return exitTrouble, err
		}
		r.SetGate(g)
	}
	if opts.quiet {
		return exitCode(r), nil
	}
	out, err := c.openOutput(opts.output)
	if err != nil {
		return exitTrouble, err
	}
	if opts.template != "" {
		out.hold()
	}
	if err := render(out.w, r, renderOptions(opts, c.stdout)); err != nil {
		return exitTrouble, out.fail(err)
	}
	if err := out.commit(); err != nil {
		return exitTrouble, err
	}
	return exitCode(r), nil
}

// renderOptions turns the command line into report options. Colour is
// on with --color=always, off with never, and decided by colorAuto with
// auto.
func renderOptions(opts *options, stdout io.Writer) report.Options {
	o := report.Options{Title: opts.title, LinkBase: opts.linkBase, MaxBytes: opts.maxBytes, Marker: opts.marker, RebuiltRows: len(opts.rows) > 0,
		Width: textWidth(opts, stdout),
		Feed:  report.FeedOptions{ID: opts.feedID, MaxEntries: opts.feedMax}}
	switch opts.color {
	case "always":
		o.Color = true
	case "auto":
		o.Color = colorAuto(opts.output == "", opts.format, stdout)
	}
	return o
}

// renderer picks the function that renders a report, reading and parsing
// a user template (a file, or standard input for "-") before any snapshot
// is loaded.
func (c *cli) renderer(opts *options) (report.Renderer, error) {
	if opts.template != "" {
		var text []byte
		var err error
		name := opts.template // as given, as the snapshots are named in messages
		if opts.template == stdinName {
			name = stdinFile
			// Up to a byte more than a template may hold, refused as
			// such (standard input's own bound, a gigabyte, said "not
			// a page").
			text, err = readAtMost(io.LimitReader(c.stdin, sandbox.MaxTemplate+1), maxStdin)
			if err == nil && len(text) > sandbox.MaxTemplate {
				err = sandbox.TooLarge("standard input", -1)
			}
		} else {
			if name == stdinFile {
				// Named as standard input is, a file of that name read
				// as it in every message.
				name = "./" + stdinFile
			}
			text, err = readTemplateFile(name)
		}
		if err != nil {
			if writtenAsURL(opts.template) && errors.Is(err, fs.ErrNotExist) {
				// Named as a mirror's URL is, without its password or
				// query: a CI log keeps standard error.
				return nil, fmt.Errorf("reading the template: %s: --template reads a file, or - (standard input), not a URL", mirror.Redact(opts.template))
			}
			hint := pipeHint(opts.template, "cmd | cachediff --template - OLD NEW")
			if errors.Is(err, fs.ErrNotExist) {
				hint = snapshot.NearHint(opts.template)
			}
			return nil, fmt.Errorf("reading the template: %w%s", err, hint)
		}
		t, err := sandbox.ParseTemplate(name, string(text))
		if err != nil {
			return nil, err
		}
		return templateRenderer(t, sandbox.Limits{Time: opts.tmplTime}), nil
	}
	f, _ := report.Lookup(opts.format) // checked by checkOutput
	return f.Render, nil
}

// fromGit reports whether both snapshots are REV:PATH (not on disk):
// git inflates each in a process of its own, so loading both at once
// overlaps one's git work with the other's decoding.
func fromGit(dir string, args []string) bool {
	return input.FromGit(dir, args[0]) && input.FromGit(dir, args[1])
}

// singlePages reports whether both snapshots are single pages: regular
// files on disk or standard input (not folders or REV:PATH), the total
// size of those on disk, and whether one is standard input.
func singlePages(dir string, args []string) (size int64, ok, stdin bool) {
	for _, a := range args[:2] {
		if a == stdinName {
			stdin = true
			continue
		}
		n, ok := input.RegularFile(dir, a)
		if !ok {
			return 0, false, stdin || args[1] == stdinName
		}
		size += n
	}
	return size, true, stdin
}
