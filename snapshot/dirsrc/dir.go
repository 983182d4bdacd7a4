// Package dirsrc reads snapshots on disk: it walks a folder in lexical
// order (symbolic links followed, loops cut) and reads its files, with
// the system calls their file systems allow (on Linux, direct calls on a
// local file system, and files opened by their names in the folder the
// walk opened). It knows nothing of pages or formats: package snapshot
// makes its Folder and Single into Sources.
package dirsrc

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/cachediff/cachediff/internal/linkword"
)

// Folder is a folder on disk, walked and read as a snapshot: every file
// under it, in lexical order; symbolic links followed, to files and to
// folders; folders whose names start with a dot, like .git, left out.
// Each Walk opens the folder (a dirRoot), and the folders and files under
// it are opened by their names in it; each File's Handle says how its
// walk reads it.
type Folder struct {
	root string
	// within is the real path of the folder that the walk's symbolic
	// links must lead into ("": any), and withinName its name.
	within, withinName string
	// gitOK: the root lies in a .git folder of within, as named, so a
	// link into one is the user's choice (Within).
	gitOK bool
	// show names the work tree in the walk's errors (Within); a link's
	// target is named as every message names one (linkword).
	show func(string) string
}

// NewFolder returns the Folder at path, a folder the caller found.
func NewFolder(path string) *Folder { return &Folder{root: path} }

// Within returns the Folder at path whose walk follows no symbolic link
// that leads out of the folder top (a git work tree that holds path), nor
// into a .git folder in it (InGitDir) unless path lies in one itself:
// such a link, at any depth, is an error naming it, and is not followed.
// In a checkout, a link to a page or a folder elsewhere on the machine
// would stand in for a package of the snapshot, and one into .git would
// read the job's git configuration (which holds its token) as a page.
// show names top in that error, as the caller names paths (in ASCII
// where they are not): raw, the work tree wtа (its а Cyrillic) read as
// wta. The link's target is named as every message names one
// (linkword): raw, /tmp/оut read as /tmp/out.
func Within(path, top string, show func(string) string) *Folder {
	f := &Folder{root: path, show: show}
	if realTop, err := filepath.EvalSymlinks(top); err == nil {
		f.within, f.withinName = realTop, top
		if abs, err := filepath.Abs(path); err == nil {
			if r, err := filepath.Rel(top, abs); err == nil && InGitDir(r) {
				f.gitOK = true
			}
		}
	}
	return f
}

// InGitDir reports whether the relative path rel is, or lies in, a
// folder named .git (in any case), or one Windows takes for it as git's
// protectNTFS does: with trailing dots and spaces (".git."), a stream
// (".git::$INDEX_ALLOCATION"), or its short name "GIT~1".
func InGitDir(rel string) bool {
	for _, e := range strings.Split(rel, string(filepath.Separator)) {
		e, _, _ = strings.Cut(e, ":")
		e = strings.TrimRight(e, ". ") // of either name: "GIT~1." is .git too
		if strings.EqualFold(e, ".git") || strings.EqualFold(e, "git~1") {
			return true
		}
	}
	return false
}

// IntoGitMsg is the message of a symbolic link, in the git work tree
// top, to target, a path in a .git folder of top.
func IntoGitMsg(target, top string) string {
	return "a symbolic link to " + target + ", into a git folder of the work tree " + top + ": not followed (in a checkout, such a link can stand in for a page or a package, and read the job's git configuration and its token); name what it leads to, or copy it into the snapshot"
}

// Single is a single regular file on disk, a page named on the command
// line, read with the system calls its file system allows.
type Single struct {
	path  string
	calls calls
}

// NewSingle returns the Single at path, a regular file the caller found.
func NewSingle(path string) *Single { return &Single{path: path, calls: callsFor(path)} }

// Read returns the file's bytes in buf[:0], growing buf as needed: at
// most the size the open file has, and an error for anything but a
// regular file.
func (s *Single) Read(buf []byte) ([]byte, error) { return readFile(s.calls, s.path, buf) }

// Path is the file's path, as NewSingle was given it.
func (s *Single) Path() string { return s.path }

// Base is the last element of the file's path.
func (s *Single) Base() string { return filepath.Base(s.path) }

// File is a file a Folder's walk found.
type File struct {
	// Name is the folder's path joined with the file's path in it.
	Name string
	// Base is the last element of Name.
	Base string
	// Mode holds the file's type bits (fs.ModeType), a symbolic link
	// followed.
	Mode fs.FileMode
	// Size is the file's size in bytes, or -1 when the walk does not know
	// it (a file of the folder: Read finds it).
	Size int64
	// Handle is how Read reads the file.
	Handle *Handle
}

// Problem is what is wrong with one file or folder a walk meets: a
// warning or an error, by where Walk returns it.
type Problem struct {
	File string
	Msg  string
}

