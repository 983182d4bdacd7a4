package spill

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nameCheckingFile is a temporary file that records, at each write,
// whether its name is still in its folder.
type nameCheckingFile struct {
	*os.File
	named *[]bool
}

func (f nameCheckingFile) Write(p []byte) (int, error) {
	_, err := os.Lstat(f.Name())
	*f.named = append(*f.named, err == nil)
	return f.File.Write(p)
}

// TestUnlinkedBeforeWritten: the spill's temporary file is removed from
// its folder before anything is written to it, so that a signal, a
// crash or a full disk while the first 8 MB of the log's steps are
// written leaves nothing in $TMPDIR: the file was removed only once
// they were written.
func TestUnlinkedBeforeWritten(t *testing.T) {
	dir := t.TempDir()
	var named []bool
	saved := CreateFile
	defer func() { CreateFile = saved }()
	CreateFile = func(string) (File, string, error) {
		f, err := os.CreateTemp(dir, "cachediff-log-*")
		if err != nil {
			return nil, "", err
		}
		return nameCheckingFile{f, &named}, f.Name(), nil
	}
	s := New(4)
	for _, p := range []string{"ab", "cd", "ef"} {
		if _, err := s.Add([]byte(p)); err != nil {
			t.Fatal(err)
		}
	}
	if s.File() == nil {
		t.Fatal("6 bytes past a limit of 4 did not spill to a file")
	}
	var b bytes.Buffer
	for i := range 3 {
		if err := s.WritePiece(&b, i); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	if b.String() != "abcdef" {
		t.Errorf("pieces read back %q, want abcdef", b.String())
	}
	for i, was := range named {
		if was {
			t.Errorf("write %d to the spill: its file was still named in %s", i, dir)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// TestInMemoryCountsBuffer: InMemory is what the spill's buffer took,
// room left by append included, not only the bytes in it: a log's
// memory limit counts it apart from the rest of what was live, and the
// uncounted room (up to half the buffer) was left three times over as
// room to allocate in.
func TestInMemoryCountsBuffer(t *testing.T) {
	s := New(1 << 20)
	piece := bytes.Repeat([]byte("x"), 1000)
	for range 300 {
		if _, err := s.Add(piece); err != nil {
			t.Fatal(err)
		}
		if got, took := s.InMemory(), int64(cap(s.mem)); got < took {
			t.Fatalf("InMemory %d with %d bytes in a buffer of %d, want the buffer's", got, len(s.mem), took)
		}
	}
}

// TestWriteToNamesKind: a spill written by Write (a template's output
// held) gives back all it holds by WriteTo, from memory and from its
// file, and a file read back short fails WriteTo with an error that
// names what the spill holds, never a copy cut short.
func TestWriteToNamesKind(t *testing.T) {
	k := Kind{Pattern: "cachediff-test-*", What: "the test's bytes", It: "them"}
	saved := CreateFile
	defer func() { CreateFile = saved }()
	var made *os.File
	CreateFile = func(pattern string) (File, string, error) {
		f, err := os.CreateTemp(t.TempDir(), pattern)
		made = f
		return f, f.Name(), err
	}
	for _, limit := range []int64{1 << 20, 4} {
		s := NewKind(limit, k)
		for _, p := range []string{"ab", "cd", "ef"} {
			if n, err := s.Write([]byte(p)); n != len(p) || err != nil {
				t.Fatalf("limit %d: Write %q: %d, %v", limit, p, n, err)
			}
		}
		var b bytes.Buffer
		if n, err := s.WriteTo(&b); n != 6 || err != nil || b.String() != "abcdef" || (s.File() != nil) != (limit == 4) {
			t.Errorf("limit %d: WriteTo %d, %v, %q, in a file %v", limit, n, err, b.String(), s.File() != nil)
		}
		if limit == 4 {
			if err := made.Truncate(3); err != nil {
				t.Fatal(err)
			}
			if _, err := s.WriteTo(io.Discard); err == nil || !strings.Contains(err.Error(), "reading the test's bytes back from a temporary file: 3 bytes of 6") {
				t.Errorf("a file read back short: %v", err)
			}
		}
		s.Close()
	}
}
