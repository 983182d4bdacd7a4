package main

import (
	"os"
	"testing"
)

// TestRenderNearFile (class e): render r.jsno, beside r.json, said only
// "open r.jsno: no such file or directory", where a snapshot's path
// mistyped is told the one a typo away; so did --template. Both name
// the file meant, as a command line takes it back.
func TestRenderNearFile(t *testing.T) {
	pagesHere(t, "a.md")
	if err := os.WriteFile("r.json", []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("t.tmpl", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantTrouble(t, []string{"render", "r.jsno"}, "reading the report: open r.jsno: no such file or directory: did you mean ./r.json?\n")
	wantTrouble(t, []string{"render", "--template", "t.tmp", "r.json"}, "reading the template: open t.tmp: no such file or directory: did you mean ./t.tmpl?\n")
	wantTrouble(t, []string{"--template", "t.tmp", "a.md", "a.md"}, "did you mean ./t.tmpl?\n")
	wantTrouble(t, []string{"render", "zzzzzz.json"}, "open zzzzzz.json: no such file or directory\n") // nothing near: no hint
}

// TestRenderFolderHint: render given a snapshot's folder (taken for the
// command that compares) said only "not a regular file (a folder)": it
// says what render reads, and how two snapshots are compared.
func TestRenderFolderHint(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("develop", 0o755); err != nil {
		t.Fatal(err)
	}
	wantTrouble(t, []string{"render", "develop"}, "not a regular file (a folder): render reads a report that cachediff -f json wrote; two snapshots are compared by cachediff OLD NEW\n")
}
