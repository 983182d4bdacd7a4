package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestFileNamedStandardInput (issue 35, class a): a file named
// "standard input", the name standard input has in messages, given as
// --template or as render's report, read as - in every message
// ("template: standard input:1:2: …", "reading standard input: …"). It
// is named ./standard input; - as it was.
func TestFileNamedStandardInput(t *testing.T) {
	pagesHere(t, "a.md")
	if err := os.WriteFile(stdinFile, []byte("{{.Nope}}"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantTrouble(t, []string{"--template", stdinFile, "a.md", "a.md"}, `cachediff: template: "./standard input":1:2: executing "./standard input" at <.Nope>`)
	if err := os.WriteFile(stdinFile, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantTrouble(t, []string{"render", stdinFile}, "cachediff: reading ./standard input: no \"schema\" field")
}

// TestFileNamedStandardInputSame (issue 35, class a): a file named
// "standard input" given as OLD and NEW was named as standard input is
// by the refusal of --fail-on, a log's step and the report's warning:
// "OLD and NEW are the same snapshot (standard input)", as of what was
// piped in, where the report's title said ./standard input.
func TestFileNamedStandardInputSame(t *testing.T) {
	pagesHere(t, stdinFile)
	wantTrouble(t, []string{"--fail-on", "any", stdinFile, stdinFile}, "cachediff: OLD and NEW are the same snapshot (./standard input): ")
	for _, args := range [][]string{{"-f", "json", stdinFile, stdinFile}, {"log", "-f", "json", stdinFile, stdinFile}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || !strings.Contains(stdout.String(), `"file": "./standard input"`) || strings.Contains(stdout.String(), `"file": "standard input"`) {
			t.Errorf("%q: exit %d, stderr %q; want 0 and the warning of ./standard input in %.300q", args, code, stderr.String(), stdout.String())
		}
	}
}

// TestStandardInputPairedUnquoted (class e): cachediff - bad, both bad
// alike, said `loading "standard input" and bad`, standard input quoted
// as the name of a file (snapshot's loadingPath quotes a paired name
// with a space), where a file of that name is ./standard input.
func TestStandardInputPairedUnquoted(t *testing.T) {
	pagesHere(t)
	for _, name := range []string{"bad", stdinFile} {
		if err := os.WriteFile(name, []byte("junk\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for args, want := range map[[2]string]string{
		{"-", "bad"}:       "cachediff: loading standard input and bad: line 1: ",
		{"bad", "-"}:       "cachediff: loading bad and standard input: line 1: ",
		{stdinFile, "bad"}: `cachediff: loading "./standard input" and bad: line 1: `,
	} {
		var stdout, stderr bytes.Buffer
		c := &cli{stdin: strings.NewReader("junk\n"), stdout: &stdout, stderr: &stderr}
		if code := c.run(args[:]); code != exitTrouble || !strings.HasPrefix(stderr.String(), want) {
			t.Errorf("%q: exit %d, %q; want %d, %q", args, code, stderr.String(), exitTrouble, want)
		}
	}
}
