package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOutputInputMessageReadsOneWay (issue 35 class a): "--output OUT:
// it is the input IN: writing the report would replace it" wrote both
// paths as they are, so that -o d/x with the input "d/y: it is the
// input d/z" and -o "d/x: it is the input d/y" with the input d/z (each
// a link of the other) said the one message "--output d/x: it is the
// input d/y: it is the input d/z: …". A path that could read as more of
// the message is quoted, as a warning's file is (report.FileItem).
func TestOutputInputMessageReadsOneWay(t *testing.T) {
	pairs := [][2]string{{"d/x", "d/y: it is the input d/z"}, {"d/x: it is the input d/y", "d/z"}}
	said := map[string][2]string{}
	for _, p := range pairs {
		t.Chdir(t.TempDir()) // each pair of paths as given, in a folder of its own
		out, in := p[0], p[1]
		for _, f := range []string{out, in} {
			if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		linkInput(t, in, out)
		err := refuseInputs(strings.NewReader(""), out, in)
		if err == nil {
			t.Fatalf("-o %q with the input %q: no error", out, in)
		}
		msg := err.Error()
		if other, ok := said[msg]; ok {
			t.Errorf("-o %q with the input %q and -o %q with the input %q say alike: %s", p[0], p[1], other[0], other[1], msg)
		}
		said[msg] = p
	}
}

// TestOutputInputMessageQuotesEachPath: each of refuseInputs' three
// messages quotes each path it names that could read as more of the
// message, one site at a time (TestOutputInputMessageReadsOneWay tells
// apart two messages only where both paths of one are written bare):
// -o "x: it is an input" of the input x read as -o x, and the input
// "y: it is the input z" beside a quoted output read as two inputs.
func TestOutputInputMessageQuotesEachPath(t *testing.T) {
	out, in := "x: it is the input y", "y: it is the input z"
	for i, c := range inputRefusals(t, out, in) {
		paths := []string{out}
		if i == 0 { // the input: it names both
			paths = append(paths, in)
		}
		if c.err == nil {
			t.Errorf("-o %q, %s: no error", out, c.what)
			continue
		}
		for _, p := range paths {
			if !strings.Contains(c.err.Error(), strconv.Quote(p)) {
				t.Errorf("-o %q, %s: %q not quoted in: %s", out, c.what, p, c.err)
			}
		}
	}
}

// inputRefusal is one of refuseInputs' refusals: what it names, and
// its error.
type inputRefusal struct {
	what string
	err  error
}

// inputRefusals makes, in a new current folder, the file in and out a
// link of it, and returns refuseInputs' three refusals of -o out: with
// the input in, with out itself, and with in as standard input.
func inputRefusals(t *testing.T, out, in string) []inputRefusal {
	t.Helper()
	t.Chdir(t.TempDir())
	linkInput(t, in, out)
	stdin, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close() })
	return []inputRefusal{
		{"the input", refuseInputs(strings.NewReader(""), out, in)},
		{"an input", refuseInputs(strings.NewReader(""), out, out)},
		{"standard input", refuseInputs(stdin, out, stdinName)},
	}
}

// linkInput writes the input in and links out to it, skipping t where
// the file system has no hard links.
func linkInput(t *testing.T, in, out string) {
	t.Helper()
	if err := os.WriteFile(in, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(in, out); err != nil {
		t.Skip("no hard links here:", err)
	}
}

// TestOutputInputMessageLookalikeQuoted: a path past ASCII is quoted in
// ASCII in each of refuseInputs' messages, as a warning's file is
// (report.FileItem, 8a2e8e55): written as it is, -o оut.json (its о
// Cyrillic), a link of the input out.json, read "--output out.json: it
// is the input out.json", as if a file were its own input twice.
func TestOutputInputMessageLookalikeQuoted(t *testing.T) {
	out, in := "\u043eut.json", "out.json"
	const quoted = `--output "\u043eut.json": `
	wants := []string{quoted + "it is the input out.json: ", quoted + "it is an input: ", quoted + "it is standard input, "}
	for i, c := range inputRefusals(t, out, in) {
		if c.err == nil || !strings.HasPrefix(c.err.Error(), wants[i]) {
			t.Errorf("-o %q, %s: error %v; want it to begin %q", out, c.what, c.err, wants[i])
		}
	}
}
