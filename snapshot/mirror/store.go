package mirror

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/cachediff/cachediff/internal/linkword"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/dirsrc"
)

// ErrNotFound is the error of Store.Get for a file the mirror does not
// have.
var ErrNotFound = errors.New("not found")

// ErrNoListing is the error of Store.List for a store that cannot list a
// folder (a web server).
var ErrNoListing = errors.New("cannot list folders")

// Store reads the files of a mirror by their paths relative to its root
// (v3/layout.json, blobs/sha256/ab/ab…). Its methods may be called from
// several goroutines at once.
type Store interface {
	// Name is the mirror as the user named it: a folder, REV:PATH, a URL
	// (without credentials).
	Name() string
	// Get returns the file at rel, which is at most limit bytes: a
	// larger one is an error (ErrTooBig, wrapped, told before the file
	// is read whole where its size is known), and so is anything but a
	// regular file.
	// A missing file is ErrNotFound (wrapped).
	Get(rel string, limit int64) ([]byte, error)
	// List returns the paths of the regular files under the folder rel,
	// recursively, relative to the root and sorted; ErrNoListing when the
	// store cannot list; none when the folder is missing. Files that are
	// not regular (a symbolic link, a FIFO, a submodule in a tree) are
	// listed too, with a *NotRegularError that names each.
	List(rel string) ([]string, error)
}

// NotRegularError is List's error when files under the folder are not
// regular: its message is the first met's, and Errs holds each one's,
// by path (its message beginning with the path, as a message names a
// file of the mirror). A link among a v3 mirror's spec manifests failed
// the whole mirror, even with --skip-invalid, where a folder's
// symbolically linked page is a skip entry of its own: the spec
// manifests' reading makes each a bad manifest (specFiles).
type NotRegularError struct {
	Errs  map[string]error
	first error
}

func (e *NotRegularError) Error() string { return e.first.Error() }

// add notes rel's error, the listing's if it is the first met.
func (e *NotRegularError) add(rel string, err error) {
	if e.first == nil {
		e.first = err
		e.Errs = map[string]error{}
	}
	e.Errs[rel] = err
}

// orNil is e, or nil when it notes no file.
func (e *NotRegularError) orNil() error {
	if e.first == nil {
		return nil
	}
	return e
}

// Dir is a mirror in a folder on disk.
type Dir string

// Name is the folder.
func (d Dir) Name() string { return string(d) }

// path is root/rel.
func (d Dir) path(rel string) string { return filepath.Join(string(d), filepath.FromSlash(rel)) }

// Get reads root/rel, refusing what is not a regular file and a file over
// limit bytes before it reads it. Its errors name rel, and the path a
// link leads to, as a message names a file of the mirror (shownRel,
// shownFull): raw, a link to "/tmp/x<newline>y" put a line of its own
// in "a symbolic link out of the mirror", and a view's folder gе (its е
// Cyrillic) read as ge in "not a regular file".
func (d Dir) Get(rel string, limit int64) ([]byte, error) {
	p := d.path(rel)
	at := shownRel(rel)
	// Stat before opening: opening a FIFO waits for a writer.
	if fi, err := os.Stat(p); err != nil {
		if astray := d.linkAstray(rel, err); astray != nil {
			return nil, astray
		}
		if notThere(err) {
			return nil, fmt.Errorf("%s: %w", at, ErrNotFound)
		}
		return nil, denied(at, err)
	} else if !fi.Mode().IsRegular() {
		return nil, notRegular(at, fi.Mode())
	}
	if err := d.inside(rel, p); err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		if notThere(err) {
			return nil, fmt.Errorf("%s: %w", at, ErrNotFound)
		}
		return nil, denied(at, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, shownPathErr(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(at, fi.Mode())
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("%s: %d bytes, %w of %d", at, fi.Size(), ErrTooBig, limit)
	}
	data := make([]byte, 0, fi.Size()+1)
	data, err = readAll(f, data, limit)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", at, shownPathErr(err))
	}
	return data, nil
}

