//go:build linux

package snapshot

import (
	"io/fs"
	"syscall"
)

// readFile reads the file at path into buf[:0], growing it as needed, and
// returns the filled slice. It reads at most the size the open file has
// and fails for anything but a regular file.
//
// On Linux it calls open, fstat, read and close itself. os.Open would
// also offer every file to the runtime's network poller (two fcntl calls
// and an epoll_ctl that fails for regular files): three more system calls
// on each page, and a snapshot is thousands of small pages. Reading them
// this way takes cachediff's system calls down to cat's (strace -c,
// docs/performance.md): the fstat that bounds the read replaces the read
// that would otherwise find the end of the file. O_NONBLOCK makes the
// open of a FIFO return at once (it is refused after the fstat), where it
// would wait for a writer; it changes nothing for a regular file.
func readFile(path string, buf []byte) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, notRegularError{unixType(st.Mode)}
	}
	size := int(st.Size)
	if cap(buf) < size {
		buf = make([]byte, 0, size)
	}
	buf = buf[:0]
	for len(buf) < size {
		n, err := syscall.Read(fd, buf[len(buf):size])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		case n == 0:
			return buf, nil // shorter than it was: what is there
		}
		buf = buf[:len(buf)+n]
	}
	return buf, nil
}

// unixType converts the type bits of a stat mode to fs's.
func unixType(mode uint32) fs.FileMode {
	switch mode & syscall.S_IFMT {
	case syscall.S_IFDIR:
		return fs.ModeDir
	case syscall.S_IFIFO:
		return fs.ModeNamedPipe
	case syscall.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFBLK:
		return fs.ModeDevice
	case syscall.S_IFSOCK:
		return fs.ModeSocket
	case syscall.S_IFLNK:
		return fs.ModeSymlink
	case syscall.S_IFREG:
		return 0
	}
	return fs.ModeIrregular
}
