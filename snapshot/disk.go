package snapshot

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/cachediff/cachediff/internal/editdist"
	"github.com/cachediff/cachediff/internal/linkword"
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
		msg := statMessage(err)
		// A loop of links was "too many levels of symbolic links", the
		// system's words, and a link to nothing (a folder moved, its
		// link left) "no such file or directory", as of a typo.
		if at, to, ok := BrokenLinkOn(path); ok && leadsNowhere(err) {
			msg = fmt.Sprintf("a broken symbolic link (to %s), which leads to nothing", linkword.Shown(to))
			if at != filepath.Clean(path) {
				msg = fmt.Sprintf("its path leads through %s, a broken symbolic link (to %s), which leads to nothing", ShownPath(at), linkword.Shown(to))
			}
		} else if errors.Is(err, syscall.ELOOP) {
			msg = dirsrc.LoopMessage(path)
		} else if q := nearOnDisk(path); q != "" && errors.Is(err, fs.ErrNotExist) {
			msg += fmt.Sprintf(": did you mean %s?", hintWord(q, "path"))
		}
		return nil, &Error{File: path, Msg: msg}
	}
	switch {
	case info.IsDir():
		if top != "" {
			return &dirSource{dirsrc.Within(path, top, ShownPath)}, nil
		}
		return &dirSource{dirsrc.NewFolder(path)}, nil
	case info.Mode().IsRegular():
		return &fileSource{f: dirsrc.NewSingle(path), size: info.Size()}, nil
	}
	msg := dirsrc.NotRegularError{Mode: info.Mode().Type()}.Error() + ": a snapshot is a folder of package pages (_cache/<tag>/) or a page file"
	if info.Mode()&(fs.ModeNamedPipe|fs.ModeSocket) != 0 {
		// <(cmd) and /dev/stdin of a pipe: the one way to read a pipe.
		msg += "; a page from a pipe is given as - (standard input), the one argument that reads it"
	}
	return nil, &Error{File: path, Msg: msg}
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

// SitePath is the file's path from the top of the site that holds it,
// as a folder's is (dirSource.SitePath), so that a file where the site
// has a tag's folder (_cache/develop) is told from one named elsewhere
// (publishRule.atTagPlace).
func (s *fileSource) SitePath() string {
	site, rooted := siteOfPath(s.f.Path())
	if !rooted {
		return ""
	}
	return site
}

// RelPath is "": the file is named on the command line (SiteSource).
func (s *fileSource) RelPath(File) string { return "" }

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

// SitePath is the folder's path from the top of the git work tree or
// the Jekyll site that holds it (sitePathOf), else its absolute path,
// slash-separated (SiteSource). The folders above a
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
	site, _ := s.site()
	return site
}

// site is SitePath, and whether it is measured from a site's top: a git
// work tree's, or the folder of Jekyll's _config.yml (an export of the
// catalogue). Outside both it is the absolute path, whose folders named
// _cache say nothing: Spack's files kept below one are no pages of a
// site (publishRule).
func (s *dirSource) site() (string, bool) { return siteOfPath(s.d.Path()) }

// siteOfPath is dirSource.site of the folder or file p.
func siteOfPath(p string) (string, bool) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", false
	}
	site, rooted := sitePathOf(abs)
	// Spelt with a _cache outside any site, the spelling says nothing
	// (publishRule): where the link leads may be a checkout's _cache. A
	// link /tmp/x/_cache to a checkout's _cache had /tmp/x/_cache/develop
	// measured by its spelling, no rule held, and a retag of every page
	// passed a gate that the checkout's own _cache/develop, and a link
	// /tmp/x/dev to it, failed.
	if hasCollection(site) && rooted {
		return site, rooted
	}
	if resolved, err := filepath.EvalSymlinks(abs); err == nil && resolved != abs {
		if r, ok := sitePathOf(resolved); hasCollection(r) {
			return r, ok
		}
	}
	return site, rooted
}