// Handle is how a Folder reads a file: the calls to make (see
// calls), and the root its walk opened (nil: none, read the whole path)
// with the prefix its files' names have (the root's clean path and a
// separator).
type Handle struct {
	c      calls
	root   *dirRoot
	prefix string
}

// dirRoot is the folder a Walk opened (openRoot), in which the walk and
// the reads of its files open their names. The loader closes it once the
// files are read (Handle.Walked); one that is never closed so (a
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

// Walked closes the root of h's walk: the loader calls it once it has
// read the files the walk gave. Any handle of a walk closes its root.
func (h *Handle) Walked() {
	if h.root != nil {
		h.root.fd.close()
	}
}

// Path is the folder's path, as NewFolder was given it.
func (s *Folder) Path() string { return s.root }

// Read returns the bytes of the file name in buf[:0], growing buf as
// needed, read as h says (nil: by its whole path); see Single.Read. It may
// be called from several goroutines at once.
func (s *Folder) Read(name string, h *Handle, buf []byte) ([]byte, error) {
	if h == nil {
		return readFile(false, name, buf)
	}
	if r := h.root; r != nil && strings.HasPrefix(name, h.prefix) {
		r.fd.mu.RLock()
		defer r.fd.mu.RUnlock()
		if r.fd.fd >= 0 {
			return readFileAt(h.c, r.fd.fd, name[len(h.prefix):], name, buf)
		}
	}
	return readFile(h.c, name, buf)
}

// Walk calls yield with every file and folder under the folder, in
// lexical order, from one goroutine, and returns the warnings and the
// errors of the walk itself (an unreadable folder, a broken link, a loop).
// The caller calls Walked on one of the files' Handles once it has read
// them.
func (s *Folder) Walk(yield func(File)) (warnings, errs []Problem) {
	// The root is opened by its clean path, the one every File's name
	// starts with, so that what is read is what the names say (the
	// kernel would resolve "link/.." through the link, where Clean takes
	// both away).
	clean := filepath.Clean(s.root)
	root := newDirRoot(clean)
	prefix := join(clean, "")
	w := &walker{seen: map[string]bool{}, yield: yield, root: root,
		handles: [2]*Handle{{false, root, prefix}, {true, root, prefix}},
		within:  s.within, withinName: s.withinName, gitOK: s.gitOK, show: s.show}
	if w.show == nil {
		w.show = asciiShown
	}
	if root != nil {
		w.mount = newRootMount(root.fd.fd)
	}
	w.dir(s.root, clean, "", ".")
	// The folders reached through links, once every folder reached
	// without one is read (see walker.links), in the order of the
	// folders they lead to: of a link to a folder and one to a folder in
	// it, the first is read first, whatever their names. The links
	// found in those folders are read next, in the same way.
	for len(w.links) > 0 {
		batch := w.links
		w.links = nil
		for i := range batch {
			if r, err := filepath.EvalSymlinks(batch[i].path); err == nil {
				batch[i].real = r
			}
		}
		slices.SortStableFunc(batch, func(a, b linkedDir) int { return strings.Compare(a.real, b.real) })
		for _, l := range batch {
			w.dir(l.path, l.path, l.real, l.rel)
		}
	}
	runtime.KeepAlive(root) // not closed by its cleanup while the walk lists through it
	return w.warnings, w.errs
}

// walker walks a tree in lexical order. Symbolic links are followed, to
// files and to directories (a package folder may be a link, and so may
// the root); a directory already read, through a loop or a second path,
// is not read again and gives a warning, so the walk ends. The folders
// reached through a link are read after all the others, in the order of
// their real paths, so that which path to a folder is the second does not
// depend on the names: read in name order, a link "alink" to the package
// folder "llvm" was read as a package of its own (an error: a page titled
// llvm in folder alink), where a link "lnk" to it was the second path (a
// warning); so was a link "allvm" to store/llvm beside a link "zall" to
// store. Folders whose names start with a dot (.git) are skipped.
type walker struct {
	seen     map[string]bool // real paths of the directories read
	links    []linkedDir     // folders reached through a link, to read last
	warnings []Problem
	errs     []Problem
	yield    func(File)
	buf      []byte // readDir's
	// root is the open root folder (nil: none), in which rel paths are
	// opened; handles are the Handles of its files, by their calls.
	root    *dirRoot
	handles [2]*Handle
	// mount is what the walk knows of the root's own file system (see
	// rootMount): the folders on it need not be asked theirs.
	mount rootMount
	// within, when not "", is the real path of the folder the links
	// must lead into (Within), withinName its name; gitOK as Folder's.
	within, withinName string
	gitOK              bool
	show               func(string) string // names a path in an error (Within)
}

