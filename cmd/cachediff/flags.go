package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/editdist"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/sandbox"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/gitsrc"
	"github.com/cachediff/cachediff/snapshot/input"
	"github.com/cachediff/cachediff/snapshot/mirror"
	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// githubCommentBytes is GitHub's limit on a comment's body: 65,536
// characters. A byte limit of the same number is safe, as no character
// takes less than one byte.
const githubCommentBytes = 65536

// options are the parsed command line, of every command: each command's
// flag set binds the fields it uses.
type options struct {
	format    string
	color     string
	template  string
	tmplTime  time.Duration // --template-timeout: how long a --template may run
	output    string
	raw       bool
	failOn    []string // kinds of change, checked; nil without --fail-on
	title     string
	linkBase  string
	feedID    string // --feed-id: the Atom feed's id
	feedMax   int    // --max-entries: the most steps the Atom feed keeps
	filter    diff.Filter
	skip      bool
	maxBytes  int    // --max-bytes, or githubCommentBytes with --github-comment
	marker    string // the report's first line: report.GitHubMarker with --github-comment
	ghComment bool
	rows      []string // --rows: kinds of rows listed that are summarised by default
	width     columns  // --width: the text format's columns; 0 when not given
	help      bool
	version   bool
	quiet     bool
	// revs, since and until are log's --revs RANGE, --since and --until.
	revs, since, until string
	// dir is -C DIR: the command runs as if started there (snapshots,
	// REV:PATH and files are found from it); "" for the current directory.
	dir string
	// mirror is how Spack mirrors are read: --view, and for URLs
	// --no-cache, --offline, --max-download and --download-timeout.
	mirror          mirror.Options
	noCache         bool
	offline         bool
	maxDownload     int64
	downloadTimeout time.Duration
	// line is the command's words as the parse read them, for the
	// checks and hints that look back at what was typed: a flag that
	// took the word after it (givenApart), a flag after the "--" that
	// ended the flags (a "--" that was a flag's value, --title --, ends
	// nothing).
	line cmdLine
}

// flagGroup is a group of flags, shown under its title in the help: each
// command picks the groups it takes. check, when set, checks the values
// after parsing (fs tells which flags were given).
type flagGroup struct {
	title string
	add   func(fs *pflag.FlagSet, o *options)
	check func(fs *pflag.FlagSet, o *options) error
}

// flagSet returns cmd's flags bound to o, with -h/--help.
func (cmd *command) flagSet(o *options) *pflag.FlagSet {
	fs := pflag.NewFlagSet("cachediff", pflag.ContinueOnError)
	fs.SetOutput(discard{})
	fs.SortFlags = false
	for _, g := range cmd.groups {
		g.add(fs, o)
	}
	fs.BoolVarP(&o.help, "help", "h", false, "show this help")
	if cmd.name == "" {
		fs.BoolVar(&o.version, "version", false, "show the version (cachediff version)")
	}
	return fs
}

// discard is pflag's output: errors are returned, never printed by it.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// flagError turns a pflag parse error into a usage error. An unknown
// flag that the diff takes is said not to apply to cmd; another one gets
// the closest flag names of cmd as a hint. line is the words as read,
// for the word typed of an unknown shorthand (unknownShorthandIn).
func flagError(cmd *command, fs *pflag.FlagSet, line cmdLine, err error) error {
	for i, w := range line {
		if w.role != badWord {
			continue
		}
		// -quiet, log -title=X: pflag refused the -u, or the -t of the
		// diff's --template, of a long flag typed with one dash; and so
		// of another command's (-revs=HEAD~7..HEAD A B, render
		// -stack=e4s r.json), which said "unknown shorthand flag: 'r'",
		// with no word of --revs.
		if oneDashLong(fs, w) || slices.ContainsFunc(everyFlagSet(), func(other *pflag.FlagSet) bool { return oneDashLong(other, w) }) {
			if msg := valueNotFlag(cmd, fs, line, i); msg != "" {
				return &usageError{cmd, msg}
			}
			return &usageError{cmd, fmt.Sprintf("%s: a long flag takes two dashes, and one is read as shorthands; write %s", hintWord(w.text), hintWord("-"+w.text))}
		}
	}
	msg := err.Error()
	if m := unknownShorthandIn(line, err); m != "" {
		msg = m
	}
	var bad *pflag.InvalidSyntaxError
	if errors.As(err, &bad) {
		// ---x, --=x: pflag wrote the word as it was, not in ASCII
		// (---а, its а Cyrillic, read ---a) and whole, 30 KB cut by
		// the line's cap before the hint of ./ or --. Named as another
		// refused word is, with the flag it was near where one is.
		msg = "bad flag syntax: " + refusedWord(bad.GetSpecifiedFlag()) + extraDashes(fs, bad.GetSpecifiedFlag())
	}
	if m := invalidArgument.FindStringSubmatch(msg); m != nil {
		// pflag: invalid argument "20x" for "--max-bytes" flag: ...
		why := m[3]
		// strconv's own words name Go's function: say what the flag wants.
		switch {
		case strings.HasPrefix(why, "strconv.") && strings.HasSuffix(why, "value out of range"):
			why = "a number too large"
		case strings.HasPrefix(why, "strconv.ParseBool"):
			// A switch (--quiet=yes): it said "want a whole number".
			why = "want true or false (or the flag alone, which is true)"
		case strings.HasPrefix(why, "strconv.Parse"):
			why = "want a whole number"
		case strings.HasPrefix(why, "time: "):
			// time.ParseDuration's words: say what a duration is.
			why = "want a duration with its unit, such as 90s, 10m or 1h"
		}
		v, err := strconv.Unquote(m[1])
		if err != nil {
			v = m[1]
		}
		msg = m[2] + " " + quotedValue(v) + ": " + why
		if v == "" {
			if i := slices.IndexFunc(line, func(w lineWord) bool { return (w.role == flagWord || w.role == badWord) && w.text == m[2]+"=" }); i >= 0 && i+1 < len(line) {
				// --max-bytes= 5 A B, --template-timeout= 5s: the empty
				// value was refused, and the space that left it so
				// went unsaid, as it is of --title= x A B. Not of a
				// word with a dash, which the space made a flag.
				if w := line[i+1].text; w != "" && w[0] != '-' && !refusesWord(cmd, strings.TrimPrefix(m[2], "--"), w) {
					msg = spacedMessage(m[2], "left "+m[2]+" empty", hintWord(w), "", false)
				}
			}
		}
	}
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		// In ASCII, as a --package value is (quoteFilterValue):
		// --fоrmat, its о Cyrillic, read "unknown flag: --fоrmat (did
		// you mean --format?)", the flag and the hint the same.
		msg = "unknown flag: " + refusedWord("--"+name)
		var o options
		if cmd.name != "" && diffCommand.flagSet(&o).Lookup(name) != nil {
			msg = fmt.Sprintf("%s: --%s does not apply", cmd.name, name)
			if name == "version" {
				// log --version said "a log is written as md, json, …",
				// and render --version "the report was made already":
				// the command's reason is of its other flags.
				msg += ": cachediff version (or cachediff --version) shows the version"
			} else if cmd.notApply != "" {
				msg += ": " + cmd.notApply
			}
		} else if cmd != logCommand && logCommand.flagSet(&o).Lookup(name) != nil {
			// cachediff --revs HEAD~7..HEAD _cache/develop said "did you
			// mean --rows?", which pasted was refused too: --revs (and
			// --since, --until) are the log's.
			of := "the diff (cachediff OLD NEW)"
			if cmd.name != "" {
				of = "cachediff " + cmd.name
			}
			if h := laterLog(cmd, line); h != "" {
				return &usageError{logCommand, fmt.Sprintf("--%s is a flag of cachediff log, not of %s: %s", name, of, h)}
			}
			return &usageError{logCommand, fmt.Sprintf("--%s is a flag of cachediff log, not of %s: cachediff log [flags] --revs RANGE PATH", name, of)}
		} else if alias, ok := flagAliases[strings.ToLower(strings.ReplaceAll(name, "_", "-"))]; ok && fs.Lookup(strings.SplitN(alias, "=", 2)[0]) != nil {
			// _ read as - (as values are): --no_color and NO_COLOR's
			// spelling, --NO_COLOR, got no suggestion.
			msg += " (did you mean --" + alias + "?)"
		} else if near := closestFlags(fs, name); len(near) > 0 {
			msg += " (did you mean --" + strings.Join(near, " or --") + "?)"
		} else if cmd != logCommand {
			// cachediff --rev HEAD~7..HEAD _cache/develop got no
			// suggestion: --revs, near it, is the log's alone. Only the
			// log's own: version --colour is not told --color, the
			// diff's too, which version does not take either.
			var theLogs []string
			diffs := diffCommand.flagSet(&o)
			for _, n := range closestFlags(logCommand.flagSet(&o), name) {
				if fs.Lookup(n) == nil && diffs.Lookup(n) == nil {
					theLogs = append(theLogs, n)
				}
			}
			if len(theLogs) > 0 {
				msg += " (did you mean --" + strings.Join(theLogs, " or --") + ", of cachediff log?)"
			}
		}
	}
	if m := unknownShorthand.FindStringSubmatch(msg); m != nil && cmd.name != "" {
		// cachediff -C . render r.json (and log -t x A B) said "unknown
		// shorthand flag: 'C' in -C", as if no command took -C, where
		// render --directory . says it does not apply.
		var o options
		if f := diffCommand.flagSet(&o).ShorthandLookup(m[1]); f != nil {
			msg = fmt.Sprintf("%s: -%s (--%s) does not apply", cmd.name, m[1], f.Name)
			if cmd.notApply != "" {
				msg += ": " + cmd.notApply
			}
		}
	}
	if m := unknownShorthand.FindStringSubmatch(msg); m != nil {
		if v := colorAfterC(fs, line, m[1]); v != "" {
			msg += " (did you mean --color=" + v + "?)"
		} else {
			msg += nearShorthand(fs, m[1])
		}
	}
	return &usageError{cmd, msg + spacedFlag(cmd, fs, line) + dashesTaken(cmd, line) + dashedPath(cmd, fs, line)}
}

