package snapshot

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"slices"
	"syscall"
	"testing"
)

// dirent is one getdents64 record (struct linux_dirent64), padded to
// eight bytes as the kernel writes it.
func dirent(name string, typ byte) []byte {
	n := (19 + len(name) + 1 + 7) &^ 7
	b := make([]byte, n)
	binary.NativeEndian.PutUint16(b[16:18], uint16(n))
	b[18] = typ
	copy(b[19:], name)
	return b
}

// TestParseDirentsUnknownType: where the file system gives no type
// (DT_UNKNOWN, as ext2 without filetype, some network and FUSE file
// systems do), the type comes from lstat of the bare name (a full path
// could be too long where the folder's is not), an entry gone since the
// listing is left out, and another lstat error is the folder's.
func TestParseDirentsUnknownType(t *testing.T) {
	var recs []byte
	for _, r := range []struct {
		name string
		typ  byte
	}{{".", syscall.DT_DIR}, {"..", syscall.DT_DIR}, {"a", syscall.DT_REG}, {"b", syscall.DT_UNKNOWN},
		{"gone", syscall.DT_UNKNOWN}, {"c", syscall.DT_LNK}, {"d", syscall.DT_FIFO}} {
		recs = append(recs, dirent(r.name, r.typ)...)
	}
	var asked []string
	lstat := func(name string) (fs.FileMode, error) {
		asked = append(asked, name)
		if name == "gone" {
			return 0, &fs.PathError{Op: "lstat", Path: "x/" + name, Err: syscall.ENOENT}
		}
		return fs.ModeDir, nil
	}
	got, err := parseDirents(nil, recs, lstat)
	if err != nil {
		t.Fatal(err)
	}
	want := []dirEntry{{"a", 0}, {"b", fs.ModeDir}, {"c", fs.ModeSymlink}, {"d", fs.ModeNamedPipe}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if !slices.Equal(asked, []string{"b", "gone"}) {
		t.Errorf("lstat was asked for %q, want the bare names [b gone]", asked)
	}
	denied := errors.New("permission denied")
	if _, err := parseDirents(nil, dirent("b", syscall.DT_UNKNOWN), func(string) (fs.FileMode, error) { return 0, denied }); err != denied {
		t.Errorf("an lstat error gave %v, want it returned", err)
	}
	bad := dirent("a", syscall.DT_REG)
	binary.NativeEndian.PutUint16(bad[16:18], 200) // longer than the buffer
	if _, err := parseDirents(nil, bad, lstat); err == nil {
		t.Error("a record longer than the buffer: no error")
	}
}
