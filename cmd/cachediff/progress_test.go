package main

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"testing"
)

// TestProgressOnTerminal checks that a mirror URL's download shows a
// progress line only when standard error is a terminal (a pseudo-terminal
// here), never on a file, a pipe or a buffer, and what the line says: the
// file, the bytes of the total and the rate, rewritten in place and
// cleared at the end.
func TestProgressOnTerminal(t *testing.T) {
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer devNull.Close()
	file, err := os.Create(t.TempDir() + "/err")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	tty := openPTY(t) // nil where there are none
	for _, tc := range []struct {
		w    io.Writer
		want bool
	}{{tty, true}, {devNull, false}, {file, false}, {&bytes.Buffer{}, false}} {
		if f, ok := tc.w.(*os.File); ok && f == nil {
			continue // no pseudo-terminal
		}
		c := &cli{stderr: tc.w}
		if got := c.sourceOptions(&options{}).HTTP.Progress != nil; got != tc.want {
			t.Errorf("standard error %T: progress %v, want %v", tc.w, got, tc.want)
		}
	}

	var b bytes.Buffer
	p := progressLine(&b)
	p("https://host/m/blobs/sha256/ab/abc", 300_000, 1_000_000)
	p("https://host/m/blobs/sha256/ab/abc", 600_000, 1_000_000)
	p("https://host/m/blobs/sha256/ab/abc", 1_000_000, 1_000_000)
	want := regexp.MustCompile(`\A\r\x1b\[Kcachediff: https://host/m/blobs/sha256/ab/abc: 0\.3 MB of 1\.0 MB(, [0-9.]+ MB/s)?` +
		`\r\x1b\[Kcachediff: https://host/m/blobs/sha256/ab/abc: 0\.6 MB of 1\.0 MB(, [0-9.]+ MB/s)?\r\x1b\[K\z`)
	if !want.Match(b.Bytes()) {
		t.Errorf("progress line %q", b.String())
	}
}