// SiteOf is the site path of the folder abs (absolute), from the top of
// the site that holds it, as on disk (SitePath, not through its links),
// and whether a site holds it.
func SiteOf(abs string) (string, bool) { return sitePathOf(abs) }

// sitePathOf is SitePath of the absolute path abs, measured from the
// top of the site that holds it (rooted), else abs itself. The top is
// the nearest folder at or above abs with a .git that nothing above
// places (Supers), or, with none, the outermost _config.yml above the
// last .git: Jekyll reads its configuration at the top of the site's
// source only, so a _config.yml below (_cache/_config.yml, which Jekyll
// never reads) is no site's top. Taken as one, it had _cache/develop
// measured from _cache (/develop): no rule of _cache's tag folders
// held, and a retag of every page passed a gate on disk that git:HEAD:
// refused. A higher top only adds folders to the path, so rules.
func sitePathOf(abs string) (string, bool) {
	supers := Supers{}
	top, config := "", "" // config: the outermost _config.yml above the last .git seen
	for dir := abs; ; {
		if GitEntry(dir) {
			if !supers.held(dir) {
				top = dir
				break
			}
			config = ""
		} else if JekyllConfig(dir) {
			config = dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			top = config
			break
		}
		dir = up
	}
	if top == "" {
		return filepath.ToSlash(abs), false
	}
	rel, err := filepath.Rel(top, abs)
	if err != nil {
		return filepath.ToSlash(abs), false
	}
	if rel == "." {
		return "/", true
	}
	return "/" + filepath.ToSlash(rel), true
}