// dashesTaken is the hint of the word pflag refused as a flag when the
// word before it is a "--" a flag took as its value (log --revs --
// -e..HEAD P): it said "unknown shorthand flag: 'e' in -e..HEAD" alone,
// where the "--" was meant to end the flags (tookDashes says so of a
// line pflag reads whole). "" for any other.
func dashesTaken(cmd *command, line cmdLine) string {
	i := slices.IndexFunc(line, func(w lineWord) bool { return w.role == badWord })
	if i < 2 || line[i-1].role != valueWord || line[i-1].text != "--" || len(line[i-1].sets) == 0 {
		return ""
	}
	f, w := line[i-1].sets[0], line[i].text
	what, _ := pflag.UnquoteUsage(f)
	if what == "" {
		what = "value"
	}
	// Either was meant: --title $T -- -x A B, T empty and -x a
	// snapshot, or the value after the "--" (log --revs -- -e..HEAD).
	msg := fmt.Sprintf("; the -- after --%s was read as its %s, not as the end of the flags, and %s after it as a flag: give --%s a %s, quoted when it may be empty", f.Name, what, hintWord(w), f.Name, what)
	if refusesWord(cmd, f.Name, w) {
		return msg + "; " + noValueOf(cmd, f, w, false)
	}
	return msg + fmt.Sprintf("; or, as --%s's value, write --%s=%s", f.Name, f.Name, hintWord(w))
}

// spacedFlag is the hint of the word pflag refused as a flag when the
// word before it is --NAME= with nothing after the =, of a flag that
// takes a value: --title= "-x" A B said "unknown shorthand flag: 'x' in
// -x" alone, of a value meant for --title, which the space left empty
// (spacedValue tells a word that is no flag so): the hint says how to
// give it as the value. "" for any other.
func spacedFlag(cmd *command, fs *pflag.FlagSet, line cmdLine) string {
	for i, w := range line {
		if w.role != badWord {
			continue
		}
		if i == 0 || line[i-1].role != flagWord {
			return ""
		}
		prev, n := line[i-1], len(line[i-1].sets)
		if n > 0 && !strings.HasPrefix(prev.text, "--") && len(prev.text) == n+2 && prev.values[n-1] == "=" && prev.sets[n-1].Shorthand == prev.text[n:n+1] {
			// -f= -json A B, -o= -x A B: pflag gave -f the value "=",
			// and the word after it was told "unknown shorthand flag"
			// alone, where --format= -json A B is told of the space.
			// Written as typed, with a switch before it (-qo= -x).
			f, spelt, short := prev.sets[n-1], prev.text[:n+1], "-"+prev.text[n:n+1]
			msg := fmt.Sprintf("; %s comes after %s=, which gave %s the value \"=\"", hintWord(w.text), spelt, short)
			if refusesWord(cmd, f.Name, w.text) {
				return msg + "; " + noValueOf(cmd, f, w.text, false)
			}
			return msg + fmt.Sprintf(": as %s's value, write %s=%s", short, spelt, hintWord(w.text))
		}
		name, ok := strings.CutPrefix(prev.text, "--")
		if !ok || !strings.HasSuffix(name, "=") {
			return ""
		}
		f := fs.Lookup(strings.TrimSuffix(name, "="))
		if f == nil || f.NoOptDefVal != "" && f.Value.String() != "" {
			// No flag, or one whose value may be left out (--color)
			// but for --color= itself, whose empty value is refused:
			// --color= -never A B got no hint.
			return ""
		}
		// The command line cannot tell --title= -x from --title="" -x:
		// what holds of both is said.
		if refusesWord(cmd, f.Name, w.text) {
			// A value the flag refuses (--fail-on= -x, --format= -json,
			// --link-base= -x) was told "write --fail-on=-x", a value
			// then refused: the word is no value of it, and what it
			// takes is said.
			return "; " + noValueOf(cmd, f, w.text, true)
		}
		return fmt.Sprintf("; %s comes after --%s= with nothing after its =: as --%s's value, write --%s=%s", hintWord(w.text), f.Name, f.Name, f.Name, hintWord(w.text))
	}
	return ""
}

// noValueOf says that w, a word after --NAME= of flag f and a space, is
// no value of f (refusesWord): with the value written where w less its
// leading dashes is one of a flag of a set of values (-json after
// --format=), else what f takes where it is one of a set. spaced says
// where w came too (spacedFlag: the space is said nowhere else).
func noValueOf(cmd *command, f *pflag.Flag, w string, spaced bool) string {
	msg := fmt.Sprintf("%s is no value of --%s", hintWord(w), f.Name)
	if spaced {
		msg = fmt.Sprintf("%s comes after --%s= with nothing after its =, and is no value of --%s", hintWord(w), f.Name, f.Name)
	}
	values, list := valueSet(f)
	if f.Name == "directory" {
		return strings.Replace(msg, "is no value of --directory", "names no folder", 1)
	}
	if bare := strings.TrimLeft(w, "-"); bare != "" && bare != w && !refusesWord(cmd, f.Name, bare) {
		// Of a URL too: --link-base= -https://x/ A B.
		return msg + fmt.Sprintf(": as its value, write --%s=%s", f.Name, hintWord(bare))
	}
	if values == nil {
		return msg
	}
	if low := strings.ToLower(strings.TrimLeft(w, "-")); low != "" && !refusesWord(cmd, f.Name, low) {
		// --color= NEVER A B, --format= JSON: a value in capitals,
		// which was told only what the flag takes.
		return msg + fmt.Sprintf(": as its value, write --%s=%s", f.Name, hintWord(low))
	}
	if list {
		return msg + ", which takes a comma-separated list of " + strings.Join(values, ", ")
	}
	return msg + ", which takes " + orList(values)
}

// refusesWord reports whether cmd's flag name refuses v as its value, so
// that a hint must not write --NAME=v: v is none of the flag's set of
// values (valueSet), fails its own check of a URL (refusedValue) or a
// date (--since, --until), or is refused as it is parsed (a number, a
// size, a duration). --ignore= - A B, --link-base= -x A B and log
// --since= -x were told "write --ignore=-", each then refused.
func refusesWord(cmd *command, name, v string) bool {
	f := cmd.flagSet(&options{}).Lookup(name)
	if f == nil {
		return false
	}
	if values, _ := valueSet(f); values != nil {
		return !allValues(v, values)
	}
	if ok := refusedValue[name]; ok != nil && !ok(v) {
		return true
	}
	if name == "directory" && !isDir(v) {
		// --directory= -x A B was told "write --directory=-x", of no
		// folder, then refused.
		return true
	}
	if name == "since" || name == "until" {
		if _, err := gitsrc.ParseDate(v, time.Now()); err != nil {
			return true
		}
	}
	return f.Value.Set(v) != nil
}

// valueSet is the values flag f takes, nil for a flag of free text:
// its completion's (--format's, the command's formats), or the kinds
// and facets that --fail-on and --ignore check their lists against
// (list: a comma-separated list of them).
func valueSet(f *pflag.Flag) (values []string, list bool) {
	switch f.Name {
	case "fail-on":
		return diff.GateKindNames(), true
	case "ignore":
		return diff.FacetNames(), true
	case "rows":
		// --rows= -rebuilt A B was told "write --rows=-rebuilt", a
		// kind then refused, as --fail-on's was.
		return rowKinds, true
	case "color":
		// Of no completion's annotation here: --color= -never A B
		// was told nothing, and would be told "write --color=-never".
		return colorWhens, false
	}
	return f.Annotations[annValues], false
}

// colorWhens are the values --color takes.
var colorWhens = []string{"auto", "always", "never"}

// rowKinds are the kinds of rows --rows takes.
var rowKinds = []string{"rebuilt"}

// allValues reports whether each comma-separated item of v is one of
// values (--fail-on and --ignore take a list; no format or colour holds
// a comma).
func allValues(v string, values []string) bool {
	for item := range strings.SplitSeq(v, ",") {
		if !slices.Contains(values, item) {
			return false
		}
	}
	return true
}

// dashedPath is "; PATH is a path here: …" where the word pflag refused
// is a path on disk (from -C's folder when given before it): cachediff
// HEAD~1 '-x y', of a folder "-x y", said "unknown shorthand flag: 'x'
// in -x y" alone, with no word of ./-x y or --. So is a word whose
// first folder is on disk ('-x y/sub', sub mistyped: pflag's message
// alone named no way to give a path), and a word whose first folder is
// not but one near it, beginning with - too, is: cachediff HEAD~1
// -cache, of a folder "-cachee", was told "did you mean -C,
// --directory?" alone. Else "". The way after -- is the command's own:
// log's was told "(cachediff -- OLD NEW)", the diff's.
func dashedPath(cmd *command, fs *pflag.FlagSet, line cmdLine) string {
	dir := ""
	if f := fs.Lookup("directory"); f != nil {
		dir = f.Value.String()
	}
	if d, ok := unreadDir(fs, line); ok {
		dir = d
	}
	after := "cachediff -- OLD NEW"
	switch {
	case cmd == logCommand && fs.Changed("revs"):
		after = "cachediff log --revs RANGE -- PATH"
	case cmd.name != "":
		after = "cachediff " + cmd.name + " -- " + strings.TrimPrefix(cmd.synopsis, "[flags] ")
		after, _, _ = strings.Cut(after, "\n")
	}
	for _, w := range line {
		if w.role != badWord || !strings.HasPrefix(w.text, "-") || strings.ContainsAny(w.text, "\n\r\x00") {
			continue
		}
		// -x:snap, of a tag -x: REV:PATH, its ref written in full; of
		// a path on disk too, each way.
		rev := input.DashedRevPath(dir, w.text)
		first, rest, _ := strings.Cut(w.text, "/")
		if _, err := os.Lstat(filepath.Join(dir, w.text)); err == nil {
			if rev != "" {
				return fmt.Sprintf("; %s is a path here, and REV:PATH of a revision git knows: write %s for the one on disk, %s for the revision", hintWord(w.text), hintWord("./"+w.text), rev)
			}
			return fmt.Sprintf("; %s is a path here: write it %s, or put it after -- (%s)", hintWord(w.text), hintWord("./"+w.text), after)
		}
		if rev != "" {
			return input.DashedRevPathHint(w.text, rev)
		}
		if _, err := os.Lstat(filepath.Join(dir, first)); err == nil {
			return fmt.Sprintf("; %s begins with the folder %s here: write it %s, or put it after -- (%s)", hintWord(w.text), hintWord(first), hintWord("./"+w.text), after)
		}
		// Not of a short word (-v beside a folder -w): a flag's typo.
		near := ""
		if len(first) > 3 {
			near = dashedNear(dir, first)
		}
		if near != "" {
			if rest != "" || strings.HasSuffix(w.text, "/") {
				near += "/" + rest
			}
			// In ASCII: the name near may be a lookalike of the word
			// typed (-cаche, its а Cyrillic, beside -cache).
			return fmt.Sprintf("; no path %s is here, but %s is: write it %s, or put it after -- (%s)", hintWord(w.text), hintWord(near), hintWord("./"+near), after)
		}
	}
	return ""
}