// notRegular is the error of the file at (as shownRel names it), of
// mode, which is no regular file: what it is said, as the loader says
// it of a page (dirsrc.FileKind). An index manifest that is a folder, a FIFO
// or a socket was "v3/manifests/index/index.manifest.json: not a
// regular file", which did not say what it is.
func notRegular(at string, mode fs.FileMode) error {
	return fmt.Errorf("%s: not a regular file (%s)", at, dirsrc.FileKind(mode))
}

// notThere reports whether err, of a file's stat or open, says it is not
// there: absent, under a name that is a file (ENOTDIR), not a folder,
// or of a name longer than a file's can be (ENAMETOOLONG: --view of
// 9,000 characters was "stat …: file name too long", its path whole,
// past the command's line cap of 8 KB).
// Told in the system's words, a folder holding a file named build_cache,
// given as a file:// URL, was "stat …/build_cache/index.json.hash: not a
// directory", not that it is no mirror, and --view of a file among the
// views "stat …/v3/manifests/index/gpu.json/index.manifest.json: not a
// directory", not that the mirror has no such view.
func notThere(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.ENAMETOOLONG)
}

// denied is err, of the stat or open of the file at (as shownRel names
// it), said of that file where the system denied it (EACCES, EPERM):
// in the system's words a mode-000 index manifest was "open
// /m/v3/manifests/index/index.manifest.json: permission denied", after
// "loading /m: ", the folder named twice and nothing said of the mirror.
// Any other error is as shownPathErr gives it.
func denied(at string, err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return deniedError{at}
	}
	return shownPathErr(err)
}

// deniedError is denied's error of the file at (as shownRel names it).
type deniedError struct{ at string }

func (e deniedError) Error() string {
	return e.at + ": " + deniedWhy + "; the mirror is not read without it"
}

// deniedWhy is what deniedError says is wrong.
const deniedWhy = "permission denied: the user cachediff runs as may not read it, or search a folder on its path"

