//go:build unix

package snapshot

import (
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
	"time"

	"github.com/cachediff/cachediff/snapshot/dirsrc"
)

// loadWithin runs Load and fails the test if it does not return in time
// (reading /dev/zero or opening a FIFO would never return).
func loadWithin(t *testing.T, path string, opt Options) (*Snapshot, error) {
	t.Helper()
	type res struct {
		s   *Snapshot
		err error
	}
	ch := make(chan res, 1)
	go func() {
		s, err := Load(path, opt)
		ch <- res{s, err}
	}()
	select {
	case r := <-ch:
		return r.s, r.err
	case <-time.After(20 * time.Second):
		t.Fatalf("Load(%s) did not return", path)
	}
	return nil, nil
}

// TestArgumentNotRegular (issue 11 item 3): a snapshot argument that is
// neither a folder nor a regular file is a clear error, not a read until
// the memory runs out (/dev/zero) or a wait for a writer (a FIFO).
func TestArgumentNotRegular(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, err := loadWithin(t, "/dev/zero", Options{})
	checkErr(t, err, "/dev/zero", 0, 0, "not a regular file (a character device): a snapshot is a folder of package pages (_cache/<tag>/) or a page file")
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	_, err = loadWithin(t, fifo, Options{})
	checkErr(t, err, fifo, 0, 0, "not a regular file (a FIFO)")
}

// TestReadNotRegular: the disk source's Read refuses a file that is not a
// regular file at the time it is opened (one that was when the walk
// found it may not be any more), without blocking on a FIFO.
func TestReadNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "specs.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	src := &dirSource{dirsrc.NewFolder(dir)}
	for _, name := range []string{fifo, "/dev/zero", dir} {
		if _, err := os.Stat(name); err != nil {
			continue
		}
		_, err := src.Read(File{Name: name, Base: "specs.md", Size: -1}, nil)
		if _, ok := err.(dirsrc.NotRegularError); !ok {
			t.Errorf("Read(%s) = %v, want a dirsrc.NotRegularError", name, err)
		}
	}
	// A regular file is read whole, and no more than its size.
	page := filepath.Join(dir, "page.md")
	os.WriteFile(page, []byte("0123456789"), 0o644)
	got, err := src.Read(File{Name: page, Size: -1}, make([]byte, 3, 4))
	if err != nil || string(got) != "0123456789" {
		t.Errorf("Read = %q, %v", got, err)
	}
}

// TestPageNotRegular (issue 11 item 8): a specs.md that is a FIFO, a link
// to /dev/zero or a folder is an error, or with SkipInvalid a listed
// skip: its package never vanishes silently. Another .md file that is
// not a regular file is left out with a warning.
func TestPageNotRegular(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir := writeTree(t, map[string]string{
		"ok/specs.md":            simplePage("ok", "develop", 1, 1),
		"folder/specs.md/x.txt":  "not a page",
		"notes/fifo.md/.keep":    "",
		"readme/README.md/.keep": "",
	})
	fifo := filepath.Join(dir, "fifo", "specs.md")
	os.MkdirAll(filepath.Dir(fifo), 0o755)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	zero := filepath.Join(dir, "zero", "specs.md")
	os.MkdirAll(filepath.Dir(zero), 0o755)
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	otherFifo := filepath.Join(dir, "other.md")
	if err := syscall.Mkfifo(otherFifo, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := loadWithin(t, dir, Options{})
	folder := filepath.Join(dir, "folder", "specs.md")
	checkErr(t, err, fifo, 0, 0, "not a regular file (a FIFO): a package page is a regular file")
	checkErr(t, err, zero, 0, 0, "not a regular file (a character device): a package page is a regular file")
	checkErr(t, err, folder, 0, 0, "not a regular file (a folder): a package page is a regular file")
	if n := len(err.(*LoadError).Errs); n != 3 {
		t.Errorf("%d errors, want 3: %v", n, err)
	}

	snap, err := loadWithin(t, dir, Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	var skipped []string
	for _, s := range snap.Skipped {
		skipped = append(skipped, s.File)
	}
	if want := []string{fifo, folder, zero}; !reflect.DeepEqual(skipped, want) {
		t.Errorf("skipped %q, want %q", skipped, want)
	}
	want := []Warning{{File: otherFifo, Message: "not a regular file (a FIFO): not read"}}
	if !reflect.DeepEqual(snap.Warnings, want) {
		t.Errorf("warnings %+v, want %+v", snap.Warnings, want)
	}
}
