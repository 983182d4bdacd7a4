package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRunawayErrorsNameTheSnapshot (issue 35, "repeated and runaway
// errors"): cachediff /tmp /tmp, a folder of many bad files that holds a
// snapshot below it, cuts its listing, counts the rest, and names the
// folder that holds the snapshot, once for both arguments.
func TestRunawayErrorsNameTheSnapshot(t *testing.T) {
	dir := t.TempDir()
	for i := range 300 {
		p := filepath.Join(dir, fmt.Sprintf("junk%03d", i), "specs.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("---\ntitle: x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const series = "../../testdata/real-series/develop-2025-03-09"
	cat := filepath.Join(dir, "checkout", "_cache", "develop")
	for _, pkg := range []string{"aida", "astyle"} {
		data, err := os.ReadFile(filepath.Join(series, pkg, "specs.md"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(cat, pkg), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(cat, pkg, "specs.md"), gittest.Retag(data, "develop"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{dir, dir}, &stdout, &stderr); code != exitTrouble {
		t.Fatalf("exit %d, want 2", code)
	}
	msg := strings.ReplaceAll(stderr.String(), dir, "DIR")
	for _, want := range []string{
		"cachediff: loading DIR: 300 bad pages (both arguments):\n  did you mean DIR/checkout/_cache/develop? it holds a snapshot of its own\n",
		fmt.Sprintf("\n  and %d more\n", 300-(maxErrorLines-1)),
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("stderr\n%s\nwants %q", msg, want)
		}
	}
	if n := strings.Count(msg, "\n"); n > maxErrorLines+4 {
		t.Errorf("%d lines, want at most %d", n, maxErrorLines+4)
	}
}