// unreadDir is the folder of the last -C (--directory) given after the
// word pflag refused, which it did not read, and whether there is one:
// cachediff A '-x y' -C repo, of a folder repo/-x y, was given no hint,
// the word looked for in the current folder. The last, as pflag would
// read them once the word is mended: of -C a A '-x y' -C b, b. -CDIR
// too: cachediff A -y:snap -Crepo was given no hint.
func unreadDir(fs *pflag.FlagSet, line cmdLine) (string, bool) {
	dir, ok := "", false
	for i := 0; i < len(line); i++ {
		w := line[i]
		if w.role != unreadWord {
			continue
		}
		if w.text == "--" {
			break
		}
		if v, cut := strings.CutPrefix(w.text, "--directory="); cut {
			dir, ok = v, true
		} else if (w.text == "-C" || w.text == "--directory") && i+1 < len(line) {
			i++ // its value, which is no flag (-C -Cx: the folder -Cx)
			dir, ok = line[i].text, true
		} else if g, cut := strings.CutPrefix(w.text, "-"); cut && !strings.HasPrefix(g, "-") {
			// -CDIR, -C=DIR, and -C in a group of short flags after
			// those that take no value (-qC DIR, -qCDIR), as pflag
			// reads them: -qC DIR was not looked in.
			if v, cut := strings.CutPrefix(strings.TrimLeftFunc(g, func(c rune) bool { return takesNoValue(fs, c) }), "C"); cut && v != "" {
				dir, ok = strings.TrimPrefix(v, "="), true
			} else if cut && i+1 < len(line) {
				i++
				dir, ok = line[i].text, true
			}
		}
	}
	return dir, ok
}

// takesNoValue reports whether c is a one-letter flag of fs that takes
// no value (-h, -q), which a group of short flags (-qC DIR) may hold
// before one that does.
func takesNoValue(fs *pflag.FlagSet, c rune) bool {
	if c >= 0x80 {
		return false // ShorthandLookup panics on a name of two bytes
	}
	f := fs.ShorthandLookup(string(c))
	return f != nil && f.NoOptDefVal != ""
}

// dashedNear is the name in dir beginning with - nearest to name
// (editdist.Nearest), or "": the names are read a few hundred at a time,
// and only those beginning with - kept, so that a folder of a million
// entries costs no list of them.
func dashedNear(dir, name string) string {
	if dir == "" {
		dir = "."
	}
	f, err := os.Open(dir)
	if err != nil {
		return ""
	}
	defer f.Close()
	var dashed []string
	for {
		names, err := f.Readdirnames(256)
		for _, n := range names {
			if strings.HasPrefix(n, "-") {
				dashed = append(dashed, n)
			}
		}
		if err != nil || len(names) == 0 {
			break
		}
	}
	return editdist.Nearest(name, dashed)
}

// colorAfterC is the colour given to an unknown -c (c "c"), the word
// after it or after its =, when it is one (auto, always, never) and the
// command has --color; else "". cachediff -c always A B was told "did
// you mean -C, --directory?", which pasted ran in a folder "always".
func colorAfterC(fs *pflag.FlagSet, line cmdLine, c string) string {
	if c != "c" || fs.Lookup("color") == nil {
		return ""
	}
	for i, w := range line {
		if w.role != badWord {
			continue
		}
		v, ok := strings.CutPrefix(w.text, "-c=")
		if !ok && w.text == "-c" && i+1 < len(line) {
			v = line[i+1].text
		}
		if v == "auto" || v == "always" || v == "never" {
			return v
		}
		return ""
	}
	return ""
}

// extraDashes is " (did you mean --NAME?)" for w, a word pflag's syntax
// refused, that is a flag of fs with more than two dashes (---format,
// ---format=json); else "". ---format said "bad flag syntax" alone.
func extraDashes(fs *pflag.FlagSet, w string) string {
	name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
	if !strings.HasPrefix(w, "---") || name == "" || fs.Lookup(name) == nil {
		return ""
	}
	return " (did you mean --" + name + "?)"
}

// nearShorthand is " (did you mean …?)" for an unknown shorthand c: the
// shorthand c is in the other case (-Q: -q, --quiet); else "". -Q got no
// suggestion, where an unknown long flag gets the closest. (A long flag
// typed with one dash, -quiet, is said so before: flagError.)
func nearShorthand(fs *pflag.FlagSet, c string) string {
	other := strings.ToLower(c)
	if other == c {
		other = strings.ToUpper(c)
	}
	if f := fs.ShorthandLookup(other); f != nil && other != c {
		return fmt.Sprintf(" (did you mean -%s, --%s?)", other, f.Name)
	}
	return ""
}

// unknownShorthand matches pflag's message for an unknown shorthand flag
// that is one ASCII character, as ShorthandLookup takes: pflag names
// the first byte of a letter such as é as a rune of its own ('Ã'), and
// looked up, it panicked (render -é r.json, a goroutine dump).
var unknownShorthand = regexp.MustCompile(`^unknown shorthand flag: '([!-~])' in -`)

// unknownShorthandIn is the message of an unknown shorthand, err, in
// the word where line's reading stopped: the character as typed, in the
// word as typed. pflag names the shorthands left in the word, and the
// first byte of the one it refused as a character of its own: -qx said
// "unknown shorthand flag: 'x' in -x", and -é "'Ã' in -é", of a word and
// a character never typed. A word that is not ASCII is quoted in ASCII,
// as an unknown long flag is (--f\u00e9): -С, its С Cyrillic (U+0421),
// read "'С' in -С", as if -C, a flag cachediff takes, were unknown.
// "" for any other error.
func unknownShorthandIn(line cmdLine, err error) string {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) || ne.GetSpecifiedShortnames() == "" {
		return ""
	}
	rest := ne.GetSpecifiedShortnames()
	for _, w := range line {
		if w.role != badWord || !strings.HasSuffix(w.text, rest) || strings.HasPrefix(w.text, "--") {
			continue
		}
		r, size := utf8.DecodeRuneInString(rest)
		c := strconv.QuoteRuneToASCII(r)
		if r == utf8.RuneError && size == 1 {
			c = fmt.Sprintf(`'\x%02x'`, rest[0])
		}
		return fmt.Sprintf("unknown shorthand flag: %s in %s", c, refusedWord(w.text))
	}
	return ""
}

// refusedWord is w, a word pflag refused, as its message names it: in
// ASCII (quoted, --f\u00e9) where it is not, and cut past maxHintWord
// bytes about its mark (snapshot.CutShown). Whole, a 6 KB word
// (-cache/<6 KB> or --cache/<6 KB>, beside a folder of that name) took
// 6 KB of the line before the hint of ./ or --, which the line's cap
// then cut off, with no word of what to write. An ASCII word is written
// as report.VisibleInput writes it: as it was, -x<newline>b read
// -x\nb, as the five characters -x\nb did, the backslash not doubled.
// So is a word after -- that names nothing on disk (dashedFlag), which
// was written whole and not in ASCII: -mаin:snap, its а Cyrillic, read
// as -main:snap.
func refusedWord(w string) string {
	show := report.VisibleInput
	if strings.ContainsFunc(w, func(r rune) bool { return r >= utf8.RuneSelf }) {
		show = strconv.QuoteToASCII
	}
	return snapshot.CutShown(w, maxHintWord, show)
}

// quotedValue is v, a value a message refuses (a flag's, a command's
// argument), quoted in ASCII and cut past maxHintWord bytes about its
// mark (snapshot.CutShown). pflag's own quotes kept a lookalike as it
// was (--max-bytes "1а", its а Cyrillic, read as 1a), and whole, a 6 KB
// value of U+200B (36 KB as \u200b) ran the line past its cap, what the
// flag wants cut off.
func quotedValue(v string) string { return snapshot.CutShown(v, maxHintWord, strconv.QuoteToASCII) }

// invalidArgument matches pflag's message for a value its flag refuses.
var invalidArgument = regexp.MustCompile(`^invalid argument (".*") for "(?:-., )?(--[^"]+)" flag: (.*)$`)

// closestFlags returns the long names of fs closest to name: those it is
// a prefix of, or else those within a few edits, in the order of fs.
func closestFlags(fs *pflag.FlagSet, name string) []string {
	name = strings.ToLower(name)
	var prefixed, near []string
	best := max(2, len(name)/3) // the farthest a suggestion may be
	fs.VisitAll(func(f *pflag.Flag) {
		switch d := editdist.Distance(name, f.Name); {
		case strings.HasPrefix(f.Name, name):
			prefixed = append(prefixed, f.Name)
		case d < best || d == best && near == nil:
			best, near = d, []string{f.Name}
		case d == best:
			near = append(near, f.Name)
		}
	})
	if len(prefixed) > 0 {
		return prefixed
	}
	return near
}

// flagAliases are flags of other tools, lower case, and the flag
// (with its value) that does what they do here: --no-color, which many
// tools take, got no suggestion, as no flag is near it by its letters.
var flagAliases = map[string]string{"no-color": "color=never", "no-colour": "color=never"}

// formatAliases are other names of the formats, lower case, that
// closestName suggests the format for.
var formatAliases = map[string]string{
	"markdown": "md", "gfm": "md", "txt": "text", "plain": "text", "diff": "patch",
	// A feed by another name: cachediff's is Atom.
	"rss": "atom", "xml": "atom", "feed": "atom",
}

// commentFormats are --format values that ask for a GitHub comment,
// which is --github-comment (Markdown), not a format.
var commentFormats = []string{"github", "gh", "comment", "github-comment", "pr"}

// suggestion is " (did you mean NAME?)" for the first of values that is
// not one of names, when one is near it (closestName; _ read as -),
// else "".
func suggestion(values, names []string) string {
	for _, v := range values {
		if slices.Contains(names, v) {
			continue
		}
		if near := closestName(strings.ReplaceAll(v, "_", "-"), names, nil); near != "" {
			return " (did you mean " + near + "?)"
		}
		// The start of several (--fail-on removed: removed-package and
		// removed-spec), which closestName leaves to none: it got no
		// hint, where a start of one gets that one.
		var started []string
		for _, n := range names {
			if len(v) >= 3 && strings.HasPrefix(n, strings.ToLower(strings.ReplaceAll(v, "_", "-"))) {
				started = append(started, n)
			}
		}
		if len(started) > 1 {
			return " (did you mean " + orList(started) + "?)"
		}
		return ""
	}
	return ""
}

