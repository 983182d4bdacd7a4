//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// TestPathsShownInASCII (class a): the paths that messages named as
// report.VisibleInput writes them kept a lookalike as it is: render nа
// (its а Cyrillic) said "open na: no such file or directory", of
// another file, and so did the report that is no report, the log
// refused a format, the hints of a flag that took a snapshot (-o,
// --stack, --template, log --revs), a path past PATH_MAX, the note of
// skipped files, the progress line and the newest-first warning (its
// paths and tags: d\u0435v-2025-03-30, its е Cyrillic, read as dev). Each is named as snapshot.ShownPath names a path: in
// ASCII quotes where it is not plain ASCII.
func TestPathsShownInASCII(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "d\u0430"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"b\u0430.json": "{}", "l\u0430.json": `{"schema":"cachediff/log/v1"}`} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "d\u0430", "spack.lock"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "f\u0430")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	ascii := func(s string) bool {
		return !strings.ContainsFunc(strings.ReplaceAll(s, "…", ""), func(r rune) bool { return r >= utf8.RuneSelf })
	}
	long := strings.Repeat("\u0430", 3000)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", filepath.Join(dir, "n\u0430")}, `/n\u0430": no such file or directory`},
		{[]string{"render", fifo}, `\u0430": not a regular file (a FIFO)`},
		{[]string{"render", filepath.Join(dir, "b\u0430.json")}, `/b\u0430.json": no "schema" field`},
		{[]string{"render", "-f", "patch", filepath.Join(dir, "l\u0430.json")}, `/l\u0430.json" is a log`},
		{[]string{"-C", dir, "-o", "d\u0430", "new"}, `/d\u0430" as the file to write`},
		// A log that is no log, and -o of a snapshot's file (0dd261b5's
		// sites there, undone alone, failed no test).
		{[]string{"render", filepath.Join(dir, "l\u0430.json")}, `/l\u0430.json": line 1, column 1: no "steps" field`},
		{[]string{"-C", dir, "-o", "d\u0430/spack.lock", "new"}, `/d\u0430/spack.lock" as the file to write`},
		{[]string{"-C", dir, "--stack", "d\u0430", "new"}, `--stack took "d\u0430" as its value`},
		{[]string{"-C", dir, "--template", "d\u0430", "new"}, `/d\u0430" as its value`},
		{[]string{"log", "-C", dir, "--revs", "d\u0430"}, `--revs took "d\u0430" as its RANGE`},
		{[]string{"render", long}, `render "\u0430\u0430`},
	} {
		var stdout, stderr bytes.Buffer
		run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if !ascii(line) || !strings.Contains(line, c.want) {
			t.Errorf("%.40q: %s; want it in ASCII, with %s", c.args, line, c.want)
		}
	}

	// The note of skipped files, the progress line, the warning.
	c := &cli{}
	c.noteSkipped(dir, "old\u0430", &snapshot.Snapshot{Path: "old\u0430", Skipped: []snapshot.Skipped{{File: "x.md"}}}, "listed in the report")
	if got := c.skipNotes.String(); !ascii(got) || !strings.Contains(got, `"old\u0430": skipped`) {
		t.Errorf("the note of skipped files: %q; want the snapshot in ASCII", got)
	}
	var progress bytes.Buffer
	progressLine(&progress)("index\u0430.json", 1, 2)
	if got := progress.String(); !ascii(got) || !strings.Contains(got, `"index\u0430.json": `) {
		t.Errorf("the progress line: %q; want the file in ASCII", got)
	}
	var stderr bytes.Buffer
	c = &cli{stderr: &stderr}
	reversed := 0
	c.warnOrder(&options{}, 0, diff.Side{Path: "old\u0430", Tag: "d\u0435v-2025-03-30"}, diff.Side{Path: "new", Tag: "d\u0435v-2025-03-23"}, &reversed)
	if got := stderr.String(); !ascii(got) || !strings.Contains(got, `"old\u0430" looks newer than new (tag "d\u0435v-2025-03-30" is newer than "d\u0435v-2025-03-23")`) {
		t.Errorf("the newest-first warning: %q; want its paths and tags in ASCII", got)
	}
}