// linkAstray is the error of the file rel, whose stat failed with err,
// when a symbolic link is the cause, nil otherwise: its path leads
// through links in a loop (ELOOP), or rel, or a folder on its path, is a
// link to nothing, that link named. Told as absent (ErrNotFound), a v3
// mirror whose index manifest is a broken link was read from its spec
// manifests without a word, where its git tree is refused ("a broken
// symbolic link (to …), which leads to no file"), and --view gpu
// of a view's folder linked to nothing said `no view "gpu": …: not
// found (the mirror has no views)`; and a loop was "stat
// /m/v3/…/index.manifest.json: too many levels of symbolic links", the
// system's words, the folder named twice.
func (d Dir) linkAstray(rel string, err error) error {
	if errors.Is(err, syscall.ELOOP) {
		return astrayError{rel, dirsrc.LoopMessage(d.path(rel)) + ", to no file"}
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	names := strings.Split(rel, "/")
	for i := range names {
		at := strings.Join(names[:i+1], "/")
		p := d.path(at)
		fi, lerr := os.Lstat(p)
		if lerr != nil {
			return nil // not there: no link astray
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		if _, serr := os.Stat(p); !errors.Is(serr, fs.ErrNotExist) {
			continue // a link that leads somewhere
		}
		to, rerr := os.Readlink(p)
		if rerr != nil {
			return nil
		}
		what := "file"
		if i < len(names)-1 {
			what = "folder"
		}
		return astrayError{at, fmt.Sprintf("a broken symbolic link (to %s), which leads to no %s", linkword.Shown(to), what)}
	}
	return nil
}

// astrayError is linkAstray's error: the file rel of the mirror, or the
// folder on its path at, is a link to nothing, or its path leads through
// links in a loop (why). Where Spack reads a mirror without the file
// (build_cache/index.json.hash), it is read so (v2IndexHash's probe),
// not refused.
type astrayError struct{ at, why string }

func (e astrayError) Error() string { return shownRel(e.at) + ": " + e.why }

// inside refuses p, the file rel of the mirror, when it is a symbolic
// link (or under one) that leads out of the mirror's folder, or into a
// .git folder in it: in a checkout, such a link would stand in for the
// mirror's own file. A link inside the mirror, and a mirror folder that
// is a link itself, are followed.
func (d Dir) inside(rel, p string) error {
	resolved, err := filepath.EvalSymlinks(p)
	if err != nil {
		return shownPathErr(err)
	}
	// Named whole, from the top: relative as the mirror's folder was
	// given ("m2"), a link to ../../.git/config was "(to .git/config)",
	// read beside the link, in the mirror it leads out of.
	shown := resolved
	if abs, err := filepath.Abs(resolved); err == nil {
		shown = abs
	}
	root, err := filepath.EvalSymlinks(string(d))
	if err != nil {
		return shownPathErr(err)
	}
	r, err := filepath.Rel(root, resolved)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s: a symbolic link out of the mirror (to %s): not followed, as it would stand in for the mirror's own file", shownRel(rel), linkword.Shown(shown))
	}
	if dirsrc.InGitDir(r) && !dirsrc.InGitDir(filepath.FromSlash(rel)) {
		// A mirror folder that holds a repository (its work tree's
		// top): a link into its .git reads the git configuration, which
		// holds a job's token, as the mirror's file.
		return fmt.Errorf("%s: a symbolic link into the mirror's git folder (to %s): not followed, as it would stand in for the mirror's own file", shownRel(rel), linkword.Shown(shown))
	}
	return nil
}

// shownFull is a path as a message names it: as it is when of printable
// ASCII, else quoted in ASCII; whole where that is at most
// snapshot.MaxPathShown bytes, else its head and tail about the cut's mark, as the loader
// names a path (snapshot.CutShown). Whole, a link out of a mirror under
// a folder of ~1,800 Cyrillic characters named its target in 14 KB,
// past the command's line cap of 8 KB, which cut what was wrong with it.
func shownFull(p string) string {
	return snapshot.CutShown(p, snapshot.MaxPathShown, func(p string) string {
		if plainText(p) {
			return p
		}
		return strconv.QuoteToASCII(p)
	})
}

// shownPathErr is err, of the os package, its path named as shownFull
// names it: an *fs.PathError's path was written as it is, "stat
// /m<newline>x/...: permission denied".
func shownPathErr(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok && !plainText(pe.Path) {
		return &fs.PathError{Op: pe.Op, Path: shownFull(pe.Path), Err: pe.Err}
	}
	return err
}

// maxLeadingSpace bounds the whitespace a file may begin with: a v2
// index.json of 1 GiB of spaces was read whole under --max-download's
// 4 GiB (a minute, 3 times its size in memory) to be told then that it
// holds no JSON value. No index, manifest or blob begins with more than
// a few bytes of it.
const maxLeadingSpace = 1 << 20

// errOnlySpace is the error of a file that begins with more than
// maxLeadingSpace bytes of whitespace: it is read no further.
var errOnlySpace = fmt.Errorf("it begins with more than %d bytes of whitespace, as no Spack index, manifest or blob does: not read further", maxLeadingSpace)

// isSpace reports whether c is JSON whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// ErrTooBig is the error of a file over the limit it was read with
// (wrapped): a Store's Get returns it for a file larger than its limit,
// which for a blob is the length its manifest gives.
var ErrTooBig = errors.New("over the limit")

// readAll reads r to its end into buf, failing past limit bytes; the
// buffer never grows past limit+1.
func readAll(r io.Reader, buf []byte, limit int64) ([]byte, error) {
	return readAllToward(r, buf, limit, -1)
}

// readAllToward is readAll of a reader whose length is said to be want
// (-1: unknown): its buffer grows 4 times at a time, and to want+1 at
// most while the data fits it, so that a true length costs one buffer
// and a quarter at most, and a false one no more than what arrived
// four times over.
func readAllToward(r io.Reader, buf []byte, limit, want int64) ([]byte, error) {
	bound := limit + 1
	if bound < limit { // limit is math.MaxInt64, the most --max-download takes
		bound = limit
	}
	lr := io.LimitReader(r, bound)
	space := 0 // the bytes of JSON whitespace the data begins with, -1 past them
	for {
		if len(buf) == cap(buf) {
			n := int64(len(buf))
			grow := max(512, n) // twice as large
			if want > n {
				grow = min(max(512, 3*n), want-n) // 4 times as large, at most want+1
				if grow == want-n && grow < bound-n {
					grow++ // room to read the end
				}
			}
			buf = slices.Grow(buf, int(min(grow, bound-n)))
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, fmt.Errorf("%w of %d bytes", ErrTooBig, limit)
		}
		for space >= 0 && space < len(buf) && isSpace(buf[space]) {
			space++
		}
		if space > maxLeadingSpace {
			return nil, errOnlySpace
		}
		if space >= 0 && space < len(buf) {
			space = -1 // a byte past the whitespace: no more to count
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// List walks root/rel. Its errors name a path as Get's do (shownFull,
// shownPathErr): a link among the spec manifests under a folder zlіb (its
// і Cyrillic) was named raw, read as zlib's, and a folder "x<newline>y"
// put a line of its own in the message.
func (d Dir) List(rel string) ([]string, error) {
	top := filepath.Join(string(d), filepath.FromSlash(rel))
	var out []string
	var odd NotRegularError
	err := filepath.WalkDir(top, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == top && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return shownPathErr(err)
		}
		if e.IsDir() {
			return nil
		}
		r, err := filepath.Rel(string(d), p)
		if err != nil {
			return err
		}
		out = append(out, filepath.ToSlash(r))
		if !e.Type().IsRegular() {
			// A link or a special file among the manifests would be left
			// out without a word, and its spec with it.
			// The whole listing's error names its path in full, as
			// before; the file's own, relative, as Get's do.
			// Named from the mirror's root, as Get names a file, and
			// a tree's List: the listing's error, named in full, came
			// after "loading ROOT/v3/manifests/spec: ", the folder
			// named twice.
			// Said of manifests only among a v3 mirror's: a v2
			// mirror's build_cache/ holds none, and its link (a
			// tarball's) was said to be one of "a mirror's manifests".
			why := fmt.Errorf("%s: %s, not a regular file", shownRel(filepath.ToSlash(r)), dirsrc.FileKind(e.Type()))
			if rel == "v3/manifests" || strings.HasPrefix(rel, "v3/manifests/") {
				why = fmt.Errorf("%w: a mirror's manifests are read as they are, not followed", why)
			}
			odd.add(filepath.ToSlash(r), why)
		}
		return nil
	})
	slices.Sort(out)
	if err != nil {
		return out, err
	}
	return out, odd.orNil()
}

// IsV3 reports whether the folder is the root of a layout-v3 mirror: it
// holds v3/layout.json, or an index manifest.
func IsV3(dir string) bool { return DirLayout(dir) == LayoutV3 }

// DirLayout returns the layout of the mirror whose root is dir: LayoutV3
// when it holds v3/layout.json or an index manifest, LayoutV2 when it
// holds build_cache/index.json, "" when it is no mirror's root. A file
// so named that is a symbolic link to nothing, or in a loop, is held
// (and refused by Open, naming the link): a v2 mirror whose index.json
// was a broken link was read as a folder of pages, "no package pages
// found under m/: is this a _cache/<tag> folder?", where its file://
// URL said "build_cache/index.json: a broken symbolic link (to gone)".
// A folder that holds pages or a lockfile (DirNotMirrorContent) is no
// mirror's root by such a link alone: a catalogue with a stray
// build_cache/index.json link to nothing was refused as "the root of a
// Spack mirror (layout v2)" that also holds pages, its hint to "name the
// mirror's index" naming a link to nothing; it is read as its pages,
// the link warned of, as before.
func DirLayout(dir string) string {
	pages := sync.OnceValue(func() bool { return DirNotMirrorContent(dir) != "" })
	is := func(rel string) bool {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		fi, err := os.Stat(p)
		if err != nil {
			li, lerr := os.Lstat(p)
			return lerr == nil && li.Mode()&fs.ModeSymlink != 0 && (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ELOOP)) && !pages()
		}
		return !fi.IsDir()
	}
	switch {
	case is("v3/layout.json"), is(indexManifest):
		return LayoutV3
	case is(v2Index):
		return LayoutV2
	}
	return ""
}

// nearIndex is the path, relative to the root, of a file whose path is
// near a mirror's index's but not it, by case, white space at an end or
// a '-' for a '_' (build_cache/Index.json, build-cache/index.json,
// v3/manifests/index/Index.manifest.json); "" when there is none. A
// folder of such a file given as file:// was told only that it holds
// neither index, where the folder read as a snapshot reads the file by
// content. Only the folders on the way are read, one level each.
func (d Dir) nearIndex() string {
	norm := func(s string) string { return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "-", "_") }
	for _, want := range []string{v2Index, indexManifest} {
		paths := []string{""}
		for _, part := range strings.Split(want, "/") {
			var next []string
			for _, dir := range paths {
				entries, _ := os.ReadDir(filepath.Join(string(d), filepath.FromSlash(dir)))
				for _, e := range entries {
					if norm(e.Name()) == part {
						next = append(next, path.Join(dir, e.Name()))
					}
				}
			}
			paths = next
		}
		for _, p := range paths {
			if p != want {
				return p
			}
		}
	}
	return ""
}

