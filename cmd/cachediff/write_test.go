package main

import (
	"bytes"
	"errors"
	"testing"
)

// failWriter fails every write, like a closed pipe or a full disk.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestStdoutWriteError: a report, a JSON document or the help that cannot
// be written to standard output is exit 2 with the reason, never a silent
// success.
func TestStdoutWriteError(t *testing.T) {
	t.Chdir("../..")
	for _, args := range [][]string{
		{"testdata/real/v0.23.0", "testdata/real/v0.23.1"},
		{"-f", "json", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"},
		{"-f", "text", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"},
		{"--help"},
	} {
		var stderr bytes.Buffer
		code := run(args, failWriter{}, &stderr)
		want := "cachediff: writing the report: broken pipe\n"
		if args[0] == "--help" {
			want = "cachediff: writing the help: broken pipe\n"
		}
		if code != 2 || stderr.String() != want {
			t.Errorf("%v: exit %d, stderr %q; want 2, %q", args, code, stderr.String(), want)
		}
	}
}
