//go:build linux

package snapshot

import (
	"io/fs"
	"syscall"
)

// readInto reads the file at path into buf[:0], growing it as needed, and
// returns the filled slice.
//
// On Linux it calls open, read and close itself. os.Open would also offer
// every file to the runtime's network poller (two fcntl calls and an
// epoll_ctl that fails for regular files): three of the six system calls
// spent on each page, and a snapshot is thousands of small pages. Reading
// them this way takes cachediff's system calls down to cat's (strace -c,
// docs/performance.md).
func readInto(path string, buf []byte) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		case n == 0:
			return buf, nil
		}
		buf = buf[:len(buf)+n]
	}
}
