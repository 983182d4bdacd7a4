package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// renderCommand renders a saved JSON report again.
var renderCommand = &command{
	name:     "render",
	synopsis: "[flags] REPORT.json",
	summary:  "render a report saved with --format json again, in any format",
	about: `Renders a report saved with "cachediff --format json" again, in any format,
without the snapshots: the filters and canonicalization were applied when it
was made. "-" reads the report from standard input. It exits like the diff that made the report: 1 when it has changes
(or its saved gate tripped; --fail-on decides again), 0 when not.`,
	examples: `cachediff render --format md -o comment.md diff.json
cachediff render --fail-on removed-spec diff.json   # a gate on a saved report
cachediff render --max-bytes 20000 diff.json
cachediff -f json old/ new/ | cachediff render -f text -`,
	groups:   []flagGroup{outputFlags, gateFlags},
	notApply: "the report was made already",
	after: func(b *strings.Builder, width int) {
		gateKindsHelp(b, width)
	},
	run: runRender,
}

// runRender reads a saved JSON report and renders it.
func runRender(c *cli, opts *options, args []string) (int, error) {
	if len(args) != 1 {
		hint := "" // render r.json -- -q: the -q after -- an argument
		if len(args) > 1 {
			hint = dashesHint(opts)
		}
		return exitTrouble, usageErrorf("render: want one JSON report; got %s%s", nArgs(len(args)), hint)
	}
	if err := dashedFlag(opts, "the JSON report", nil); err != nil {
		return exitTrouble, err
	}
	path := args[0]
	if path == stdinFile {
		path = "./" + stdinFile // a file named as standard input is: not read as it
	}
	if path == stdinName && opts.template == stdinName {
		return exitTrouble, usageErrorf("render: %v", errTemplateStdin)
	}
	if err := c.outputFirst(opts, path); err != nil {
		return exitTrouble, err
	}
	render, err := c.renderer(opts)
	if err != nil {
		return exitTrouble, err
	}
	var data []byte
	if path != stdinName {
		if err := inputLinks("render", path); err != nil {
			return exitTrouble, err
		}
		data, err = jsonv1.ReadFile(path) // a regular file, up to its size: not /dev/zero
		if err != nil {
			if writtenAsURL(path) && errors.Is(err, fs.ErrNotExist) {
				// Named as a mirror's URL is, without its password
				// or query: a CI log keeps standard error.
				return exitTrouble, fmt.Errorf("reading the report: %s: render reads a saved report from a file, or from - (standard input), not from a URL", mirror.Redact(path))
			}
			hint := pipeHint(path, "cmd | cachediff render -")
			if errors.Is(err, fs.ErrNotExist) {
				hint = snapshot.NearHint(path)
			} else if info, serr := os.Stat(path); serr == nil && info.IsDir() {
				// A snapshot's folder, most likely: render was taken
				// for the command that compares.
				hint = ": render reads a report that cachediff -f json wrote; two snapshots are compared by cachediff OLD NEW"
			}
			return exitTrouble, fmt.Errorf("reading the report: %w%s", err, hint)
		}
	} else {
		data, err = readAtMost(c.stdin, maxStdin)
		if err != nil {
			return exitTrouble, fmt.Errorf("reading the report from %s: %w", stdinFile, err)
		}
		path = stdinFile
	}
	if jsonv1.IsLog(data) {
		return renderLog(c, opts, path, data)
	}
	// The report, decoded, checked and rendered, is held within the
	// budget of 4x its JSON by the limit a diff sets from its input
	// (memoryLimit), the collector's pace off below it: paced by the
	// default, a heap of twice the live one held a report of a million
	// based sets at 8x its JSON.
	c.mem().limit(int64(len(data)))
	r, err := jsonv1.DecodeTaking(&data) // the bytes are garbage once decoded
	if err != nil {
		if ns := (*jsonv1.NoSchemaError)(nil); errors.As(err, &ns) {
			if kind := spackfmt.SniffSure(data); kind != spackfmt.Unknown {
				// Spack's own file, named as the report by mistake: a
				// catalogue page is told to be diffed (jsonv1), and so
				// is this. Sniffed here: formatting reads no snapshot's
				// format.
				err = &jsonv1.NoSchemaError{Spack: kind.String()}
			}
		}
		return exitTrouble, fmt.Errorf("reading %s: %w", snapshot.ShownPath(path), err)
	}
	return c.finish(opts, r, render)
}

// pipeHint is the hint for a file argument that is a pipe (a process
// substitution <(cmd), or /dev/stdin of a pipe), which cachediff
// refuses as not a regular file, else "": a pipe is read as -, standard
// input, as in example.
func pipeHint(path, example string) string {
	info, err := os.Stat(path)
	if err != nil || info.Mode()&(fs.ModeNamedPipe|fs.ModeSocket) == 0 {
		return ""
	}
	return ": a pipe is read as - (standard input): " + example
}
