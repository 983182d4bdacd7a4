package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/spf13/pflag"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// Exit codes, like diff(1).
const (
	exitSame    = 0
	exitDiffers = 1
	exitTrouble = 2
)

const usageText = `Usage: cachediff [flags] OLD NEW
       cachediff render [flags] REPORT.json

Reports what changed between two snapshots of a Spack build-cache catalogue.
OLD and NEW are _cache/<tag>/ folders of cache.spack.io (one <package>/specs.md
page per package) or single page files. "cachediff render" renders a report
saved with --format json again, in any format, without the snapshots (a
snapshot folder named render can be given as ./render).

Examples:
  cachediff _cache/develop-2025-03-23 _cache/develop-2025-03-30
  cachediff --format json -o diff.json old/ new/
  cachediff --format text old/ new/            # one line per changed package
  cachediff --format patch old/ new/ | less    # unified diff of the spec listings
  cachediff --template notes.tmpl old/ new/
  cachediff --fail-on removed-package,lost-stack old/ new/   # a CI gate
  cachediff render --format md -o comment.md diff.json      # the saved JSON, as Markdown
  cachediff --package 'py-*' --stack ml-linux-x86_64-cuda old/ new/
  cachediff --ignore compiler old/ new/   # a compiler migration: rebuilt, not updated
  cachediff --title 'Build cache: v0.23.0 → v0.23.1' \
      --link-base 'https://cache.spack.io/package/?name=' _cache/v0.23.0 _cache/v0.23.1
  cachediff --skip-invalid old/ new/     # report despite bad pages, listing them
  cachediff --github-comment old/ new/ > comment.md          # fits a GitHub comment
  cachediff render --max-bytes 20000 diff.json               # at most 20,000 bytes

Flags:
`

const exitText = `
Exit status: 0 no differences, 1 differences, 2 trouble.
With --fail-on: 0 no listed kind of change present, 1 one is, 2 trouble.
render exits the same way as the diff that made the report: 1 when it has
changes (or its saved gate tripped; --fail-on decides again), 0 when not.
`

// githubCommentBytes is GitHub's limit on a comment's body: 65,536
// characters. A byte limit of the same number is safe, as no character
// takes less than one byte.
const githubCommentBytes = 65536

// usageError is a problem with the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// options are the parsed command line.
type options struct {
	format    string
	color     string
	template  string
	output    string
	raw       bool
	failOn    []string // kinds of change, checked; nil without --fail-on
	title     string
	linkBase  string
	filter    diff.Filter
	skip      bool
	maxBytes  int    // --max-bytes, or githubCommentBytes with --github-comment
	marker    string // the report's first line: report.GitHubMarker with --github-comment
	ghComment bool
	old, new  string
	// render is set by the render subcommand: report is the JSON to read.
	render bool
	report string
}

// run is the whole command: it parses args, writes the report to stdout
// (or --output) and messages to stderr, and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	opts, help, err := parseArgs(args)
	if help {
		if _, err = io.WriteString(stdout, usage()); err == nil {
			return exitSame
		}
		err = fmt.Errorf("writing the help: %w", err)
	} else if err == nil {
		var code int
		if opts.render {
			code, err = runRender(opts, stdout)
		} else {
			code, err = runDiff(opts, stdout, stderr)
		}
		if err == nil {
			return code
		}
	}
	for _, e := range splitErrors(err) {
		fmt.Fprintf(stderr, "cachediff: %v\n", e)
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintln(stderr, "Run 'cachediff --help' for usage.")
	}
	return exitTrouble
}

// errorList is several independent errors, printed one per line.
type errorList []error

func (l errorList) Error() string { return errors.Join(l...).Error() }

// splitErrors returns the errors of an errorList, or err alone.
func splitErrors(err error) []error {
	var l errorList
	if errors.As(err, &l) {
		return l
	}
	return []error{err}
}

