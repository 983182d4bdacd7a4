package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestLogTinySnapshotsAlloc: a log of many tiny snapshots (two real
// pages each, one spec rebuilt at every step) allocates a bounded amount
// per step, and 4x the steps allocate at most 4.4x the bytes, in every
// format. Each Load of a tiny snapshot forgot its loading state (it kept
// more than a quarter of the few KB read) by making it again: 300 KB of
// fresh memory per snapshot (the page decoder's state, its interning
// table and doors, the canonical forms' cache), and 120 KB more for the
// walk's queue, about 550 KB a step against 100 KB now. The collector
// marked the growing series once per few dozen steps of that: 4,000 to
// 16,000 steps of -f html took 4.9x the CPU.
func TestLogTinySnapshotsAlloc(t *testing.T) {
	if testing.Short() {
		t.Skip("loads 500 snapshots per format")
	}
	dir := t.TempDir()
	src := "../../testdata/real-series/develop-2025-02-16"
	fixed, err := os.ReadFile(filepath.Join(src, "clhep", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	moving, err := os.ReadFile(filepath.Join(src, "ccache", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	hash := regexp.MustCompile(`"hash": "([a-z2-7]{32})"`).FindSubmatch(moving)[1]
	const most = 400
	var snaps []string
	for s := range most + 1 {
		d := filepath.Join(dir, fmt.Sprintf("s%04d", s))
		h := fmt.Sprintf("%s%06d", hash[:26], s)
		h = strings.NewReplacer("0", "a", "1", "b", "8", "c", "9", "d").Replace(h)
		for name, page := range map[string][]byte{"clhep": fixed, "ccache": []byte(strings.ReplaceAll(string(moving), string(hash), h))} {
			if err := os.MkdirAll(filepath.Join(d, name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(d, name, "specs.md"), page, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		snaps = append(snaps, d)
	}
	allocated := func(format string, steps int) uint64 {
		c := newCLI()
		c.memory = nil // the tests' memory settings: only the allocations count
		c.stdin, c.stdout, c.stderr = strings.NewReader(""), io.Discard, io.Discard
		args := append([]string{"log", "-f", format}, snaps[:steps+1]...)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if code := c.run(args); code != 1 {
			t.Fatalf("%s, %d steps: exit %d, want 1", format, steps, code)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	// A step of two pages of 2.4 KB allocates 60-110 KB (its two loads,
	// the diff, the rendering); a loader state made per snapshot is
	// three times that.
	const perStep = 200 << 10
	for _, format := range []string{"md", "text", "json", "html", "atom"} {
		small, large := allocated(format, most/4), allocated(format, most)
		if r := float64(large) / float64(small); r > 4.4 {
			t.Errorf("-f %s: %d steps allocated %.1fx the bytes of %d (%d, %d), want at most 4.4x", format, most, r, most/4, large, small)
		}
		if per := (large - small) / (most - most/4); per > perStep {
			t.Errorf("-f %s: %d bytes allocated per step of two tiny pages, want at most %d", format, per, perStep)
		}
	}
}