// closestName returns the one of names that value was likely meant to be
// (a command's name, a format's), or "": the name whatever the case, or
// the one an alias names (aliases, keyed lower case); else the one name
// value is a prefix of or shares its first five characters with; else the one
// name (or alias's name) closest by a few edits: at most a third of
// value's length, or 2 for a short one, and fewer than value has
// characters.
func closestName(value string, names []string, aliases map[string]string) string {
	v := strings.ToLower(value)
	if a, ok := aliases[v]; ok && slices.Contains(names, a) {
		return a
	}
	type candidate struct{ key, name string }
	var cands []candidate
	// A prefix suggests the one name it begins, not the first of several
	// (removed-specs shares removed- with removed-package).
	// The start of one name is that name, whatever else shares its first
	// five letters: --fail-on=lost-st suggested lost-os, nearer by
	// edits, where lost-stack is the one it begins; and of two letters
	// too (--color=al: always; --rows=re: rebuilt), too short for an
	// edit to reach.
	var prefixed, started []string
	for _, n := range names {
		if v == n {
			return n
		}
		if len(v) >= 2 && strings.HasPrefix(n, v) {
			started = append(started, n)
		}
		if len(v) >= 3 && strings.HasPrefix(n, v) || len(v) >= 5 && len(n) >= 5 && v[:5] == n[:5] {
			prefixed = append(prefixed, n)
		}
		cands = append(cands, candidate{n, n})
	}
	if len(started) == 1 {
		return started[0]
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	for _, k := range slices.Sorted(maps.Keys(aliases)) {
		if slices.Contains(names, aliases[k]) {
			cands = append(cands, candidate{k, aliases[k]})
		}
	}
	// Counted in runes: "any" and an ideographic space (three bytes)
	// was three edits from any, too far for a name of three letters, where
	// a no-break space (two bytes) got its "did you mean any?".
	runes := utf8.RuneCountInString(v)
	var best []candidate // the nearest, each name once
	bestDist := max(2, runes/3) + 1
	for _, c := range cands {
		switch d := editdist.RuneDistance(v, c.key); {
		case d < bestDist:
			best, bestDist = append(best[:0], c), d
		case d == bestDist && len(best) > 0 && !slices.ContainsFunc(best, func(b candidate) bool { return b.name == c.name }):
			best = append(best, c)
		}
	}
	if len(best) == 0 || bestDist >= runes {
		return ""
	}
	if len(best) == 1 {
		return best[0].name
	}
	// A tie goes to the one name that starts as value does, as typos
	// keep the first letter: completion bsh is one edit from bash and
	// from zsh, and got no suggestion.
	first, _ := utf8.DecodeRuneInString(v)
	var same []string
	for _, b := range best {
		if r, _ := utf8.DecodeRuneInString(b.key); r == first {
			same = append(same, b.name)
		}
	}
	if len(same) == 1 {
		return same[0]
	}
	return ""
}

var inputFlags = flagGroup{
	title: "Input",
	add: func(fs *pflag.FlagSet, o *options) {
		fs.BoolVar(&o.raw, "no-canonicalize", false, "compare strings as written (no gcc@=13.2.0 → gcc@13.2.0 and the other rules)")
		fs.BoolVar(&o.skip, "skip-invalid", false, "leave out invalid pages instead of failing, and list them in the report (not with --fail-on: a gate would pass whatever they hold)")
		fs.StringVarP(&o.dir, "directory", "C", "", "run as if started in `DIR`, like git -C: snapshots, REV:PATH's repository, --output and --template are found from there")
		fs.StringVar(&o.mirror.View, "view", "", "read a Spack mirror's view `NAME` (v3/manifests/index/NAME/) instead of its own index")
		fs.BoolVar(&o.noCache, "no-cache", false, "a mirror URL: download everything again, and keep nothing (the cache is in the user's cache folder, cachediff/)")
		fs.BoolVar(&o.offline, "offline", false, "a mirror URL: make no request, read only what the cache holds")
		fs.Var((*bigSize)(&o.maxDownload), "max-download", "a Spack mirror: the most `BYTES` of one file, read or unpacked (default 4GiB)")
		fs.DurationVar(&o.downloadTimeout, "download-timeout", mirror.DefaultTotal, fmt.Sprintf("a mirror URL: give up its download after `DURATION` (10m, 1h), retries included; an answer that brings less than %d bytes a second for %s is given up sooner, and tried again", mirror.DefaultMinRate, mirror.DefaultStall))
	},
	check: func(fs *pflag.FlagSet, o *options) error {
		if fs.Changed("max-download") && o.maxDownload == 0 {
			// 0 was read as the default bound, though the flag asks
			// for a positive number: --max-bytes 0 is refused too.
			return fmt.Errorf("--max-download 0: want a positive number of bytes (no --max-download for the default, %s)", aboutBytes(mirror.DefaultMaxBytes))
		}
		if o.downloadTimeout <= 0 {
			return fmt.Errorf("--download-timeout %v: want a positive duration, such as 10m or 1h", o.downloadTimeout)
		}
		if fs.Changed("view") && o.mirror.View == "" {
			// --view "$VIEW" with VIEW unset: no view was read, the
			// whole caches were compared (and pages or an index file
			// beside them were not refused), with no word of it.
			return fmt.Errorf("--view: want a view's name (a folder of v3/manifests/index/ in each mirror), or no --view for the mirrors' own index")
		}
		return checkDir(fs, o)
	},
}

// checkDir checks -C DIR and makes the file flags relative to it. A
// folder that is not there names the flag as typed: --directory=nope A
// B said "-C nope: no such file or directory", of a flag never written
// so; and the folder as snapshot.ShownPath names a path: written as
// report.VisibleInput writes it, -C аb (its а Cyrillic) read as -C ab,
// and a 30 KB folder ran the line past its cap.
func checkDir(flags *pflag.FlagSet, o *options) error {
	if !flags.Changed("directory") {
		return nil
	}
	info, err := os.Stat(o.dir)
	switch {
	case o.dir == "":
		return fmt.Errorf("%s: want a directory", o.line.typed("directory"))
	case o.dir == "=" && err != nil:
		// A B -C=: pflag gives -C the value "=", and it said "-C =: no
		// such file or directory", of a value never typed (as -o=).
		return fmt.Errorf(`-C=: pflag read "=" as the folder; write -C DIR or --directory=DIR`)
	case err != nil:
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s %s: %v", o.line.typed("directory"), snapshot.ShownPath(o.dir), err)
	case !info.IsDir():
		return fmt.Errorf("%s %s: not a directory", o.line.typed("directory"), snapshot.ShownPath(o.dir))
	}
	if o.output != stdinName && o.output != "=" {
		// -o= is pflag's "=" (checkOutput refuses it): -C sub A B -o=
		// wrote the report to sub/=, exit 0, where -o= without -C is
		// refused.
		o.output = inDir(o.dir, o.output)
	}
	if o.template == "=" && !named(inDir(o.dir, o.template)) {
		return errTemplateEquals
	}
	if o.template != stdinName {
		o.template = inDir(o.dir, o.template)
	}
	return nil
}

// errTemplateEquals is the error of A B -t= (-t=$T, T empty): pflag
// gives -t= the value "=", and it said "reading the template: open =:
// no such file or directory", of a value never typed (as -o= and -C=).
// With -C it is looked at before checkDir finds the value from DIR:
// -C sub -t ./= was blamed on pflag too, as sub/= is "=" from sub.
var errTemplateEquals = errors.New(`-t=: pflag read "=" as the template FILE; write -t FILE or --template=FILE`)

// inDir returns a relative path p as found from dir ("" stays "").
func inDir(dir, p string) string {
	if p == "" {
		return p
	}
	return input.InDir(dir, p)
}

var filterFlags = flagGroup{
	title: "Filters",
	add: func(fs *pflag.FlagSet, o *options) {
		fs.Var((*globList)(&o.filter.Packages), "package", "compare only packages whose name matches this `GLOB` (path.Match: py-*, llvm; comma-separated, repeatable); one that matches no package is an error")
		fs.StringArrayVar(&o.filter.Stacks, "stack", nil, "compare only specs in this CI `STACK` (repeatable); a spec that leaves or joins it counts as removed or added; a stack no spec is in is an error")
		fs.Var((*wordList)(&o.filter.Ignore), "ignore", "leave this `FACET` out of spec pairing: version, compiler, variants, target, os or platform (comma-separated, repeatable)")
	},
	check: func(fs *pflag.FlagSet, o *options) error {
		if err := (diff.Filter{Packages: o.filter.Packages}).Check(); err != nil {
			return fmt.Errorf("--package: %w", err)
		}
		if err := (diff.Filter{Ignore: o.filter.Ignore}).Check(); err != nil {
			return fmt.Errorf("--ignore: %w%s", err, suggestion(o.filter.Ignore, diff.FacetNames()))
		}
		return nil
	},
}

var outputFlags = flagGroup{
	title: "Output",
	add:   func(fs *pflag.FlagSet, o *options) { addOutputFlags(fs, o, false) },
	check: checkOutput,
}

// logOutputFlags are a log's output flags: its formats (report.LogFormats)
// and no --template, which a log does not take.
var logOutputFlags = flagGroup{
	title: "Output",
	add:   func(fs *pflag.FlagSet, o *options) { addOutputFlags(fs, o, true) },
	check: func(fs *pflag.FlagSet, o *options) error {
		if f, ok := report.Lookup(o.format); ok && f.Log == nil {
			return fmt.Errorf("log: --format %s does not apply: a log is written as %s", o.format, orList(report.LogFormats()))
		}
		return checkOutput(fs, o)
	},
}

// addOutputFlags adds the output flags, of a log when log is set.
func addOutputFlags(fs *pflag.FlagSet, o *options, log bool) {
	var formats []report.Format
	for _, f := range report.Formats() {
		if !log || f.Log != nil {
			formats = append(formats, f)
		}
	}
	var names, docs []string
	for _, f := range formats {
		doc := f.Doc
		if log && f.LogDoc != "" {
			doc = f.LogDoc
		}
		names, docs = append(names, f.Name), append(docs, f.Name+" ("+doc+")")
	}
	what := "report"
	if log {
		what = "log"
	}
	fs.StringVarP(&o.format, "format", "f", formats[0].Name, what+" `FORMAT`: "+orList(docs))
	flagValues(fs, "format", names...)
	var terminal []string
	strict := false
	for _, f := range formats {
		if f.Terminal {
			terminal = append(terminal, f.Name)
		}
		strict = strict || f.Strict
	}
	forced := "when FORCE_COLOR or CLICOLOR_FORCE is set, not 0"
	if strict {
		forced += " (text only: a patch must apply)"
	}
	fs.StringVar(&o.color, "color", "auto", "colour the terminal formats ("+strings.Join(terminal, ", ")+") `WHEN`: auto (when standard output is a terminal, TERM is not dumb and NO_COLOR is unset; or "+forced+"; never a file of --output), always or never; --color alone is always")
	fs.Lookup("color").NoOptDefVal = "always"
	if !log {
		fs.StringVarP(&o.template, "template", "t", "", "render the report with this Go text/template `FILE` (at most 1 MiB; sprig's hermetic functions; - reads it from standard input)")
		lim := sandbox.DefaultLimits()
		fs.DurationVar(&o.tmplTime, "template-timeout", lim.Time, fmt.Sprintf("stop a --template that runs longer than `DURATION` (30s, 5m): exit status 2, as for one that writes more than %d GiB or holds more than %d GiB of memory, or a function of it that makes a string of more than %d MiB or a list of more than %d items",
			lim.Output>>30, lim.Memory>>30, lim.String>>20, lim.Items))
	}
	fs.BoolVarP(&o.quiet, "quiet", "q", false, "write no report, only the exit status (as diff -q and git diff --quiet); errors are still written")
	fs.StringVarP(&o.output, "output", "o", "", "write the report to `FILE` (atomically) instead of standard output")
	// The formats that write a title: JSON keeps none, a log has no patch;
	// a template has it as .Render.Title (md.tmpl's headline uses it).
	titleUse := "use this `TEXT` as the report's headline title (Markdown, text and patch; a --template gets it as .Render.Title; not JSON, which keeps no title)"
	if log {
		titleUse = "use this `TEXT` as the log's title (Markdown and text, and the Atom feed's; not JSON, which keeps no title)"
	}
	fs.StringVar(&o.title, "title", "", titleUse)
	fs.StringVar(&o.linkBase, "link-base", "", "link package names to `URL` + name in Markdown (e.g. https://cache.spack.io/package/?name=); the Atom feed links to URL without its query")
	fs.StringVar(&o.feedID, "feed-id", "", "the Atom feed's id: a `URI` that names it for good, best the URL it is published at (default urn:cachediff:log: and the --revs PATH, or the folder of the newest snapshot)")
	fs.Var((*decimal)(&o.feedMax), "max-entries", "the Atom feed keeps only the newest `N` steps (default all)")
	fs.Var((*byteSize)(&o.maxBytes), "max-bytes", "shorten the Markdown report to at most `N` bytes (20000, 20k, 64KiB): details collapse to one-line summaries, then sections to \"…and N more\" lines, lowest value first; the headline and summary table stay")
	fs.Var(&o.width, "width", "fit the text format's lines to `N` columns (at least 20; default: the terminal's width, or 80 when standard output is no terminal); longer lists end in \"…and N more\"")
	fs.Var((*wordList)(&o.rows), "rows", "also list these `KINDS` of rows that Markdown and text summarise: rebuilt (every rebuilt spec; by default a rebuild that changed nothing but the hash is counted per package, not listed)")
	fs.BoolVar(&o.ghComment, "github-comment", false, "fit a GitHub comment: --max-bytes 65536 (GitHub counts 65,536 characters; a character is at least a byte, so 65,536 bytes always fit), the first line the hidden marker <!-- cachediff --> that finds the comment again")
}

var gateFlags = flagGroup{
	title: "Gate",
	add: func(fs *pflag.FlagSet, o *options) {
		fs.Var((*wordList)(&o.failOn), "fail-on", "exit 1 only if one of these `KINDS` of change is present, else 0 (comma-separated, repeatable; kinds below)")
	},
	check: func(fs *pflag.FlagSet, o *options) error {
		if !fs.Changed("fail-on") {
			return nil
		}
		kinds, err := diff.ParseGateKinds(o.failOn)
		if err != nil {
			return fmt.Errorf("--fail-on: %w%s", err, suggestion(o.failOn, diff.GateKindNames()))
		}
		if len(kinds) == 0 {
			return fmt.Errorf("--fail-on: want at least one kind of change: %s", strings.Join(diff.GateKindNames(), ", "))
		}
		o.failOn = kinds
		return nil
	},
}

// linkBaseURL reports whether v is a URL --link-base takes: http:// or
// https:// and a host.
func linkBaseURL(v string) bool {
	u, err := url.Parse(v)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// feedIDURI reports whether v is of the shape of URI --feed-id takes:
// absolute, without white space, < > or ".
func feedIDURI(v string) bool {
	u, err := url.Parse(v)
	return err == nil && u.Scheme != "" && !strings.ContainsAny(v, " \t\n\r<>\"")
}

// unseenIn names the first character of v that a reader cannot see as
// itself, an invalid byte, a control character or an invisible one
// (report.Invisible: U+00A0 reads as a space), written as an escape, and
// where it is, counted in characters from 1, with how many more there
// are: `\u00a0, an invisible character, at character 21 (and 1 more)`.
// "" when v has none.
func unseenIn(v string) string {
	what, n, more := "", 0, 0
	for i, r := range v {
		n++
		if r != utf8.RuneError && !unicode.IsControl(r) && !report.Invisible(r) {
			continue
		}
		if what != "" {
			more++
			continue
		}
		at := ", at character " + strconv.Itoa(n)
		switch _, size := utf8.DecodeRuneInString(v[i:]); {
		case r == utf8.RuneError && size == 1:
			what = "the byte " + report.VisibleInput(v[i:i+1]) + ", not UTF-8" + at
		case r == utf8.RuneError:
			what = "U+FFFD, the replacement character" + at
		case unicode.IsControl(r):
			what = report.VisibleInput(string(r)) + ", a control character" + at
		default:
			what = report.VisibleInput(string(r)) + ", an invisible character" + at
		}
	}
	if more > 0 {
		what += " (and " + strconv.Itoa(more) + " more)"
	}
	return what
}

// checkOutput checks the output flags and derives --github-comment's.
func checkOutput(fs *pflag.FlagSet, o *options) error {
	f, ok := report.Lookup(o.format)
	if !ok {
		names := fs.Lookup("format").Annotations[annValues] // the command's formats
		msg := fmt.Sprintf("unknown --format %s: want %s", quotedValue(o.format), orList(names))
		if near := closestName(o.format, names, formatAliases); near != "" {
			msg += " (did you mean " + near + "?)"
		} else if slices.Contains(commentFormats, strings.ToLower(o.format)) && fs.Lookup("github-comment") != nil {
			msg += " (for a GitHub comment: --github-comment, which writes Markdown that fits one)"
		}
		return errors.New(msg)
	}
	switch o.color {
	case "auto", "always", "never":
	default:
		// A typo (--color=nevr) gets the near value, as --format's does.
		return fmt.Errorf("unknown --color %s: want auto, always or never%s", quotedValue(o.color), suggestion([]string{o.color}, []string{"auto", "always", "never"}))
	}
	if o.linkBase != "" {
		// Named as a mirror URL is (mirror.Redact): a password or
		// token written in it is not quoted back.
		if !linkBaseURL(o.linkBase) {
			// Quoted in ASCII and cut past maxHintWord bytes
			// (quotedValue), as the other refused values: whole, 2,000
			// U+200B ran the line past its cap before what it wants.
			shown := quotedValue(mirror.Redact(o.linkBase))
			if _, err := url.Parse(o.linkBase); err != nil {
				// Redact's "(a URL that does not parse)", quoted, read
				// as the value given: --link-base "(a URL that does not
				// parse)" of --link-base https://x/%zz.
				shown = "(a URL that does not parse)"
			}
			return fmt.Errorf("--link-base %s: want an http:// or https:// URL, such as https://cache.spack.io/package/?name=", shown)
		}
		if u, _ := url.Parse(o.linkBase); u.User != nil {
			// Every package link of the report (a pull request's
			// comment, a feed) would publish them.
			return fmt.Errorf("--link-base %s: a URL with a user name or password (or a token before an @), which every link of the report would show: give the URL without them", quoteFilterValue(mirror.Redact(o.linkBase)))
		}
	}
	if (o.feedID != "" || fs.Changed("max-entries")) && o.format != "atom" {
		// The flags given, both when both are: naming one of them left
		// the other to a second run.
		flag, verb := "--feed-id", "applies"
		switch {
		case o.feedID != "" && fs.Changed("max-entries"):
			flag, verb = "--feed-id and --max-entries", "apply"
		case fs.Changed("max-entries"):
			flag = "--max-entries"
		}
		// What they met, as --max-bytes says: with a --template, no
		// --format was given ("not --format md" named the default).
		other := "--format " + o.format
		if o.template != "" {
			other = "a --template"
		}
		return fmt.Errorf("%s %s to the Atom feed (--format atom) only, not %s", flag, verb, other)
	}
	if fs.Changed("width") && o.format != "text" && o.template == "" {
		// --width N -f json wrote the same JSON with exit 0, as if the
		// lines had been fitted: only the text format fits them (and a
		// --template, which is given it as .Render.Width).
		other := "--format " + o.format
		if o.ghComment {
			other = "--github-comment"
		}
		return fmt.Errorf("--width fits the text format (--format text) and a --template only, not %s", other)
	}
	if fs.Changed("feed-id") {
		if !feedIDURI(o.feedID) {
			return fmt.Errorf("--feed-id %s: want an absolute URI, such as https://example.org/catalogue/feed.xml or tag:example.org,2025:catalogue", quoteFilterValue(o.feedID))
		}
		if what := unseenIn(o.feedID); what != "" {
			// encoding/xml writes U+FFFE as U+FFFD, another id than
			// the one given; a bidi or invisible character (which an
			// IRI forbids) shows the id as another.
			// The id quoted in short: whole, a long one ran the line
			// past maxErrorLine, which cut what it holds and where.
			return fmt.Errorf("--feed-id %s: holds %s: want an absolute URI of visible characters", quoteFilterValue(o.feedID), what)
		}
	}
	if fs.Changed("max-entries") && o.feedMax <= 0 {
		return fmt.Errorf("--max-entries %d: want a positive number of steps", o.feedMax)
	}
	for _, k := range o.rows {
		if !slices.Contains(rowKinds, k) {
			// A typo (--rows=rebuit) gets the near kind, as --ignore's does.
			return fmt.Errorf("--rows %s: the kinds of rows are: %s%s", quotedValue(k), strings.Join(rowKinds, ", "), suggestion([]string{k}, rowKinds))
		}
	}
	switch {
	case o.ghComment && fs.Changed("max-bytes"):
		return fmt.Errorf("--github-comment is --max-bytes 65536: give one or the other")
	case o.ghComment:
		o.maxBytes, o.marker = githubCommentBytes, report.GitHubMarker
	case o.maxBytes < 0 || fs.Changed("max-bytes") && o.maxBytes == 0:
		return fmt.Errorf("--max-bytes %d: want a positive number of bytes", o.maxBytes)
	}
	if o.maxBytes > 0 && (!f.Cuttable || o.template != "") {
		// The flag given and what it met: "--max-bytes and
		// --github-comment ..." named a flag that was not given, and
		// not the --format or --template.
		flag, other := "--max-bytes", "--format "+o.format
		if o.ghComment {
			flag = "--github-comment"
		}
		if o.template != "" {
			other = "a --template"
		}
		return fmt.Errorf("%s shortens the built-in Markdown report (--format md) only, not %s", flag, other)
	}
	switch {
	case fs.Changed("output") && o.output == "":
		return fmt.Errorf("--output: want a FILE to write the report to (- or no --output: standard output)")
	case o.output == "=":
		// -o= A B: pflag gives -o the value "=" (its value after the =,
		// of which there was none), and the report went to a file named
		// "=" with exit 0, where standard output or a FILE was meant.
		return fmt.Errorf(`-o=: pflag read "=" as the file to write; write -o FILE or --output=FILE (- or no -o: standard output)`)
	case o.output == stdinName:
		// -o - is standard output, as "-" is standard input among the
		// arguments: it wrote a file named "-", and a pipeline
		// (cachediff -o - old new | …) read nothing.
		o.output = ""
	}
	if fs.Changed("template") && o.template == "" {
		// A script's unset $TMPL: not the Markdown report, silently.
		return fmt.Errorf("--template: want a template FILE (- reads it from standard input)")
	}
	if o.template == "=" && !named(o.template) {
		return errTemplateEquals
	}
	if o.quiet && o.output != "" {
		return fmt.Errorf("--quiet writes no report: --output does not go with it")
	}
	if o.template != "" && fs.Changed("format") {
		return fmt.Errorf("--template and --format do not go together: the template is the format")
	}
	if fs.Changed("template-timeout") {
		switch {
		case o.template == "":
			return fmt.Errorf("--template-timeout limits a --template: give one")
		case o.tmplTime <= 0:
			return fmt.Errorf("--template-timeout %v: want a positive duration, such as 30s or 5m", o.tmplTime)
		}
	}
	return nil
}

// tookFlag is the error of a flag whose value is any word (freeValue:
// --output, --template, --directory, --title, --stack, ...) that took,
// in any of its givings, the word after it spelt as a flag of fs (-o --quiet, -qo -q, -C --stack=e4s), or of
// another command (log -o --version, render -o -C): nil when there is
// none. cachediff -o $OUT --quiet A B, OUT empty, wrote the
// report to a file named --quiet, exit 1 and nothing on standard output,
// where -o "" is refused, as tookDashes refuses -o $OUT -- A B. -o
// ./--quiet and --output=--quiet are left as typed, and so is a value
// that is no flag (-o -x.md): a name, though it starts with "-". A flag
// of another command is refused too: render -o $OUT -C r.json wrote a
// file named -C, exit 1, where render -C r.json is refused as a flag
// that does not apply. Each giving is looked at, not the last alone: the
// flag taken is lost though a later giving sets the value (--title $T
// --fail-on=added --title x A B, T empty, dropped the gate). A short
// flag is refused as a long one is, of text flags too: --title $T -q
// A B titled the report -q and dropped --quiet without a word; a text
// that spells a flag is written joined (--title=-o). A long flag typed
// with one dash (-quiet, -directory=d1) is a flag here too, as oneDash
// and flagError take it where it stands.
func tookFlag(fs *pflag.FlagSet, line cmdLine) error {
	for i, w := range line {
		if w.role != flagWord || i+1 >= len(line) || line[i+1].role != valueWord {
			continue
		}
		f := line[i+1].sets[0]
		if !slices.Contains(w.sets, f) || !freeValue[f.Name] {
			continue
		}
		v := line[i+1].text
		if len(v) < 2 || v[0] != '-' || v == "--" {
			continue
		}
		// A long flag typed with one dash (-quiet), which pflag refuses
		// where it stands and oneDash names, is a flag too: -o $OUT
		// -quiet A B, OUT empty, wrote a file named -quiet, exit 0,
		// where -o x.md -quiet A B is refused.
		spells := func(fs *pflag.FlagSet) bool { return spellsFlag(fs, v) || oneDashLong(fs, lineWord{text: v}) }
		if !spells(fs) && !slices.ContainsFunc(everyFlagSet(), spells) {
			continue
		}
		what, _ := pflag.UnquoteUsage(f)
		var as string
		switch what {
		case "FILE":
			as = fmt.Sprintf("a file named %s is written %s", hintWord(v), hintWord("./"+v))
		case "DIR":
			as = fmt.Sprintf("a folder named %s is written %s", hintWord(v), hintWord("./"+v))
		default:
			if what == "" {
				what = "value"
			}
			as = fmt.Sprintf("that %s is written %s", what, hintWord("--"+f.Name+"="+v))
		}
		return fmt.Errorf("--%s %s: the flag %s after --%s was read as its %s: give --%s a %s, quoted when it may be empty (%s)", f.Name, hintWord(v), hintWord(v), f.Name, what, f.Name, what, as)
	}
	return nil
}

// tookSnapshot is the error of a log of snapshots (no --revs) whose
// flag, given its value apart (--title T, -o FILE, -C DIR), took a word
// that names a snapshot as the argument after it does: an empty
// variable (--title $T, -o $OUT, -C $DIR) leaves the flag the first
// snapshot, and a log takes any number of them. log --title $T A B C, T
// empty, titled the log A and left A out of it, exit 1 of B to C alone
// (a --fail-on that A to B trips passed); log -o $OUT p1.md p2.md
// p3.md wrote the log of p2.md to p3.md over p1.md, exit 0; log -C $DIR
// /abs/A /abs/B /abs/C ran in A and left it out. A diff takes two
// snapshots, and render one report, so there the word left one too few.
// A flag after the snapshots but the last is held to the one before it:
// log A B -o $OUT C wrote the log of A to B over the page C, exit 0.
// The same kind as the argument after it: both on disk, folders or
// files of one kind by their first bytes (-o log.md a.md b.md, log.md
// an earlier run's report, is no page), both REV:PATH, or both URLs of
// one host; for -C,
// an absolute folder before an absolute folder, which -C does not move
// (dirTookSnapshot).
// nil otherwise: such a value is written joined (--title=A, -o=p1.md).
func tookSnapshot(cmd *command, fs *pflag.FlagSet, o *options) error {
	if cmd != logCommand || fs.Changed("revs") || fs.NArg() < 2 {
		return nil
	}
	for i, w := range o.line {
		if w.role != valueWord || !logValue[w.sets[0].Name] {
			continue
		}
		next, where := "", "after"
		for _, after := range o.line[i+1:] {
			if after.role == argWord || after.role == dashedWord {
				next = after.text
				break
			}
		}
		if next == "" {
			// The flag before the last snapshot (log A B --title $T C,
			// log A B -o $OUT C): the value is of the kind of the
			// snapshot before it.
			for j := i - 1; j >= 0; j-- {
				if o.line[j].role == argWord {
					next, where = o.line[j].text, "before"
					break
				}
			}
		}
		f, v := w.sets[0], w.text
		if next == "" || v == "" || refused(f, v, o.dir, o.line[i+1:]) {
			continue
		}
		if f.Name == "output" && ofSnapshot(o.dir, v, o.line) {
			continue // refused once read, as a diff's: "it is an input"
		}
		if f.Name == "directory" {
			if !dirTookSnapshot(v, next) {
				continue
			}
		} else if k := snapshotKind(o.dir, v); k == "" || kindGroup(k) != kindGroup(snapshotKind(o.dir, next)) {
			continue
		}
		what, _ := pflag.UnquoteUsage(f)
		// Where the value stands among the snapshots: log A --title $T
		// B C would leave out the second, not the first.
		which := "the log's last"
		if where == "after" {
			which = "the log's first"
			if slices.ContainsFunc(o.line[:i], func(w lineWord) bool { return w.role == argWord }) {
				which = "one of the log's snapshots"
			}
		}
		return fmt.Errorf("--%s %s: %s, read as its %s, names a snapshot as %s %s it does, and with --%s's value empty would be %s: give --%s a %s, quoted when it may be empty (that %s is written %s)",
			f.Name, hintWord(v), hintWord(v), what, hintWord(next), where, f.Name, which, f.Name, what, what, hintWord("--"+f.Name+"="+v))
	}
	return nil
}

// refusedValue are the checks of the flags whose own check refuses a
// value that names most snapshots, for tookSnapshot: a value that fails
// it is left to it. log --link-base d1 d2 d3 said "names a snapshot as
// d2 after it does ... (that URL is written --link-base=d1)", a
// spelling that, pasted, is refused as no http:// URL.
var refusedValue = map[string]func(string) bool{"link-base": linkBaseURL, "feed-id": feedIDURI}

// refused reports whether v, a value of f, is one f's own check refuses:
// f's last giving (none in after, the words after it) and refused by
// refusedValue, or an --output that is a folder in dir (log -o out
// page.md page.md, out a folder, said "names a snapshot as page.md"
// where it had said "is a folder: --output wants a file"). An earlier
// giving is not checked, and is looked at.
func refused(f *pflag.Flag, v, dir string, after cmdLine) bool {
	ok := refusedValue[f.Name]
	if f.Name == "output" {
		ok = func(v string) bool { return !isDir(inDir(dir, v)) }
	}
	if ok == nil || ok(v) {
		return false
	}
	return !slices.ContainsFunc(after, func(w lineWord) bool { return slices.Contains(w.sets, f) })
}

// ofSnapshot reports whether out, an --output, is a snapshot of the
// line or lies inside a folder that is one (from dir): a file the log
// reads, which refuseInputs refuses once it is read ("it is an input:
// writing the report would replace it"), as a diff's. log old new -o
// old/ccache/specs.md said that it "names a snapshot as new before it
// does, and with --output's value empty would be the log's last", of a
// page the log reads as old's.
func ofSnapshot(dir, out string, line cmdLine) bool {
	resolved := func(p string) string {
		p = inDir(dir, p)
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		if a, err := filepath.Abs(p); err == nil {
			p = a
		}
		return p
	}
	o := resolved(out)
	return slices.ContainsFunc(line, func(w lineWord) bool {
		if w.role != argWord || w.text == input.StdinName {
			return false
		}
		rel, err := filepath.Rel(resolved(w.text), o)
		return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
	})
}

// dirTookSnapshot reports whether v, the value of -C given apart, may
// be a log's first snapshot that an empty -C $DIR took, by the snapshot
// after it, next: both absolute folders (-C $DIR /abs/A /abs/B /abs/C
// ran in A and left it out). A snapshot file after it is none (-C
// /abs/a.md says "not a directory"), nor a relative folder before it,
// written as no snapshot after it is: log -C . /abs/a.md /abs/b.md
// /abs/c.md, or -C . /abs/A /abs/B, was refused, exit 2, where the
// parent ran the log.
func dirTookSnapshot(v, next string) bool {
	return filepath.IsAbs(v) && isDir(v) && filepath.IsAbs(next) && isDir(next)
}

// logValue are the flags of log whose value, any word, passes by a
// snapshot without a word of its own, for tookSnapshot: --stack,
// --package and --view refuse a name that matches nothing.
var logValue = map[string]bool{"output": true, "directory": true, "title": true, "link-base": true, "feed-id": true}

// snapshotKind is what a log would read word as, from dir: "folder",
// or the kind of file its first bytes say (a page's "---", gzip, JSON),
// on disk; "rev" for a REV:PATH; "url" and its host for a mirror's URL
// (urlKind); "" for none
// of them: a file of another kind, cachediff's own JSON (log.json of an
// earlier run, beside lockfiles), and standard input's "-", which -o
// names as standard output.
func snapshotKind(dir, word string) string {
	if word == input.StdinName {
		return ""
	}
	if mirror.IsURL(word) {
		return urlKind(word)
	}
	if info, err := os.Stat(inDir(dir, word)); err == nil {
		if info.IsDir() {
			return "folder"
		}
		return fileKind(inDir(dir, word))
	}
	spec, git := strings.CutPrefix(word, input.RevPrefix)
	if rev, p, ok := gitsrc.Split(spec); ok && !notRevPath(word) && (git || !uriScheme[strings.ToLower(rev)]) && !spacedPath(p) {
		return "rev"
	}
	return ""
}

// kindGroup is the group of snapshotKind's kinds that tookSnapshot
// holds a value to: every snapshot on disk is one, a folder and the
// files of each kind, since a log reads a page, a lockfile and folders in
// one series. Of kinds alone, log -o $OUT p.md d1 d2, OUT empty, wrote
// the log of d1 to d2 over the page p.md, exit 0, and log --title $T
// a.md d1 d2 left a.md out.
func kindGroup(kind string) string {
	switch kind {
	case "folder", "page", "gzip", "json":
		return "disk"
	}
	return kind
}

// spacedPath reports whether p, the PATH of a word read as REV:PATH,
// starts with white space: the ": " of a title's label ("e4s: weekly",
// "Release: v0.23"), which no snapshot's path has. log --title "e4s:
// weekly" HEAD~2:x HEAD~1:x HEAD:x was refused as a title that names a
// snapshot (exit 2), where the parent ran the log.
func spacedPath(p string) bool {
	r, _ := utf8.DecodeRuneInString(p)
	return p != "" && unicode.IsSpace(r)
}

// urlKind is the kind snapshotKind says of a mirror's URL: "url" and
// its host, so that a URL is a snapshot of the kind of another of the
// same host alone (file:// URLs are of one kind). --link-base
// https://cache.spack.io/ before mirrors at binaries.spack.io, the help's
// own link base, was refused (exit 2) where the parent ran the log; an
// empty $L before mirror URLs leaves it one of a host as theirs.
func urlKind(word string) string {
	u, err := url.Parse(word)
	if err != nil {
		return "url"
	}
	if strings.EqualFold(u.Scheme, "file") {
		return "url file"
	}
	return "url " + strings.ToLower(u.Host)
}

// uriScheme are the schemes of the URIs --feed-id names a feed by
// (tag:example.org,2025:catalogue, urn:cachediff:log:…), which
// snapshotKind takes for no REV:PATH unless written git:REV:PATH: a
// feed-id before REV:PATH snapshots was said to name a snapshot.
var uriScheme = map[string]bool{"tag": true, "urn": true}

// fileKind is the kind of snapshot file path's first bytes say it is:
// "page" (a first line of "---"), "gzip", "json" (Spack's files, but
// not a cachediff report, which names its schema cachediff/...), or ""
// for another file (a Markdown, text, HTML or Atom report). A UTF-8 byte
// order mark before it is passed over, as the loader passes it over
// before a Spack file: log -o $OUT a.lock b.lock c.lock, OUT empty and
// a.lock written by an editor that puts the mark first, wrote the log
// over a.lock, exit 0, where a.lock without the mark is refused.
// Only a regular file is opened: a named pipe (log -o PIPE A B C, or -o
// /dev/stdout of cachediff log ... | tee) is opened to be read by
// waiting for a writer, which cachediff waited for with the pipe's
// reader, forever; a terminal (-o /dev/tty) waited for 512 typed bytes.
func fileKind(path string) string {
	if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	head = bytes.TrimPrefix(head[:n], []byte("\uFEFF"))
	switch trimmed := bytes.TrimLeft(head, " \t\r\n"); {
	case bytes.HasPrefix(head, []byte("---")):
		return "page"
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return "gzip"
	case bytes.HasPrefix(trimmed, []byte("{")) && !bytes.Contains(head, []byte(`"cachediff/`)) && spackJSON(path, head):
		return "json"
	}
	return ""
}

// spackJSON reports whether the JSON file path, whose first bytes are
// head, is one the loader reads as a Spack file: by its head, as the
// loader sniffs it, or by Spack's name for it (index.json, spack.lock,
// NAME.spec.json), which the loader sniffs whole. Other JSON is no
// snapshot: log -o $OUT summary.json d1 d2, summary.json another tool's
// output, was refused as naming a snapshot (exit 2), where the parent
// of the check that every file on disk is one kind ran the log.
func spackJSON(path string, head []byte) bool {
	base := filepath.Base(path)
	return spackfmt.Sniff(head) != spackfmt.Unknown || base == "index.json" || base == "spack.lock" || snapshot.IsSpecFile(base)
}

// oneDash is the error of a word that spells a long flag of fs with one
// dash (-output=r.md, -title=X, as Go's flag package takes them), which
// pflag reads as shorthands: -o with the value "utput=r.md" wrote the
// report to a file so named, exit 0 and nothing on standard output, and
// -title=X read a template "itle=X". A long flag of another command is
// refused too: render -offline r.json wrote the report to a file named
// ffline, exit 1, where render --offline r.json is refused (does not
// apply). nil when there is none; a word pflag refuses (-quiet) gets its
// suggestion from flagError.
func oneDash(cmd *command, fs *pflag.FlagSet, line cmdLine) error {
	for i, w := range line {
		if w.role != flagWord || len(w.sets) == 0 {
			continue
		}
		if !oneDashLong(fs, w) && !slices.ContainsFunc(everyFlagSet(), func(fs *pflag.FlagSet) bool { return oneDashLong(fs, w) }) {
			continue
		}
		if msg := valueNotFlag(cmd, fs, line, i); msg != "" {
			return errors.New(msg)
		}
		read := "as shorthands"
		if last := w.sets[len(w.sets)-1]; takesValue(last) {
			read = fmt.Sprintf("as -%s with the value %s", last.Shorthand, hintWord(w.values[len(w.values)-1]))
		}
		return fmt.Errorf("%s: a long flag takes two dashes, and one is read %s; write %s", hintWord(w.text), read, hintWord("-"+w.text))
	}
	return nil
}

// valueNotFlag is the hint of w, a long flag written with one dash
// (oneDashLong), that comes after --NAME= of a flag of a set of values
// with nothing after its =, where w less its dash is one of them:
// --ignore= -version A B was told "write --version" alone, which pasted
// shows the version, of a facet meant. Both ways are written, the
// value's first. "" for any other word.
func valueNotFlag(cmd *command, fs *pflag.FlagSet, line cmdLine, i int) string {
	w := line[i]
	if i < 1 || line[i-1].role != flagWord {
		return ""
	}
	name, ok := strings.CutPrefix(line[i-1].text, "--")
	if !ok || !strings.HasSuffix(name, "=") {
		return ""
	}
	f := fs.Lookup(strings.TrimSuffix(name, "="))
	if f == nil || !takesValue(f) {
		return ""
	}
	if values, _ := valueSet(f); values == nil || refusesWord(cmd, f.Name, w.text[1:]) {
		return ""
	}
	msg := fmt.Sprintf("%s comes after --%s= with nothing after its =, and is read as shorthands: as --%s's value, write --%s=%s", hintWord(w.text), f.Name, f.Name, f.Name, hintWord(w.text[1:]))
	if name, _, _ := strings.Cut(w.text[1:], "="); fs.Lookup(name) != nil {
		// Not of another command's flag: log --ignore= -version
		// would be told "write --version", which log refuses.
		msg += "; as a long flag, write " + hintWord("-"+w.text)
	}
	return msg
}

// everyFlagSet is every command's flags, for looking a name up (a word
// that spells a flag of another command: tookFlag, oneDash, flagError),
// made once and never parsed: made for each word that needed them, a
// line of many such words cost every command's flags each time.
var everyFlagSet = sync.OnceValue(func() []*pflag.FlagSet {
	sets := make([]*pflag.FlagSet, 0, len(commands))
	for _, cmd := range commands {
		sets = append(sets, cmd.flagSet(&options{}))
	}
	return sets
})

// oneDashLong reports whether w, a word that starts with one dash,
// spells a long flag of fs (-output=r.md, -quiet), which pflag reads as
// shorthands.
func oneDashLong(fs *pflag.FlagSet, w lineWord) bool {
	if !strings.HasPrefix(w.text, "-") || strings.HasPrefix(w.text, "--") {
		return false
	}
	name, _, _ := strings.Cut(w.text[1:], "=")
	return len(name) > 1 && fs.Lookup(name) != nil
}

// freeValue are the flags whose value is any word, which tookFlag
// holds to not being a flag of cachediff: a file or folder, or a text,
// a list, a URL, a date or a revision range. A flag whose value is one of a set (--format,
// --fail-on, --ignore) refuses a flag by its own check, with its own
// words.
var freeValue = map[string]bool{
	"output": true, "template": true, "directory": true,
	"title": true, "link-base": true, "feed-id": true, "view": true, "stack": true, "package": true,
	// A date or a range, read by the log's own grammar, but checked
	// after the flags: log --since $S --revs HEAD~7..HEAD PATH, S empty,
	// said "--since and --until go with --revs" of a line that gives it.
	"since": true, "until": true, "revs": true,
}

// spellsFlag reports whether v, a word that starts with "-", is a flag
// of fs as pflag reads it: a long name of fs (--quiet, --stack=e4s), or
// shorthands of fs up to the end of the word or up to one that takes the
// rest as its value (-q, -qo, -fmd; not -fPIC, a value -f refuses).
// tookFlag looked at the first shorthand only, and refused -o -q.md A B
// (a file named -q.md, exit 0 before it) and -o -test.v, though pflag
// reads neither as flags: it refuses the '.' of -q.md and passes by go
// test's -test.v.
func spellsFlag(fs *pflag.FlagSet, v string) bool {
	if name, ok := strings.CutPrefix(v, "--"); ok {
		name, _, _ = strings.Cut(name, "=")
		return fs.Lookup(name) != nil
	}
	for s := v[1:]; s != ""; s = s[1:] {
		if strings.HasPrefix(s, "test.") {
			// pflag passes by the rest of the word: a flag only when
			// shorthands came before it (-qtest.v).
			return len(s) < len(v)-1
		}
		f := fs.ShorthandLookup(s[:1])
		switch {
		case f == nil:
			return false
		case len(s) > 1 && (f.NoOptDefVal == "" || len(s) > 2 && s[1] == '='):
			// The rest of the word is the value: a flag of a set of
			// values (-f) given one it refuses spells no flag, since
			// read so the command fails on it anyway. --title
			// "-fPIC rebuilds" was refused, a title written
			// --title="-fPIC rebuilds" alone, where an empty $T
			// leaves "unknown --format".
			values := f.Annotations[annValues]
			return values == nil || slices.Contains(values, strings.TrimPrefix(s[1:], "="))
		case f.NoOptDefVal == "":
			return true
		}
	}
	return true
}

// tookDashes is the error of a flag whose value, last given, was the
// word "--" after it (--output --, -o --, -qo --, --title --), which
// pflag reads as the value, not as the end of the flags; nil when there
// is none. -o $OUT -- A B, OUT empty, wrote the report to a file named
// "--", exit 0, with nothing on standard output, where -o "" is
// refused; --title $T -- A B titled the report "--". -o ./-- and
// --title=-- are left as typed, and so is any flag's "--" value when a
// later "--" ends the flags with only flags between (--title -- -- A B,
// --title -- -q -- A B, which were refused though no empty value gives
// them).
func tookDashes(line cmdLine) error {
	// meant reports whether the "--" value at j comes before the "--"
	// that ends the flags with flags alone between (--title -- -- A B,
	// --title -- -q -- A B): an empty $T leaves no other. An argument
	// between is no such line: -o $OUT -- A -- B, OUT empty, wrote the
	// report to a file named "--", exit 1, where -o x.md -- A -- B is
	// refused (three snapshots, A, -- and B).
	meant := func(j int) bool {
		for _, w := range line[j+1:] {
			switch w.role {
			case dashesWord:
				return true
			case flagWord, valueWord:
			default:
				return false
			}
		}
		return false
	}
	took := map[*pflag.Flag]bool{}
	var order []*pflag.Flag
	for i, w := range line {
		if w.role != flagWord {
			continue
		}
		for _, f := range w.sets {
			if !takesValue(f) {
				continue
			}
			if _, seen := took[f]; !seen {
				order = append(order, f)
			}
			took[f] = i+1 < len(line) && line[i+1].role == valueWord && line[i+1].sets[0] == f && line[i+1].text == "--" && !meant(i+1)
		}
	}
	for _, f := range order {
		if !took[f] {
			continue
		}
		what, _ := pflag.UnquoteUsage(f)
		named := ""
		switch what {
		case "":
			what = "value"
		case "FILE":
			named = " (a file named -- is written ./--)"
		case "DIR":
			named = " (a folder named -- is written ./--)"
		}
		return fmt.Errorf("--%s --: the -- after --%s was read as its %s, not as the end of the flags: give --%s a %s, quoted when it may be empty%s", f.Name, f.Name, what, f.Name, what, named)
	}
	return nil
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// laterLog is what the refusal of a log's flag in the diff's words says
// of a word log among them (cachediff -f text -C r log --revs R P): a
// command's name is read only first (or after -C DIR), so the diff read
// log as its first snapshot, and "--revs is a flag of cachediff log"
// named the command the user wrote. It says where log goes, and the
// words so, where the log reads them all as flags it takes; "" when no
// argument before the refused flag is log.
func laterLog(cmd *command, line cmdLine) string {
	if cmd != diffCommand {
		return ""
	}
	at := -1
	for i, w := range line {
		if w.role == badWord {
			break
		}
		if w.role == argWord {
			if w.text == logCommand.name {
				at = i
			}
			break
		}
	}
	if at < 0 {
		return ""
	}
	words := make([]string, 0, len(line)-1)
	for i, w := range line {
		if i != at {
			words = append(words, w.text)
		}
	}
	msg := "log, after flags, was read as a snapshot of the diff: a command's name comes first, before its flags (only -C DIR may come before it)"
	var o options
	read := readLine(logCommand.flagSet(&o), words)
	args := 0
	for _, w := range read {
		if w.role == argWord || w.role == dashedWord {
			args++
		}
	}
	// Given whole only where the log takes it: its flags, and one path.
	if args == 1 && !slices.ContainsFunc(read, func(w lineWord) bool { return w.role == badWord }) {
		if refused := rangeRefused(&o, read, words); refused != "" {
			// -f text log --revs main..main~1 P: the command given
			// was refused in turn, reversed; it is given with the
			// range the refusal names, or not at all.
			return msg + refused
		}
		msg += ": cachediff log " + shownWords(words)
	}
	return msg
}

// shownWords is words as the shell is to read them back, joined by
// spaces.
func shownWords(words []string) string {
	shown := make([]string, len(words))
	for i, w := range words {
		shown[i] = hintWord(w)
	}
	return strings.Join(shown, " ")
}

// rangeRefused is what laterLog says of the log's words (read, as the
// log's flag set o read them), when the log refuses their --revs range
// whatever PATH (reversed, one commit, off the first-parent line): the
// refusal, and the words with the range it names in place of theirs,
// which words then holds; "" when the range is taken, or there is none
// or no repository to ask.
func rangeRefused(o *options, read cmdLine, words []string) string {
	if o.revs == "" || o.since != "" || o.until != "" {
		// With --since the log's base is another (side..main, off
		// main's line, is taken): CheckRange is not its answer.
		return ""
	}
	repo, err := gitsrc.OpenRepo(o.dir)
	if err != nil {
		return ""
	}
	err = repo.CheckRange(o.revs)
	if err == nil {
		return ""
	}
	msg := fmt.Sprintf("; the log refuses its range: %v", err)
	instead := gitsrc.Instead(err)
	if instead == "" {
		return msg
	}
	for i, w := range read {
		if len(w.sets) == 0 || w.sets[0].Name != "revs" {
			continue
		}
		switch {
		case w.role == valueWord:
			words[i] = instead
		case w.role == flagWord && strings.HasPrefix(w.text, "--revs="):
			words[i] = "--revs=" + instead
		default:
			continue
		}
		return msg + "; with that range: cachediff log " + shownWords(words)
	}
	return msg
}

// spacedShorthands is the error of a word of shorthands that comes after
// --NAME= (or -X=, which pflag gives the value "=") with a space, where
// pflag reads part of it as a value or as --help: --output= -out.md A B
// wrote the report to a file ut.md (-o with the value "ut.md") and
// --template= -t.tmpl A B read .tmpl, exit 0 and no word of the space;
// --link-base= -https://x/ A B showed the help, exit 0, which a CI gate
// reads as passed. The command line cannot tell --title= -out.md from
// --title="" -out.md, but a value joined to its shorthand after an
// empty value is what a value given with a space makes, and a word that
// spells a long flag with one dash is left to oneDash. A word of
// switches alone (--title= -q) or one whose value is the next word
// (--title= -o r.md) is as given. nil when there is none.
func spacedShorthands(cmd *command, fs *pflag.FlagSet, line cmdLine) error {
	for i := 1; i < len(line); i++ {
		w, prev := line[i], line[i-1]
		if w.role != flagWord || len(w.sets) == 0 || strings.HasPrefix(w.text, "--") || prev.role != flagWord || len(prev.sets) == 0 || !strings.HasSuffix(prev.text, "=") {
			continue
		}
		f, n := prev.sets[len(prev.sets)-1], len(prev.sets)
		// spelt is the flag as typed (-qo, a switch before it), of the
		// flag alone.
		spelt, of, after := "--"+f.Name, "--"+f.Name, "with nothing after its ="
		switch {
		case prev.text == "--"+f.Name+"=" && prev.values[0] == "":
		case !strings.HasPrefix(prev.text, "--") && len(prev.text) == n+2 && prev.values[n-1] == "=" && f.Shorthand == prev.text[n:n+1]:
			spelt, of, after = prev.text[:n+1], "-"+f.Shorthand, `, which gave -`+f.Shorthand+` the value "="`
		default:
			continue
		}
		if !takesValue(f) && (f.NoOptDefVal == "" || f.Value.String() != "") {
			continue
		}
		help := slices.ContainsFunc(w.sets, func(s *pflag.Flag) bool { return s.Name == "help" })
		last := w.sets[len(w.sets)-1]
		// A value joined to its shorthand in the word (-out.md), not
		// the next word (-o r.md), nor after an = (-o=r.md, and -o=,
		// which spacedValue tells of).
		v := w.values[len(w.values)-1]
		joined := takesValue(last) && (i+1 == len(line) || line[i+1].role != valueWord) && v != "" && v != "=" && !strings.HasSuffix(w.text, "="+v)
		if !help && (!joined || oneDashLong(fs, w) || slices.ContainsFunc(everyFlagSet(), func(other *pflag.FlagSet) bool { return oneDashLong(other, w) })) {
			continue
		}
		read := fmt.Sprintf("as -%s with the value %s", last.Shorthand, hintWord(v))
		if help {
			read = "as shorthands, -h among them, which shows the help"
		}
		msg := fmt.Sprintf("%s comes after %s= %s, and is read %s", hintWord(w.text), spelt, after, read)
		if of != "--"+f.Name {
			msg = fmt.Sprintf("%s comes after %s=%s, and is read %s", hintWord(w.text), spelt, after, read)
		}
		if refusesWord(cmd, f.Name, w.text) {
			return errors.New(msg + "; " + noValueOf(cmd, f, w.text, false))
		}
		return fmt.Errorf("%s: as %s's value, write %s=%s", msg, of, spelt, hintWord(w.text))
	}
	return nil
}