// under reports whether rel is a clean path below the root (no .., not
// absolute): a listed or computed path that may be read.
func under(rel string) bool {
	return rel != "" && !strings.HasPrefix(rel, "/") && !slices.Contains(strings.Split(rel, "/"), "..")
}

// NotMirrorContent returns the first of rels (paths relative to a
// mirror's root, slash-separated) that is no part of a Spack mirror but
// a snapshot's of another kind: a catalogue page (<package>/specs.md, or
// specs.md) or an environment's lockfile (spack.lock) at the root or one
// folder below it; "" when there is none. A mirror is read through its
// index alone, so that what else its folder holds would be dropped
// without a word: a folder of catalogue pages holding a build_cache/
// beside them was read as the build cache, its pages left out.
func NotMirrorContent(rels []string) string {
	for _, r := range rels {
		parts := strings.Split(r, "/")
		if len(parts) > 2 {
			continue
		}
		if base := parts[len(parts)-1]; base == "specs.md" || base == "spack.lock" {
			return r
		}
	}
	return ""
}

// DirNotMirrorContent is NotMirrorContent of the folder dir, the root of
// a mirror on disk: its entries and the entries of its folders, by name
// (one listing of the root, and a look-up of the two names in each of its
// folders).
func DirNotMirrorContent(dir string) string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var rels []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		rels = append(rels, e.Name())
		if e.IsDir() || e.Type()&fs.ModeSymlink != 0 {
			for _, name := range []string{"specs.md", "spack.lock"} {
				if _, err := os.Lstat(filepath.Join(dir, e.Name(), name)); err == nil {
					rels = append(rels, e.Name()+"/"+name)
				}
			}
		}
	}
	return NotMirrorContent(rels)
}

// MixedMessage is the error's message for a mirror's root of layout
// that holds rel, which is no part of a mirror (NotMirrorContent).
func MixedMessage(layout, rel string) string {
	return fmt.Sprintf("this folder is the root of a Spack mirror (layout %s), which is read through its index alone, and it also holds %s, which is no part of a mirror and would be left out without a word; a snapshot is one or the other: name the mirror's index, or a folder without the mirror", layout, rel)
}

// NewNotRegularError is List's error of a store of another package (a
// git tree): errs holds each path's error, the first of paths met first.
func NewNotRegularError(paths []string, errs map[string]error) error {
	var e NotRegularError
	for _, p := range paths {
		e.add(p, errs[p])
	}
	return e.orNil()
}
