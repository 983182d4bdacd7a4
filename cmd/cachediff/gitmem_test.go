package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestMemoryLimitGitFiles: a file read from git (REV:PATH of an index, a
// lockfile, a page) counts in the input's size as soon as it is read,
// before it is decoded, as standard input does: the two load at once,
// and were paced by GOGC alone until both were loaded (two 32 MB indexes
// from git peaked at 4.8x their size, the same files on disk at 3.5x).
// A gzip'd one sets no limit before it is decoded (TestMemoryLimitGzip).
func TestMemoryLimitGitFiles(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	var sizes [2]int64
	for i, f := range []string{"index.v7-layout2-unsigned.json", "index.v8-layout2-unsigned-mixed.json"} {
		data, err := os.ReadFile(filepath.Join("../../testdata/spack-formats", f))
		if err != nil {
			t.Fatal(err)
		}
		sizes[i] = int64(len(data))
		side := filepath.Join(dir, []string{"old", "new"}[i])
		os.MkdirAll(side, 0o755)
		if err := os.WriteFile(filepath.Join(side, "index.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write(data)
		w.Close()
		if err := os.WriteFile(filepath.Join(side, "index.json.gz"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repo := filepath.Join(t.TempDir(), "repo")
	weeks, err := gittest.Commits(repo, filepath.Join(dir, "old"), filepath.Join(dir, "new"))
	if err != nil {
		t.Fatal(err)
	}
	at := func(i int, file string) string { return "git:" + weeks[i].ID + ":_cache/develop/" + file }
	both := sizes[0] + sizes[1]
	for _, tc := range []struct {
		name  string
		args  []string
		first []int64 // what the first limit may be set with (either side is read first)
		calls int
	}{
		{"two files", []string{at(0, "index.json"), at(1, "index.json")}, []int64{2 * sizes[0], 2 * sizes[1]}, 3},
		{"two gzip'd files", []string{at(0, "index.json.gz"), at(1, "index.json.gz")}, []int64{both}, 1},
	} {
		rec := &memoryRecorder{}
		c := &cli{stdout: io.Discard, stderr: io.Discard, memory: rec}
		if code := c.run(append([]string{"-C", repo}, tc.args...)); code != 1 {
			t.Fatalf("%s: exit %d", tc.name, code)
		}
		if len(rec.inputs) != tc.calls || !slices.Contains(tc.first, rec.inputs[0]) || rec.inputs[len(rec.inputs)-1] != both {
			t.Errorf("%s: limit set with %v (hooks %v); want %d calls, the first with one of %v, the last with %d", tc.name, rec.inputs, rec.order, tc.calls, tc.first, both)
		}
	}
}
