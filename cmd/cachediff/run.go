package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/atomicfile"
	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/report"
	_ "github.com/cachediff/cachediff/report/builtin" // the output formats, registered
	"github.com/cachediff/cachediff/report/sandbox"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/dirsrc"
	"github.com/cachediff/cachediff/snapshot/gitsrc"
	"github.com/cachediff/cachediff/snapshot/input"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// Exit codes, like diff(1).
const (
	exitSame    = 0
	exitDiffers = 1
	exitTrouble = 2
)

// cli is one run of the command: where it reads and writes, and the
// process-wide settings main makes (tests leave them out).
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// memory paces the collector and bounds the heap (see memoryBudget;
	// nil leaves the process's settings alone).
	memory memoryBudget
	// sources is how the command opens its arguments (mirrors: a view,
	// the download cache), from its flags.
	sources input.Options
	// outputNote is the warning of an --output named for another format
	// (noteOutputFormat), written once the report is in place.
	outputNote string
	// skipNotes say which snapshots left files out (--skip-invalid),
	// "listed in the report": written with outputNote, once the report
	// is in place. Written as each snapshot was read, they came before
	// the refusal of a gate, a --package or an --output, exit 2 with no
	// report to list them.
	skipNotes strings.Builder
	skipNoted map[string]bool // the snapshots of skipNotes (noteSkipped)
}

// noteSkipped adds the note that the snapshot s, read from the argument
// arg (relative to dir, -C), left files out, where says where they are
// ("listed in the report", the log, a template's fields), to skipNotes
// once for each snapshot however spelt
// (skipKey): one folder given twice (cachediff sf sf, log a b a, or sf
// and ./sf, sf/, a link to it, its absolute path) said it of each.
//
// A snapshot at the top of a repository (REV:, a log's PATH "" or ".")
// is named so, with what it is: "HEAD:: skipped" read as a typo. Its
// PATH is empty, not its name's last character a colon: a folder "a:"
// (HEAD:a:) is no top.
func (c *cli) noteSkipped(dir, arg string, s *snapshot.Snapshot, where string) {
	name := report.Visible(snapshot.ShownPath(s.Path)) // ##[ escaped: the line is not Visible's
	if _, p, ok := gitsrc.Split(strings.TrimPrefix(s.Path, input.RevPrefix)); s.Rev != "" && ok && p == "" {
		name += " (the top of the repository)"
	}
	line := fmt.Sprintf("cachediff: %s: skipped %s, %s\n", name, skippedCount(s.Skipped), where)
	key := skipKey(dir, arg, s)
	if key == "" {
		key = line
	}
	if !c.skipNoted[key] {
		if c.skipNoted == nil {
			c.skipNoted = map[string]bool{}
		}
		c.skipNoted[key] = true
		c.skipNotes.WriteString(line)
	}
}

// skipKey names the snapshot s, read from the argument arg, as one
// snapshot is named however spelt, as sameSnapshot and sameArgs judge
// it: a REV:PATH by its commit and PATH from the top of the repository,
// an http(s) URL by urlKey, a file or folder by its real path; "" when
// none says (standard input).
func skipKey(dir, arg string, s *snapshot.Snapshot) string {
	switch u := urlKey(arg); {
	case arg == stdinName:
		return ""
	case s.Rev != "":
		if p, ok := gitPath(dir, arg); ok {
			return "git\x00" + s.Rev + "\x00" + p
		}
		return ""
	case u != "":
		return "url\x00" + u
	}
	if p := localPath(dir, arg); p != "" {
		if r, ok := realPath(p); ok {
			return "file\x00" + r
		}
	}
	return ""
}

// run is the whole command as tests call it, in one process: it parses
// args, writes the report to stdout (or --output) and messages to stderr,
// and returns the exit code. Standard input is empty.
func run(args []string, stdout, stderr io.Writer) int {
	return (&cli{stdin: strings.NewReader(""), stdout: stdout, stderr: stderr}).run(args)
}

// command is a subcommand: its flags, its help and what it does. The diff
// of two snapshots is the default command, without a name.
type command struct {
	name     string // "" for the default command
	synopsis string // the usage line after "cachediff NAME"
	summary  string // one line for the list of commands
	about    string // what it does: the help's paragraphs after the usage
	examples string // the help's examples, one command a line
	// groups are the command's flags, in the help's order.
	groups []flagGroup
	// notApply says why a flag of the diff does not apply to the command.
	notApply string
	// after is help printed after the flags.
	after func(b *strings.Builder, width int)
	// run runs the command on its positional arguments once the flags are
	// parsed and checked.
	run func(c *cli, o *options, args []string) (int, error)
}

// commands are the subcommands, in the order of the help. A new one (the
// changelog of a series, `cachediff log`) goes here, with its own file.
var commands []*command

func init() {
	commands = []*command{diffCommand, renderCommand, logCommand, helpCommand, versionCommand, completionCommand}
}

// lookupCommand returns the subcommand called name (never the default).
func lookupCommand(name string) *command {
	for _, c := range commands {
		if c.name != "" && c.name == name {
			return c
		}
	}
	return nil
}

// usageError is a problem with the command line: the message ends with a
// pointer to the command's help.
type usageError struct {
	cmd *command
	msg string
}

func (e *usageError) Error() string { return e.msg }

// usageErrorf makes a usageError of the command that returns it.
func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// run picks the command from args, runs it and prints its errors.
func (c *cli) run(args []string) int {
	cmd := diffCommand
	// -C DIR before the command's name, as git takes it, goes to the
	// command, and so does --directory DIR: the hint of --directory= .
	// log A B, "write --directory=. or --directory .", pasted back, said
	// "log is a command, and was read as a snapshot".
	var lead []string
	switch {
	case len(args) > 1 && (args[0] == "-C" || args[0] == "--directory"):
		lead, args = args[:2], args[2:]
	case len(args) > 0 && (strings.HasPrefix(args[0], "-C") || strings.HasPrefix(args[0], "--directory=")):
		lead, args = args[:1], args[1:]
	}
	code, err := exitTrouble, error(nil)
	// -C= DIR CMD (pflag gives -C "=") or --directory= DIR CMD (an empty
	// --directory). A word that is a flag (-C= --quiet log …) was no
	// folder meant, as spacedValue leaves one: it was said "write
	// -C=--quiet".
	spelt, left := "-C", `gave -C the value "="`
	if len(lead) == 1 && lead[0] == "--directory=" {
		spelt, left = "--directory", "left --directory empty"
	}
	spaced := len(lead) == 1 && (lead[0] == "-C=" && !isDir("=") || lead[0] == "--directory=") && len(args) > 1 && args[0] != "" && !strings.HasPrefix(args[0], "-") && lookupCommand(args[0]) == nil && lookupCommand(args[1]) != nil
	if spaced {
		sub := lookupCommand(args[1])
		// What the words ask is read as the parses that answer them
		// read them: a -h or --help among the command's flags (not a
		// flag's value: -C= . log --title -h A B is a log titled -h),
		// and a --version among the diff's, which the diff's parse of
		// -C= . CMD … answers whatever else the words hold.
		version := readLine(diffCommand.flagSet(&options{}), append(slices.Clip(lead), args...)).gives("version")
		if !version && readLine(sub.flagSet(&options{}), args[2:]).gives("help") {
			// -C= . log --help: the help asked for is the log's, as of
			// -C . log --help; the diff's parse read log as a snapshot,
			// and showed the diff's help.
			if code, err = c.help(sub); err == nil {
				return code
			}
			return c.fail(err)
		}
		if !version && !takesDir(sub) {
			// -C= . render r.json: the hint "write -C=. or -C .",
			// pasted, said "unknown shorthand flag: 'C'" (and -C= .
			// help said "-C =: no such file or directory").
			return c.fail(&usageError{cmd: sub, msg: fmt.Sprintf("%s= %s: cachediff %s takes no %s (only the diff and log do)", spelt, hintWord(args[0]), sub.name, spelt)})
		}
		// -C= repo log …: pflag gives -C "=", and repo was taken for
		// the diff's first snapshot, log for its second, which said
		// "unknown flag: --revs (did you mean --rows?)".
		if !version {
			return c.fail(&usageError{cmd: sub, msg: spacedMessage(spelt, left, hintWord(args[0]), "", false)})
		}
		// --version: the diff's parse below answers it.
	}
	if len(args) > 0 {
		if sub := lookupCommand(args[0]); sub != nil {
			cmd, args = sub, args[1:]
		} else {
			err = notCommand(lead, args[0])
		}
	}
	if err == nil {
		args = append(slices.Clip(lead), args...)
		code, err = c.runCommand(cmd, args)
	}
	if err == nil {
		return code
	}
	return c.fail(err)
}

