//go:build linux

package dirsrc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/cachediff/cachediff/internal/hugepage"
)

// calls says how readFile and readDir make their system calls: through
// the Go scheduler (false: syscall.Syscall, as os does), or directly
// (true: syscall.RawSyscall) on a local file system.
//
// A snapshot is thousands of small files, and each costs cachediff
// eight system calls (open, getdents twice and close for its folder;
// open, fstat, read and close for the page). Told of each, the
// scheduler's monitor takes the processor from a call that lasts past
// its 20 µs tick and wakes another thread to run it, and the call's
// return must win a processor back: a real week ran thousands of
// context switches and monitor sleeps. Made directly, a call keeps its
// processor, for less CPU and wall time (docs/performance.md, "System
// calls").
//
// A direct call that blocks holds its processor, and a stop of the
// collector waits for it: every goroutine waits. So the calls on a
// folder's files are direct only when that folder, as opened, is on a
// local file system (readDirAt asks fstatfs of each folder that it
// cannot open as on the root's own mount, rootMount, and readDir of
// every folder: a folder reached through a symbolic link into another
// mount, or a mount inside the tree, is judged on its own), and what
// could wait on a server is never direct: opening a folder, its
// fstatfs, files reached through a symbolic link, and a page that is a
// mount of its own (openPage). A local disk can still be slow (a cold
// read, a network block device); that costs time, not a wrong result.
// Direct calls are for 64-bit systems (fstat is direct on amd64 and
// arm64 only: see fstat_direct.go) and builds without the race detector
// or the memory sanitizers, whose bookkeeping of what the kernel writes
// they skip.
type calls bool

// directOK says whether this build and system may make direct calls.
const directOK = strconv.IntSize == 64 && !instrumented

// callsFor is the calls to read the single file at path with: direct
// when it is on a local file system.
func callsFor(path string) calls {
	var st unix.Statfs_t
	if err := unix.Statfs(path, &st); err != nil {
		return false
	}
	return calls(directOK && directFS(int64(st.Type)))
}

// directFS reports whether the file system of statfs type magic is one
// whose reads come from the page cache or a local disk: ext2/3/4, XFS,
// Btrfs, F2FS, ZFS, tmpfs, ramfs and overlayfs (containers).
func directFS(magic int64) bool {
	switch magic {
	case unix.EXT4_SUPER_MAGIC, unix.XFS_SUPER_MAGIC, unix.BTRFS_SUPER_MAGIC, unix.F2FS_SUPER_MAGIC,
		0x2fc12fc1, // ZFS
		unix.TMPFS_MAGIC, unix.RAMFS_MAGIC, unix.OVERLAYFS_SUPER_MAGIC:
		return true
	}
	return false
}

// open opens name in the folder open as dir (atFDCWD: the current
// folder, for a name that is a whole path).
func (c calls) open(dir int, name string, flags int) (int, error) {
	if !c {
		return syscall.Openat(dir, name, flags, 0)
	}
	p, err := syscall.BytePtrFromString(name)
	if err != nil {
		return -1, err
	}
	fd, _, e := syscall.RawSyscall6(syscall.SYS_OPENAT, uintptr(dir), uintptr(unsafe.Pointer(p)), uintptr(flags|syscall.O_LARGEFILE), 0, 0, 0)
	return int(fd), errnoErr(e)
}

// atFDCWD is AT_FDCWD, in a variable: as a constant, -100 does not
// convert to a uintptr.
var atFDCWD = unix.AT_FDCWD

// openRoot opens the folder at path for the walk and the reads of a
// Folder to open their names in (openat), or returns -1 when it
// cannot (they then open whole paths, and report what is wrong).
//
// The kernel looks up every element of a path it opens: a tree's pages
// opened by whole paths (testdata/bench/churn100-60000/old/zlib/specs.md,
// six elements; a CI job's absolute paths are longer) cost it a lookup
// of each element of the root again for each of the thousands of folders
// and pages, where a name in the open root is two (zlib/specs.md): the
// openat calls cost less CPU (perf, docs/performance.md, "System
// calls").
// O_PATH opens a folder that can be searched but not read, as a path
// through it can be.
func openRoot(path string) int {
	for {
		fd, err := syscall.Open(path, unix.O_PATH|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return -1
		}
		return fd
	}
}

