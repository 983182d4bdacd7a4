package snapshot

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// Open returns the Source of a snapshot on disk: a folder (every file
// under it, in lexical order; symbolic links followed, to files and to
// folders; folders whose names start with a dot, like .git, left out), or
// a single page file. A path that does not exist, or that is neither a
// folder nor a regular file (a FIFO, /dev/zero), is an error.
func Open(path string) (Source, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, &Error{File: path, Msg: statMessage(err)}
	}
	switch {
	case info.IsDir():
		return &dirSource{root: path}, nil
	case info.Mode().IsRegular():
		return &fileSource{path: path, size: info.Size(), calls: callsFor(path)}, nil
	}
	return nil, &Error{File: path, Msg: notRegularError{info.Mode().Type()}.Error() + ": a snapshot is a folder of package pages (_cache/<tag>/) or a page file"}
}

// fileSource is a single page file on disk.
type fileSource struct {
	path  string
	size  int64
	calls calls
}

func (s *fileSource) Path() string { return s.path }

func (s *fileSource) Walk(yield func(File)) ([]Warning, []*Error) {
	yield(File{Name: s.path, Base: filepath.Base(s.path), Size: s.size, Root: true})
	return nil, nil
}

func (s *fileSource) Read(f File, buf []byte) ([]byte, error) { return readFile(s.calls, f.Name, buf) }

// dirSource is a folder on disk. Each Walk opens the folder (a dirRoot),
// and the folders and files under it are opened by their names in it;
// each File's Handle is a *dirHandle.
type dirSource struct{ root string }

// dirHandle is how a dirSource reads a file: the calls to make (see
// calls), and the root its walk opened (nil: none, read the whole path)
// with the prefix its files' names have (the root's clean path and a
// separator).
type dirHandle struct {
	c      calls
	root   *dirRoot
	prefix string
}

// dirRoot is the folder a Walk opened (openRoot), in which the walk and
// the reads of its files open their names. The loader closes it once the
// files are read (dirHandle.walked); one that is never closed so (a
// caller of Walk and Read of its own) is closed once unreachable.
type dirRoot struct{ fd *rootFD }

// rootFD is a dirRoot's descriptor, -1 once closed. A read holds it
// shared, so that it is closed only between reads: a number closed could
// be reused by a file opened meanwhile, and a read would then open its
// name in that.
type rootFD struct {
	mu sync.RWMutex
	fd int
}

// newDirRoot opens the folder at path as a dirRoot, or returns nil when
// it cannot (the walk then lists and reads whole paths, and reports what
// is wrong).
func newDirRoot(path string) *dirRoot {
	fd := openRoot(path)
	if fd < 0 {
		return nil
	}
	r := &dirRoot{&rootFD{fd: fd}}
	runtime.AddCleanup(r, (*rootFD).close, r.fd)
	return r
}

func (f *rootFD) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fd >= 0 {
		closeRoot(f.fd)
		f.fd = -1
	}
}

// walked closes the root of h's walk: the loader calls it once it has
// read the files the walk gave. Any handle of a walk closes its root.
func (h *dirHandle) walked() {
	if h.root != nil {
		h.root.fd.close()
	}
}

func (s *dirSource) Path() string { return s.root }

func (s *dirSource) Read(f File, buf []byte) ([]byte, error) {
	h, _ := f.Handle.(*dirHandle)
	if h == nil {
		return readFile(false, f.Name, buf)
	}
	if r := h.root; r != nil && strings.HasPrefix(f.Name, h.prefix) {
		r.fd.mu.RLock()
		defer r.fd.mu.RUnlock()
		if r.fd.fd >= 0 {
			return readFileAt(h.c, r.fd.fd, f.Name[len(h.prefix):], f.Name, buf)
		}
	}
	return readFile(h.c, f.Name, buf)
}

func (s *dirSource) Walk(yield func(File)) ([]Warning, []*Error) {
	// The root is opened by its clean path, the one every File's name
	// starts with, so that what is read is what the names say (the
	// kernel would resolve "link/.." through the link, where Clean takes
	// both away).
	clean := filepath.Clean(s.root)
	root := newDirRoot(clean)
	prefix := join(clean, "")
	w := &walker{seen: map[string]bool{}, yield: yield, root: root,
		handles: [2]*dirHandle{{false, root, prefix}, {true, root, prefix}}}
	if root != nil {
		w.mount = newRootMount(root.fd.fd)
	}
	w.dir(s.root, clean, "", ".")
	runtime.KeepAlive(root) // not closed by its cleanup while the walk lists through it
	return w.warnings, w.errs
}

