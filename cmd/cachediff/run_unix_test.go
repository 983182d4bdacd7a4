//go:build unix

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOutputDevice: --output to something that is not a regular file (a
// named pipe here; /dev/null in real life) writes to it and leaves it in
// place; the atomic rename is for regular files only.
func TestOutputDevice(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	got := make(chan []byte)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- data
	}()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-f", "text", "-o", fifo, "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if data := <-got; !bytes.HasPrefix(data, []byte("cachediff: v0.23.0 → v0.23.1: no changes")) {
		t.Errorf("read from the pipe: %q", data)
	}
	if info, err := os.Lstat(fifo); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the pipe was replaced: %v %v", info.Mode(), err)
	}
}

// TestFIFOInputRefused: a --template or a report for render that is a
// named pipe is refused as not a regular file, without opening it:
// opening a pipe to read waits for a writer, and cachediff waited with
// it, forever. The test gives up after a minute rather than hang.
func TestFIFOInputRefused(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	for _, args := range [][]string{
		{"--template", fifo, "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"},
		{"render", fifo},
	} {
		done := make(chan string, 1)
		go func() {
			var stderr bytes.Buffer
			code := run(args, io.Discard, &stderr)
			done <- fmt.Sprintf("exit %d: %s", code, stderr.String())
		}()
		select {
		case got := <-done:
			if !strings.HasPrefix(got, "exit 2: ") || !strings.Contains(got, "not a regular file (a FIFO)") {
				t.Errorf("cachediff %v: %s, want exit 2, not a regular file (a FIFO)", args, got)
			}
		case <-time.After(time.Minute):
			// Unblock the open, so that the test ends.
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.Close()
			}
			t.Errorf("cachediff %v waited on the named pipe", args)
			<-done
		}
	}
}

// TestFIFOInputHint (round 3 of issue 35, class e): a report, a template
// or a snapshot given as a pipe (cachediff render <(cmd), or /dev/stdin
// of cmd | cachediff render /dev/stdin) is refused as "not a regular file
// (a FIFO)", which named no way to read it: a pipe is read as -,
// standard input, and the message says so.
func TestFIFOInputHint(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"render", fifo}, "a pipe is read as - (standard input): cmd | cachediff render -"},
		{[]string{"--template", fifo, "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"}, "a pipe is read as - (standard input): cmd | cachediff --template - OLD NEW"},
		{[]string{fifo, "../../testdata/real/v0.23.1"}, "a page from a pipe is given as - (standard input)"},
		{[]string{"log", "../../testdata/real/v0.23.0", fifo}, "a page from a pipe is given as - (standard input)"},
	} {
		var stderr bytes.Buffer
		code := run(tc.args, io.Discard, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "not a regular file (a FIFO)") || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("cachediff %q: exit %d, stderr %q; want exit 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
	// A file that is no pipe gets no such hint.
	var stderr bytes.Buffer
	if code := run([]string{"render", os.DevNull}, io.Discard, &stderr); code != exitTrouble || strings.Contains(stderr.String(), "pipe") {
		t.Errorf("cachediff render %s: exit %d, stderr %q; want exit 2 without a hint of pipes", os.DevNull, code, stderr.String())
	}
}
