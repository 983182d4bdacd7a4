package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestMemoryLimitGzip: a gzip'd Spack file's size is not the size of its
// input, which inflates to 10-25 times as much. Two gzip'd 94 MB indexes
// (7 MB each) were loaded under a limit from their files' sizes (44 MB),
// with the collector's pace off: it collected 36 times back to back
// while they loaded (22% of the CPU), where the same files plain took
// one. A gzip'd file, named or on standard input, sets no limit before
// it is decoded: the collector keeps its pace until the limit set from
// the snapshots' sizes (their inflated input, snapshot.Snapshot.Bytes).
func TestMemoryLimitGzip(t *testing.T) {
	dir := t.TempDir()
	var files []string
	var data [][]byte
	var inflated [2]int64
	for i, f := range []string{"index.v7-layout2-unsigned.json", "index.v8-layout2-unsigned-mixed.json"} {
		plain, err := os.ReadFile(filepath.Join("../../testdata/spack-formats", f))
		if err != nil {
			t.Fatal(err)
		}
		inflated[i] = int64(len(plain))
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write(plain)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, f+".gz")
		if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		files, data = append(files, name), append(data, b.Bytes())
	}
	both := inflated[0] + inflated[1]
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  []byte
		limits []int64
	}{
		{"two gzip'd files", files, nil, []int64{both}},
		{"old gzip'd from stdin", []string{"-", files[1]}, data[0], []int64{both}},
		// The old gzip'd file loaded, twice its input while the new loads.
		{"new gzip'd from stdin", []string{files[0], "-"}, data[1], []int64{2 * inflated[0], both}},
	} {
		rec := &memoryRecorder{}
		c := &cli{stdin: bytes.NewReader(tc.stdin), stdout: io.Discard, stderr: io.Discard, memory: rec}
		if code := c.run(tc.args); code != 1 {
			t.Fatalf("%s: exit %d", tc.name, code)
		}
		order, got := rec.order, rec.inputs
		if tc.args[0] != "-" && tc.stdin != nil { // the old file loads first: limits while it loads
			order, got, _ = rec.afterFirstLoad(t, 2*inflated[0])
		}
		if !slices.Equal(got, tc.limits) || order[0] != "pace" {
			t.Errorf("%s: hooks called %v, limit with %v; want pace, then limit with %v (the inflated input)", tc.name, order, got, tc.limits)
		}
	}
}
