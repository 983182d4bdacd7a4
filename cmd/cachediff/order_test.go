package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestNewerFirst: the order of two snapshots, by their commit dates
// (from git) or else by tags of one kind (releases by Spack's version
// order, dated tags by date); none for tags of different kinds.
func TestNewerFirst(t *testing.T) {
	side := func(tag, date string) diff.Side { return diff.Side{Path: tag, Tag: tag, Date: date} }
	for _, tc := range []struct {
		old, new diff.Side
		want     string // in the reason; "" for none
	}{
		{side("v0.23.1", ""), side("v0.23.0", ""), "tag v0.23.1 is newer than v0.23.0"},
		{side("v0.23.0", ""), side("v0.23.1", ""), ""},
		{side("v0.9.0", ""), side("v0.10.0", ""), ""},
		{side("v0.10.0", ""), side("v0.9.0", ""), "tag v0.10.0 is newer than v0.9.0"},
		{side("develop-2025-03-30", ""), side("develop-2025-03-23", ""), "tag develop-2025-03-30 is newer than develop-2025-03-23"},
		{side("develop-2025-03-23", ""), side("develop-2025-03-30", ""), ""},
		{side("develop", ""), side("v0.23.0", ""), ""},
		{side("develop-2025-03-30", ""), side("v0.23.0", ""), ""},
		{side("e4s-2025-03-30", ""), side("develop-2025-03-23", ""), ""},
		{side("v0.23.1", ""), side("v0.23.1", ""), ""},
		// Spack holds v0.23.0 and v0.023.0 one version: neither is newer
		// (version.Compare's tie-break by bytes said v0.23.0 was).
		{side("v0.23.0", ""), side("v0.023.0", ""), ""},
		{side("v0.023.0", ""), side("v0.23.0", ""), ""},
		{side("develop", "2025-03-30T02:00:00Z"), side("develop", "2025-03-23T02:00:00Z"), "committed 2025-03-30T02:00:00Z, after 2025-03-23T02:00:00Z"},
		{side("develop", "2025-03-23T02:00:00Z"), side("develop", "2025-03-30T02:00:00Z"), ""},
		// The commit dates decide over the tags.
		{side("v0.23.1", "2025-03-23T02:00:00Z"), side("v0.23.0", "2025-03-30T02:00:00Z"), ""},
		{side("v0.23.1", "2025-03-23T02:00:00+02:00"), side("v0.23.0", "2025-03-23T01:00:00+01:00"), "tag v0.23.1"},
	} {
		got := newerFirst(tc.old, tc.new)
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s (%s) → %s (%s): %q, want %q", tc.old.Tag, tc.old.Date, tc.new.Tag, tc.new.Date, got, tc.want)
		}
	}
}

// TestNewestFirstWarning (issue 35, "typos and swapped arguments"):
// snapshots given newest first, in a diff or a log, get a warning on
// standard error, and the command goes on as asked.
func TestNewestFirstWarning(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	v0, v1 := filepath.Join(realDir, "v0.23.0"), filepath.Join(realDir, "v0.23.1")
	d23, d30 := filepath.Join(realDir, "develop-2025-03-23"), filepath.Join(realDir, "develop-2025-03-30")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{v1, v0}, 0, "cachediff: warning: " + v1 + " looks newer than " + v0 + " (tag v0.23.1 is newer than v0.23.0): a diff takes OLD then NEW\n"},
		{[]string{"-f", "json", d30, d23}, 1, "cachediff: warning: " + d30 + " looks newer than " + d23},
		{[]string{"log", "-f", "json", d23, d30, d23}, 1, "cachediff: warning: step 2: " + d30 + " looks newer than " + d23 + " (tag develop-2025-03-30 is newer than develop-2025-03-23): a log takes snapshots oldest first\n"},
		{[]string{v0, v1}, 0, ""},
		{[]string{"log", "-f", "json", d23, d30}, 1, ""},
		{[]string{"-q", v1, v0}, 0, ""},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != tc.code || tc.want == "" && stderr.Len() > 0 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.want)
		}
	}
}

// TestNewestFirstWarningsCapped: a log given newest first warns of its
// first three steps by name and of the rest in one line once the series
// is done, saying whether every step looked newest first: a series given
// backwards had a warning per step.
func TestNewestFirstWarningsCapped(t *testing.T) {
	weeks, err := filepath.Glob("../../testdata/real-series/develop-*")
	if err != nil || len(weeks) < 5 {
		t.Fatalf("real series: %v, %v", weeks, err)
	}
	slices.Reverse(weeks)
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{weeks, "and 1 more step looks newest first (every step: the snapshots look given newest first)\n"},
		{append(weeks[:5:5], weeks[0], weeks[1]), "and 2 more steps look newest first\n"},
	} {
		var stderr bytes.Buffer
		if code := run(append([]string{"log", "-f", "json"}, tc.names...), io.Discard, &stderr); code != 1 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if len(lines) != 4 || strings.Count(stderr.String(), "looks newer than") != 3 || !strings.HasSuffix(stderr.String(), "cachediff: warning: "+tc.want) {
			t.Errorf("%d snapshots: stderr\n%s\nwant three steps named, then %q", len(tc.names), stderr.String(), tc.want)
		}
	}
}

// TestNewestFirstWarningLongTag: the warning quotes the tags in short and
// is one line of at most maxErrorLine bytes, as an error is: a page's
// categories are input, and a release tag of 100,000 components
// (v9.1.1…, which the release pattern accepts) made a warning line of
// 400 KB.
func TestNewestFirstWarningLongTag(t *testing.T) {
	page, err := os.ReadFile("../../testdata/real/v0.23.1/ccache/specs.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for _, tag := range []string{"v9", "v1"} {
		tag += strings.Repeat(".1", 100_000)
		p := filepath.Join(dir, tag[:2], "ccache", "specs.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, bytes.Replace(page, []byte("v0.23.1]"), []byte(tag+"]"), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.Join(dir, tag[:2]))
	}
	var stdout, stderr bytes.Buffer
	code := run(paths, &stdout, &stderr)
	if code != 0 || !strings.Contains(stderr.String(), "cachediff: warning: "+paths[0]+" looks newer than "+paths[1]+" (tag v9.1") {
		t.Fatalf("exit %d, stderr %.300q: want 0 and the warning", code, stderr.String())
	}
	for _, l := range strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n") {
		if len(l) > maxErrorLine+64 {
			t.Errorf("a line of %d bytes on standard error: %.120s…", len(l), l)
		}
	}
}

// TestRenderLogNewestFirstWarning: render of a saved log warns of its
// steps that look newest first, as the log did and as render of a saved
// report does: it once rendered a log given backwards without a word.
func TestRenderLogNewestFirstWarning(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	d23, d30 := filepath.Join(realDir, "develop-2025-03-23"), filepath.Join(realDir, "develop-2025-03-30")
	var saved, stderr bytes.Buffer
	if code := run([]string{"log", "-f", "json", d23, d30, d23}, &saved, &stderr); code != 1 {
		t.Fatalf("log: exit %d: %s", code, stderr.String())
	}
	want := stderr.String()
	p := filepath.Join(t.TempDir(), "log.json")
	if err := os.WriteFile(p, saved.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run([]string{"render", "-f", "text", p}, io.Discard, &stderr); code != 1 || stderr.String() != want || want == "" {
		t.Errorf("render: exit %d, stderr %q; want 1 and the log's %q", code, stderr.String(), want)
	}
}