// takesDir reports whether cmd, a command or nil, takes -C.
func takesDir(cmd *command) bool {
	var o options
	return cmd != nil && cmd.flagSet(&o).Lookup("directory") != nil
}

// fail prints err, and the command's help hint for a usage error, and
// returns exitTrouble.
func (c *cli) fail(err error) int {
	for _, e := range splitErrors(err) {
		printError(c.stderr, e)
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(c.stderr, "cachediff: run '%s' for usage\n", helpHint(ue.cmd))
	}
	return exitTrouble
}

// printError writes one error on w: "cachediff: " and the message on one
// line, or, for an error of several lines (Lines, as a snapshot's list of
// bad files), its first line so and the others indented under it, at
// most maxErrorLines of them, then how many more and what a snapshot is.
// Each
// line is report.Visible: a newline or control character that the input
// put in a message is escaped, so that no line on standard error is
// anything but cachediff's (a CI runner reads a line that starts "::"
// as a command).
func printError(w io.Writer, err error) {
	lines := errorLines(err)
	if len(lines) > 1+maxErrorLines {
		// A folder that is no snapshot (cachediff /tmp /tmp): a few of
		// its bad files, and what a snapshot is.
		more := len(lines) - 1 - maxErrorLines
		lines = append(lines[:1+maxErrorLines], fmt.Sprintf("and %d more", more))
		var le *snapshot.LoadError
		if errors.As(err, &le) && !le.Whole && !allUnread(le.Errs) {
			lines = append(lines, fmt.Sprintf("is %s a snapshot? %s", snapshot.ShownPath(le.Path), snapshotIs))
		}
	}
	for i, line := range lines {
		lead := "cachediff: "
		if i > 0 {
			lead = "  "
		}
		fmt.Fprintf(w, "%s%s\n", lead, capLine(report.Visible(line)))
	}
}

// maxErrorLine is the most bytes of one line printError writes: a
// message that quotes input (a name, a header, a value from a file)
// quotes it in short where it is made; this bounds the rest, so that no
// input makes a line of megabytes in a CI log.
const maxErrorLine = 8 << 10

// capLine cuts line to maxErrorLine bytes, at a character's start, and
// says how much was cut. A start is looked for no farther back than one
// character's length: bytes that start none (invalid UTF-8) keep their
// first maxErrorLine, where the walk back to a start cut them to nothing.
func capLine(line string) string {
	if len(line) <= maxErrorLine {
		return line
	}
	n := maxErrorLine
	for i := n; i > n-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(line[i]) {
			n = i // between characters, never inside one
			break
		}
	}
	return fmt.Sprintf("%s… (%d bytes more)", line[:n], len(line)-n)
}

// maxErrorLines is how many bad files of a snapshot printError lists; it
// counts the rest.
const maxErrorLines = 20

// allUnread reports whether every error of errs is of a file that could
// not be read (snapshot.Error.Unread: a partial clone's missing blobs,
// permissions), whose content is not in question: what a snapshot is
// would then misname the cause.
func allUnread(errs []*snapshot.Error) bool {
	for _, e := range errs {
		if !e.Unread {
			return false
		}
	}
	return len(errs) > 0
}

// snapshotIs says what a snapshot is, for a folder with many bad files.
const snapshotIs = "A snapshot is a catalogue folder of one tag (_cache/<tag>, holding <package>/specs.md pages), a page, a Spack build-cache index (index.json, build_cache/), a spack.lock or spec files, or REV:PATH in git"

// errorLines is err's message as lines: its Lines, when it has them (a
// snapshot's bad files), else its one line.
func errorLines(err error) []string {
	if l, ok := err.(interface{ Lines() []string }); ok {
		return l.Lines()
	}
	return []string{err.Error()}
}

// notCommand is the error of a first argument arg that names neither a
// command nor anything on disk (from -C DIR when lead gives it) but was
// likely meant to be a command: `cachediff lgo A B`, `cachediff diff A B`,
// whose diff would fail anyway, on three arguments or a missing file. It
// is nil for any other argument, a snapshot: a name with a slash or a
// colon (a path, or REV:PATH), or one that exists.
func notCommand(lead []string, arg string) error {
	if arg == "" || strings.ContainsAny(arg, ":/"+string(filepath.Separator)) || strings.HasPrefix(arg, "-") {
		return nil
	}
	if len(lead) == 1 && (lead[0] == "-C=" && !isDir("=") || lead[0] == "--directory=") {
		// -C= lgo A B: the word is the folder meant, and the space
		// after the = is said (spacedValue), not "did you mean
		// cachediff log?".
		return nil
	}
	dir := ""
	switch {
	case len(lead) == 2:
		dir = lead[1]
	case len(lead) == 1:
		dir = leadDir(lead[0])
	}
	if _, err := os.Lstat(inDir(dir, arg)); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if strings.EqualFold(arg, "diff") {
		return usageErrorf("%s is neither a command nor a snapshot: the diff of two snapshots is the command without a name: cachediff OLD NEW", strconv.QuoteToASCII(arg))
	}
	if near := closestName(arg, commandNames(), nil); near != "" {
		// HEAD is a typo of help by its letters, and a revision a
		// snapshot from git is written with: in a repository, git's
		// answer wins, and the load says how to write a REV:PATH.
		if knownRevision(dir, arg) {
			return nil
		}
		return usageErrorf("%s is neither a command nor a snapshot: did you mean cachediff %s?", strconv.QuoteToASCII(arg), near)
	}
	return nil
}

// knownRevision reports whether git, in the repository of dir, knows a
// commit by the name arg (HEAD, a branch): false outside a repository.
func knownRevision(dir, arg string) bool {
	repo, err := gitsrc.OpenRepo(dir)
	if err != nil {
		return false
	}
	ok, err := repo.Knows(arg)
	return err == nil && ok
}

// leadDir is the folder that word, one -C or --directory word before a
// command's name (-Cdir, -C=dir, --directory=dir), gives as pflag reads
// it: -C= is "=", the value after -C when no more follows the =. Read
// as "", -C= lgo B, with a folder = that holds lgo and B, looked for lgo
// here and said "did you mean cachediff log?" (exit 2), where -C = lgo
// B runs the diff.
func leadDir(word string) string {
	if dir, ok := strings.CutPrefix(word, "--directory="); ok {
		return dir
	}
	dir := strings.TrimPrefix(word, "-C")
	if len(dir) > 1 && dir[0] == '=' {
		dir = dir[1:]
	}
	return dir
}

