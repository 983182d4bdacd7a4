package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/cachediff/cachediff/report"
)

// columns is the value of --width: a number of columns, at least
// report.MinWidth.
type columns int

// Set parses s.
func (c *columns) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	switch {
	case err != nil:
		return fmt.Errorf("want a number of columns, such as 100")
	case n < report.MinWidth:
		return fmt.Errorf("want at least %d columns", report.MinWidth)
	}
	*c = columns(n)
	return nil
}

// String returns the number of columns ("0": not given).
func (c *columns) String() string { return strconv.Itoa(int(*c)) }

// Type names the kind of value for pflag.
func (c *columns) Type() string { return "columns" }

// textWidth is the width the text format fits its lines to: --width when
// given; else, written to standard output that is a terminal, the
// terminal's width (one column left free, as terminals wrap a line that
// fills the last one); else report.DefaultWidth (a pipe, a file of
// --output).
func textWidth(opts *options, stdout io.Writer) int {
	if opts.width > 0 {
		return int(opts.width)
	}
	if f, ok := stdout.(*os.File); ok && opts.output == "" && term.IsTerminal(int(f.Fd())) {
		if n, _, err := term.GetSize(int(f.Fd())); err == nil && n-1 >= report.MinWidth {
			return n - 1
		}
	}
	return report.DefaultWidth
}