func newFlagSet(opts *options) *pflag.FlagSet {
	fs := pflag.NewFlagSet("cachediff", pflag.ContinueOnError)
	fs.StringVarP(&opts.format, "format", "f", "md", "report format: md (Markdown), json (cachediff/v1), text (terminal) or patch (unified diff of spec listings)")
	fs.StringVar(&opts.color, "color", "auto", "colour the text format: auto (when standard output is a terminal and NO_COLOR is unset), always or never")
	fs.StringVarP(&opts.template, "template", "t", "", "render the report with this Go text/template `file` (sprig's hermetic functions)")
	fs.StringVarP(&opts.output, "output", "o", "", "write the report to `file` (atomically) instead of standard output")
	fs.BoolVar(&opts.raw, "no-canonicalize", false, "compare strings as written (no gcc@=13.2.0 → gcc@13.2.0 and the other rules)")
	fs.StringVar(&opts.title, "title", "", "use this `text` as the report's headline title (Markdown, text and patch)")
	fs.StringVar(&opts.linkBase, "link-base", "", "link package names to `URL` + name in Markdown (e.g. https://cache.spack.io/package/?name=)")
	fs.StringArrayVar(&opts.filter.Packages, "package", nil, "compare only packages whose name matches this `glob` (path.Match: py-*, llvm; repeatable); one that matches no package is an error")
	fs.StringArrayVar(&opts.filter.Stacks, "stack", nil, "compare only specs in this CI `stack` (repeatable); a spec that leaves or joins it counts as removed or added; a stack no spec is in is an error")
	fs.StringSliceVar(&opts.filter.Ignore, "ignore", nil, "leave this `facet` out of spec pairing: version, compiler, variants, target, os or platform (comma-separated, repeatable)")
	fs.StringSliceVar(&opts.failOn, "fail-on", nil, "exit 1 only if one of these `kinds` of change is present, else 0 (comma-separated, repeatable; kinds below)")
	fs.BoolVar(&opts.skip, "skip-invalid", false, "leave out invalid pages instead of failing, and list them in the report")
	fs.IntVar(&opts.maxBytes, "max-bytes", 0, "shorten the Markdown report to at most `n` bytes: details collapse to one-line summaries, then sections to \"…and N more\" lines, lowest value first; the headline and summary table stay")
	fs.BoolVar(&opts.ghComment, "github-comment", false, "fit a GitHub comment: --max-bytes 65536 (GitHub counts 65,536 characters; a character is at least a byte, so 65,536 bytes always fit), the first line the hidden marker <!-- cachediff --> that finds the comment again")
	fs.SortFlags = false
	return fs
}

func usage() string {
	var opts options
	var b strings.Builder
	b.WriteString(usageText + newFlagSet(&opts).FlagUsages())
	b.WriteString("\nKinds of change for --fail-on (a kind is present when there is):\n")
	for _, k := range diff.GateKinds {
		fmt.Fprintf(&b, "  %-16s %s\n", k.Name, k.Doc)
	}
	b.WriteString(exitText)
	return b.String()
}

