package main

import (
	"bytes"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestColorAuto: auto colours only a character device (here /dev/null,
// which is one, like a terminal) with NO_COLOR unset or empty, and never
// a file named by --output; always and never ignore both.
func TestColorAuto(t *testing.T) {
	tty, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer tty.Close()
	file, err := os.Create(t.TempDir() + "/out")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, tc := range []struct {
		color, noColor, output string
		w                      any
		want                   bool
	}{
		{"auto", "", "", tty, true},
		{"auto", "1", "", tty, false},
		{"auto", "", "report.txt", tty, false},
		{"auto", "", "", file, false},
		{"auto", "", "", &bytes.Buffer{}, false},
		{"always", "1", "", &bytes.Buffer{}, true},
		{"never", "", "", tty, false},
	} {
		t.Setenv("NO_COLOR", tc.noColor)
		var got bool
		switch w := tc.w.(type) {
		case *os.File:
			got = renderOptions(&options{color: tc.color, output: tc.output}, w).Color
		case *bytes.Buffer:
			got = renderOptions(&options{color: tc.color, output: tc.output}, w).Color
		}
		if got != tc.want {
			t.Errorf("--color=%s NO_COLOR=%q output=%q on %T: colour %v, want %v", tc.color, tc.noColor, tc.output, tc.w, got, tc.want)
		}
	}
}

// TestExitCode: one function decides the exit status from the report: a
// gate (given or saved) decides alone; without one, any change is 1.
func TestExitCode(t *testing.T) {
	changed := &diff.Report{}
	changed.Summary.Packages.Changed = 1
	passed := &diff.Gate{FailOn: []string{"removed-spec"}}
	tripped := &diff.Gate{FailOn: []string{"removed-spec"}, Tripped: []diff.Trip{{Kind: "removed-spec", Count: 1}}}
	for _, tc := range []struct {
		name string
		r    diff.Report
		want int
	}{
		{"no changes", diff.Report{}, 0},
		{"changes", *changed, 1},
		{"changes, gate passed", diff.Report{Summary: changed.Summary, Gate: passed}, 0},
		{"no changes, gate tripped", diff.Report{Gate: tripped}, 1},
		{"changes, gate tripped", diff.Report{Summary: changed.Summary, Gate: tripped}, 1},
	} {
		if got := exitCode(&tc.r); got != tc.want {
			t.Errorf("%s: exit %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestMemoryLimit: run, as tests call it in one process, leaves the
// process's memory limit alone; the command as main runs it sets it from
// the size of the input through its hook.
func TestMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	args := []string{"../../testdata/real/develop-2025-03-23", "../../testdata/real/develop-2025-03-30"}
	if code := run(args, io.Discard, io.Discard); code != 1 {
		t.Fatalf("exit %d", code)
	}
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Errorf("run changed the memory limit from %d to %d", before, after)
	}
	var got []int64
	c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, limitMemory: func(n int64) { got = append(got, n) }}
	if code := c.run(args); code != 1 {
		t.Fatalf("exit %d", code)
	}
	if len(got) != 1 || got[0] < 64<<10 {
		t.Errorf("limitMemory called with %v; want once with the input's size (over 64 KiB)", got)
	}
	if newCLI().limitMemory == nil {
		t.Error("main's command sets no memory limit")
	}
}
