//go:build linux

package snapshot

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
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
	fd, err := open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK)
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

// open opens path with flags, again when a signal interrupts it.
func open(path string, flags int) (int, error) {
	for {
		fd, err := syscall.Open(path, flags, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
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
// (or, where the file system does not say, from lstat of the name in the
// open folder, as os.ReadDir does: a full path could pass PATH_MAX where
// the folder's does not). It calls open, getdents and close itself:
// os.ReadDir also makes an os.DirEntry per entry, and a snapshot is
// thousands of folders. buf is the getdents buffer, kept by the caller.
func readDir(path string, buf []byte) ([]dirEntry, []byte, error) {
	fd, err := open(path, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC)
	if err != nil {
		return nil, buf, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	if len(buf) < 8192 {
		buf = make([]byte, 8192)
	}
	lstat := func(name string) (fs.FileMode, error) {
		var st unix.Stat_t
		for {
			err := unix.Fstatat(fd, name, &st, unix.AT_SYMLINK_NOFOLLOW)
			if err != unix.EINTR {
				if err != nil {
					return 0, &fs.PathError{Op: "lstat", Path: join(path, name), Err: err}
				}
				return unixType(st.Mode), nil
			}
		}
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
		if entries, err = parseDirents(entries, buf[:n], lstat); err != nil {
			if _, ok := err.(*fs.PathError); !ok {
				err = &fs.PathError{Op: "readdirent", Path: path, Err: err}
			}
			return nil, buf, err
		}
	}
	slices.SortFunc(entries, func(a, b dirEntry) int { return strings.Compare(a.name, b.name) })
	return entries, buf, nil
}

// parseDirents appends the entries of recs, records of getdents64 (struct
// linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1),
// then the name, NUL-terminated), leaving out . and ..; an entry whose
// type the file system does not give (DT_UNKNOWN) gets it from lstat,
// called with the bare name; one gone since it was listed is left out,
// as os.ReadDir does.
func parseDirents(entries []dirEntry, recs []byte, lstat func(name string) (fs.FileMode, error)) ([]dirEntry, error) {
	for len(recs) >= 19 {
		reclen := int(binary.NativeEndian.Uint16(recs[16:18]))
		if reclen < 19 || reclen > len(recs) {
			return entries, syscall.EIO
		}
		name := recs[19:reclen]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		typ := recs[18]
		recs = recs[reclen:]
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
			t, err := lstat(e.name)
			if errors.Is(err, fs.ErrNotExist) {
				continue // gone since it was listed
			}
			if err != nil {
				return entries, err
			}
			e.typ = t
		}
		entries = append(entries, e)
	}
	return entries, nil
}
