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
// one collection. A gzip'd file, named or on standard input, sets no
// limit before it is decoded: the collector keeps its pace until the
// limit set once both are loaded.
func TestMemoryLimitGzip(t *testing.T) {
	dir := t.TempDir()
	var files []string
	var data [][]byte
	for _, f := range []string{"index.v7-layout2-unsigned.json", "index.v8-layout2-unsigned-mixed.json"} {
		plain, err := os.ReadFile(filepath.Join("../../testdata/spack-formats", f))
		if err != nil {
			t.Fatal(err)
		}
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
	for _, tc := range []struct {
		name  string
		args  []string
		stdin []byte
	}{
		{"two gzip'd files", files, nil},
		{"old gzip'd from stdin", []string{"-", files[1]}, data[0]},
		{"new gzip'd from stdin", []string{files[0], "-"}, data[1]},
	} {
		rec := &memoryRecorder{}
		c := &cli{stdin: bytes.NewReader(tc.stdin), stdout: io.Discard, stderr: io.Discard, memory: rec}
		if code := c.run(tc.args); code != 1 {
			t.Fatalf("%s: exit %d", tc.name, code)
		}
		if want := []string{"pace", "limit", "collect if due"}; !slices.Equal(rec.order, want) {
			t.Errorf("%s: hooks called %v (limit with %v), want %v: no limit before both are loaded", tc.name, rec.order, rec.inputs, want)
		}
	}
}
