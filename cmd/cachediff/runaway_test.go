package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunawayErrors (issue 35, "repeated and runaway errors"): a folder
// that is no snapshot but holds many bad pages (cachediff /tmp /tmp
// wrote 369 KB of errors) lists a few of them, counts the rest and says
// what a snapshot is; the same folder given twice says it once. The
// message does not grow with the bad pages: 4x as many cost no more
// bytes but for the count's digits.
func TestRunawayErrors(t *testing.T) {
	stderrFor := func(n int) string {
		dir := t.TempDir()
		for i := range n {
			p := filepath.Join(dir, fmt.Sprintf("junk%04d", i), "specs.md")
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte("---\ntitle: x\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var stdout, stderr bytes.Buffer
		if code := run([]string{dir, dir}, &stdout, &stderr); code != exitTrouble {
			t.Fatalf("exit %d, want 2", code)
		}
		return strings.ReplaceAll(stderr.String(), dir, "DIR")
	}
	small, big := stderrFor(50), stderrFor(200)
	for _, want := range []string{
		"cachediff: loading DIR: 200 bad pages (both arguments):\n",
		"\n  loading DIR/junk0000/specs.md: ",
		fmt.Sprintf("\n  and %d more\n", 200-maxErrorLines),
		"is DIR a snapshot? ",
	} {
		if !strings.Contains(big, want) {
			t.Errorf("stderr\n%s\nwants %q", big, want)
		}
	}
	if n := strings.Count(big, "\n"); n > maxErrorLines+4 {
		t.Errorf("%d lines of errors, want at most %d:\n%s", n, maxErrorLines+4, big)
	}
	if len(big) > len(small)+8 {
		t.Errorf("50 bad pages: %d bytes of errors; 200: %d", len(small), len(big))
	}
}