func parseArgs(args []string) (opts options, help bool, err error) {
	if len(args) > 0 && args[0] == "render" {
		opts.render = true
		args = args[1:]
	}
	fs := newFlagSet(&opts)
	fs.SetOutput(io.Discard)
	fs.BoolVarP(&help, "help", "h", false, "show this help")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return opts, true, nil
		}
		return opts, false, &usageError{err.Error()}
	}
	if help {
		return opts, true, nil
	}
	switch {
	case opts.render && fs.NArg() != 1:
		return opts, false, &usageError{fmt.Sprintf("render: want one JSON report; got %d argument(s)", fs.NArg())}
	case opts.render && (fs.Changed("no-canonicalize") || fs.Changed("skip-invalid")):
		return opts, false, &usageError{"render: --no-canonicalize and --skip-invalid do not apply: the report was made already"}
	case opts.render && (fs.Changed("package") || fs.Changed("stack") || fs.Changed("ignore")):
		return opts, false, &usageError{"render: --package, --stack and --ignore do not apply: the report was made already"}
	case opts.render:
		opts.report = fs.Arg(0)
	case fs.NArg() != 2:
		return opts, false, &usageError{fmt.Sprintf("want two snapshots, OLD and NEW; got %d argument(s)", fs.NArg())}
	default:
		opts.old, opts.new = fs.Arg(0), fs.Arg(1)
	}
	switch opts.format {
	case "md", "json", "text", "patch":
	default:
		return opts, false, &usageError{fmt.Sprintf("unknown --format %q: want md, json, text or patch", opts.format)}
	}
	switch opts.color {
	case "auto", "always", "never":
	default:
		return opts, false, &usageError{fmt.Sprintf("unknown --color %q: want auto, always or never", opts.color)}
	}
	if opts.linkBase != "" {
		if u, err := url.Parse(opts.linkBase); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return opts, false, &usageError{fmt.Sprintf("--link-base %q: want an http:// or https:// URL, such as https://cache.spack.io/package/?name=", opts.linkBase)}
		}
	}
	if err := (diff.Filter{Packages: opts.filter.Packages}).Check(); err != nil {
		return opts, false, &usageError{"--package: " + err.Error()}
	}
	if err := (diff.Filter{Ignore: opts.filter.Ignore}).Check(); err != nil {
		return opts, false, &usageError{"--ignore: " + err.Error()}
	}
	if fs.Changed("fail-on") {
		kinds, err := diff.ParseGateKinds(opts.failOn)
		if err != nil {
			return opts, false, &usageError{"--fail-on: " + err.Error()}
		}
		if len(kinds) == 0 {
			return opts, false, &usageError{"--fail-on: want at least one kind of change: " + strings.Join(diff.GateKindNames(), ", ")}
		}
		opts.failOn = kinds
	}
	switch {
	case opts.ghComment && fs.Changed("max-bytes"):
		return opts, false, &usageError{"--github-comment is --max-bytes 65536: give one or the other"}
	case opts.ghComment:
		opts.maxBytes, opts.marker = githubCommentBytes, report.GitHubMarker
	case opts.maxBytes < 0 || fs.Changed("max-bytes") && opts.maxBytes == 0:
		return opts, false, &usageError{fmt.Sprintf("--max-bytes %d: want a positive number of bytes", opts.maxBytes)}
	}
	if opts.maxBytes > 0 && (opts.format != "md" || opts.template != "") {
		return opts, false, &usageError{"--max-bytes and --github-comment shorten the built-in Markdown report (--format md) only"}
	}
	if opts.template != "" && fs.Changed("format") {
		return opts, false, &usageError{"--template and --format do not go together: the template is the format"}
	}
	return opts, false, nil
}

// runDiff loads both snapshots, diffs and renders them. It returns the
// exit status: whether they differ or, with --fail-on, whether the gate
// tripped.
func runDiff(opts options, stdout, stderr io.Writer) (int, error) {
	render, err := renderer(opts, renderOptions(opts, stdout))
	if err != nil {
		return exitTrouble, err
	}
	lo := snapshot.Options{Raw: opts.raw, SkipInvalid: opts.skip}
	old, oldErr := snapshot.Load(opts.old, lo)
	new, newErr := snapshot.Load(opts.new, lo)
	switch {
	case oldErr != nil && newErr != nil:
		return exitTrouble, errorList{oldErr, newErr}
	case oldErr != nil:
		return exitTrouble, oldErr
	case newErr != nil:
		return exitTrouble, newErr
	}
	for _, s := range []*snapshot.Snapshot{old, new} {
		switch n := len(s.Skipped); {
		case n == 1:
			fmt.Fprintf(stderr, "cachediff: %s: skipped 1 invalid page, listed in the report\n", s.Path)
		case n > 1:
			fmt.Fprintf(stderr, "cachediff: %s: skipped %d invalid pages, listed in the report\n", s.Path, n)
		}
	}
	if bad := opts.filter.Unmatched(old, new); bad != nil {
		errs := make(errorList, len(bad))
		for i, u := range bad {
			errs[i] = unmatchedError(u)
		}
		return exitTrouble, errs
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(memoryLimit(old.Bytes + new.Bytes)))
	r, err := diff.CompareWith(old, new, opts.filter)
	if err != nil {
		return exitTrouble, err
	}
	return finish(opts, r, render, stdout)
}

