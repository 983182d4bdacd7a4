//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
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