// misplacedCommand is the error of a diff whose first snapshot, args[0],
// names a command and nothing on disk: the command's name came after a
// flag (cachediff -f text log A B C, cachediff --fail-on any render
// r.json), which made it the diff's OLD, and the diff said "loading
// render: no such file or directory", or pointed to cachediff log when
// log was given. It is nil for any other command or argument.
func misplacedCommand(cmd *command, o *options, args []string) error {
	if cmd != diffCommand || len(args) == 0 || lookupCommand(args[0]) == nil {
		return nil
	}
	if _, err := os.Lstat(inDir(o.dir, args[0])); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if i := slices.IndexFunc(o.line, func(w lineWord) bool { return w.role == argWord }); len(args) > 2 && i > 0 && o.line[i-1].role == flagWord && strings.HasPrefix(o.line[i-1].text, "--") && strings.HasSuffix(o.line[i-1].text, "=") {
		// --ignore= version A B: a value the space after the = made an
		// argument, an argument too many, which spacedValue names; it
		// was said to be a command put after the flags.
		return nil
	}
	return usageErrorf("%q is a command, and was read as a snapshot: a command's name comes first, before its flags: cachediff %s [flags] … (a snapshot folder named %s is given as ./%s)", args[0], args[0], args[0], args[0])
}

// spacedColor is the error of "--color never", whose value was an
// argument (--color alone is always; its value comes after "="): the
// word after --color is when's value and names nothing on disk, so it
// would be read as a snapshot or a report. nil otherwise, and for a
// command without --color.
func spacedColor(o *options) error {
	for i, a := range o.line[:max(len(o.line)-1, 0)] {
		if a.role != flagWord || a.text != "--color" || o.line[i+1].role != argWord {
			continue
		}
		w := o.line[i+1].text
		if w != "auto" && w != "always" && w != "never" {
			continue
		}
		if _, err := os.Lstat(inDir(o.dir, w)); !errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return usageErrorf("--color %s: write --color=%s (--color alone is always, and %s was read as an argument)", w, w, w)
	}
	return nil
}

// spacedValue is the error of "--stack= e4s" (or "-o= out.md"): the
// shell gave --stack an empty value (pflag gives -o "=") and made e4s an
// argument, which a diff counted as a third
// snapshot ("got 3 arguments") and a log loaded ("loading e4s: no such
// file or directory"), naming no flag. Only when the word names nothing
// on disk and is no REV:PATH, URL or "-" (it holds no colon), so that the
// command would fail on it anyway, and only when there is an argument
// more than the command takes (cachediff --title= nope.md new.md, of a
// snapshot misspelt, is left to say "loading nope.md"); with log --revs,
// whose PATH is no file, whenever there is more than one argument ("want
// one PATH; got 2 arguments"). nil otherwise.
func spacedValue(cmd *command, flags *pflag.FlagSet, o *options) error {
	takes := 2 // a diff's OLD and NEW, a log's two snapshots or more
	switch {
	case cmd == renderCommand || cmd == logCommand && flags.Changed("revs"):
		// --revs given, though empty (log --revs= HEAD~7..HEAD PATH,
		// which said "--revs: want a revision range" of one given): a
		// log of a range, of one PATH.
		takes = 1
	case cmd != diffCommand && cmd != logCommand:
		return nil
	}
	if flags.NArg() <= takes {
		return nil
	}
	for i, word := range o.line[:max(len(o.line)-1, 0)] {
		if word.role != flagWord {
			// An argument, a value (-f -t= t.tmpl A B: the -t= that -f
			// took, which was said to give -t the value "="), or a
			// word after the "--" that ended the flags.
			continue
		}
		a, f, n := word.text, (*pflag.Flag)(nil), len(word.sets)
		spelt, left := "", "left %s empty" // the flag as given, and what the space did to it
		short := ""                        // a shorthand's name (-o), in a word of switches before it too
		if name, ok := strings.CutPrefix(a, "--"); ok && strings.HasSuffix(name, "=") {
			spelt, f = "--"+strings.TrimSuffix(name, "="), flags.Lookup(strings.TrimSuffix(name, "="))
		} else if n > 0 && len(a) == n+2 && a[1] != '-' && strings.HasSuffix(a, "=") && word.values[n-1] == "=" && word.sets[n-1].Shorthand == a[n:n+1] {
			// "-o= out.md": pflag reads -o= as -o with the value "=",
			// and the diff said "got 3 arguments", naming no flag; and
			// so -qf= json A B, a switch before it, which said `unknown
			// --format "="`, where -f= json A B names the space.
			spelt, short, left, f = a[:n+1], "-"+a[n:n+1], `gave %s the value "="`, flags.ShorthandLookup(a[n:n+1])
		}
		leftOf := spelt // the flag the space left so
		if short != "" {
			leftOf = short
		}
		if f == nil || f.NoOptDefVal != "" && (spelt != "--"+f.Name || f.Value.String() != "") {
			// No flag, or one whose value may be left out (--color), but
			// for --color= itself, whose empty value is refused: "--color=
			// never A B" said `unknown --color ""`, not the space.
			continue
		}
		w := o.line[i+1].text
		if w == "" || strings.HasPrefix(w, "-") && (w != stdinName || !dashTaken(f)) {
			// A flag. Not "-" after a flag it is a value of (standard
			// input or output): --template= - A B and --output= - A B
			// were told "want a FILE (- …)", of the - they gave,
			// where --template= t.tmpl A B is told of the space; nor
			// after others (dashTaken): --title= - A B and --link-base=
			// - A B said "got 3 arguments", naming no flag, where
			// --title= x A B is told of the space.
			continue
		}
		if f.NoOptDefVal != "" && refusesWord(cmd, f.Name, strings.ToLower(w)) {
			// --color= x A B: x is no colour, and "write --color=x" was
			// refused as one (as spacedColor, only of a colour). Left
			// to the empty value's refusal, not to a flag after it:
			// --color= e4s -f= A B said "-f= A: … write -f=A", of a
			// snapshot.
			return nil
		}
		why := "" // with --revs, one argument too many
		// fixed: the command takes a fixed number of arguments, which
		// the word makes one too many, so it fails whatever the word
		// is. A log of snapshots takes any number: there an empty
		// variable (log -C=$DIR _cache/*) leaves the flag empty with
		// no space typed, and a word that names a snapshot is one.
		fixed := cmd != logCommand || flags.Changed("revs")
		if f.Name == "directory" && !isDir(o.dir) && fixed {
			// -C= repo, --directory= repo: the word is meant as -C's
			// folder, so it exists, and the value given ("=", "")
			// names none, so the command fails whatever the word is.
			// It said "-C =: no such file or directory" and "-C: want
			// a directory", of a folder that was given.
		} else if o.revs == "" {
			// --output= out.md A B, out.md a report of an earlier run:
			// the value given ("", or "=" of -o= and -f=) is refused by
			// the flag's own check, so the command fails whatever the
			// word is, and it said "--output: want a FILE", not the
			// space. Other flags, only of a word that names nothing.
			// Refused only when the flag still holds what the space left
			// it: --template= x -t t.tmpl A B has a template, and it was
			// said to be left empty.
			v := f.Value.String()
			emptied := v == "" || v == "[]" || v == "=" && short != ""
			refused := fixed && refusesEmpty[f.Name] && emptied && (short != "-t" || !named(inDir(o.dir, "=")))
			if w == stdinName {
				// An argument "-" is standard input, no name on disk:
				// the space is named where the flag refuses what it
				// left, or the command takes no word more.
				if !refused && !fixed {
					continue
				}
			} else if strings.Contains(w, ":") && !notRevPath(w) {
				// A URL the flag takes (--link-base= https://… A B,
				// --feed-id= urn:x A B) where the command takes no
				// word more: it said "got 3 arguments", naming no flag.
				if ok := refusedValue[f.Name]; !refused && !(fixed && ok != nil && ok(w)) {
					continue
				}
			} else {
				dir := o.dir
				if f.Name == "directory" {
					// -C= sub: the word is no argument found from -C,
					// whose value it was meant as, but from here.
					dir = ""
				}
				// A name too long for the file system names nothing
				// either: a title of 300 bytes (--title= "$PR_TITLE")
				// said "got 3 arguments".
				if _, err := os.Lstat(inDir(dir, w)); errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENAMETOOLONG) {
					why = ", which names nothing on disk"
				} else if !refused {
					continue
				}
			}
		}
		if refusesWord(cmd, f.Name, w) {
			// --format= x A B, --ignore= - A B, --feed-id= - A B were
			// told "write --format=x", a value then refused: the space
			// is said, and that the word is no value of the flag.
			return usageErrorf("%s= %s: the space after the = %s and made %s an argument%s; %s", spelt, hintWord(w), fmt.Sprintf(left, leftOf), hintWord(w), why, noValueOf(cmd, f, w, false))
		}
		w = hintWord(w)
		// --color never is --color alone and an argument: only the =
		// spelling gives it the value.
		return usageErrorf("%s", spacedMessage(spelt, fmt.Sprintf(left, leftOf), w, why, f.NoOptDefVal != ""))
	}
	return nil
}

