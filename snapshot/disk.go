package snapshot

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cachediff/cachediff/snapshot/dirsrc"
)

// Open returns the Source of a snapshot on disk: a folder (every file
// under it, in lexical order; symbolic links followed, to files and to
// folders; folders whose names start with a dot, like .git, left out), or
// a single page file. A path that does not exist, or that is neither a
// folder nor a regular file (a FIFO, /dev/zero), is an error. Package
// dirsrc walks and reads them.
func Open(path string) (Source, error) { return OpenWithin(path, "") }

// OpenWithin is Open of a path inside the folder top (a git work tree;
// "" for none), whose walk follows no symbolic link that leads out of top
// (dirsrc.Within): each is an error naming it.
func OpenWithin(path, top string) (Source, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, &Error{File: path, Msg: statMessage(err)}
	}
	switch {
	case info.IsDir():
		if top != "" {
			return &dirSource{dirsrc.Within(path, top)}, nil
		}
		return &dirSource{dirsrc.NewFolder(path)}, nil
	case info.Mode().IsRegular():
		return &fileSource{f: dirsrc.NewSingle(path), size: info.Size()}, nil
	}
	return nil, &Error{File: path, Msg: dirsrc.NotRegularError{Mode: info.Mode().Type()}.Error() + ": a snapshot is a folder of package pages (_cache/<tag>/) or a page file"}
}

// fileSource is a single page file on disk.
type fileSource struct {
	f    *dirsrc.Single
	size int64
}

func (s *fileSource) Path() string { return s.f.Path() }

func (s *fileSource) Walk(yield func(File)) ([]Warning, []*Error) {
	yield(File{Name: s.f.Path(), Base: s.f.Base(), Size: s.size, Root: true})
	return nil, nil
}

func (s *fileSource) Read(f File, buf []byte) ([]byte, error) { return s.f.Read(buf) }

// dirSource is a folder on disk. Each File's Handle is a *dirsrc.Handle,
// whose Walked the loader calls once it has read the walk's files.
type dirSource struct{ d *dirsrc.Folder }

func (s *dirSource) Path() string { return s.d.Path() }

func (s *dirSource) Walk(yield func(File)) ([]Warning, []*Error) {
	ws, es := s.d.Walk(func(f dirsrc.File) {
		yield(File{Name: f.Name, Base: f.Base, Mode: f.Mode, Size: f.Size, Handle: f.Handle})
	})
	var warnings []Warning
	for _, w := range ws {
		warnings = append(warnings, Warning{File: w.File, Message: w.Msg})
	}
	var errs []*Error
	for _, e := range es {
		errs = append(errs, &Error{File: e.File, Msg: e.Msg})
	}
	return warnings, errs
}

// SitePath is the folder's path from the top of the git work tree that
// holds it (the nearest folder at or above it with a .git), else its
// absolute path, slash-separated (SiteSource). The folders above a
// checkout are no part of its site: a checkout at ~/_cache/catalogue
// holds its pages at _cache/<tag>/ of the work tree, not of ~/_cache.
// A path through a symbolic link whose site path has no folder _cache
// is measured where the link leads when a _cache is there: a link
// /tmp/new to a checkout's _cache/develop, or a link dev beside it,
// names that tag's folder, whose pages Jekyll publishes by their place
// in it, and read by the link's name they passed a gate with "no
// changes" while the site showed them elsewhere. A path that names
// _cache itself is kept as given (a checkout's _cache may be a link,
// which Jekyll follows).
func (s *dirSource) SitePath() string {
	abs, err := filepath.Abs(s.d.Path())
	if err != nil {
		return ""
	}
	site := sitePathOf(abs)
	if hasCollection(site) {
		return site
	}
	if resolved, err := filepath.EvalSymlinks(abs); err == nil && resolved != abs {
		if r := sitePathOf(resolved); hasCollection(r) {
			return r
		}
	}
	return site
}

// sitePathOf is SitePath of the absolute path abs.
func sitePathOf(abs string) string {
	for dir := abs; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			rel, err := filepath.Rel(dir, abs)
			if err != nil {
				break
			}
			if rel == "." {
				return "/"
			}
			return "/" + filepath.ToSlash(rel)
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return filepath.ToSlash(abs)
}

// hasCollection tells whether the site path p has a folder named _cache.
func hasCollection(p string) bool {
	return slices.Contains(strings.Split(p, "/"), collectionDir)
}

// RelPath is f's path in the folder, slash-separated (SiteSource): its
// name less the folder's clean path, which the walk's names start with.
func (s *dirSource) RelPath(f File) string {
	prefix := filepath.Clean(s.d.Path())
	switch {
	case prefix == ".":
		prefix = ""
	case !strings.HasSuffix(prefix, string(filepath.Separator)):
		prefix += string(filepath.Separator)
	}
	rel, ok := strings.CutPrefix(f.Name, prefix)
	if !ok {
		return ""
	}
	return filepath.ToSlash(rel)
}

var _ SiteSource = (*dirSource)(nil)

func (s *dirSource) Read(f File, buf []byte) ([]byte, error) {
	h, _ := f.Handle.(*dirsrc.Handle)
	return s.d.Read(f.Name, h, buf)
}

// statMessage is dirsrc.StatMessage: an error's words for a file's name.
func statMessage(err error) string { return dirsrc.StatMessage(err) }

// FileKind names, for messages, the type of a file that is not a regular
// file ("a FIFO", "a character device", ...): dirsrc.FileKind. Snapshots
// and the other files cachediff reads (a saved report, a template) say it
// the same way.
func FileKind(mode fs.FileMode) string { return dirsrc.FileKind(mode) }
