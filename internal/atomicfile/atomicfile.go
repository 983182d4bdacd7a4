// Package atomicfile writes a file as a whole or not at all: a streaming
// writer that writes to a temporary file beside the target and renames it
// into place when it is closed, so that a reader never sees a half-written
// report and a failed run leaves the old file as it was. A process about
// to die of a signal removes the temporary files it has open with
// RemoveTemporary.
//
// It owns the rules of cachediff --output: where a name leads (symbolic
// links are followed, and stay links), what is written in place (devices
// and pipes: /dev/stdout, /dev/null, a FIFO), what is refused (a folder; a
// file the user could not write with a plain open, such as a read-only file
// of another user in a writable folder), and the mode of the result (a new
// file as a shell redirect makes it, 0666 less the umask; a replaced file
// keeps its mode).
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// File is a file being written. Write to it, then Close to put it in
// place, or Abort to leave everything as it was. After Close or Abort,
// further calls do nothing (Abort after Close keeps the file), so that
// `defer f.Abort()` is safe on every path.
type File struct {
	name   string   // as given, for messages
	target string   // the regular file to replace or create; "" for a device
	f      *os.File // the temporary file, or the device itself
	mode   fs.FileMode
	chmod  bool // set mode before the rename (a replaced file)
	done   bool
	err    error // the first write error
}

// Create opens path for writing:
//
//   - a regular file, new or not, through a temporary file in its folder
//     that Close renames over it;
//   - a symbolic link to one by writing the file it names, so that the
//     link stays, also when that file does not exist yet (a dangling link:
//     the file is created where it points, relative to the link's folder);
//   - anything else that is not a folder (a device, a pipe) in place, since
//     renaming a file over a device would replace the device.
//
// An existing file that could not be opened for writing (read-only, or
// another user's) is refused, although renaming over it would work in a
// folder the user may write: the replacement would do what the user may
// not. Errors name path ("writing PATH: ...", "through the link PATH:
// writing TARGET: ...").
func Create(path string) (*File, error) {
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		return nil, fmt.Errorf("writing %s: is a directory", path)
	case err == nil && !info.Mode().IsRegular():
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("writing %s: %w", path, unwrapPath(err))
		}
		return &File{name: path, f: f}, nil
	case err != nil:
		info = nil // nothing there, or a link to nothing (or to itself)
	}
	// A regular file to replace, or one to create: follow the links to the
	// name to write, one way for both (a link to nothing names the file to
	// create, where it points).
	target, err := linkTarget(path)
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	f, err := create(target, info)
	if err != nil {
		if target != path {
			return nil, fmt.Errorf("through the link %s: %w", path, err)
		}
		return nil, err
	}
	f.name = path
	return f, nil
}

// create starts the temporary file for the regular file path, which
// exists when info is not nil.
func create(path string, info fs.FileInfo) (*File, error) {
	perm := fs.FileMode(0o666) // a new file: the umask applies, as for a shell redirect
	chmod := false
	if info != nil {
		// Opening for writing, without truncating, asks the system whether
		// the user may write the file: permission bits, owner, ACLs,
		// read-only mounts, root.
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("writing %s: %w", path, unwrapPath(err))
		}
		f.Close()
		// Private until the rename, then the replaced file's mode.
		perm, chmod = 0o600, true
	}
	dir, base := filepath.Split(path)
	// In the folder as written, not cleaned: of x/../out.md, Join made
	// the temporary file in the current folder, which the rename to
	// x/../out.md then failed (no folder x) or crossed (x a link to
	// another folder), once the whole report was written.
	prefix := dir + "." + tempBase(base) + ".tmp-"
	if dir == "" {
		dir = "."
	}
	for try := 0; ; try++ {
		name := prefix + strconv.FormatUint(uint64(rand.Uint32()), 10)
		f, err := temporary.create(name, perm)
		switch {
		case err == nil:
			fi := &File{name: path, target: path, f: f, chmod: chmod}
			if info != nil {
				fi.mode = info.Mode().Perm()
			}
			return fi, nil
		case errors.Is(err, errRemoved):
			return nil, fmt.Errorf("writing %s: %w", path, errRemoved)
		case errors.Is(err, fs.ErrExist) && try < 10000:
			continue
		}
		var pe *fs.PathError
		if errors.As(err, &pe) { // name the directory, not the temporary file
			err = fmt.Errorf("directory %s: %w", dir, pe.Err)
		}
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
}

// maxTempBase is the most bytes of a file's name that its temporary
// file's name holds: "." and ".tmp-" and a number of up to 10 digits
// around it make at most 255 bytes, the longest name most file systems
// take (NAME_MAX).
const maxTempBase = 255 - len(".") - len(".tmp-") - 10

