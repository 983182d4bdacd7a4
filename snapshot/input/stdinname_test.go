package input

import (
	"os"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestFileNamedStandardInput (issue 35, class a): a file named
// "standard input", as standard input is named in messages, read as it:
// its bad page said "loading standard input: line 1: …", as junk piped
// to - does. It is named ./standard input; standard input as it was.
func TestFileNamedStandardInput(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile(StdinFile, []byte("junk\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load("", StdinFile, Options{}, snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "./"+StdinFile+":") {
		t.Errorf("Load(%q): %v; want it named ./%s", StdinFile, err, StdinFile)
	}
	_, err = Load("", StdinName, Options{Stdin: strings.NewReader("junk\n")}, snapshot.Options{})
	if err == nil || strings.Contains(err.Error(), "./") || !strings.Contains(err.Error(), StdinFile) {
		t.Errorf("Load(-): %v; want it named %s", err, StdinFile)
	}
}