// closeRoot closes a folder openRoot opened.
func closeRoot(fd int) { syscall.Close(fd) }

func (c calls) close(fd int) {
	if !c {
		syscall.Close(fd)
		return
	}
	syscall.RawSyscall(syscall.SYS_CLOSE, uintptr(fd), 0, 0)
}

func (c calls) read(fd int, b []byte) (int, error) {
	if !c {
		return syscall.Read(fd, b)
	}
	return rawInto(syscall.SYS_READ, fd, b)
}

func (c calls) getdents(fd int, b []byte) (int, error) {
	if !c {
		return syscall.Getdents(fd, b)
	}
	return rawInto(syscall.SYS_GETDENTS64, fd, b)
}

// rawInto makes system call trap on fd into b directly, and returns the
// count of bytes it filled.
func rawInto(trap uintptr, fd int, b []byte) (int, error) {
	n, _, e := syscall.RawSyscall(trap, uintptr(fd), uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b)))
	if e != 0 {
		return -1, e
	}
	return int(n), nil
}

// errnoErr is e as an error: nil for 0.
func errnoErr(e syscall.Errno) error {
	if e == 0 {
		return nil
	}
	return e
}

// readFile reads the file at path into buf[:0], growing it as needed, and
// returns the filled slice, making its system calls as c says. It reads
// at most the size the open file has and fails for anything but a
// regular file.
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
func readFile(c calls, path string, buf []byte) ([]byte, error) {
	return readFileAt(c, atFDCWD, path, path, buf)
}

