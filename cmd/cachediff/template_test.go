package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTemplateFileBinaryRefused: a --template FILE whose head is binary
// is refused as --template - is (a NUL byte, and where it is), not used
// as a template that copies its bytes to the output.
func TestTemplateFileBinaryRefused(t *testing.T) {
	const seeds = "../../testdata/seeds/"
	bin := filepath.Join(t.TempDir(), "prog")
	head := []byte("\x7fELF\x02\x01\x01\x00\x00{{.}}")
	if err := os.WriteFile(bin, append(head, bytes.Repeat([]byte{0, 1, 2}, 20000)...), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	c := &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
	if code := c.run([]string{"--template", bin, seeds + "py-safetensors-old.txt", seeds + "py-safetensors-new.txt"}); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if stdout.Len() != 0 {
		t.Errorf("%d bytes written; want none", stdout.Len())
	}
	msg := stderr.String()
	if !strings.Contains(msg, "a NUL byte") || !strings.Contains(msg, "line 1, column 8") || !strings.Contains(msg, bin) {
		t.Errorf("%s; want the file, the NUL byte and where it is", msg)
	}
	// A text template still works.
	txt := filepath.Join(t.TempDir(), "t.tmpl")
	if err := os.WriteFile(txt, []byte("{{len .Packages}} packages\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	c = &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: io.Discard}
	if code := c.run([]string{"--template", txt, seeds + "py-safetensors-old.txt", seeds + "py-safetensors-new.txt"}); code > 1 {
		t.Errorf("text template: exit %d", code)
	}
	if !strings.HasSuffix(stdout.String(), "packages\n") {
		t.Errorf("text template wrote %q", stdout.String())
	}
}
