package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// realTree is a real catalogue snapshot on disk.
const realTree = "../../testdata/real/develop-2025-03-30"

// TestOpenKinds: Open tells standard input, a folder, a page file and
// git:REV:PATH apart, by the argument alone where its spelling says.
func TestOpenKinds(t *testing.T) {
	page := filepath.Join(realTree, "gcc-runtime", "specs.md")
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	from, err := Load("", StdinName, Options{Stdin: strings.NewReader(string(data))}, snapshot.Options{})
	if err != nil || len(from.Packages) != 1 || from.Packages[0].File() != StdinFile || from.Path != StdinName {
		t.Fatalf("Load(-): %v, %v; want one package from %s", from, err, StdinFile)
	}
	disk, err := Load("", page, Options{}, snapshot.Options{})
	if err != nil || disk.Specs() != from.Specs() {
		t.Fatalf("Load(%s): %v; want the %d specs of standard input", page, err, from.Specs())
	}
	tree, err := Load("", realTree, Options{}, snapshot.Options{})
	if err != nil || len(tree.Packages) < 2 || tree.Rev != "" {
		t.Fatalf("Load(%s): %v", realTree, err)
	}
	// An explicit path is never a revision, even with a colon in it.
	if _, err := Load("", "./HEAD:missing", Options{}, snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "no such file or directory") || strings.Contains(err.Error(), "REV:PATH") {
		t.Errorf("Load(./HEAD:missing): %v; want no such file, not a revision", err)
	}
	if _, err := Load("", "git:nocolon", Options{}, snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "want git:REV:PATH") {
		t.Errorf("Load(git:nocolon): %v; want the spelling asked for", err)
	}
}

// TestGuesses: FromGit and RegularFile, which a command asks before
// opening, agree with what the argument is.
func TestGuesses(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a:b"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		arg     string
		fromGit bool
		file    bool
	}{
		{"git:HEAD:x", true, false},
		{"HEAD:missing", true, false},
		{"a:b", false, true},
		{"-", false, false},
		{".", false, false},
		{"missing", false, false},
	} {
		if got := FromGit(dir, c.arg); got != c.fromGit {
			t.Errorf("FromGit(%q) = %v, want %v", c.arg, got, c.fromGit)
		}
		if size, got := RegularFile(dir, c.arg); got != c.file || got && size != 1 {
			t.Errorf("RegularFile(%q) = %d, %v; want %v", c.arg, size, got, c.file)
		}
	}
}