// maxHintWord is the most bytes of a word of the command line that a
// hint gives back whole (hintWord), which spacedMessage writes four
// times, oneDash three.
const maxHintWord = 1536

// hintWord is w, a word of the command line, as a hint gives it: a shell
// word in ASCII, cut past maxHintWord bytes (shellword.ShownASCIIWithin),
// which says so. Whole, a word past 2 KB (--title= "$TITLE" of 6 KB,
// -title=…; -C= DIR log, DIR 300 zero-width spaces, 3.6 KB as \xHH) made
// a line past maxErrorLine, which cut it inside the hint's first word,
// without a word of the hint. In ASCII, as the message quotes the word:
// a folder -snаp (its а Cyrillic) was hinted "write it './-snаp'", read
// as -snap; $'./-sn\xd0\xb0p' pasted is the folder again. So is a word
// named beside one the user typed (-cachd/<6 KB> beside a folder
// -cache), which a lookalike must not pass for.
func hintWord(w string) string { return shellword.ShownASCIIWithin(w, maxHintWord) }

// spacedMessage says that the space after spelt= did what left says
// and made w, a shell word, an argument (why: more of w), and how to
// write it: spelt=w, or spelt w too unless eqOnly.
func spacedMessage(spelt, left, w, why string, eqOnly bool) string {
	msg := fmt.Sprintf("%s= %s: the space after the = %s and made %s an argument%s; write %s=%s", spelt, w, left, w, why, spelt, w)
	if !eqOnly {
		msg += fmt.Sprintf(" or %s %s", spelt, w)
	}
	return msg
}

// refusesEmpty are the flags whose own check refuses an empty value
// (and "=", which pflag gives -o= and -f=; -t= only when no file "="
// exists: -t= t.tmpl A B said "got 3 arguments", naming no flag), for
// spacedValue.
var refusesEmpty = map[string]bool{"output": true, "format": true, "fail-on": true, "template": true}

// dashValue are the flags whose value - names a standard stream
// (--output's standard output, --template's standard input): of them
// alone, "--NAME= -" is a value the space parted from its flag.
var dashValue = map[string]bool{"output": true, "template": true}

// dashTaken reports whether "-" after --NAME= and a space is told of
// the space, as any other word after it is: after a flag whose value -
// names a standard stream (dashValue), and after one of text or of a
// list (--title, --link-base, --package, --ignore), where it said "got 3
// arguments", naming no flag. Not after a flag of a set of values whose
// own check refuses the empty value the space left it, naming the flag
// (--format, --fail-on: - is none of their values), nor after -C, whose
// folder - names none of.
func dashTaken(f *pflag.Flag) bool {
	return dashValue[f.Name] || !refusesEmpty[f.Name] && f.Name != "directory"
}

// notRevPath reports whether w, which holds a colon, is surely no
// REV:PATH: white space before its first colon outside braces, which no
// revision holds (a ref name has none; HEAD@{1 day ago} holds it in
// braces). A title such as the help's "Build cache: v0.23.0 → v0.23.1",
// given as --title= 'Build cache: …', was taken for one, and the diff
// said "got 3 arguments", naming no flag.
func notRevPath(w string) bool {
	rev, _, ok := gitsrc.Split(w)
	if !ok {
		return false
	}
	depth := 0
	for _, r := range rev {
		switch {
		case r == '{':
			depth++
		case r == '}' && depth > 0:
			depth--
		case depth == 0 && unicode.IsSpace(r):
			return true
		}
	}
	return false
}

// emptySwitch is the message for a switch's shorthand given an empty
// value (-q=, -q= true A B, -qh=: switches run together, the last given
// so), the word where the parse stopped: pflag reads its = as a
// shorthand of its own, and says "unknown shorthand flag: '=' in -=", of
// a flag never typed (--quiet= says "want true or false"). The word is
// named as typed, and the shorthands before the = kept in the spellings
// it suggests: -qh= said "'=' in -=". "" otherwise.
func emptySwitch(line cmdLine) string {
	for _, w := range line {
		a := w.text
		if w.role != badWord || len(a) < 3 || a[0] != '-' || a[1] == '-' || !strings.HasSuffix(a, "=") || len(w.sets) != len(a)-2 || w.sets[len(w.sets)-1].Value.Type() != "bool" {
			// Not every shorthand before the = set (a value took the
			// rest: -q=x=, refused), or the last no switch.
			continue
		}
		typed, last := a[:len(a)-1], a[len(a)-2:len(a)-1]
		return fmt.Sprintf("%s: the switch -%s takes no empty value: write %s alone, or %s=true or %s=false", a, last, typed, typed, typed)
	}
	return ""
}

