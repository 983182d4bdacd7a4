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

// TestTemplateStoppedWritesNothing: a --template that stops, at a limit
// or on an error of its own, after writing more than the output's
// buffer (64 KiB) writes nothing to standard output, exit status 2, in
// the diff and in render: it left its first 64 KiB there, a report cut
// short that `> notes.md` kept. One that runs whole writes all it
// wrote, past what is held in memory too.
func TestTemplateStoppedWritesNothing(t *testing.T) {
	const seeds = "../../testdata/seeds/"
	dir := t.TempDir()
	saved := filepath.Join(dir, "r.json")
	if code := run([]string{"-f", "json", "-o", saved, seeds + "py-safetensors-old.txt", seeds + "py-safetensors-new.txt"}, io.Discard, io.Discard); code != 1 {
		t.Fatalf("saving the report: exit %d", code)
	}
	const head = `{{ repeat 100000 "x" }}`
	for _, c := range []struct{ name, text, flag, want string }{
		{"loop", head + "{{ range 100000000000 }}{{ end }}", "--template-timeout=50ms", "stopped: ran for longer than 50ms"},
		{"error", head + `{{ template "none" }}`, "", `template "none" not defined`},
		{"whole", head + `{{ repeat 9000000 "y" }}`, "", ""},
	} {
		tmpl := filepath.Join(dir, c.name+".tmpl")
		if err := os.WriteFile(tmpl, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{seeds + "py-safetensors-old.txt", seeds + "py-safetensors-new.txt"},
			{"render", saved},
		} {
			args = append(append(args[:len(args):len(args)], "--template", tmpl), strings.Fields(c.flag)...)
			var stdout, stderr bytes.Buffer
			code := run(args, &stdout, &stderr)
			if c.want == "" {
				if code != 1 || stdout.Len() != 100000+9000000 || stdout.String() != strings.Repeat("x", 100000)+strings.Repeat("y", 9000000) {
					t.Errorf("%s %s: exit %d, %d bytes written (%.80s); want exit 1 and the whole output", c.name, args[0], code, stdout.Len(), stderr.String())
				}
				continue
			}
			if code != 2 || stdout.Len() != 0 || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("%s %s: exit %d, %d bytes written, %q; want exit 2, nothing written and %q", c.name, args[0], code, stdout.Len(), stderr.String(), c.want)
			}
		}
	}
}
