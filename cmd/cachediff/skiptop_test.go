package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSkipNoteTopOfRepository holds the note of a snapshot at the top
// of a repository that left a page out to name it with what it is: REV:
// (a diff's HEAD:, a log's PATH "" or "."), written before ": skipped",
// read "HEAD:: skipped", a typo's look.
func TestSkipNoteTopOfRepository(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := t.TempDir()
	if err := gittest.Init(repo); err != nil {
		t.Fatal(err)
	}
	if err := gittest.CopyTree(repo, filepath.Join("..", "..", "testdata", "real", "develop-2025-03-23"), "develop-2025-03-23"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "add", "."); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "commit", "-q", "-m", "one"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "gcc-runtime", "specs.md"), []byte("---\nlayout: cache\n---\n| bad\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "commit", "-q", "-a", "-m", "two"); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--skip-invalid", "HEAD~1:", "HEAD:"},
		{"log", "--skip-invalid", "--revs", "HEAD~1..HEAD", ""},
		{"log", "--skip-invalid", "--revs", "HEAD~1..HEAD", "."},
	} {
		var stdout, stderr bytes.Buffer
		line := append([]string{"-C", repo}, args...)
		if code := run(line, &stdout, &stderr); code > 1 {
			t.Fatalf("cachediff %q: exit %d: %s", line, code, stderr.String())
		}
		got := stderr.String()
		if strings.Contains(got, ":: skipped") || !strings.Contains(got, ": (the top of the repository): skipped 1 invalid page, listed in the ") {
			t.Errorf("cachediff %q: standard error %q, want the top named \"REV: (the top of the repository): skipped 1 invalid page, listed in the …\"", line, got)
		}
	}
}

// TestSkipNoteTopIsEmptyPath: the top of a repository is a REV:PATH of
// an empty PATH, not one whose name ends in a colon: a folder "a:"
// (HEAD:a:, a log's SHA:a:) was noted "HEAD:a: (the top of the
// repository): skipped 1 invalid page". A revision holding a colon in
// braces is read as git reads it.
func TestSkipNoteTopIsEmptyPath(t *testing.T) {
	skipped := []snapshot.Skipped{{File: "x/specs.md"}}
	for _, tc := range []struct {
		path string
		top  bool
	}{
		{"HEAD:", true},
		{"git:HEAD:", true},
		{"HEAD^{/fix: x}:", true},
		{"HEAD:a:", false},
		{"git:HEAD:a:", false},
		{"HEAD^{/fix: x}:a:", false},
		{"HEAD:a", false},
	} {
		c := &cli{}
		c.noteSkipped(t.TempDir(), tc.path, &snapshot.Snapshot{Path: tc.path, Rev: "d57f4e3a", Skipped: skipped}, "listed in the report")
		got := c.skipNotes.String()
		want := "cachediff: " + tc.path + ": skipped 1 invalid page, listed in the report\n"
		if tc.top {
			want = "cachediff: " + tc.path + " (the top of the repository): skipped 1 invalid page, listed in the report\n"
		}
		if got != want {
			t.Errorf("%s: note %q, want %q", tc.path, got, want)
		}
	}
}