// named reports whether path names anything on disk.
func named(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// isDir reports whether path names a folder, as checkDir reads -C's.
func isDir(path string) bool {
	info, err := os.Stat(path)
	return path != "" && err == nil && info.IsDir()
}

// ofCommand is err, a usageError of no command, made cmd's: the hint
// after it named "cachediff --help" for a log's or render's flags
// (cachediff log --color never a b).
func ofCommand(err error, cmd *command) error {
	var ue *usageError
	if errors.As(err, &ue) && ue.cmd == nil {
		ue.cmd = cmd
	}
	return err
}

// helpHint is the command that shows cmd's help.
func helpHint(cmd *command) string {
	if cmd == nil || cmd.name == "" {
		return "cachediff --help"
	}
	return "cachediff " + cmd.name + " --help"
}

// emptyArgument refuses an argument of diff, log or render that is "":
// read as a file named "", it failed with "loading : no such file or
// directory", naming no argument (a CI expression that came out empty).
// A log's PATH with --revs is no file: "" is the repository's top there.
func emptyArgument(cmd *command, o *options, args []string) error {
	var want string
	switch cmd {
	case diffCommand:
		want = "a snapshot (a folder, REV:PATH, a mirror or a URL)"
	case logCommand:
		if o.revs != "" {
			return nil
		}
		want = "a snapshot (a folder, REV:PATH, a mirror or a URL)"
	case renderCommand:
		want = "a JSON report (or " + stdinName + " for standard input)"
	default:
		return nil
	}
	for i, a := range args {
		if a == "" {
			return usageErrorf("argument %d is empty: want %s", i+1, want)
		}
	}
	return nil
}

// runCommand parses args with cmd's flags, checks them, and runs cmd.
func (c *cli) runCommand(cmd *command, args []string) (int, error) {
	var o options
	fs := cmd.flagSet(&o)
	o.line = readLine(cmd.flagSet(&options{}), args)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return c.help(cmd)
		}
		if msg := emptySwitch(o.line); msg != "" {
			return exitTrouble, &usageError{cmd, msg}
		}
		return exitTrouble, flagError(cmd, fs, o.line, err)
	}
	if err := spacedShorthands(cmd, fs, o.line); err != nil {
		// Before --help: --link-base= -https://x/ A B showed it, exit 0.
		return exitTrouble, &usageError{cmd, err.Error()}
	}
	if o.help && cmd == diffCommand && fs.NArg() >= 1 {
		// cachediff --help log, as git --help log: the command's help.
		// It said "log" is a command, and was read as a snapshot; and
		// so it did with the command's arguments after it (--help
		// completion bash, --help log A B), where completion bash
		// --help shows the help.
		if sub := lookupCommand(fs.Arg(0)); sub != nil {
			return c.help(sub)
		}
	}
	if err := misplacedCommand(cmd, &o, fs.Args()); err != nil {
		return exitTrouble, err
	}
	if err := emptyArgument(cmd, &o, fs.Args()); err != nil {
		return exitTrouble, ofCommand(err, cmd)
	}
	if err := spacedColor(&o); err != nil {
		return exitTrouble, ofCommand(err, cmd)
	}
	if o.help {
		return c.help(cmd)
	}
	if o.version {
		return versionCommand.run(c, &o, nil)
	}
	// Before the flags' own checks: of an empty value one of them
	// refuses, they said what the value lacks and not the space that
	// left it so ("--fail-on= any a b": "--fail-on: want at least one
	// kind of change", of a gate written "any"). Without an argument too
	// many (--template= a b), they say it, as before.
	if err := tookDashes(o.line); err != nil {
		return exitTrouble, &usageError{cmd, err.Error()}
	}
	if err := tookFlag(fs, o.line); err != nil {
		return exitTrouble, &usageError{cmd, err.Error()}
	}
	if err := oneDash(cmd, fs, o.line); err != nil {
		return exitTrouble, &usageError{cmd, err.Error()}
	}
	if err := tookSnapshot(cmd, fs, &o); err != nil {
		return exitTrouble, &usageError{cmd, err.Error()}
	}
	if err := spacedValue(cmd, fs, &o); err != nil {
		return exitTrouble, ofCommand(err, cmd)
	}
	for _, g := range cmd.groups {
		if g.check == nil {
			continue
		}
		if err := g.check(fs, &o); err != nil {
			return exitTrouble, &usageError{cmd, err.Error()}
		}
	}
	c.warnURLFlags(&o, fs.Args())
	c.noteOutputFormat(fs, &o)
	c.warnGitDir(&o, fs.Args())
	c.sources = c.sourceOptions(&o)
	code, err := cmd.run(c, &o, fs.Args())
	var ue *usageError
	if errors.As(err, &ue) && ue.cmd == nil {
		ue.cmd = cmd
	}
	return code, err
}

// warnGitDir warns when -C is given, GIT_DIR is set (as in a git hook)
// and git may be read (log --revs, an argument that may be REV:PATH):
// git, and REV:PATH with it, reads the repository GIT_DIR names whatever
// -C says, which a user who gave -C does not expect (unless --quiet).
func (c *cli) warnGitDir(o *options, args []string) {
	gitDir := gitsrc.EnvRepo()
	if o.quiet || o.dir == "" || gitDir == "" {
		return
	}
	if o.revs == "" && !slices.ContainsFunc(args, func(a string) bool {
		_, _, ok := gitsrc.Split(strings.TrimPrefix(a, input.RevPrefix))
		return ok && !mirror.IsURL(a)
	}) {
		return
	}
	// Each path reads as no other (snapshot.ShownPath): Visible, over
	// the whole message, leaves a backslash as it is, and VisibleInput
	// a lookalike (-C rеpo, its е Cyrillic, read as -C repo).
	vis := snapshot.ShownPath
	named := vis(gitDir)
	if !filepath.IsAbs(gitDir) {
		// As a hook's GIT_DIR=.git: git reads it from -C's folder.
		named = fmt.Sprintf("%s, which from -C %s is %s", vis(gitDir), vis(o.dir), vis(filepath.Join(o.dir, gitDir)))
	}
	msg := fmt.Sprintf("GIT_DIR is set (%s): git reads that repository, whatever -C %s says, and REV:PATH with it (unset GIT_DIR to read the repository of -C)", named, vis(o.dir))
	fmt.Fprintf(c.stderr, "cachediff: warning: %s\n", capLine(report.Visible(msg)))
}

// warnURLFlags warns of --offline and --no-cache given where no
// argument is a mirror URL: they act on the download cache alone, so a
// nightly job that passes them with a folder (a URL variable left
// empty, a path given instead) does what it would without them, and
// should be told rather than trust a cache that was never read (unless
// --quiet, as other warnings).
func (c *cli) warnURLFlags(o *options, args []string) {
	if o.quiet || slices.ContainsFunc(args, mirror.IsURL) {
		return
	}
	for _, f := range []struct {
		name string
		on   bool
	}{{"offline", o.offline}, {"no-cache", o.noCache}} {
		if f.on {
			fmt.Fprintf(c.stderr, "cachediff: warning: --%s does nothing: no argument is a mirror URL (https://, http:// or file://)\n", f.name)
		}
	}
}

// outputFormats are the formats a file's extension names, for
// noteOutputFormat: .txt is left out, as Markdown is text too.
var outputFormats = map[string]string{
	".md": "md", ".markdown": "md", ".json": "json", ".patch": "patch", ".diff": "patch",
	".html": "html", ".htm": "html", ".xml": "atom", ".atom": "atom",
}

// formatNouns name what each format writes, in noteOutputFormat.
var formatNouns = map[string]string{
	"md": "Markdown", "json": "JSON", "text": "text", "patch": "a patch", "html": "HTML", "atom": "an Atom feed",
}

// noteOutputFormat sets the warning written when the report is in place
// (output.commit), when --output names a file of another format than the
// report's and no --format chose it: cachediff -o report.html OLD NEW
// (and log -o feed.xml) wrote Markdown, the default, into the HTML page
// or the feed, exit 0 or 1 without a word. An explicit --format, a
// --template, or --max-bytes or --github-comment (which shorten the
// Markdown) say what is meant. The extension is named from the table,
// not quoted from the path (a path may hold a token, as a mirror URL's:
// mirror.Redact). A run that fails writes no file, and no such warning
// before its error.
//
// An HTML page or an Atom feed written to a terminal gets a note too, as
// the last line: cachediff -f html OLD NEW filled the terminal with the
// page's markup, and said nothing of -o, which saves it for a browser or
// a feed reader.
func (c *cli) noteOutputFormat(fs *pflag.FlagSet, o *options) {
	flag := fs.Lookup("format")
	if !o.quiet && o.output == "" && o.template == "" && flag != nil && isTerminal(c.stdout) {
		switch o.format {
		case "html":
			c.outputNote = "cachediff: note: that was an HTML page: -o report.html writes it to a file, which a browser opens\n"
		case "atom":
			c.outputNote = "cachediff: note: that was an Atom feed: -o feed.xml writes it to a file, which a feed reader follows where it is published\n"
		}
		return
	}
	if o.quiet || o.output == "" || flag == nil || fs.Changed("format") || o.template != "" || o.maxBytes > 0 {
		return
	}
	ext := strings.ToLower(filepath.Ext(o.output))
	named := outputFormat(o.output)
	if named == "" || named == o.format || !slices.Contains(flag.Annotations[annValues], named) {
		return
	}
	c.outputNote = fmt.Sprintf("cachediff: warning: --output ends in %s, but the report is %s (--format %s, the default): give --format %s to write %s\n",
		ext, formatNouns[o.format], o.format, named, formatNouns[named])
}