// tempBase is base, the name of the file to write, as its temporary
// file's name holds it: without a leading dot, and cut to maxTempBase
// bytes (not inside a character). A name of 240 to 255 bytes, which the
// file system takes, made a temporary name it refused: -o with such a
// name failed, "file name too long", where a shell's > writes it.
func tempBase(base string) string {
	b := strings.TrimPrefix(base, ".")
	if len(b) > maxTempBase {
		n := maxTempBase
		for n > 0 && !utf8.RuneStart(b[n]) {
			n--
		}
		b = b[:n]
	}
	return b
}

// Name returns the path given to Create.
func (f *File) Name() string { return f.name }

// Write writes p to the temporary file (or the device). Errors name the
// path given to Create.
func (f *File) Write(p []byte) (int, error) {
	if f.done {
		return 0, fmt.Errorf("writing %s: %w", f.name, fs.ErrClosed)
	}
	n, err := f.f.Write(p)
	if err != nil {
		err = f.wrap(err)
		if f.err == nil {
			f.err = err
		}
	}
	return n, err
}

// wrap names the target in an error of the temporary file.
func (f *File) wrap(err error) error {
	err = unwrapPath(err)
	if f.target != "" && f.target != f.name {
		return fmt.Errorf("through the link %s: writing %s: %w", f.name, f.target, err)
	}
	return fmt.Errorf("writing %s: %w", f.name, err)
}

// InPlace reports whether the file is written in place, as a device or a
// pipe is (Create), not through a temporary file that Close renames:
// what is written there is seen at once, whole or not.
func (f *File) InPlace() bool { return f.target == "" }

// Close puts the file in place: the data is synced to disk, the mode set,
// and the temporary file renamed over the target. When a write failed,
// Close aborts instead and returns that error; on any error nothing is
// left behind and the target is as it was.
func (f *File) Close() error {
	if f.done {
		return nil
	}
	if f.err != nil {
		f.Abort()
		return f.err
	}
	f.done = true
	if f.target == "" { // a device or a pipe
		if err := f.f.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", f.name, unwrapPath(err))
		}
		return nil
	}
	err := f.commit()
	if err != nil {
		f.f.Close()
		os.Remove(f.f.Name())
	}
	if temporary.remove(f.f.Name()) && err != nil { // after the rename: until then a signal removes it
		// The temporary file was removed by RemoveTemporary: the
		// rename's "no such file or directory" named no cause.
		err = errRemoved
	}
	if err != nil {
		return f.wrap(err)
	}
	return nil
}

func (f *File) commit() error {
	if f.chmod {
		if err := f.f.Chmod(f.mode); err != nil {
			return err
		}
	}
	if err := f.f.Sync(); err != nil { // the data is on disk before the name is
		return err
	}
	if err := f.f.Close(); err != nil {
		return err
	}
	return os.Rename(f.f.Name(), f.target)
}

// Abort removes the temporary file and leaves the target as it was (a
// device has what was written to it already). It does nothing after
// Close.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.f.Close()
	if f.target != "" {
		os.Remove(f.f.Name())
		temporary.remove(f.f.Name())
	}
}

// temporary are the names of the temporary files of the Files neither
// closed nor aborted, which RemoveTemporary removes.
var temporary pending

// pending is a set of temporary files' names. Once removed, it takes no
// more.
type pending struct {
	mu      sync.Mutex
	names   map[string]bool
	removed bool
}

// errRemoved is the error of a Create after RemoveTemporary.
var errRemoved = errors.New("the process is stopping (its temporary files were removed)")

// create creates the temporary file name and adds it, under the lock
// RemoveTemporary takes: a signal that comes while the file is being
// created waits for it to be listed, and then removes it (created and
// listed apart, a file the signal came between was left behind). After
// RemoveTemporary it creates nothing: errRemoved.
func (p *pending) create(name string, perm fs.FileMode) (*os.File, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.removed {
		return nil, errRemoved
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return nil, err
	}
	if p.names == nil {
		p.names = map[string]bool{}
	}
	p.names[name] = true
	return f, nil
}

// remove unlists name; it reports whether RemoveTemporary has run.
func (p *pending) remove(name string) (removed bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.names, name)
	return p.removed
}

// RemoveTemporary removes the temporary file of every File of the process
// neither closed nor aborted, leaving each target as it was, and makes
// every later Create fail: it is for a process about to die of a signal
// (SIGINT, SIGTERM, SIGHUP), which runs no deferred Abort. A Close that
// runs at the same time either puts its file in place or fails; nothing
// else of a File is removed. It is safe to call from any goroutine, and
// more than once.
func RemoveTemporary() {
	temporary.mu.Lock()
	defer temporary.mu.Unlock()
	temporary.removed = true
	for name := range temporary.names {
		removeNow(name)
	}
	clear(temporary.names)
}

