package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestPartialCloneNoSnapshotHint (adversarial pass 217b, issue 35 class
// e): of a partial clone (git clone --filter=blob:none) that lacks the
// blobs of the many pages HEAD changed, HEAD~1:_cache/develop's error
// listed them, then asked "is HEAD~1:_cache/develop a snapshot? A
// snapshot is a catalogue folder of one tag ...": it is one, and the
// hint misnamed the cause, blobs the clone lacks. Of files that could
// not be read, whatever they hold, the hint is not given; it still is
// of a folder of bad pages (TestRunawayErrors).
func TestPartialCloneNoSnapshotHint(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	trees := t.TempDir()
	if _, err := gen.Write(trees, gen.Generate(gen.Default(3, 1200))); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "src")
	if _, err := gittest.Commits(src, filepath.Join(trees, "old"), filepath.Join(trees, "new")); err != nil {
		t.Fatal(err)
	}
	clone, err := gittest.PartialClone(src, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C", clone, "git:HEAD~1:_cache/develop", "git:HEAD:_cache/develop"}, &stdout, &stderr); code != exitTrouble {
		t.Fatalf("exit %d, want 2; stderr:\n%s", code, stderr.String())
	}
	got := stderr.String()
	if strings.Count(got, "is missing from this repository, a partial clone") < maxErrorLines || !strings.Contains(got, "\n  and ") {
		t.Fatalf("stderr:\n%s\nwant more than %d pages the partial clone lacks, listed and cut", got, maxErrorLines)
	}
	if strings.Contains(got, "a snapshot?") {
		t.Errorf("stderr:\n%s\nasks whether a snapshot is one, of blobs a partial clone lacks", got)
	}
}
