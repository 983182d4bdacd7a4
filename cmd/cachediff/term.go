package main

import (
	"io"
	"os"
	"strconv"

	"golang.org/x/term"

	"github.com/cachediff/cachediff/report"
)

// The environment a run looks at: the terminal and a few variables. Only
// this file and renderOptions read them.

// isTerminal reports whether w is a terminal (not merely a character
// device: /dev/null is one and is no terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr }) // an *os.File, or standard error as processStderr wraps it
	return ok && term.IsTerminal(int(f.Fd()))
}

// Help width: the terminal's, within these bounds; defaultWidth when the
// help does not go to a terminal and COLUMNS does not say.
const (
	defaultWidth = 80
	minWidth     = 40
	maxWidth     = 100
)

// helpWidth returns the width to wrap the help to when it is written to
// w: the terminal's width, or else $COLUMNS, or else 80, kept between 40
// and 100 columns (long lines are hard to read); one column is left free,
// as terminals wrap a line that fills the last one.
func helpWidth(w io.Writer) int {
	width := defaultWidth
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		width = n - 1
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if n, _, err := term.GetSize(int(f.Fd())); err == nil && n > 0 {
			width = n - 1
		}
	}
	return min(max(width, minWidth), maxWidth)
}

// colorAuto decides --color=auto for a report in format going to standard
// output (toStdout) or to a file of --output: never a file (it is no
// terminal, and a patch or a text with escape codes in it is broken);
// colour when FORCE_COLOR or CLICOLOR_FORCE asks for it (set, and not 0),
// except for a patch, which must stay a patch when CI sets them for every
// step and the job redirects it to a file (git does not honour them
// either); else none when NO_COLOR is set (https://no-color.org) or TERM
// is dumb; else when standard output is a terminal.
func colorAuto(toStdout bool, format string, stdout io.Writer) bool {
	if !toStdout {
		return false
	}
	if f, _ := report.Lookup(format); !f.Strict { // a patch
		for _, v := range []string{"FORCE_COLOR", "CLICOLOR_FORCE"} {
			if s := os.Getenv(v); s != "" && s != "0" && s != "false" {
				return true
			}
		}
	}
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(stdout)
}