// outputFormat is the format the extension of the file path names
// (outputFormats), "" for none.
func outputFormat(path string) string {
	return outputFormats[strings.ToLower(filepath.Ext(path))]
}

// help writes cmd's help to standard output.
func (c *cli) help(cmd *command) (int, error) {
	if _, err := io.WriteString(c.stdout, usage(cmd, helpWidth(c.stdout))); err != nil {
		return exitTrouble, fmt.Errorf("writing the help: %w", err)
	}
	return exitSame, nil
}

// errorList is several independent errors, printed one per line.
type errorList []error

func (l errorList) Error() string { return errors.Join(l...).Error() }

// splitErrors returns the errors of an errorList, or err alone. The
// same error of both snapshots of a diff (a bad path given twice) is one,
// said to be of both; so is the same error of two arguments as a whole
// (input.ArgError: --view NAME of two folders that are no mirror's root
// said it twice, word for word but the argument), said of the first,
// the second named after it; and the same error of two snapshots but
// the file (two empty folders: snapshot.PairError), said of both.
func splitErrors(err error) []error {
	var l errorList
	if errors.As(err, &l) {
		if len(l) != 2 {
			return l
		}
		if l[0].Error() == l[1].Error() {
			return []error{bothError{l[0]}}
		}
		if a, b := argError(l[0]), argError(l[1]); a != nil && b != nil && a.Msg == b.Msg && !alikeOdd(a.Arg) && !alikeOdd(b.Arg) {
			return []error{alikeError{a, b.Arg}}
		}
		if e := snapshot.PairError(l[0], l[1]); e != nil {
			return []error{e}
		}
		return l
	}
	return []error{err}
}

// argError is err when it is an *input.ArgError as it is (no context
// around it), else nil.
func argError(err error) *input.ArgError {
	if ae, ok := err.(*input.ArgError); ok {
		return ae
	}
	return nil
}

// alikeOdd reports whether an argument holds a parenthesis, which
// alikeError's "A: MSG (B too)" would not tell apart, as PairError
// keeps apart a path holding " and ": the arguments x and "y: m (z" of
// the message m, and "x: m (y" and z, both read "x: m (y: m (z too)".
// Such errors stay two lines.
func alikeOdd(arg string) bool { return strings.ContainsAny(arg, "()") }

// alikeError is the error of two arguments whose errors differ in the
// argument alone: the first's, with the second's argument after it.
type alikeError struct {
	*input.ArgError
	other string
}

func (e alikeError) Error() string {
	return e.ArgError.Error() + " (" + snapshot.ShownPath(e.other) + " too)"
}
func (e alikeError) Unwrap() error { return e.ArgError }

// bothError is the error of both arguments.
type bothError struct{ error }

func (e bothError) Error() string { return e.error.Error() + " (both arguments)" }

// Lines says so on the first line of the error's.
func (e bothError) Lines() []string {
	lines := slices.Clone(errorLines(e.error))
	if h, ok := strings.CutSuffix(lines[0], ":"); ok && len(lines) > 1 {
		lines[0] = h + " (both arguments):" // the heading of a list
	} else {
		lines[0] += " (both arguments)"
	}
	return lines
}
func (e bothError) Unwrap() error { return e.error }

// exitCode is the exit status for a report: with a gate (--fail-on, or
// one saved in a rendered report), 1 when it tripped and 0 when it
// passed, however much else changed; without one, 1 when the report has
// changes and 0 when not.
func exitCode(r *diff.Report) int {
	switch {
	case r.Gate != nil && r.Gate.Passed():
		return exitSame
	case r.Gate != nil, r.HasChanges():
		return exitDiffers
	}
	if n, _ := diff.HashConflicts(r); n > 0 {
		// A hash whose facets changed counts unchanged, but the
		// snapshots differ: -q old new || echo changed must say so.
		return exitDiffers
	}
	return exitSame
}

// output is where a report is written: standard output through a buffer,
// or the --output file, written atomically. Renderers stream into w;
// commit puts it in place, abort (after an error) leaves nothing behind.
type output struct {
	// w is the buffer renderers write to. It is a *bufio.Writer of 64 KiB
	// so that theirs (bufio.NewWriterSize(w, 64<<10)) is this one, not a
	// second buffer copying a real week's tens of MB once more.
	w    *bufio.Writer
	file *atomicfile.File // nil for standard output
	err  error            // the first error writing standard output
	dst  io.Writer
	// note is written to stderr once the report is written, the
	// --output file in place (cli.outputNote).
	note      string
	skipNotes *strings.Builder // cli.skipNotes, written before note
	stderr    io.Writer
	// held keeps a --template's output to standard output, or to a
	// device or a pipe, until it has run whole (hold), then writes it
	// to heldTo; nil otherwise.
	held   *held
	heldTo io.Writer
}

// hold keeps what is written to standard output, or to an --output
// written in place, until commit: a --template that stops past a limit
// writes nothing there (held). An --output file is whole or nothing
// already.
func (o *output) hold() {
	// A device or a pipe (-o /dev/stdout) is written in place.
	if o.file == nil || o.file.InPlace() {
		o.held, o.heldTo = newHeld(), o.dst
		o.dst = o.held
	}
}

// openOutput opens --output, or standard output when it is "".
func (c *cli) openOutput(path string) (*output, error) {
	o := &output{dst: c.stdout}
	if path != "" {
		// Checked before anything was loaded too (outputRefusal), and
		// again: the folder may have gone while the snapshots loaded.
		if err := outputRefusal(path); err != nil {
			return nil, err
		}
		f, err := atomicfile.Create(path)
		if err != nil {
			if dir := filepath.Dir(path); errors.Is(err, fs.ErrNotExist) {
				if li, lerr := os.Lstat(path); lerr != nil || li.Mode()&fs.ModeSymlink == 0 {
					// A folder that is there but makes no file
					// (/proc/self/: -o /proc/self/mem) said "directory
					// /proc/self/: no such file or directory" of a
					// folder that exists. (Through a link the file is
					// made in its target's folder, which the error
					// names.)
					return nil, noNewFile(path, dir, lerr == nil, "")
				}
			}
			return nil, err
		}
		o.file, o.dst = f, f
	}
	o.note, o.skipNotes, o.stderr = c.outputNote, &c.skipNotes, c.stderr
	o.w = bufio.NewWriterSize(writerFunc(o.write), 64<<10)
	return o, nil
}

// outputRefusal is the refusal of --output path that is known before
// any file is made, nil for none. Each command asks it before it loads
// or reads anything (checkOutputFirst), so that no work is done for a
// report that cannot be written: -o missing/x of two real catalogues
// loaded and diffed both before it said the folder was not there. It
// makes no file, so a run that fails later leaves none.
func outputRefusal(path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("--output %s: is a folder: --output wants a file, which the report is written to", shownPath(path))
	}
	if os.IsPathSeparator(path[len(path)-1]) {
		// -o out/ said "the folder out does not exist: make it
		// first", which once made was refused as a folder.
		return fmt.Errorf("--output %s: names a folder (it ends in %c): --output wants a file, which the report is written to", shownPath(path), path[len(path)-1])
	}
	if err := outputLinks(path); err != nil {
		return err
	}
	return outputPlace(path)
}

