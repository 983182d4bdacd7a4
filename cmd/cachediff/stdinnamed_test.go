package main

import (
	"os"
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