// walker walks a tree in lexical order. Symbolic links are followed, to
// files and to directories (a package folder may be a link, and so may
// the root); a directory already read, through a loop or a second path,
// is not read again and gives a warning, so the walk ends. Folders whose
// names start with a dot (.git) are skipped.
type walker struct {
	seen     map[string]bool // real paths of the directories read
	warnings []Warning
	errs     []*Error
	yield    func(File)
	buf      []byte // readDir's
	// root is the open root folder (nil: none), in which rel paths are
	// opened; handles are the Handles of its files, by their calls.
	root    *dirRoot
	handles [2]*dirHandle
	// mount is what the walk knows of the root's own file system (see
	// rootMount): the folders on it need not be asked theirs.
	mount rootMount
}

// dirEntry is a name in a directory and its type (fs.ModeType bits).
type dirEntry struct {
	name string
	typ  fs.FileMode
}

// join is filepath.Join(dir, name) for a clean dir and a name of one
// element (no separator, not . or ..), as a directory lists them, without
// cleaning again: the walk joins every name of the tree.
func join(dir, name string) string {
	switch {
	case dir == ".":
		return name
	case strings.HasSuffix(dir, string(filepath.Separator)):
		return dir + name // the root of the file system
	}
	return dir + string(filepath.Separator) + name
}

// dir reads one directory; path is how the user's root reaches it (clean
// is the same path cleaned, rel the path in the root), and realPath its
// real path when the walk knows it (a plain subdirectory of a directory
// whose real path is known), else "".
func (w *walker) dir(path, clean, realPath, rel string) {
	if realPath == "" {
		var err error
		if realPath, err = filepath.EvalSymlinks(path); err != nil {
			w.errs = append(w.errs, &Error{File: path, Msg: statMessage(err)})
			return
		}
	}
	if w.seen[realPath] {
		w.warnings = append(w.warnings, Warning{File: path, Message: "symbolic link to a directory already read (a loop, or a second path to it): not followed"})
		return
	}
	w.seen[realPath] = true
	var entries []dirEntry // sorted by name
	var c calls
	var buf []byte
	var err error
	if w.root != nil {
		entries, c, buf, err = readDirAt(w.root.fd.fd, rel, path, w.buf, &w.mount)
	} else {
		entries, c, buf, err = readDir(path, w.buf)
	}
	w.buf = buf
	if err != nil {
		w.errs = append(w.errs, &Error{File: path, Msg: statMessage(err)})
		return
	}
	for _, e := range entries {
		name, sub := e.name, join(clean, e.name)
		typ := e.typ
		size := int64(-1)
		// Unless the entry is a link: then its real path is found when
		// it is read, and a file gets the scheduler's calls.
		subReal, direct := join(realPath, name), c
		if typ&fs.ModeSymlink != 0 {
			subReal, direct = "", false
			info, err := os.Stat(sub)
			if err != nil {
				if strings.HasSuffix(name, ".md") {
					w.errs = append(w.errs, &Error{File: sub, Msg: "broken symbolic link: " + statMessage(err)})
				} else {
					w.warnings = append(w.warnings, Warning{File: sub, Message: "broken symbolic link: " + statMessage(err)})
				}
				continue
			}
			typ, size = info.Mode().Type(), info.Size()
		}
		h := w.handles[0]
		if direct {
			h = w.handles[1]
		}
		w.yield(File{Name: sub, Base: name, Mode: typ, Size: size, Handle: h})
		if typ.IsDir() && !strings.HasPrefix(name, ".") {
			w.dir(sub, sub, subReal, join(rel, name))
		}
	}
}

// notRegularError is the error for a file that is not a regular file.
type notRegularError struct{ mode fs.FileMode }

func (e notRegularError) Error() string { return "not a regular file (" + FileKind(e.mode) + ")" }

// FileKind names, for messages, the type of a file that is not a regular
// file ("a FIFO", "a character device", ...). Snapshots and the other files
// cachediff reads (a saved report, a template) say it the same way.
func FileKind(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a folder"
	case mode&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a block device"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}