// memoryLimit is the soft limit on the Go runtime's memory for diffing and
// rendering input bytes of pages. The budget for peak RSS is 4x the input
// (DESIGN §7); the collector paces itself by the heap it found live at the
// last cycle, and when it starts late (the matching and rendering allocate
// fast on every core) the heap has overshot to 7x under heavy churn. Near
// this limit it collects sooner instead. 16 MiB covers what does not grow
// with the input; the limit never binds below its live data, it only makes
// the collector run more often there.
func memoryLimit(input int64) int64 {
	return 3*input + 16<<20
}

// unmatchedError says that a --package pattern or a --stack name selects
// nothing, which is most likely a typo: without the error it would make an
// empty report that passes any gate.
func unmatchedError(u diff.Unmatched) error {
	hint := "no name is close; a snapshot folder holds one folder per package"
	if u.Kind == "stack" {
		hint = "no name is close; a --format json report without --stack lists them all under \"stacks\""
	}
	if len(u.Closest) > 0 {
		hint = "closest: " + strings.Join(u.Closest, ", ")
	}
	return fmt.Errorf("--%s %q matches no %s in either snapshot (%s)", u.Kind, u.Value, u.Kind, hint)
}

// runRender reads a saved JSON report and renders it.
func runRender(opts options, stdout io.Writer) (int, error) {
	render, err := renderer(opts, renderOptions(opts, stdout))
	if err != nil {
		return exitTrouble, err
	}
	f, err := os.Open(opts.report)
	if err != nil {
		return exitTrouble, fmt.Errorf("reading the report: %w", err)
	}
	defer f.Close()
	r, err := report.Decode(f)
	if err != nil {
		return exitTrouble, fmt.Errorf("reading %s: %w", opts.report, err)
	}
	return finish(opts, r, render, stdout)
}

// finish checks the gate, renders r and writes it. It returns the exit
// status: whether r has changes or, with a gate (--fail-on, or one saved
// in a rendered report), whether it tripped.
func finish(opts options, r *diff.Report, render func(io.Writer, *diff.Report) error, stdout io.Writer) (int, error) {
	var err error
	code := exitSame
	if r.HasChanges() {
		code = exitDiffers
	}
	if r.Gate != nil && !r.Gate.Passed() { // a saved gate
		code = exitDiffers
	} else if r.Gate != nil {
		code = exitSame
	}
	if opts.failOn != nil {
		if r.Gate, err = diff.CheckGate(r, opts.failOn); err != nil {
			return exitTrouble, err
		}
		code = exitSame
		if !r.Gate.Passed() {
			code = exitDiffers
		}
	}
	var buf bytes.Buffer
	if err := render(&buf, r); err != nil {
		return exitTrouble, err
	}
	if opts.output != "" {
		if err := writeOutput(opts.output, buf.Bytes()); err != nil {
			return exitTrouble, err
		}
	} else if _, err := stdout.Write(buf.Bytes()); err != nil {
		return exitTrouble, fmt.Errorf("writing the report: %w", err)
	}
	return code, nil
}

// renderOptions turns the command line into report options. It is the
// one place that looks at the terminal and the environment: colour is on
// with --color=always, or with auto when the report goes to standard
// output, that is a terminal, and NO_COLOR is unset or empty
// (https://no-color.org).
func renderOptions(opts options, stdout io.Writer) report.Options {
	o := report.Options{Title: opts.title, LinkBase: opts.linkBase, MaxBytes: opts.maxBytes, Marker: opts.marker}
	switch opts.color {
	case "always":
		o.Color = true
	case "auto":
		o.Color = opts.output == "" && isTerminal(stdout) && os.Getenv("NO_COLOR") == ""
	}
	return o
}