// readFileAt is readFile of the file rel in the folder open as dir (see
// openRoot); path is the file's path in errors.
func readFileAt(c calls, dir int, rel, path string, buf []byte) ([]byte, error) {
	fd, c, err := openPage(c, dir, rel)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer c.close(fd)
	var st syscall.Stat_t
	if err := c.fstat(fd, &st); err != nil {
		return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, NotRegularError{unixType(st.Mode)}
	}
	size := int(st.Size)
	if cap(buf) < size {
		buf = make([]byte, 0, size)
		// A 94 MB Spack index then takes some fifty page faults to be
		// read rather than 23 000.
		hugepage.Advise(unsafe.Pointer(unsafe.SliceData(buf)), size)
	}
	buf = buf[:0]
	for len(buf) < size {
		n, err := c.read(fd, buf[len(buf):size])
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

// openPage opens the page rel in the folder open as dir (see openRoot),
// to be read with calls c, and returns the calls to read it with: the
// scheduler's when the page is a mount of its own (a file bind-mounted
// into its folder, whose file system then says nothing of the page's),
// which openat2 with RESOLVE_NO_XDEV finds by failing rather than cross
// into it. Without openat2 (an older kernel, or a sandbox that refuses
// it: noOpenat2), a page is opened as before, and such a page keeps its
// folder's calls.
func openPage(c calls, dir int, rel string) (int, calls, error) {
	const flags = syscall.O_RDONLY | syscall.O_CLOEXEC | syscall.O_NONBLOCK
	if bool(c) && dir != atFDCWD && !noOpenat2.Load() {
		p, err := syscall.BytePtrFromString(rel)
		if err != nil {
			return -1, c, err
		}
		how := unix.OpenHow{Flags: flags | syscall.O_LARGEFILE, Resolve: unix.RESOLVE_NO_XDEV}
		for {
			fd, _, e := syscall.RawSyscall6(unix.SYS_OPENAT2, uintptr(dir), uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(&how)), unsafe.Sizeof(how), 0, 0)
			if e == syscall.EINTR {
				continue
			}
			switch e {
			case 0:
				return int(fd), c, nil
			case syscall.EXDEV:
				c = false
			case syscall.ENOSYS, syscall.EPERM:
				noOpenat2.Store(true)
			}
			break // opened again below, which reports any other error
		}
	}
	fd, err := open(c, dir, rel, flags)
	return fd, c, err
}

// noOpenat2 says that openat2 was refused once (ENOSYS or EPERM): folders
// and pages are opened with openat from then on.
var noOpenat2 atomic.Bool

// open opens name in dir with flags, again when a signal interrupts it.
func open(c calls, dir int, name string, flags int) (int, error) {
	for {
		fd, err := c.open(dir, name, flags)
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
// It also returns the calls for the folder's files: direct when the
// folder is on a local file system (see calls), which its getdents and
// close use too.
func readDir(path string, buf []byte) ([]dirEntry, calls, []byte, error) {
	return readDirAt(atFDCWD, path, path, buf, nil)
}

// rootMount is what a walk knows of its root's file system: the calls for
// files on it, when known. A folder opened so that it is known to be on
// it (openat2 with RESOLVE_NO_XDEV, which fails instead of crossing into
// another mount, since Linux 5.6: openSameMount) needs no
// fstatfs of its own: one call fewer for each of the thousands of folders
// of a snapshot (docs/performance.md, "System calls").
// A folder that is another mount, or reached through a
// symbolic link into one, is opened again and judged on its own, as
// before.
type rootMount struct {
	c     calls
	known bool // c is the root's: folders are opened with openat2 (openSameMount)
}

// newRootMount asks fstatfs of the walk's open root (an O_PATH descriptor
// allows it since Linux 3.12): where it cannot, each folder is asked.
func newRootMount(fd int) rootMount {
	var st unix.Statfs_t
	if !directOK || fd < 0 || unix.Fstatfs(fd, &st) != nil {
		return rootMount{}
	}
	return rootMount{c: calls(directFS(int64(st.Type))), known: true}
}

// openSameMount opens the folder rel in the folder open as dir when it is
// on dir's mount; ok is false when it is not, or cannot be told (no
// openat2: an old kernel, or a sandbox that refuses the call, which then
// is not tried again: noOpenat2), or opening it fails (the caller opens
// it again, and reports that).
func openSameMount(dir int, rel string) (fd int, ok bool) {
	if noOpenat2.Load() {
		return -1, false
	}
	how := unix.OpenHow{Flags: unix.O_RDONLY | unix.O_DIRECTORY | unix.O_CLOEXEC, Resolve: unix.RESOLVE_NO_XDEV}
	for {
		fd, err := unix.Openat2(dir, rel, &how)
		switch err {
		case nil:
			return fd, true
		case unix.EINTR:
			continue
		case unix.ENOSYS, unix.EPERM:
			noOpenat2.Store(true)
		}
		return -1, false
	}
}

// readDirAt is readDir of the folder rel in the folder open as dir (see
// openRoot); path is the folder's path in errors.
func readDirAt(dir int, rel, path string, buf []byte, m *rootMount) ([]dirEntry, calls, []byte, error) {
	var fd int
	c, same := calls(false), false
	if m != nil && m.known {
		if fd, same = openSameMount(dir, rel); same {
			c = m.c
		}
	}
	if !same {
		var err error
		fd, err = open(false, dir, rel, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC)
		if err != nil {
			return nil, false, buf, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		if directOK {
			var st unix.Statfs_t
			c = calls(unix.Fstatfs(fd, &st) == nil && directFS(int64(st.Type)))
		}
	}
	defer c.close(fd)
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
		n, err := c.getdents(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, c, buf, &fs.PathError{Op: "readdirent", Path: path, Err: err}
		}
		if n <= 0 {
			break
		}
		if entries, err = parseDirents(entries, buf[:n], lstat); err != nil {
			if _, ok := err.(*fs.PathError); !ok {
				err = &fs.PathError{Op: "readdirent", Path: path, Err: err}
			}
			return nil, c, buf, err
		}
	}
	slices.SortFunc(entries, func(a, b dirEntry) int { return strings.Compare(a.name, b.name) })
	return entries, c, buf, nil
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
