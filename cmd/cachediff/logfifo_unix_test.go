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

// TestLogOutputFIFO (class d): log -o FILE A B C, its value given apart,
// asks whether FILE names a snapshot as A does (tookSnapshot), by its
// first bytes; FILE a named pipe that a reader waits on (or /dev/stdout
// of cachediff log ... | tee) was opened to be read, and cachediff
// waited for a writer with the reader, forever: the job hung until its
// timeout, its gate result lost. A file that is not a regular one is
// not opened to be told apart; the log is written to the pipe. The test
// gives up after a minute rather than hang.
func TestLogOutputFIFO(t *testing.T) {
	pagesHere(t, "A", "B", "C")
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	got := make(chan []byte, 1)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- data
	}()
	done := make(chan string, 1)
	go func() {
		var stderr bytes.Buffer
		code := run([]string{"log", "-f", "text", "-o", fifo, "A", "B", "C"}, io.Discard, &stderr)
		done <- fmt.Sprintf("exit %d: %s", code, stderr.String())
	}()
	select {
	case res := <-done:
		if !strings.HasPrefix(res, "exit 0: ") {
			t.Errorf("log -o PIPE A B C: %s; want exit 0", res)
		}
		if data := <-got; !bytes.HasPrefix(data, []byte("cachediff log: ")) {
			t.Errorf("read from the pipe: %q", data)
		}
	case <-time.After(time.Minute):
		// A writer unblocks the opens that wait for one.
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Errorf("log -o PIPE A B C waited on the named pipe")
		<-done
	}
}
