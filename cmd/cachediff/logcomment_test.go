package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLogGitHubCommentBotSubjects (issue 35, item 20): 45 nightly commits
// whose bot writes a 2.2 KB subject made a table of steps larger than a
// GitHub comment, which was never cut: log --github-comment exited 2 with
// no output, and the gate's result was lost. Now the comment is written,
// within its 65,536 bytes, and the exit status is the gate's.
func TestLogGitHubCommentBotSubjects(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := t.TempDir()
	if _, err := gittest.Git(repo, nil, "init", "-q", "-b", "main"); err != nil {
		t.Fatal(err)
	}
	// 46 commits, each _cache/develop as one of the five real weeks in
	// turn, so that every step changes something.
	weeks, err := filepath.Glob("../../testdata/real-series/develop-*")
	if err != nil || len(weeks) != 5 {
		t.Fatalf("the real weeks: %v %v", weeks, err)
	}
	var stream bytes.Buffer
	w := bufio.NewWriter(&stream)
	start := time.Date(2026, 10, 1, 3, 0, 0, 0, time.UTC)
	for i := range 46 {
		msg := fmt.Sprintf("chore(nightly %d): regenerate the build cache catalogue ", i) + strings.Repeat("and update every package's page ", 68)
		when := start.Add(time.Duration(i) * 24 * time.Hour).Unix()
		fmt.Fprintf(w, "commit refs/heads/main\nmark :%d\nauthor bot <bot@cachediff.invalid> %d +0000\ncommitter bot <bot@cachediff.invalid> %d +0000\n", i+1, when, when)
		fmt.Fprintf(w, "data %d\n%s\n", len(msg), msg)
		if i > 0 {
			fmt.Fprintf(w, "from :%d\n", i)
		}
		w.WriteString("deleteall\n")
		dir := weeks[i%5]
		pages, _ := filepath.Glob(filepath.Join(dir, "*", "specs.md"))
		for _, p := range pages {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			data = gittest.Retag(data, "develop")
			rel, _ := filepath.Rel(dir, p)
			fmt.Fprintf(w, "M 100644 inline _cache/develop/%s\ndata %d\n", filepath.ToSlash(rel), len(data))
			w.Write(data)
			w.WriteString("\n")
		}
		w.WriteString("\n")
	}
	w.Flush()
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir, cmd.Env, cmd.Stdin = repo, gittest.FastImportEnv(), &stream
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git fast-import: %v: %s", err, out)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"log", "-C", repo, "--revs", "main~45..main", "--github-comment", "--fail-on", "any", "_cache/develop"}, &stdout, &stderr)
	out := stdout.String()
	if code != exitDiffers || len(out) > 65536 || !strings.HasPrefix(out, "<!-- cachediff -->\n# cachediff log: ") {
		t.Fatalf("exit %d, %d bytes (want 1, a comment of at most 65536 bytes); stderr: %s\n%.1500s", code, len(out), stderr.String(), out)
	}
	if n := strings.Count(out, " **tripped** |"); n == 0 || !strings.Contains(out, "shortens long commit subjects") {
		t.Errorf("%d rows with the gate tripped, or no word of the subjects shortened:\n%.3000s", n, out)
	}
}