// JekyllConfig reports whether dir holds a Jekyll configuration:
// _config.yml, or _config.yaml or _config.toml, which Jekyll reads when
// it is absent (Configuration#config_files). A clone of _cache left in a
// site configured by _config.yaml was its own top, and a retag of every
// page passed a gate that the same site with _config.yml refused.
func JekyllConfig(dir string) bool {
	for _, name := range [...]string{"_config.yml", "_config.yaml", "_config.toml"} {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

// GitEntry reports whether dir has a .git that git reads as a
// repository's: a folder or a file, through its links (git stats it). A
// FIFO, socket or device named .git, or a link that leads to none, git
// passes by, looking further up: taken as a work tree's top, a folder
// with a FIFO .git inside a repository's _cache was measured from
// itself (/develop), and a retag of every page passed a gate on disk
// that git:HEAD: and the same pages with no .git there failed. Nor is
// a .git that holds no repository (an empty folder, an empty file, a
// file whose gitdir: leads nowhere) a work tree's top: git adds the
// files below it to the work tree above, as a plain folder's, and a
// retag of every page below one passed a gate on disk that git:HEAD:
// failed.
func GitEntry(dir string) bool {
	name := filepath.Join(dir, ".git")
	info, err := os.Stat(name)
	if err != nil {
		return false
	}
	if info.IsDir() {
		return gitDirectory(name)
	}
	if !info.Mode().IsRegular() {
		return false
	}
	to, ok := gitFileAt(name)
	return ok && gitDirectory(to)
}

// GitDirectory reports whether the folder d is itself a repository
// folder, as git's discovery takes one it runs in (gitDirectory).
func GitDirectory(d string) bool { return gitDirectory(d) }

// gitDirectory reports whether the folder d is a repository as git's
// is_git_directory tells: a HEAD that names a ref or a commit, and
// folders objects and refs, in the common folder that a commondir file
// names (a linked work tree's) or in d.
func gitDirectory(d string) bool {
	common := d
	if data, err := readSmall(filepath.Join(d, "commondir")); err == nil {
		if c := strings.TrimRight(data, "\r\n"); c != "" {
			if !filepath.IsAbs(c) {
				c = filepath.Join(d, c)
			}
			common = c
		}
	}
	for _, sub := range [...]string{"objects", "refs"} {
		if info, err := os.Stat(filepath.Join(common, sub)); err != nil || !info.IsDir() {
			return false
		}
	}
	head := filepath.Join(d, "HEAD")
	if to, err := os.Readlink(head); err == nil {
		return strings.HasPrefix(to, "refs/")
	}
	data, err := readSmall(head)
	if err != nil {
		return false
	}
	if ref, ok := strings.CutPrefix(data, "ref:"); ok {
		return strings.HasPrefix(strings.TrimLeft(ref, " \t\n\r"), "refs/")
	}
	// A commit's name, as git's get_oid_hex_any reads it: its first 40
	// characters in hexadecimal, whatever follows.
	return len(data) >= 40 && strings.Trim(data[:40], "0123456789abcdefABCDEF") == ""
}

// held reports whether dir, the top of a git work tree, is a submodule
// checked out in another work tree (SuperOf).
func (m Supers) held(dir string) bool {
	_, ok := m.Of(dir)
	return ok
}

// Supers answers SuperOf, asking each folder once: whether a work tree
// is placed depends on the work trees above it, so that a walk up a
// chain of N clones, each asking of all those above, ran N² git
// processes (32 nested clones: 992, 13 s). A zero Supers is ready; it
// keeps its answers for as long as it is kept.
type Supers map[string]superAnswer

type superAnswer struct {
	up string
	ok bool
}

// Of is SuperOf(dir), remembered.
func (m Supers) Of(dir string) (string, bool) {
	if a, ok := m[dir]; ok {
		return a.up, a.ok
	}
	up, ok := m.superOf(dir)
	m[dir] = superAnswer{up, ok}
	return up, ok
}

// SuperOf returns the top of the site in which dir, the top of a git
// work tree, is placed, and whether it is: the nearest work tree above
// it when that one's .gitmodules names dir's path, dir's .git file
// leads into that one's modules folder, that one's index holds a
// gitlink at dir's path (Gitlink), or that one is itself placed; or the
// folder of a Jekyll configuration (JekyllConfig) between them. Git
// knows a submodule by the index, a checkout by .gitmodules, and Jekyll
// builds every file of its site's folder, so each of these places dir,
// on disk and from git alike, its own _config.yml or not (Jekyll reads
// only the site's): measured from its own top, a _cache submodule, a
// clone added without a .gitmodules entry or one left in a site had no
// rule of _cache's tag folders hold, and a retag of every page passed a
// gate. A clone that nothing holds (in a dotfiles repository at ~) is
// its own top.
func SuperOf(dir string) (string, bool) { return Supers{}.Of(dir) }

// superOf is SuperOf, asking m of the work trees above.
func (m Supers) superOf(dir string) (string, bool) {
	for below, up := dir, filepath.Dir(dir); up != below; below, up = up, filepath.Dir(up) {
		if JekyllConfig(up) {
			return up, true
		}
		if !GitEntry(up) {
			continue
		}
		rel, err := filepath.Rel(up, dir)
		if err != nil {
			return "", false
		}
		rel = filepath.ToSlash(rel)
		if listsSubmodule(filepath.Join(up, ".gitmodules"), rel) || inModules(dir, up) || (Gitlink != nil && Gitlink(up, rel)) {
			return up, true
		}
		// A work tree that does not hold dir but is itself placed in a
		// site above (a clone a build script left in a Jekyll site) has
		// dir's files in that site as a plain folder there would: a
		// clone at site/ext/_cache inside an unheld clone site/ext was
		// its own top (/develop), and a retag of every page passed a
		// gate that the same pages as a plain folder there failed.
		if _, ok := m.Of(up); ok {
			return up, true
		}
		return "", false
	}
	return "", false
}

// Gitlink, set by package gitsrc (which runs git), reports whether the
// index of the git work tree top holds a submodule (a gitlink) at the
// slash-separated path rel (SuperOf); nil, none is asked of.
var Gitlink func(top, rel string) bool

// inModules reports whether the .git file of the work tree dir
// ("gitdir: ...") leads into the modules folder of the repository of the
// work tree up (its .git folder, or where its own .git file leads, as a
// linked worktree's), where git keeps up's submodules.
func inModules(dir, up string) bool {
	gitDir, ok := gitFile(dir)
	if !ok {
		return false
	}
	superDir, ok := gitFile(up)
	if !ok {
		superDir = filepath.Join(up, ".git")
	}
	// Each through its links, as git reads them: a gitdir line spelt
	// through a link to a folder above (/home/u/src -> /data/src) named
	// no folder of the modules, and the submodule was its own top.
	rel, err := filepath.Rel(resolved(filepath.Join(superDir, "modules")), resolved(gitDir))
	return err == nil && rel != "." && !strings.HasPrefix(rel, "..")
}

// resolved is p through its symbolic links, or p when they do not lead
// to a file.
func resolved(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// GitDirOf is the repository folder that the absolute GIT_DIR value p
// names, as git reads it: through its symbolic links, and a file's
// "gitdir:" line (GIT_DIR=.git in a submodule's checkout names its .git
// file, which leads into the superproject's modules folder).
func GitDirOf(p string) string {
	if to, ok := gitFileAt(p); ok {
		p = to
	}
	return resolved(p)
}

// gitFile returns the folder, absolute, that dir's .git file (not a
// folder) leads to.
func gitFile(dir string) (string, bool) { return gitFileAt(filepath.Join(dir, ".git")) }

// gitFileAt returns the folder, absolute, that the gitfile at name (not
// a folder) leads to, read as git's read_gitfile reads one: "gitdir: "
// first, with its one space, and the rest to the line breaks at its end
// (git takes "gitdir:/x", or one after a space, for no gitfile, and the
// files below it for the work tree's above: read as a top, a folder
// with such a .git in a repository was measured from itself, /develop,
// and a retag of every page passed a gate that git:HEAD: refused).
func gitFileAt(name string) (string, bool) {
	dir := filepath.Dir(name)
	data, err := readSmall(name)
	to, ok := strings.CutPrefix(strings.TrimRight(data, "\r\n"), "gitdir: ")
	if i := strings.IndexByte(to, 0); i >= 0 {
		to = to[:i] // git reads the rest as a C string
	}
	if err != nil || !ok || to == "" {
		return "", false
	}
	if !filepath.IsAbs(to) {
		to = filepath.Join(resolved(dir), to) // from where the link leads, as git reads it
	}
	return filepath.Clean(to), true
}

// readSmall reads the file name, at most 1 MiB of it: a regular file
// only (a FIFO named .gitmodules or .git, which opening waits on for a
// writer, hung a gate on disk and from git for ever), else an error.
func readSmall(name string) (string, error) {
	if info, err := os.Stat(name); err != nil || !info.Mode().IsRegular() {
		return "", errNotRegular
	}
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 1<<20))
	return string(data), err
}

var errNotRegular = errors.New("not a regular file")

// listsSubmodule reports whether the .gitmodules file at name has a
// submodule at path p: a key "path" (any case) in a [submodule] section
// whose value, read as git reads one (a comment after # or ; outside
// quotes cut, quotes removed; configValue), is p once cleaned: ./_cache
// is _cache. Section headers are read as git reads them (sectionHeader),
// and every value to its end, the lines a backslash joins included.
func listsSubmodule(name, p string) bool {
	data, err := readSmall(name)
	if err != nil {
		return false
	}
	section := ""
	// A byte order mark git's config parser skips, and a section spelt
	// [submodule.name], git's older syntax for [submodule "name"]: git
	// reads both, and a clone such a .gitmodules names (out of the index)
	// was its own top, on disk and from git, while git named it a
	// submodule.
	data = strings.TrimPrefix(data, "\ufeff")
	for data != "" {
		line, rest, _ := strings.Cut(data, "\n")
		data = rest
		// Section headers, as many as the line holds before a key
		// ("[core] [submodule \"c\"] path = _cache" is one line to
		// git), each read as git's get_base_var reads one.
		for line = strings.TrimSpace(line); strings.HasPrefix(line, "["); line = strings.TrimSpace(line) {
			s, after, ok := sectionHeader(line[1:])
			if !ok {
				head, after, ok := strings.Cut(line[1:], "]")
				if !ok {
					break
				}
				s, _, _ = strings.Cut(strings.TrimSpace(head), " ")
				s, _, _ = strings.Cut(strings.ToLower(s), "\"")
				s, _, _ = strings.Cut(s, ".")
				section, line = s, after
				continue
			}
			section, line = s, after
		}
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";") {
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		// Every value is read to its end, the lines a backslash joins
		// included: "url = x\" then "[core]" is one value to git, and
		// the path after it still the submodule's.
		v, ok := configValue(value, &data)
		if section == "submodule" && strings.EqualFold(strings.TrimSpace(key), "path") && ok && v != "" && path.Clean(v) == p {
			return true
		}
	}
	return false
}

// sectionHeader reads a config section header after its "[", as git's
// get_base_var does: the section's name, lowercased and cut at its first
// ".", up to "]", or a quoted subsection after white space, whose
// backslashes escape the next character (a "]" in it ends nothing);
// rest is what follows the "]". ok is false for a header git refuses.
// A tab before the subsection, a "]" in it, or a key after the header
// on its line left the section unread, and a clone such a file names
// was its own top while git named it a submodule.
func sectionHeader(s string) (section, rest string, ok bool) {
	i := strings.IndexAny(s, "] \t\r\"")
	if i < 0 || s[i] == '"' {
		return "", "", false
	}
	section, _, _ = strings.Cut(strings.ToLower(s[:i]), ".")
	if s[i] == ']' {
		return section, s[i+1:], true
	}
	sub := strings.TrimLeft(s[i:], " \t\r")
	if !strings.HasPrefix(sub, "\"") {
		return "", "", false
	}
	for j := 1; j < len(sub); j++ {
		switch sub[j] {
		case '\\':
			j++
		case '"':
			if j+1 < len(sub) && sub[j+1] == ']' {
				return section, sub[j+2:], true
			}
			return "", "", false
		}
	}
	return "", "", false
}

// configValue reads a config value that starts with s, as git's
// parse_value does: whitespace outside quotes trimmed at the ends, a
// comment after # or ; outside quotes cut, quotes removed, the escapes
// \t \b \n \\ \", and a backslash at the end of a line joining the next,
// taken from *more (the value "_ca\" then "che" is _cache to git, and
// was no submodule's path: the clone it names was its own top); the
// value ends at a NUL, as git's C string does. ok is false for a value
// git refuses (an unknown escape, an open quote at the line's end).
func configValue(s string, more *string) (v string, ok bool) {
	var b strings.Builder
	quoted, comment, space := false, false, 0
	for i := 0; ; i++ {
		if i == len(s) || (i == len(s)-1 && s[i] == '\r') {
			v, _, _ = strings.Cut(b.String(), "\x00")
			return v, !quoted
		}
		c := s[i]
		switch {
		case comment:
		case !quoted && (c == ' ' || c == '\t' || c == '\r'):
			if b.Len() > 0 {
				space++
			}
		case !quoted && (c == '#' || c == ';'):
			comment = true
		default:
			for ; space > 0; space-- {
				b.WriteByte(' ')
			}
			switch {
			case c == '"':
				quoted = !quoted
			case c != '\\':
				b.WriteByte(c)
			case i+1 == len(s) || (i+2 == len(s) && s[i+1] == '\r'):
				// An escaped line break: the value goes on.
				line, rest, _ := strings.Cut(*more, "\n")
				s, *more, i = line, rest, -1
			default:
				i++
				switch s[i] {
				case 't':
					b.WriteByte('\t')
				case 'b':
					b.WriteByte('\b')
				case 'n':
					b.WriteByte('\n')
				case '\\', '"':
					b.WriteByte(s[i])
				default:
					return "", false
				}
			}
		}
	}
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

// BrokenLinkOn returns the first of the folders on the path p, or p
// itself, that is a symbolic link to nothing (at, as a path of p's
// folders), and where it leads (to); ok is false where there is none.
// The path is walked as the system walks it, a ".." after the folder it
// leaves: cleaned first, r/tobroken/../x was r/x, the broken link
// r/tobroken that the system meets left out ("no such file or
// directory", as of a typo).
func BrokenLinkOn(p string) (at, to string, ok bool) {
	vol := filepath.VolumeName(p)
	at = vol
	if rest := p[len(vol):]; rest != "" && os.IsPathSeparator(rest[0]) {
		at += string(filepath.Separator)
	}
	for _, name := range strings.FieldsFunc(p[len(vol):], func(r rune) bool { return r < 0x80 && os.IsPathSeparator(uint8(r)) }) {
		if name == "." {
			continue
		}
		if at != "" && !os.IsPathSeparator(at[len(at)-1]) {
			at += string(filepath.Separator)
		}
		at += name
		fi, err := os.Lstat(at)
		if err != nil {
			return "", "", false // not there: no link astray
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		if _, err := os.Stat(at); !leadsNowhere(err) {
			continue // a link that leads somewhere
		}
		to, err := os.Readlink(at)
		return at, to, err == nil
	}
	return "", "", false
}

// leadsNowhere reports whether err, of a stat, says the path leads to
// no file: absent, under a file (ENOTDIR), or of a name longer than a
// file's can be (ENAMETOOLONG). A link to a 4 KB name was "file name too
// long", and one to a path under a file "not a directory", where the
// path given was short and the link the cause.
func leadsNowhere(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.ENAMETOOLONG)
}

// statMessage is dirsrc.StatMessage: an error's words for a file's name.
func statMessage(err error) string { return dirsrc.StatMessage(err) }

// FileKind names, for messages, the type of a file that is not a regular
// file ("a FIFO", "a character device", ...): dirsrc.FileKind. Snapshots
// and the other files cachediff reads (a saved report, a template) say it
// the same way.
func FileKind(mode fs.FileMode) string { return dirsrc.FileKind(mode) }

// NearHint is ": did you mean Q?" for a path p that does not exist,
// where Q, a typo away, does (nearOnDisk), named as a command line
// takes it back; else "". render and --template name the file they read
// so, as loading a snapshot does: "render r1.jsno" said only "no such
// file or directory", beside r1.json.
func NearHint(p string) string {
	if q := nearOnDisk(p); q != "" {
		return fmt.Sprintf(": did you mean %s?", hintWord(q, "path"))
	}
	return ""
}

// maxNearPath is the longest path nearOnDisk looks at: Linux's PATH_MAX.
const maxNearPath = 4096

// nearOnDisk is the path that p, which does not exist, was likely meant
// to be: p with its first name that is not there replaced by the one
// name of that folder a typo away (_cache/devlop: _cache/develop), when
// the path so corrected exists; else "". "loading _cache/devlop: no such
// file or directory" left the reader to find the folder meant (the
// release recipe's _cache/${{ inputs.old }}, mistyped). It is named as p
// was written, from the same folder.
func nearOnDisk(p string) string {
	if len(p) > maxNearPath {
		// No file has so long a path (PATH_MAX): each step up the
		// way copied the path so far: quadratic in its length
		// (TestNearOnDiskLongPath).
		return ""
	}
	dir, rest := filepath.Clean(p), []string(nil)
	for {
		if _, err := os.Lstat(dir); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		rest = append([]string{filepath.Base(dir)}, rest...)
		dir = parent
	}
	if len(rest) == 0 {
		return ""
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	name := editdist.Nearest(rest[0], names)
	if name == "" {
		return ""
	}
	q := filepath.Join(append([]string{dir, name}, rest[1:]...)...)
	if _, err := os.Stat(q); err != nil {
		return ""
	}
	if !filepath.IsAbs(q) {
		// ./_cache/a:b/devlop was told _cache/a:b/develop, which
		// pasted back is REV:PATH ("unknown revision _cache/a").
		q = dotName(q)
	}
	return q
}