// linkedDir is a folder reached through a symbolic link: its path as the
// user's root reaches it, and in the root, and its real path ("": not
// found, w.dir says why).
type linkedDir struct{ path, rel, real string }

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
			w.errs = append(w.errs, Problem{File: path, Msg: StatMessage(err)})
			return
		}
	}
	if w.seen[realPath] {
		w.warnings = append(w.warnings, Problem{File: path, Msg: "symbolic link to a directory already read (a loop, or a second path to it): not followed"})
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
		w.errs = append(w.errs, Problem{File: path, Msg: StatMessage(err)})
		return
	}
	if len(entries) == 0 && rel != "." {
		// What a git submodule not checked out leaves: its package would
		// read as removed, where REV:PATH refuses the submodule.
		w.warnings = append(w.warnings, Problem{File: path, Msg: EmptyFolderMsg})
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
					w.errs = append(w.errs, Problem{File: sub, Msg: w.brokenLink(sub, err)})
				} else {
					w.warnings = append(w.warnings, Problem{File: sub, Msg: w.brokenLink(sub, err)})
				}
				continue
			}
			typ, size = info.Mode().Type(), info.Size()
			if w.within != "" {
				// Resolved from an absolute path: a walk of a relative
				// folder resolved a link to a relative path, never
				// inside the work tree's real (absolute) one.
				if target, err := absReal(sub); err == nil && !inside(w.within, target) {
					w.errs = append(w.errs, Problem{File: sub, Msg: "a symbolic link to " + linkword.Shown(target) + ", outside the git work tree " + w.show(w.withinName) + ": not followed (in a checkout, such a link can stand in for a page or a package); copy what it leads to into the snapshot, or give a folder outside the work tree"})
					continue
				} else if err == nil && !w.gitOK && intoGit(w.within, target) {
					w.errs = append(w.errs, Problem{File: sub, Msg: IntoGitMsg(linkword.Shown(target), w.show(w.withinName))})
					continue
				}
			}
		}
		h := w.handles[0]
		if direct {
			h = w.handles[1]
		}
		w.yield(File{Name: sub, Base: name, Mode: typ, Size: size, Handle: h})
		switch {
		case !typ.IsDir() || strings.HasPrefix(name, "."):
		case e.typ&fs.ModeSymlink != 0:
			w.links = append(w.links, linkedDir{path: sub, rel: join(rel, name)})
		default:
			w.dir(sub, sub, subReal, join(rel, name))
		}
	}
}

// EmptyFolderMsg is the warning of an empty folder under the root.
const EmptyFolderMsg = "an empty folder: nothing read from it (a git submodule not checked out is one: `git submodule update --init` fetches its pages)"

// absReal is the absolute path p leads to, every link on the way
// followed.
func absReal(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// asciiShown is a path as the walk names it when its caller says not
// how (Within): as it is when it is printable ASCII, else quoted in
// ASCII.
func asciiShown(p string) string {
	for i := 0; i < len(p); i++ {
		if p[i] < 0x20 || p[i] >= 0x7f {
			return strconv.QuoteToASCII(p)
		}
	}
	return p
}

// brokenLink is the message of the link sub, whose stat failed with
// err, in cachediff's words: where it leads, and a loop told from a
// chain longer than the system follows (LoopMessage). In the system's
// words a link to nothing was "broken symbolic link: no such file or
// directory", naming no target, and a loop "broken symbolic link: too
// many levels of symbolic links".
func (w *walker) brokenLink(sub string, err error) string {
	switch {
	case errors.Is(err, syscall.ELOOP):
		return "broken symbolic link: " + LoopMessage(sub)
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR), errors.Is(err, syscall.ENAMETOOLONG):
		// Under a file (../file/x) or to a name too long, as
		// snapshot.BrokenLinkOn says a path given so: "broken symbolic
		// link: not a directory" named no target.
		if to, rerr := os.Readlink(sub); rerr == nil {
			return "broken symbolic link (to " + linkword.Shown(to) + "), which leads to nothing"
		}
	}
	return "broken symbolic link: " + StatMessage(err)
}

// intoGit reports whether the real path p, under dir, lies in a .git
// folder of it (InGitDir).
func intoGit(dir, p string) bool {
	r, err := filepath.Rel(dir, p)
	return err == nil && InGitDir(r)
}

// inside reports whether the real path p is dir or under it.
func inside(dir, p string) bool {
	r, err := filepath.Rel(dir, p)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) && !filepath.IsAbs(r)
}

// NotRegularError is the error for a file that is not a regular file.
type NotRegularError struct{ Mode fs.FileMode }

func (e NotRegularError) Error() string { return "not a regular file (" + FileKind(e.Mode) + ")" }

// StatMessage is the message, for a file's name, of an error finding,
// opening or reading it: "no such file or directory", "permission
// denied", or the system's own words, without the path.
func StatMessage(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or directory"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

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
