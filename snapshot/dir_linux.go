//go:build linux

package snapshot

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"slices"
	"strings"
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

// readDir lists the directory at path as os.ReadDir does (sorted by name,
// without . and ..), each entry with its type from the directory entry
// (or, where the file system does not say, from lstat). It calls open,
// getdents and close itself: os.ReadDir also sets the directory up for the
// runtime's poller and makes an os.DirEntry per entry, and a snapshot is
// thousands of folders. buf is the getdents buffer, kept by the caller.
func readDir(path string, buf []byte) ([]dirEntry, []byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, buf, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	if len(buf) < 8192 {
		buf = make([]byte, 8192)
	}
	var entries []dirEntry
	for {
		n, err := syscall.Getdents(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, buf, &fs.PathError{Op: "readdirent", Path: path, Err: err}
		}
		if n <= 0 {
			break
		}
		// struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen
		// (2), d_type (1), then the name, NUL-terminated.
		for rec := buf[:n]; len(rec) >= 19; {
			reclen := int(binary.NativeEndian.Uint16(rec[16:18]))
			if reclen < 19 || reclen > len(rec) {
				return nil, buf, &fs.PathError{Op: "readdirent", Path: path, Err: syscall.EIO}
			}
			name := rec[19:reclen]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			typ := rec[18]
			rec = rec[reclen:]
			if string(name) == "." || string(name) == ".." {
				continue
			}
			e := dirEntry{name: string(name)}
			switch typ {
			case syscall.DT_REG:
			case syscall.DT_DIR:
				e.typ = fs.ModeDir
			case syscall.DT_LNK:
				e.typ = fs.ModeSymlink
			case syscall.DT_FIFO:
				e.typ = fs.ModeNamedPipe
			case syscall.DT_CHR:
				e.typ = fs.ModeDevice | fs.ModeCharDevice
			case syscall.DT_BLK:
				e.typ = fs.ModeDevice
			case syscall.DT_SOCK:
				e.typ = fs.ModeSocket
			default: // DT_UNKNOWN: the file system does not say
				var st syscall.Stat_t
				if err := syscall.Lstat(join(path, e.name), &st); err != nil {
					if err == syscall.ENOENT {
						continue // gone since it was listed, as os.ReadDir skips it
					}
					return nil, buf, &fs.PathError{Op: "lstat", Path: join(path, e.name), Err: err}
				}
				e.typ = unixType(st.Mode)
			}
			entries = append(entries, e)
		}
	}
	slices.SortFunc(entries, func(a, b dirEntry) int { return strings.Compare(a.name, b.name) })
	return entries, buf, nil
}
