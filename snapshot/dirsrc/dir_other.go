//go:build !linux

package dirsrc

import (
	"io"
	"os"
)

// calls is unused here: on Linux it says whether readFile and readDir
// make their system calls directly.
type calls bool

// callsFor is the calls to read the single file at path with.
func callsFor(path string) calls { return false }

// readFile reads the file at path into buf[:0], growing it as needed, and
// returns the filled slice. It reads at most the size the open file has
// and fails for anything but a regular file.
func readFile(_ calls, path string, buf []byte) ([]byte, error) {
	// Refuse what is not a regular file before opening it: opening a
	// FIFO waits for a writer.
	if info, err := os.Stat(path); err != nil {
		return nil, err
	} else if !info.Mode().IsRegular() {
		return nil, NotRegularError{info.Mode().Type()}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, NotRegularError{info.Mode().Type()}
	}
	size := int(info.Size())
	if cap(buf) < size {
		buf = make([]byte, 0, size)
	}
	buf = buf[:size]
	n, err := io.ReadFull(f, buf)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil // shorter than it was: what is there
	}
	return buf[:n], err
}

// readDir lists the directory at path as os.ReadDir does, each entry with
// its type. buf is unused here (the Linux version's getdents buffer), and
// the calls for the folder's files are the scheduler's.
func readDir(path string, buf []byte) ([]dirEntry, calls, []byte, error) {
	list, err := os.ReadDir(path)
	if err != nil {
		return nil, false, buf, err
	}
	entries := make([]dirEntry, len(list))
	for i, e := range list {
		entries[i] = dirEntry{name: e.Name(), typ: e.Type()}
	}
	return entries, false, buf, nil
}

// openRoot is the folder the walk and the reads of a Folder open
// their names in: none here (-1), where they open whole paths.
func openRoot(path string) int { return -1 }

// rootMount is unused here: folders are never opened in the root.
type rootMount struct{}

func newRootMount(int) rootMount { return rootMount{} }

// closeRoot is unused here.
func closeRoot(fd int) {}

// readFileAt is readFile of path: the folder dir is never open here.
func readFileAt(c calls, _ int, _, path string, buf []byte) ([]byte, error) {
	return readFile(c, path, buf)
}

// readDirAt is readDir of path: the folder dir is never open here.
func readDirAt(_ int, _, path string, buf []byte, _ *rootMount) ([]dirEntry, calls, []byte, error) {
	return readDir(path, buf)
}