// outputPlace is the refusal of --output path that its folders say, or
// the file it names when it is there, without making a file: a name
// longer than the system takes, a folder not there, a file where a
// folder is wanted, a folder or a file the user may not write. Through a
// symbolic link (the file is written where it leads) and for a device or
// a pipe (written in place: opening a FIFO would wait for its reader),
// atomicfile.Create says.
func outputPlace(path string) error { return outputPlaceNamed(path, shownPath(path)) }

// outputPlaceNamed is outputPlace of path, which its refusal names as
// named. A symbolic link is followed as the write follows it
// (atomicfile.Target), and its target asked: -o of a link to nowhere/x,
// or of a link in a loop, loaded and diffed both snapshots before the
// write said "through the link L: writing nowhere/x: directory
// nowhere/: no such file or directory" or "too many levels of symbolic
// links".
func outputPlaceNamed(path, named string) error {
	li, err := os.Lstat(path)
	switch {
	case err == nil && li.Mode()&fs.ModeSymlink != 0:
		if fi, serr := os.Stat(path); serr == nil && !fi.Mode().IsRegular() {
			return nil // a device or a pipe, written in place
		}
		target, terr := atomicfile.Target(path)
		if terr != nil {
			return fmt.Errorf("--output %s: its symbolic links lead in a loop (%v), to no file: name another file", named, terr)
		}
		return outputPlaceNamed(target, fmt.Sprintf("%s (a symbolic link to %s)", named, shownPath(target)))
	case err == nil && !li.Mode().IsRegular():
		return nil
	case errors.Is(err, syscall.ELOOP):
		// -o loop/x, loop a link to itself: the write said "directory
		// loop/: too many levels of symbolic links", after the work.
		return fmt.Errorf("--output %s: its folder %s leads through symbolic links in a loop (%v), to no folder: name a file in a folder", named, shownPath(outputDir(path)), syscall.ELOOP)
	case errors.Is(err, syscall.ENAMETOOLONG):
		// A name past NAME_MAX was written whole, then refused at the
		// rename: "writing NAME: rename .NAME.tmp-N NAME: file name
		// too long".
		longest := ""
		for _, name := range strings.Split(filepath.ToSlash(path), "/") {
			if len(name) > len(longest) {
				longest = name
			}
		}
		return fmt.Errorf("--output %s: a name in the path is %d bytes long, longer than the system takes (%v): no file has it", named, len(longest), syscall.ENAMETOOLONG)
	}
	exists := err == nil
	dir := outputDir(path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && writtenAsURL(path):
		// Named as a mirror's URL is, without its password or query: a
		// CI log keeps standard error.
		return fmt.Errorf("--output %s: --output writes a file, not a URL", shownPath(mirror.Redact(path)))
	case errors.Is(err, fs.ErrNotExist):
		// "writing PATH: directory DIR/: no such file or directory"
		// named neither the flag nor the fix.
		return fmt.Errorf("--output %s: the folder %s does not exist: make it first (mkdir -p), or name a file in a folder that does", named, shownPath(dir))
	case errors.Is(err, syscall.ENOTDIR), err == nil && !info.IsDir():
		// A file named as a folder (diff.json/x.md): "directory
		// diff.json/: not a directory" named neither the flag nor the
		// fix. The nearest of its folders that exists says.
		for d := dir; ; d = filepath.Dir(d) {
			if fi, serr := os.Stat(d); serr == nil {
				if !fi.IsDir() {
					return fmt.Errorf("--output %s: %s is a file, not a folder: name a file in a folder", named, shownPath(d))
				}
				return nil
			}
			if filepath.Dir(d) == d {
				return nil
			}
		}
	case err != nil:
		return nil // atomicfile.Create says
	}
	if exists {
		if err := mayWrite(path, false); err != nil {
			// atomicfile.Create refuses a file the user could not write
			// with a plain open.
			return fmt.Errorf("--output %s: you may not write this file (%v), and --output replaces only a file that you could write otherwise: name another file", named, err)
		}
	}
	if err := mayWrite(dir, true); err != nil {
		return noNewFileNamed(named, dir, exists, " ("+err.Error()+")")
	}
	return nil
}

// noNewFile is the refusal of --output path, whose folder dir takes no
// new file (why, when known, in parentheses), where the file is there
// when exists: -o /proc/version cannot be replaced so, and a redirect
// writes it in place.
func noNewFile(path, dir string, exists bool, why string) error {
	return noNewFileNamed(shownPath(path), dir, exists, why)
}

// noNewFileNamed is noNewFile of the output named so.
func noNewFileNamed(named, dir string, exists bool, why string) error {
	if exists {
		return fmt.Errorf("--output %s: the folder %s takes no new file%s, and --output replaces a file by writing a temporary file beside it, then renaming it over the file: name a file in another folder, or redirect standard output into this one (>), which writes it in place", named, shownPath(dir), why)
	}
	return fmt.Errorf("--output %s: the folder %s takes no new file%s, and --output writes a temporary file beside the file, then renames it: name a file in another folder", named, shownPath(dir), why)
}

// outputDir is the folder of path as written, not cleaned as
// filepath.Dir cleans it: the system reads x/.. of x/../out.md through
// x, which may not be there (refused after the work, at the rename) or
// be a link to another folder, where filepath.Dir names the current
// folder.
func outputDir(path string) string {
	vol := len(filepath.VolumeName(path))
	i := strings.LastIndexFunc(path[vol:], func(r rune) bool { return r < 0x80 && os.IsPathSeparator(uint8(r)) })
	switch {
	case i < 0:
		if vol > 0 {
			return path[:vol]
		}
		return "."
	case i == 0:
		return path[:vol+1]
	}
	return path[:vol+i]
}

// outputLinks refuses --output path when it lies in a git work tree and
// the file it names, through its symbolic links (of the file or of its
// folders), lies outside that work tree, as a snapshot's link out of a
// work tree is refused (input.checkLinks): the pull-request recipe
// (docs/ci.md) writes --output cachediff.json in the PR's checkout, and
// a PR that committed cachediff.json as a link to a file of the runner's
// (~/.gitconfig, or one not there yet) had the report written there.
// Outside a work tree a link is followed, as a shell redirect follows
// it. What cannot be resolved (a missing folder) is left to the write,
// which says what is wrong.
func outputLinks(path string) error { return linkRefusal("--output", "write", path) }

// inputLinks refuses a file cachediff reads by name (what names it:
// "--template", "the report"), by the rule --output has (linkLeads): a
// pull request that committed its template or saved report as a link to
// .git/config (which holds actions/checkout's token) or to a file of the
// runner's had that file's text copied into the report, a PR comment.
func inputLinks(what, path string) error { return linkRefusal(what, "read", path) }

// maxPathLength is the system's PATH_MAX (Linux's): the longest path a
// system call takes.
const maxPathLength = 4096