// removeNow removes name, a file or a folder of MkdirTemp's. A folder is
// first renamed out of its name: another process may be writing in it
// by name (git update-index, the temporary index of git check-attr, as
// index.lock renamed to index), and a file it made between RemoveAll's
// reading the folder and removing it left the folder, not empty, in
// TMPDIR. Renamed, it takes no new file by its name, and what is in it
// goes with it.
func removeNow(name string) {
	if info, err := os.Lstat(name); err == nil && info.IsDir() {
		gone := name + ".removed"
		if os.Rename(name, gone) == nil {
			name = gone
		}
	}
	os.RemoveAll(name)
}

// CreateTemp creates a new file in dir ("" for the temporary folder, as
// os.CreateTemp), named as os.CreateTemp names it
// after pattern (its last "*" replaced by a random number), that
// RemoveTemporary removes until Release is called with its name: for a
// file written and then renamed into place by other code than File (the
// download cache), which a signal would otherwise leave behind. After
// RemoveTemporary it creates nothing.
func CreateTemp(dir, pattern string) (*os.File, error) {
	prefix, suffix := pattern, ""
	if i := strings.LastIndexByte(pattern, '*'); i >= 0 {
		prefix, suffix = pattern[:i], pattern[i+1:]
	}
	prefix = filepath.Join(tempDir(dir), prefix)
	for try := 0; ; try++ {
		f, err := temporary.create(prefix+strconv.FormatUint(uint64(rand.Uint32()), 10)+suffix, 0o600)
		if errors.Is(err, fs.ErrExist) && try < 10000 {
			continue
		}
		return f, err
	}
}

// MkdirTemp creates a new folder in dir (mode 0700; "" for the
// temporary folder, as os.MkdirTemp), named as CreateTemp names a file, that RemoveTemporary removes with all it holds until
// Release is called with its name: for a folder other code (git) writes
// files in, that a signal would otherwise leave behind. After
// RemoveTemporary it creates nothing.
func MkdirTemp(dir, pattern string) (string, error) {
	prefix, suffix := pattern, ""
	if i := strings.LastIndexByte(pattern, '*'); i >= 0 {
		prefix, suffix = pattern[:i], pattern[i+1:]
	}
	prefix = filepath.Join(tempDir(dir), prefix)
	for try := 0; ; try++ {
		name := prefix + strconv.FormatUint(uint64(rand.Uint32()), 10) + suffix
		err := temporary.mkdir(name)
		if errors.Is(err, fs.ErrExist) && try < 10000 {
			continue
		}
		return name, err
	}
}

// tempDir is dir, or the temporary folder for "", as os.CreateTemp and
// os.MkdirTemp read it: filepath.Join("", name) is name, in the current
// folder, which for cachediff is most often the user's work tree.
func tempDir(dir string) string {
	if dir == "" {
		return os.TempDir()
	}
	return dir
}

// mkdir is create for a folder.
func (p *pending) mkdir(name string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.removed {
		return errRemoved
	}
	if err := os.Mkdir(name, 0o700); err != nil {
		return err
	}
	if p.names == nil {
		p.names = map[string]bool{}
	}
	p.names[name] = true
	return nil
}

// Release tells RemoveTemporary to leave the file name, from CreateTemp
// or MkdirTemp, alone: it was renamed into place, or removed. Call it
// after the rename.
func Release(name string) { temporary.remove(name) }

// Target returns the name Create writes for path: path itself, or where
// the symbolic links it is lead (linkTarget), joined without cleaning.
func Target(path string) (string, error) { return linkTarget(path) }

// maxLinks is how many symbolic links linkTarget follows: Linux's limit.
const maxLinks = 40

// linkTarget follows path while it is a symbolic link and returns the
// first name that is not one (path itself when it is not a link). A
// relative target is relative to the link's folder, joined without
// cleaning so that ".." means what the system takes it to mean.
func linkTarget(path string) (string, error) {
	for range maxLinks {
		info, err := os.Lstat(path)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			return path, nil // the write will tell what is wrong, if anything
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", unwrapPath(err)
		}
		if !filepath.IsAbs(target) {
			dir := strings.LastIndexFunc(path, func(r rune) bool { return r < 0x80 && os.IsPathSeparator(uint8(r)) })
			target = path[:dir+1] + target
		}
		path = target
	}
	return "", errors.New("too many levels of symbolic links")
}

// unwrapPath drops the path an *fs.PathError repeats.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
