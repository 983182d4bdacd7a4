//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestTemplateStoppedPipeGetsNothing: --output a named pipe (or
// /dev/stdout) is written in place, not through a temporary file, so a
// --template stopped past its first 64 KiB left them in the pipe, as on
// standard output (TestTemplateStoppedWritesNothing): the reader gets
// nothing of a template stopped, all of one that ran whole.
func TestTemplateStoppedPipeGetsNothing(t *testing.T) {
	const seeds = "../../testdata/seeds/"
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	for _, c := range []struct{ text, want string }{
		{`{{ repeat 100000 "x" }}{{ template "none" }}`, ""},
		{`{{ repeat 100000 "x" }}`, strings.Repeat("x", 100000)},
	} {
		tmpl := filepath.Join(dir, "t.tmpl")
		if err := os.WriteFile(tmpl, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		got := make(chan []byte, 1)
		go func() {
			data, _ := os.ReadFile(fifo)
			got <- data
		}()
		var stderr bytes.Buffer
		code := run([]string{"--template", tmpl, "-o", fifo, seeds + "py-safetensors-old.txt", seeds + "py-safetensors-new.txt"}, io.Discard, &stderr)
		data := <-got
		if wantCode := map[bool]int{true: 2, false: 1}[c.want == ""]; code != wantCode || string(data) != c.want {
			t.Errorf("%.40s: exit %d (%q), the pipe read %d bytes; want exit %d, %d bytes", c.text, code, stderr.String(), len(data), wantCode, len(c.want))
		}
	}
}