// linkRefusal is the error of the file path, named by what, that
// cachediff would verb ("read", "write") through a link linkLeads
// refuses; nil for any other.
func linkRefusal(what, verb, path string) error {
	if len(path) > maxPathLength {
		// No system call takes it (ENAMETOOLONG), and the walk up its
		// folders for a work tree and links (outputTop) copied the
		// path so far at each: -o, --template or render of a path of
		// tens of thousands of folders (a/a/…) took quadratic time
		// (TestLinkRefusalLongPath).
		n := 60
		for n > 0 && !utf8.RuneStart(path[n]) {
			n--
		}
		return fmt.Errorf("%s %s…: the path is %d bytes long, over the system's PATH_MAX (%d bytes): no file has it", what, snapshot.ShownPath(path[:n]), len(path), maxPathLength)
	}
	dest, top, where := linkLeads(path)
	if where == leadsWithin {
		return nil
	}
	leadsTo, reaches := fmt.Sprintf("outside the git work tree %s", shownPath(top)), "a file of the runner's"
	if where == leadsIntoGit {
		leadsTo, reaches = fmt.Sprintf("into a git folder of the work tree %s", shownPath(top)), "the job's git configuration"
		if verb == "read" {
			reaches += " and its token"
		}
	}
	return fmt.Errorf("%s %s: a symbolic link leads it to %s, %s: cachediff does not %s through such a link (in a checkout, a pull request can commit one that leads to %s); name the file itself", what, shownPath(path), shownPath(dest), leadsTo, verb, reaches)
}

// Where linkLeads finds that a path's links lead.
const (
	leadsWithin = iota
	leadsOut
	leadsIntoGit
)

// linkLeads judges where the file path names lies, through its symbolic
// links (of the file or of its folders), when path lies in a git work
// tree (outputTop): leadsOut outside that work tree, leadsIntoGit into a
// .git folder of it that path does not name itself, with dest, where the
// links lead, and top, the work tree. Outside a work tree, or what
// cannot be resolved, is leadsWithin: reading or writing it says what is
// wrong.
func linkLeads(path string) (dest, top string, where int) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", leadsWithin
	}
	top = outputTop(filepath.Dir(abs))
	if top == "" {
		return "", "", leadsWithin
	}
	realTop, err := filepath.EvalSymlinks(top)
	if err != nil {
		return "", "", leadsWithin
	}
	target, err := atomicfile.Target(path)
	if err != nil {
		return "", "", leadsWithin
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", "", leadsWithin
	}
	if !filepath.IsAbs(realDir) {
		// From the current folder resolved too: filepath.Abs takes it as
		// named ($PWD), and in a work tree entered through a link (cd
		// ~/site -> /data/site) the file was taken for one outside it.
		wd, err := os.Getwd()
		if err != nil {
			return "", "", leadsWithin
		}
		if wd, err = filepath.EvalSymlinks(wd); err != nil {
			return "", "", leadsWithin
		}
		realDir = filepath.Join(wd, realDir) // no link left in either: its ".." are the system's
	}
	dest = filepath.Join(realDir, base)
	r, err := filepath.Rel(realTop, dest)
	if err != nil || under(r, "..") {
		return dest, top, leadsOut
	}
	// Into the work tree's .git folder through a link (a committed
	// cachediff.json -> .git/config, or a hook): the job's git
	// configuration overwritten, or read. So is that of a repository
	// nested in the work tree (a second checkout in the first:
	// spack/.git/config), and ".GIT", which a case-insensitive file
	// system (a macOS runner's) takes for ".git". Named as it is, the
	// user's choice.
	if lex, err := filepath.Rel(top, abs); err == nil && inGitDir(r) && !inGitDir(lex) {
		return dest, top, leadsIntoGit
	}
	return dest, top, leadsWithin
}

// outputTop returns the git work tree that holds the folder dir (an
// absolute path) as named, or "": the nearest folder above it with a
// .git, not looked for through a link in a work tree. A pull request's
// folder out -> /home/runner/work/other, another repository's work tree,
// had that taken for the work tree, and --output out/x.json written
// into it. A link the current folder is reached through is the user's
// way in (~/site -> /data/site, with a dotfiles repository at ~), and
// leaves the work tree it leads to as the one judged.
func outputTop(dir string) string {
	top := input.WorkTree(dir)
	cwd, _ := os.Getwd() // as named, through links, as filepath.Abs takes it
	for p := dir; top != ""; p = filepath.Dir(p) {
		if cwd != "" && (cwd == p || strings.HasPrefix(cwd, p+string(filepath.Separator))) {
			break
		}
		if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			if t := input.WorkTree(filepath.Dir(p)); t != "" {
				top = t // p is a link of that work tree
			}
		}
		if p == top || filepath.Dir(p) == p {
			break
		}
	}
	return top
}

// inGitDir reports whether the relative path rel is, or lies in, a
// .git folder, as a snapshot's walk judges it (dirsrc.InGitDir).
func inGitDir(rel string) bool { return dirsrc.InGitDir(rel) }

// under reports whether the relative path rel is dir or lies under it.
func under(rel, dir string) bool {
	return rel == dir || strings.HasPrefix(rel, dir+string(filepath.Separator))
}

// writerFunc is an io.Writer made of a function.
type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// write writes to the destination, keeping the first error so that a
// renderer's error that is really a failed write is reported as such.
func (o *output) write(p []byte) (int, error) {
	n, err := o.dst.Write(p)
	if err != nil && o.err == nil {
		if o.file == nil {
			err = fmt.Errorf("writing the report: %w", err)
		}
		o.err = err
	}
	return n, err
}

// fail returns the error to report when rendering failed with err: the
// write error behind it, if any.
func (o *output) fail(err error) error {
	err = o.heldMemory(err)
	o.abort()
	if o.err != nil {
		return o.err
	}
	return err
}

// maxHeldFolder is the most bytes heldMemory shows of the folder no
// temporary file could be made in.
const maxHeldFolder = 2 << 10

// heldMemory is err, a template stopped by its memory limit, saying
// that the output held (held) took that memory where no temporary file
// could be made: with TMPDIR gone, a template that wrote 900 MB, within
// its output limit and holding 100 MB itself, was told it "held more
// than 1 GiB of memory", the memory cachediff held its output in. Any
// other error is err.
func (o *output) heldMemory(err error) error {
	le := (*sandbox.LimitError)(nil)
	if o.held == nil || !errors.As(err, &le) || le.Limit != sandbox.LimitMemory {
		return err
	}
	why := o.held.NoFile()
	if why == nil {
		return err
	}
	// Named by its folder and cause: the file's own name is random. The
	// folder (TMPDIR, as the user set it) shown as the loaders show a
	// path, quoted in ASCII, cut past 2 KB: written raw, a TMPDIR /tmр
	// (its р Cyrillic) read as /tmp, which exists, and one of 9 KB ran
	// the line past its cap, cutting off what to do.
	if pe := (*fs.PathError)(nil); errors.As(why, &pe) {
		why = fmt.Errorf("%s: %w", snapshot.CutShown(filepath.Dir(pe.Path), maxHeldFolder, snapshot.ShownPath), pe.Err)
	}
	return fmt.Errorf("%w; %s of it the template's output, which cachediff holds until the template has run whole, past %s in a temporary file, and in memory where none can be written (%w): set TMPDIR to a folder that takes one, or write the report to a file (--output FILE)",
		err, aboutBytes(o.held.InMemory()), aboutBytes(heldInMemory), why)
}

// commit flushes the report and, for --output, puts the file in place.
func (o *output) commit() error {
	if err := o.w.Flush(); err != nil {
		return o.fail(err)
	}
	if o.held != nil {
		if err := o.held.writeTo(o.heldTo); err != nil {
			if o.file == nil {
				err = fmt.Errorf("writing the report: %w", err)
			}
			return o.fail(err)
		}
	}
	if o.file != nil {
		if err := o.file.Close(); err != nil {
			return err
		}
	}
	if o.skipNotes != nil {
		io.WriteString(o.stderr, o.skipNotes.String())
	}
	if o.note != "" {
		io.WriteString(o.stderr, o.note)
	}
	return nil
}

// abort leaves an --output file as it was.
func (o *output) abort() {
	if o.file != nil {
		o.file.Abort()
	}
	if o.held != nil {
		o.held.discard()
	}
}
