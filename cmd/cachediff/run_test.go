package main

import (
	"bytes"
	"os"
	"testing"
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
			got = renderOptions(options{color: tc.color, output: tc.output}, w).Color
		case *bytes.Buffer:
			got = renderOptions(options{color: tc.color, output: tc.output}, w).Color
		}
		if got != tc.want {
			t.Errorf("--color=%s NO_COLOR=%q output=%q on %T: colour %v, want %v", tc.color, tc.noColor, tc.output, tc.w, got, tc.want)
		}
	}
}