// isTerminal reports whether w is a file that is a character device.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// renderer picks the function that renders a report, reading and parsing
// a user template before any snapshot is loaded.
func renderer(opts options, ro report.Options) (func(io.Writer, *diff.Report) error, error) {
	if opts.template != "" {
		text, err := os.ReadFile(opts.template)
		if err != nil {
			return nil, fmt.Errorf("reading the template: %w", err)
		}
		t, err := report.ParseTemplate(filepath.Base(opts.template), string(text))
		if err != nil {
			return nil, err
		}
		return func(w io.Writer, r *diff.Report) error { return report.Execute(w, t, r, ro) }, nil
	}
	var f func(io.Writer, *diff.Report, report.Options) error
	switch opts.format {
	case "json":
		return report.JSON, nil
	case "text":
		f = report.Text
	case "patch":
		f = report.Patch
	default:
		f = report.Markdown
	}
	return func(w io.Writer, r *diff.Report) error { return f(w, r, ro) }, nil
}

// writeOutput writes the report to path: a regular file (new or not)
// atomically, through writeFileAtomic; a symbolic link to one by replacing
// the file it names, so that the link stays, also when the file does not
// exist yet (a dangling link: the file is created where it points); and a
// device or a pipe (/dev/stdout, /dev/full, a FIFO) by writing to it,
// since renaming a file over a device would replace the device.
func writeOutput(path string, data []byte) error {
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		return fmt.Errorf("writing %s: is a directory", path)
	case err == nil && !info.Mode().IsRegular():
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("writing %s: %w", path, unwrapPath(err))
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("writing %s: %w", path, unwrapPath(err))
		}
		return nil
	case err == nil:
		if real, err := filepath.EvalSymlinks(path); err == nil && real != filepath.Clean(path) {
			if err := writeFileAtomic(real, data); err != nil {
				return fmt.Errorf("through the link %s: %w", path, err)
			}
			return nil
		}
	default: // nothing there, or a link to nothing (or to itself)
		target, err := linkTarget(path)
		if err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
		if target != path {
			if err := writeFileAtomic(target, data); err != nil {
				return fmt.Errorf("through the link %s: %w", path, err)
			}
			return nil
		}
	}
	return writeFileAtomic(path, data)
}

// maxLinks is how many symbolic links linkTarget follows: Linux's limit.
const maxLinks = 40

// linkTarget follows path while it is a symbolic link and returns the
// first name that is not one (path itself when it is not a link). A
// relative target is relative to the link's folder, joined without
// cleaning so that ".." means what the system takes it to mean.
func linkTarget(path string) (string, error) {
	for range maxLinks {
		info, err := os.Lstat(path)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			return path, nil // the write will tell what is wrong, if anything
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", unwrapPath(err)
		}
		if !filepath.IsAbs(target) {
			dir := strings.LastIndexFunc(path, func(r rune) bool { return r < 0x80 && os.IsPathSeparator(uint8(r)) })
			target = path[:dir+1] + target
		}
		path = target
	}
	return "", errors.New("too many levels of symbolic links")
}

// unwrapPath drops the path an *fs.PathError repeats.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it into place, so that path is never left half-written. It is for
// regular files only: writeOutput decides.
func writeFileAtomic(path string, data []byte) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+strings.TrimPrefix(base, ".")+".tmp-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) { // name the directory, not the temporary file
			err = fmt.Errorf("directory %s: %w", dir, pe.Err)
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
			err = fmt.Errorf("writing %s: %w", path, err)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return err
	}
	mode := fs.FileMode(0o644) // CreateTemp makes 0600; a report is for reading
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm() // replacing a file keeps its mode
	}
	if err := f.Chmod(mode); err != nil {
		return err
	}
	if err := f.Sync(); err != nil { // the data is on disk before the name is
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
