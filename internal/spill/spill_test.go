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

// failingFile is a temporary file whose writes fail from the failAt-th
// on (0: the first), with err.
type failingFile struct {
	*os.File
	failAt, writes int
	err            error
}

func (f *failingFile) Write(p []byte) (int, error) {
	f.writes++
	if f.writes > f.failAt {
		return 0, f.err
	}
	return f.File.Write(p)
}

// TestNoFileSaysWhy: NoFile is why what a spill holds past its bound is
// in memory, in each of the three ways it comes to be there: no file
// could be made, the first write to it failed, or a later one did (a
// full disk; what it held read back). Nil while the spill is within its
// bound or in a file. A template's memory stop names it (cmd/cachediff,
// heldMemory): without it, the stop blamed the template alone.
func TestNoFileSaysWhy(t *testing.T) {
	saved := CreateFile
	defer func() { CreateFile = saved }()
	dir := t.TempDir()
	full := &os.PathError{Op: "write", Path: filepath.Join(dir, "f"), Err: io.ErrShortWrite}
	gone := &os.PathError{Op: "open", Path: filepath.Join(dir, "gone", "f"), Err: os.ErrNotExist}
	for _, tc := range []struct {
		name   string
		create func() (File, string, error)
		want   error
	}{
		{"made", nil, nil},
		{"none made", func() (File, string, error) { return nil, "", gone }, gone},
		{"first write fails", nil, full},
		{"later write fails", nil, full},
	} {
		CreateFile = func(pattern string) (File, string, error) {
			if tc.create != nil {
				return tc.create()
			}
			f, err := os.CreateTemp(dir, pattern)
			if err != nil {
				return nil, "", err
			}
			ff := &failingFile{File: f, failAt: 1 << 30, err: full}
			switch tc.name {
			case "first write fails":
				ff.failAt = 0
			case "later write fails":
				ff.failAt = 1
			}
			return ff, f.Name(), nil
		}
		s := New(4)
		if _, err := s.Add([]byte("ab")); err != nil || s.NoFile() != nil {
			t.Fatalf("%s: within the bound: %v, NoFile %v, want nil", tc.name, err, s.NoFile())
		}
		for _, p := range []string{"cd", "ef", "gh"} {
			if _, err := s.Add([]byte(p)); err != nil {
				t.Fatalf("%s: Add: %v", tc.name, err)
			}
		}
		var b bytes.Buffer
		if _, err := s.WriteTo(&b); err != nil || b.String() != "abcdefgh" {
			t.Errorf("%s: held %q, %v, want abcdefgh", tc.name, b.String(), err)
		}
		if got := s.NoFile(); got != tc.want {
			t.Errorf("%s: NoFile %v, want %v", tc.name, got, tc.want)
		}
		s.Close()
	}
}
