// Package input decides what a command-line argument names, and opens
// it as a snapshot.Source: "-" (standard input, one page), a path on disk
// (a folder or a single file: package dirsrc, through snapshot.Open; the
// root of a Spack mirror: package mirror), REV:PATH or git:REV:PATH (a
// tree at a git revision: package gitsrc, or the Spack mirror it is the
// root of), and a mirror's URL (package mirror). It is the one place
// that does: a new kind of source is a package of its own plus one case
// in open. It never prints and never exits.
package input

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
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/dirsrc"
	"github.com/cachediff/cachediff/snapshot/gitsrc"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// RevPrefix marks a command-line argument as a revision's path only:
// git:REV:PATH is read from git and never from disk, whatever exists on
// disk by the name REV:PATH. It is what a CI recipe should write: in a
// pull request's checkout, the pull request decides what is on disk.
const RevPrefix = "git:"

// Open returns the snapshot source of a command-line argument, as
// cachediff reads one. It is the one place that decides what an
// argument is:
//
//   - "-" is standard input (Options.Stdin), one page;
//   - a URL (mirror.IsURL) is a Spack mirror, fetched;
//   - git:REV:PATH is REV:PATH in the git repository of dir ("" for the
//     current directory), and nothing on disk;
//   - a path that starts with ./, ../ or / (or is absolute) is a path on
//     disk, a folder or a page file, and never a revision;
//   - any other argument is a path when it exists on disk and REV:PATH
//     when it does not (and has a colon); one that reads both ways (it
//     exists on disk, and git resolves it) is an error naming both
//     readings and the spelling of each, as git refuses an argument that
//     is both a revision and a file.
//
// A relative path on disk is relative to dir. A path on disk inside the
// git work tree of dir must not pass through a symbolic link that leads
// out of that work tree: in a checkout, such a link would stand in for a
// snapshot, so it is an error that names it, not followed silently.
func Open(dir, arg string, o Options) (snapshot.Source, error) {
	src, _, err := open(dir, arg, o)
	return src, err
}

// Options say how to open an argument beyond what it names.
type Options struct {
	// Mirror is how to read a Spack mirror (a view).
	Mirror mirror.Options
	// HTTP is how to fetch a mirror URL; nil: mirror.HTTP's defaults.
	HTTP *mirror.HTTP
	// Stdin is standard input, read for the argument "-" (at most
	// MaxStdin bytes); nil: nothing to read.
	Stdin io.Reader
	// StdinRead, when not nil, is called with the size of standard input
	// once it is read whole, before it is decoded: the size of the input
	// a command's memory is budgeted from, which a pipe does not tell
	// before. It is not called for gzip'd input, whose size is not that
	// of the input it holds.
	StdinRead func(size int64)
	// GitFileRead, when not nil, is called with the size of what is read
	// from git as REV:PATH, and whether it is a folder: of a file (a
	// page, an index, a lockfile named alone) once it is read whole,
	// before it is decoded, as StdinRead is; of a folder once it is
	// listed, before its files are read (the files the loader reads:
	// see gitsrc.Source.OnRead). Not for gzip'd content, nor for a
	// folder that holds a gzip'd file or is a Spack mirror's root.
	GitFileRead func(size int64, folder bool)
	// GitOpened, when not nil, is called once a REV:PATH is resolved,
	// before anything of it is read, with whether it is a folder: a
	// folder may tell no size (GitFileRead), so that a command cannot
	// take the other side to be as large as the first to tell.
	GitOpened func(folder bool)
	// GitLinkOut, when not nil, is called with each symbolic link of a
	// REV:PATH folder that is followed out of PATH, and its target (see
	// gitsrc.Source.OnLinkOut).
	GitLinkOut func(link, target string)
	// GitFromFolder: the PATH of a REV:PATH is from the current folder,
	// as log --revs reads it (and names it from the top, id:PATH): its
	// place in the site is measured from -C's folder as spelt, as
	// ./PATH's is (gitsrc.Source.FromFolder).
	GitFromFolder bool
	// GitRepo, when not nil, is the repository of dir that a REV:PATH
	// (not git:REV:PATH) is read from, rather than one opened for it:
	// log --revs gives the one its series was read with, which holds
	// git's answers for each commit (gitsrc.Repo.Series).
	GitRepo *gitsrc.Repo
	// GitRepos, when not nil, holds the repositories REV:PATH and
	// git:REV:PATH arguments are read from, one for each folder and
	// spelling, rather than one opened for each: the two sides of a
	// diff in one repository ask git once what a Repo keeps (the
	// current folder's path from the top, a partial clone's blobs, the
	// attributes of pages). GitRepo comes first.
	GitRepos *Repos
	// Beside is the command's other snapshot argument (a diff's other
	// side), whose PATH a hint of a revision written without one gives
	// (exampleFolder); "": none.
	Beside string
}

// Repos holds the repositories of a command's arguments (Options.GitRepos);
// its zero value holds none yet. Safe for concurrent use.
type Repos struct {
	mu sync.Mutex
	m  map[[2]string]*gitsrc.Repo
}

// open returns the repository of dir for arguments written with prefix
// ("" or RevPrefix): the one rs holds, else one opened (and held, when
// rs is not nil).
func (rs *Repos) open(dir, prefix string) (*gitsrc.Repo, error) {
	if rs == nil {
		r, err := gitsrc.OpenRepo(dir)
		if err == nil {
			r.ArgPrefix = prefix
		}
		return r, err
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	k := [2]string{dir, prefix}
	if r := rs.m[k]; r != nil {
		return r, nil
	}
	r, err := gitsrc.OpenRepo(dir)
	if err != nil {
		return nil, err
	}
	r.ArgPrefix = prefix
	if rs.m == nil {
		rs.m = map[[2]string]*gitsrc.Repo{}
	}
	rs.m[k] = r
	return r, nil
}

// open is Open with options; it also returns the tree of an argument
// read from git (its commit and date go into the snapshot). With a view
// to read (--view), an argument that is no Spack mirror is an error: the
// view is read of the mirrors alone, so a view compared with an index
// or a lockfile of the whole cache, or with pages, would show every spec
// outside the view as added or removed, with no word that --view did
// nothing on that side.
func open(dir, arg string, o Options) (snapshot.Source, *gitsrc.Tree, error) {
	src, tree, err := openAny(dir, arg, o)
	if err != nil || o.Mirror.View == "" {
		return src, tree, err
	}
	if _, ok := src.(*mirror.Source); !ok {
		name := arg
		if mirror.IsURL(arg) {
			name = mirror.Redact(arg)
		}
		return nil, nil, &ArgError{Arg: name, Msg: fmt.Sprintf("--view %s reads a view of a Spack mirror, and this is no mirror's root (a layout-v3 mirror holds v3/layout.json): a view compared with what it holds would show every spec outside the view as a change; give each snapshot as a mirror, or leave --view out", shownView(o.Mirror.View))}
	}
	return src, tree, nil
}

// shownView is a view's name (--view) as the refusal of an argument
// that is no mirror names it: quoted in ASCII, as the mirror names a
// view ("no view"), cut about the cut's mark past maxShownView bytes.
// Quoted as Go does (%q), --view gе (its е Cyrillic) read as ge, and
// one of 96 KB was named whole, past the line cap.
func shownView(v string) string {
	return snapshot.CutShown(v, maxShownView, strconv.QuoteToASCII)
}

// maxShownView bounds the bytes shownView names of a view.
const maxShownView = 200

// openAny is open for any argument, whatever the view.
func openAny(dir, arg string, o Options) (snapshot.Source, *gitsrc.Tree, error) {
	if arg == StdinName {
		r := o.Stdin
		if r == nil {
			r = strings.NewReader("")
		}
		return &stdinSource{r: r, read: o.StdinRead}, nil, nil
	}
	if mirror.IsURL(arg) {
		h := o.HTTP
		if h == nil {
			h = &mirror.HTTP{}
		}
		src, err := h.Open(arg, o.Mirror)
		if err != nil {
			return nil, nil, &ArgError{Arg: mirror.Redact(arg), Msg: err.Error()}
		}
		return src, nil, nil
	}
	if spec, ok := strings.CutPrefix(arg, RevPrefix); ok {
		if _, _, ok := gitsrc.Split(spec); !ok {
			// git::/TEXT:PATH is told what :/TEXT:PATH is.
			return nil, nil, &snapshot.Error{File: urlLikeName(arg), Msg: "want " + RevPrefix + "REV:PATH (a revision, a colon, a path in it)" + messageRevHint(dir, spec, o.Beside)}
		}
		repo, err := o.GitRepos.open(dir, RevPrefix)
		if err != nil {
			return nil, nil, &snapshot.Error{File: urlLikeName(arg), Msg: urlLikeMsg(arg, err.Error())}
		}
		src, err := repo.Source(spec)
		if err != nil {
			se := revPathError(arg, err)
			se.Msg += swappedHint(repo, RevPrefix, spec, err)
			return nil, nil, se
		}
		return gitSource(src, o)
	}
	p := InDir(dir, arg)
	if p == StdinFile {
		// Named as standard input is, a file of that name read as it
		// in every message: named ./standard input.
		p = "./" + p
	}
	fi, lerr := os.Lstat(p)
	if scheme, ok := urlScheme(arg); ok && lerr != nil && !explicitPath(arg) {
		// Not on disk, and never a REV:PATH (git names no path that
		// starts with /): a URL cachediff does not fetch. Named
		// redacted, as a mirror URL is: a misspelt https:// kept its
		// password in the message.
		return nil, nil, &ArgError{Arg: mirror.Redact(arg), Msg: unreadURL(scheme)}
	}
	if scheme, ok := oneSlashURL(arg); ok && lerr != nil && !explicitPath(arg) {
		want := strings.ToLower(scheme) + "://HOST/PATH"
		if strings.EqualFold(scheme, "file") {
			want = "file:///PATH"
		}
		return nil, nil, &ArgError{Arg: looseRedact(arg), Msg: fmt.Sprintf("a URL with one slash after %s: (a path joined or cleaned makes one of //): a mirror URL is %s", scheme, want)}
	}
	if scheme, ok := mistypedURL(arg); ok && lerr != nil && !explicitPath(arg) && !strings.HasPrefix(arg[len(scheme):], ":") {
		// SCHEME//…: no revision (git names no ref with //), and no
		// path on disk.
		return nil, nil, mistypedURLError(arg, scheme)
	}
	if explicitPath(arg) || !strings.Contains(arg, ":") {
		src, err := openPath(dir, p, o)
		if se, ok := errors.AsType[*snapshot.Error](err); ok && NamesNothing(lerr) && !explicitPath(arg) {
			msg, _, _ := strings.Cut(se.Msg, ": did you mean ")
			lead := *se
			lead.Msg = msg
			if h := revisionHint(dir, arg, o.Beside, RoomAfter(lead.Error())); h != "" {
				// In a bare repository, HEAD~1 was told "did you
				// mean ./HEAD?", the git directory's file, which
				// holds no snapshot: the revision git reads, not a
				// name near it.
				se.Msg = msg + h
			}
		}
		return src, nil, err
	}
	if _, _, ok := gitsrc.Split(arg); !ok {
		src, err := openPath(dir, p, o)
		if se, ok := errors.AsType[*snapshot.Error](err); ok && NamesNothing(lerr) {
			se.Msg += messageRevHint(dir, arg, o.Beside)
		}
		return src, nil, err
	}
	repo, err := o.GitRepo, error(nil)
	if repo == nil {
		repo, err = o.GitRepos.open(dir, "")
	}
	var src *gitsrc.Source
	if err == nil {
		src, err = repo.Source(arg)
	}
	if lerr == nil { // on disk
		if err == nil {
			return nil, nil, ambiguous(arg, fi, src.Tree())
		}
		if revLike(arg, err) {
			return nil, nil, &ArgError{Arg: arg, Msg: fmt.Sprintf("ambiguous: on disk, and written as a revision that git cannot resolve here (%v); %s", err, sayWhich(arg))}
		}
		// A revision git knows, whose PATH git did not resolve (a pull
		// request that deleted the snapshot and committed a decoy by
		// the name HEAD:PATH), or a repository git cannot read (another
		// user's): the disk is no answer on a guess.
		if repo != nil && !errors.Is(err, gitsrc.ErrNotRepo) && !errors.Is(err, gitsrc.ErrNoGit) {
			rev, _, _ := gitsrc.Split(arg)
			known, kerr := repo.Knows(rev)
			switch {
			case kerr != nil && !errors.Is(kerr, gitsrc.ErrNotRepo) && !errors.Is(kerr, gitsrc.ErrNoGit):
				return nil, nil, &ArgError{Arg: arg, Msg: fmt.Sprintf("ambiguous: on disk, and git cannot say whether %s is a revision (%v); %s", rev, kerr, sayWhich(arg))}
			case known:
				return nil, nil, &ArgError{Arg: arg, Msg: fmt.Sprintf("ambiguous: on disk, and written as a path at %s, a revision git knows (%v); %s", rev, err, sayWhich(arg))}
			}
		}
		src, err := openPath(dir, p, o)
		return src, nil, err
	}
	if err == nil {
		return gitSource(src, o)
	}
	if scheme, ok := mistypedURL(arg); ok {
		// Not on disk, and no revision git knows: a URL mistyped, whose
		// token or password the message must not quote.
		return nil, nil, mistypedURLError(arg, scheme)
	}
	if errors.Is(err, gitsrc.ErrNotRepo) || errors.Is(err, gitsrc.ErrNoGit) {
		return nil, nil, &snapshot.Error{File: urlLikeName(arg), Msg: "no such file or directory, and not REV:PATH either: " + urlLikeMsg(arg, err.Error())}
	}
	se := revPathError(arg, err)
	se.Msg += swappedHint(repo, "", arg, err)
	return nil, nil, se
}

// swappedHint is the hint for the argument prefix+spec, REV:PATH, whose
// REV git does not know (err), when its PATH is a revision git knows and
// its REV is not: written PATH:REV (spack.lock:HEAD, the order of a
// path and its version elsewhere), which said "unknown revision
// spack.lock" alone. "" otherwise.
func swappedHint(repo *gitsrc.Repo, prefix, spec string, err error) string {
	if repo == nil || !strings.Contains(err.Error(), "unknown revision") {
		return ""
	}
	rev, p, ok := gitsrc.Split(spec)
	if !ok || p == "" {
		return ""
	}
	if known, kerr := repo.Knows(p); kerr != nil || !known {
		return ""
	}
	return fmt.Sprintf("; %s is a git revision: REV:PATH puts the revision first (%s)", hintWord(p), hintWord(prefix+p+":"+rev))
}

// revPathError is the error of the REV:PATH argument arg that git did
// not resolve (err). One whose PATH is refused for its length names the
// argument by its first maxArgShown bytes, once, and the reason gives
// the path's length rather than the path again.
func revPathError(arg string, err error) *snapshot.Error {
	if tl, ok := errors.AsType[*gitsrc.PathTooLongError](err); ok {
		name := urlLikeName(arg)
		if n := maxArgShown; len(name) > n {
			for n > 0 && !utf8.RuneStart(name[n]) {
				n--
			}
			name = name[:n] + "…"
		}
		return &snapshot.Error{File: name, Msg: "its path is " + tl.Reason()}
	}
	return &snapshot.Error{File: urlLikeName(arg), Msg: urlLikeMsg(arg, err.Error())}
}

// maxArgShown is the most bytes of an argument refused for its length
// that its error names.
const maxArgShown = 80

// urlLikeName is arg for a message that says it is neither on disk nor
// a revision: when it is written as a URL of some sort (a // in it: a
// space before https://, https;//, git:https://; or else a :/ or :\,
// HEAD:./https:/host/x), without what comes before an @ in the part
// where its host is (urlHostAt), nor a query or fragment after it: a
// password or a token.
func urlLikeName(arg string) string {
	i := urlHostAt(arg)
	if i < 0 {
		return arg
	}
	if user := urlUser(arg); user != "" {
		arg = arg[:i] + "…" + arg[i+len(user):]
	}
	if q := strings.IndexAny(arg[i:], "?#"); q >= 0 {
		arg = arg[:i+q]
	}
	return arg
}

// urlHostAt is where the host of a URL written in arg starts (where a
// user and password would be), or -1: after its first //, or else after
// the first :/ or :\ (a URL whose // a path joined or cleaned made one
// slash, https:/user:TOKEN@host/x, or written with backslashes), and
// any more slashes or backslashes.
func urlHostAt(arg string) int {
	i := strings.Index(arg, "//")
	if i < 0 {
		i = strings.Index(arg, ":/")
		if j := strings.Index(arg, ":\\"); j >= 0 && (i < 0 || j < i) {
			i = j
		}
		if i < 0 {
			return -1
		}
		i++
	}
	for i < len(arg) && (arg[i] == '/' || arg[i] == '\\') {
		i++
	}
	return i
}

// urlUser is the user and password of a URL written in arg, up to its
// last @ before the host's end (a slash or a backslash), with that @; ""
// when there is none.
func urlUser(arg string) string {
	i := urlHostAt(arg)
	if i < 0 {
		return ""
	}
	end := strings.IndexAny(arg[i:], "/\\")
	if end < 0 {
		end = len(arg) - i
	}
	if at := strings.LastIndexByte(arg[i:i+end], '@'); at >= 0 {
		return arg[i : i+at+1]
	}
	return ""
}

// urlLikeMsg is msg, git's message about arg, without what urlLikeName
// leaves out of arg: git quotes a path it does not find, as written and
// as it names it (one slash of //), and a URL written after a revision
// (REV:https://user:TOKEN@host/x) would be quoted with its password or
// query.
func urlLikeMsg(arg, msg string) string {
	if urlLikeName(arg) == arg {
		return msg
	}
	spec := strings.TrimPrefix(arg, RevPrefix)
	if _, p, ok := gitsrc.Split(spec); ok {
		spec = p
	}
	user := urlUser(arg)
	for _, v := range []string{arg, spec, strings.TrimLeft(path.Clean(spec), "/")} {
		shown := v
		if q := strings.IndexAny(shown, "?#"); q >= 0 {
			shown = shown[:q]
		}
		if user != "" {
			shown = strings.ReplaceAll(shown, user, "…")
		}
		msg = strings.ReplaceAll(msg, v, shown)
	}
	if user != "" {
		msg = strings.ReplaceAll(msg, user, "…")
	}
	return msg
}

// gitSource returns the source of a resolved REV:PATH: the tree, or the
// Spack mirror the tree is the root of (gitsrc.Source.Open).
func gitSource(src *gitsrc.Source, o Options) (snapshot.Source, *gitsrc.Tree, error) {
	if o.GitOpened != nil {
		o.GitOpened(src.Tree().IsTree)
	}
	if o.GitLinkOut != nil {
		src.OnLinkOut(o.GitLinkOut)
	}
	if o.GitFromFolder {
		src.FromFolder()
	}
	if o.GitFileRead != nil {
		folder := src.Tree().IsTree
		src.OnRead(func(n int64) { o.GitFileRead(n, folder) })
	}
	s, err := src.Open(o.Mirror)
	if err != nil {
		return nil, nil, err
	}
	return s, src.Tree(), nil
}

// Load loads the snapshot of a command-line argument (see Open), with its
// revision when it is REV:PATH, and its layout and index checksum when it
// is a Spack mirror.
//
// It reads the formats registered with package snapshot (decoders.go
// links those of packages of their own in), then those of opt.Decoders.
func Load(dir, arg string, o Options, opt snapshot.Options) (*snapshot.Snapshot, error) {
	src, tree, err := open(dir, arg, o)
	if err != nil {
		return nil, err
	}
	var snap *snapshot.Snapshot
	if g, ok := src.(*gitsrc.Source); ok {
		// Its blob stream then reads what these decoders claim too.
		snap, err = g.Load(opt)
	} else {
		snap, err = snapshot.LoadFrom(src, opt)
	}
	if err != nil {
		return nil, err
	}
	if tree != nil {
		snap.Rev = tree.Commit
		snap.Date = gitsrc.DateText(tree.Date)
	}
	if m, ok := src.(*mirror.Source); ok {
		snap.Layout, snap.IndexSum = m.Layout, m.Checksum
		// The mirror's files on disk read for its index, which a
		// caller must not write onto (--output) either.
		if files := m.Files(); len(files) > 0 {
			snap.SpackFiles = append(snap.SpackFiles, files...)
			slices.Sort(snap.SpackFiles)
			snap.SpackFiles = slices.Compact(snap.SpackFiles)
		}
	}
	return snap, nil
}

// IsRev reports whether Open reads arg from git without looking at the
// disk: it is written git:REV:PATH.
func IsRev(arg string) bool { return strings.HasPrefix(arg, RevPrefix) }

// FromGit reports, before Open, whether Open reads arg from git: it is
// git:REV:PATH, or has a colon and names nothing on disk (relative to
// dir). A command uses it to schedule loads (git inflates each snapshot
// in a process of its own); Open decides.
func FromGit(dir, arg string) bool {
	if IsRev(arg) {
		return true
	}
	if arg == StdinName || !strings.Contains(arg, ":") {
		return false
	}
	arg = InDir(dir, arg)
	_, err := os.Lstat(arg)
	return err != nil
}

// InDir is arg, relative to dir (-C DIR, "" for the current
// directory), as the system finds it from dir: dir/arg, cleaned unless
// arg has a .. in it. Cleaning a/../x takes a away, where the system
// looks for a (a folder, or a symbolic link whose .. is its target's
// parent): foo:a/../../x, found from DIR, named x outside it.
func InDir(dir, arg string) string {
	if dir == "" || filepath.IsAbs(arg) {
		return arg
	}
	for _, part := range strings.FieldsFunc(arg, func(r rune) bool { return r == '/' || r == filepath.Separator }) {
		if part == ".." {
			return strings.TrimSuffix(dir, string(filepath.Separator)) + string(filepath.Separator) + arg
		}
	}
	return filepath.Join(dir, arg)
}

// RegularFile reports, before Open, whether arg is a regular file on disk
// (relative to dir; not "-" or git:REV:PATH), and its size.
func RegularFile(dir, arg string) (size int64, ok bool) {
	if arg == StdinName || IsRev(arg) {
		return 0, false
	}
	arg = InDir(dir, arg)
	fi, err := os.Stat(arg)
	if err != nil || !fi.Mode().IsRegular() {
		return 0, false
	}
	return fi.Size(), true
}

// Gzipped reports, before Open, whether arg is a regular file on disk
// (relative to dir) that starts as a gzip stream, as a Spack file may: its
// size (RegularFile) is not the size of the input it holds, which
// inflates to many times as much.
func Gzipped(dir, arg string) bool {
	if _, ok := RegularFile(dir, arg); !ok {
		return false
	}
	arg = InDir(dir, arg)
	f, err := os.Open(arg)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [2]byte
	_, err = io.ReadFull(f, head[:])
	return err == nil && isGzip(head[:])
}

// isGzip reports whether data starts as a gzip stream.
func isGzip(data []byte) bool { return len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b }

// NamesNothing reports whether e, the error of an Lstat, says the path
// names nothing on disk: none is there, or it could be none, a name of
// it longer than the system takes (a name past 255 bytes, or a path past
// PATH_MAX) or a file where it has a folder. ENAMETOOLONG passed for a
// path on disk: HEAD~1..HEAD^0^0…, a range of 300 bytes, and a revision
// so long were said "file name too long" alone, with no hint of the log
// or of REV:PATH.
func NamesNothing(e error) bool {
	return errors.Is(e, fs.ErrNotExist) || errors.Is(e, syscall.ENAMETOOLONG) || errors.Is(e, syscall.ENOTDIR)
}

// explicitPath reports whether arg is written as a path, which no
// revision can be: git's ref names start with neither "." nor "/".
func explicitPath(arg string) bool {
	if filepath.IsAbs(arg) || arg == "." || arg == ".." {
		return true
	}
	for _, lead := range []string{"./", "../", "/"} {
		if strings.HasPrefix(arg, lead) {
			return true
		}
	}
	if filepath.Separator != '/' {
		for _, lead := range []string{`.\`, `..\`, `\`} {
			if strings.HasPrefix(arg, lead) {
				return true
			}
		}
	}
	return false
}

// ambiguous is the error for an argument that exists on disk and that git
// also resolves as REV:PATH.
// revLike reports whether arg, which git failed to resolve with err, is
// written as a revision all the same: its revision is unknown (not its
// path) and the repository is a shallow clone, or the revision is an
// expression of one (HEAD, ~, ^, @{…}). In a shallow checkout (CI's
// default) HEAD^1 is unknown, and a folder of that name must not pass for
// the base snapshot: that is ambiguous too, not a path.
// revisionHint is the hint for an argument that is no path on disk and
// has no colon, when git, in the repository of dir, reads it as a
// revision (HEAD~1) or a range of two (HEAD~7..HEAD): a snapshot from
// git is REV:PATH, and a range is log's --revs. Both said "no such file
// or directory" alone. The log is given with -C DIR when dir is one
// (cachediff -C repo HEAD~7..HEAD): without it, pasted where cachediff
// ran, it read the repository of the current folder, another or none. A
// range the log refuses (HEAD..HEAD~1, reversed) is told the log's own
// refusal (gitsrc's CheckRange), not a log that is refused in turn. ""
// when git knows no such revision, or there is no repository.
func revisionHint(dir, arg, beside string, room int) string {
	if arg == "" || strings.ContainsAny(arg, "\n\r\x00") {
		return ""
	}
	repo, err := gitsrc.OpenRepo(dir)
	if err != nil {
		return ""
	}
	// The refs a name reads as, listed once for the hint: -- -q snap
	// listed them 3 times; and git's answers, held while the hint is
	// made again to fit (fitHint).
	defer repo.MemoRefs()()
	// Asked only for a hint given: each runs git (a typo beside X
	// ran it for no hint).
	at := sync.OnceValue(func() example { f, l, n := exampleFolder(repo, dir, beside); return example{f, l, n} })
	asked := &heldAnswers{}
	return fitHint(room, func(w hintWords) string { return revisionHintIn(repo, asked, at, dir, arg, beside, w) })
}

// revisionHintIn is revisionHint of arg in repo, its words cut as w
// says; at is the other argument's example (exampleFolder), asked once.
func revisionHintIn(repo *gitsrc.Repo, asked *heldAnswers, at func() example, dir, arg, beside string, w hintWords) string {
	folder := func() string { return at().folder }
	logPath := func() string { return at().logPath }
	if strings.HasPrefix(arg, "-") {
		if _, _, ok := gitsrc.Split(arg); ok {
			// -x:snap, of a tag -x (after --: it was said to be a
			// flag put after it).
			if whole := dashedRevPath(repo, arg); whole != "" {
				return DashedRevPathHint(arg, whole)
			}
			return ""
		}
		// -z..-y, of branches -z and -y (after --: it was said to be
		// a flag put after it): the hint of its ref written in full.
		full := repo.Undashed(arg)
		if full == "" {
			// -y..HEAD, of a tag and a branch -y; -q@{1}, a reflog
			// of a file -q of the git directory: each way to write
			// it, as the log and REV:PATH give them (it was said to
			// be a flag put after --).
			shown := func(s string) string { return w.paste(RevPrefix + s + ":" + folder()) }
			if _, _, ok := gitsrc.RangeEnds(arg); ok {
				shown = func(s string) string {
					return fmt.Sprintf("cachediff %slog --revs %s %s", gitsrc.InFolder(dir), w.paste(s), logPath())
				}
			}
			h := repo.DashHintWithin(arg, shown, w.namedN)
			if h == "" {
				return ""
			}
			sep := "; "
			if strings.HasPrefix(h, "and ") {
				sep = ", "
			}
			return fmt.Sprintf("; %s begins with -, which git would read as an option%s%s", w.named(arg), sep, h)
		}
		if strings.HasPrefix(full, "-") {
			return ""
		}
		if h := revisionHintIn(repo, asked, at, dir, full, beside, w); h != "" {
			return fmt.Sprintf("; %s begins with -, which git would read as an option, and with its ref written in full, %s", w.named(arg), strings.TrimPrefix(h, "; "))
		}
		return ""
	}
	known := repoKnows(repo)
	// An end after the first may begin with - (refs/heads/-z..-y): git
	// reads it there, as Knows does not.
	knownEnd := func(end string) bool {
		if strings.HasPrefix(end, "-") {
			// -y of a tag and a branch, -q a file of the git
			// directory: the log's refusal says how to write it.
			if repo.Undashed(end) == "" {
				return repo.DashHint(end, shellword.Shown) != ""
			}
			end = repo.Undashed(end)
		}
		return known(end)
	}
	// Cut as meant, not at git's first .. (HEAD^{/a..b}^2..HEAD, whose
	// pattern holds one, was given no hint at all).
	if a, b, ok := gitsrc.RangeEnds(arg); ok {
		// X in a submodule, given from the superproject: the log of
		// its own repository (not the superproject's log, nor its
		// refusal of an end past its root, which it is not read in).
		nestedHint := func() string {
			if !nestedOnDisk(dir, beside) {
				return "" // no git run for the hint of most ranges
			}
			n := at().nested
			if n.at == "" {
				return ""
			}
			// Its top named once, whole, in the command: named thrice
			// (at X, with -C X, cachediff -C X), a long one's line
			// was cut by the line's cap within the command.
			// A range that repository's log refuses (past its root
			// too, reversed there): that log was given, refused in
			// turn; its refusal is said, and the range it names.
			return fmt.Sprintf("; %s is a range of git revisions; %s is in another repository (a submodule or a nested one), which this one's revisions do not read: a log of it over the range %s", w.named(arg), w.named(beside), n.repo.OwnLog(n.at, arg, n.path, w.paste))
		}
		knownA, knownB := known(cmpOr(a, "HEAD")), knownEnd(cmpOr(b, "HEAD"))
		if (knownA || repo.PastRoot(a)) && (knownB || repo.PastRoot(b)) && !(knownA && knownB) {
			if h := nestedHint(); h != "" {
				return h
			}
			// HEAD~7..HEAD, the log's own example, in a repository of
			// fewer commits: what the log says of it (it is past the
			// root), not nothing.
			if err := asked.checkRange(repo, arg); err != nil {
				return fmt.Sprintf("; %s is a range of git revisions, which a log of PATH (cachediff %slog --revs RANGE PATH) refuses: %v", w.named(arg), gitsrc.InFolder(dir), cutRefusal(err, w))
			}
		}
		if knownA && knownB {
			if h := nestedHint(); h != "" {
				return h
			}
			// A range the log refuses (HEAD..HEAD~1, reversed) was
			// given as its log all the same, which refused it in turn:
			// the log's own message says why, and what to write.
			if err := asked.checkRange(repo, arg); err != nil {
				hint := fmt.Sprintf("; %s is a range of git revisions, which a log of PATH (cachediff %slog --revs RANGE PATH) refuses: %v", w.named(arg), gitsrc.InFolder(dir), cutRefusal(err, w))
				// The range the refusal names, as a whole command (it
				// was said in the refusal's words alone): the log
				// takes each (TestRefusalInsteadTaken), so it is not
				// asked again.
				if other := gitsrc.Instead(err); other != "" {
					hint += fmt.Sprintf("; to run it: cachediff %slog --revs %s %s", gitsrc.InFolder(dir), w.paste(other), logPath())
				}
				return hint
			}
			// X at or below a submodule not checked out as one (an
			// empty folder, a .git leading nowhere): its log was
			// given, which pasted said PATH passes through a
			// submodule. Asked of git (one run) only where the file
			// system shows such a folder (Holds runs none of an end
			// beginning with -).
			if end := cmpOr(b, "HEAD"); deadCheckout(dir, beside) {
				if _, sub, _ := asked.holds(repo, end, at().folder); sub != "" {
					return fmt.Sprintf("; %s is a range of git revisions; at %s, %s is a submodule, whose pages are in another repository, which this one's revisions do not read (it is not checked out here as one)", w.named(arg), w.named(end), w.named(sub))
				}
			}
			return fmt.Sprintf("; %s is a range of git revisions: a log of PATH over it is cachediff %slog --revs %s %s", w.named(arg), gitsrc.InFolder(dir), w.paste(arg), logPath())
		}
		// HEAD^{tree}..HEAD, an end written as a tree or a blob (a peel,
		// REV:PATH or an id): "no such file or directory" alone, where
		// the log says it is not a commit. Asked only of such a
		// spelling: a typo's end costs no git run more.
		if (!knownA && objectSpelt(a)) || (!knownB && objectSpelt(b)) {
			if err := asked.checkRange(repo, arg); err != nil && strings.Contains(err.Error(), ", not a commit") {
				return fmt.Sprintf("; %s is a range of git revisions, which a log of PATH (cachediff %slog --revs RANGE PATH) refuses: %v", w.named(arg), gitsrc.InFolder(dir), cutRefusal(err, w))
			}
		}
		return ""
	}
	knownHere := known(arg)
	if knownHere || strings.ContainsAny(arg, "~^") && nestedOnDisk(dir, beside) {
		// Of an unknown revision only where it may be past this
		// repository's root (HEAD~2, said of the superproject's), and
		// X is in another on disk: no git run for a typo's hint.
		if n := at().nested; n.at != "" {
			// X in a submodule (or a nested repository), given from
			// the superproject: the example folder was given, of the
			// superproject's HEAD~1. The submodule's own REV:PATH, and
			// where it is read; said not to be a commit there where git
			// knows none (a nested repository of no commit or of
			// fewer, whose REV:PATH given was refused pasted; why is
			// left to that refusal, five git runs more). Asked there,
			// not whether this one's refs make arg ambiguous (two git
			// runs), which it is not read by.
			ok, warned, err := asked.knowsWarned(n.repo, arg)
			if err == nil && !ok {
				if !knownHere {
					// Not this one's past its root either, said of it.
					return fmt.Sprintf("; %s is an unknown git revision, here and in the repository %s is in, at %s (a submodule or a nested one)", w.named(arg), w.named(beside), w.named(n.at))
				}
				return fmt.Sprintf("; %s is a git revision: a snapshot from git is REV:PATH, the catalogue's folder at it; %s is in another repository, at %s (a submodule or a nested one), which this one's revisions do not read, and whose git knows no commit %s", w.named(arg), w.named(beside), w.named(n.at), w.named(arg))
			}
			// A name of more than one ref there (a tag and a branch v1
			// of the submodule): its REV:PATH given was refused pasted,
			// as ambiguous; each way written whole (one git run).
			ways := []string{arg}
			if warned {
				if names, whole, _ := n.repo.AmbiguityWithin(arg, w.namedN); names != "" && len(whole) > 0 {
					ways = whole
				}
			}
			for i, way := range ways {
				ways[i] = w.paste(RevPrefix + way + ":" + n.path)
			}
			return fmt.Sprintf("; %s is a git revision: a snapshot from git is REV:PATH, the catalogue's folder at it; %s is in another repository (a submodule or a nested one), which this one's revisions do not read: with %s (each path then from there), it is %s",
				w.named(arg), w.named(beside), strings.TrimSpace(gitsrc.InFolder(n.at)), strings.Join(ways, " or "))
		}
	}
	if knownHere {
		if names, ways, none, why := repo.AmbiguityWhy(arg, w.namedN); names != "" {
			// HEAD~1 beside a branch HEAD: git:HEAD~1:snap was given,
			// refused as ambiguous when pasted; each way written whole.
			// A way git knows no commit of (HEAD~1 of a branch HEAD of
			// one commit) is said to be unknown beside those it knows:
			// "(REV written in full)" alone gave nothing to paste.
			for i, way := range ways {
				p := RevPrefix + way + ":" + folder()
				if len(shellword.ShownASCII(p)) > w.pasteN {
					// Cut, a way pasted is no command, or one of a ref
					// the cut part names (a tag and a branch of 6
					// folders of 112 é, each way 5.4 KB): the commit it
					// reads now, by its id, whole where that fits.
					if id, ok := repo.CommitID(way); ok && len(shellword.ShownASCII(RevPrefix+id+":"+folder())) <= w.pasteN {
						ways[i] = w.paste(RevPrefix+id+":"+folder()) + " (by the id of the commit " + w.named(way) + " reads now)"
						continue
					}
				}
				ways[i] = w.paste(p)
			}
			unknown := ""
			switch {
			case len(none) == 1:
				unknown = "; " + none[0] + ", the other way written whole, is an unknown revision"
			case len(none) > 1:
				unknown = "; " + strings.Join(none, " and ") + ", the other ways written whole, are unknown revisions"
			}
			if unknown != "" && len(why) > 0 {
				// Why git knows none of them, as the log says it: in a
				// shallow clone, that its history stops short, which
				// was left out. Past the room of a name, its length.
				for i, h := range why {
					if len(h) > w.namedN {
						why[i] = fmt.Sprintf("for a reason too long to show here, %d bytes", len(h))
					}
				}
				unknown += " (" + strings.Join(why, "; ") + ")"
			}
			if len(ways) > 0 {
				return fmt.Sprintf("; %s is a git revision, in which %s: a snapshot from git is REV:PATH, the catalogue's folder at the one meant (%s%s)", w.named(arg), names, strings.Join(ways, " or "), unknown)
			}
			return fmt.Sprintf("; %s is a git revision, in which %s: a snapshot from git is REV:PATH, the catalogue's folder at it (REV written in full%s)", w.named(arg), names, unknown)
		}
		// The folder of the other argument, asked whether arg holds it
		// (one git run): cd sub; cachediff HEAD~1 . was given
		// git:HEAD~1:sub of a commit before sub was, which pasted said
		// it does not exist. The example is not asked.
		absent := ""
		if a := at(); a.folder != exampleDir || a.logPath != "PATH" {
			switch holds, sub, ok := asked.holds(repo, arg, a.folder); {
			case sub != "":
				// A submodule there, or on the way, not checked out
				// (an empty folder) or its .git leading nowhere:
				// git:HEAD~1:sub was given, refused pasted as one.
				return fmt.Sprintf("; %s is a git revision: a snapshot from git is REV:PATH, the catalogue's folder at it; at %s, %s is a submodule, whose pages are in another repository, which this one's revisions do not read (it is not checked out here as one)", w.named(arg), w.named(arg), w.named(sub))
			case ok && !holds:
				absent = fmt.Sprintf(", which %s does not hold", w.named(arg))
			}
		}
		return fmt.Sprintf("; %s is a git revision: a snapshot from git is REV:PATH, the catalogue's folder at it (%s%s)", w.named(arg), w.paste(RevPrefix+arg+":"+folder()), absent)
	}
	if note := asked.pastRootNote(repo, arg); note != "" {
		// HEAD~7, the log's example, in a repository of fewer
		// commits: "no such file or directory" alone.
		return fmt.Sprintf("; %s is an unknown git revision%s", w.named(arg), note)
	}
	return ""
}

// objectSpelt reports whether end, a range's end, is written as git
// writes an object that may be no commit: a peel (HEAD^{tree}), REV:PATH
// (HEAD:snap, not :/TEXT), or an id of 4 hex digits or more; not a
// commit's search or peel (HEAD^{/TEXT}, X^{commit}). REV:PATH is cut
// where git cuts it (Split, outside braces): a colon within a search,
// HEAD^{/fix: x}, or a reflog's date, HEAD@{2025-03-01 10:00}, was read
// as one, and a commit's end asked the log's refusal for nothing.
func objectSpelt(end string) bool {
	if i := strings.LastIndex(end, "^{"); i >= 0 && !strings.HasPrefix(end[i:], "^{/") && !strings.HasPrefix(end[i:], "^{commit}") {
		return true
	}
	if _, _, ok := gitsrc.Split(end); ok {
		return true
	}
	return len(end) >= 4 && strings.Trim(end, "0123456789abcdefABCDEF") == ""
}

// DashedRevPath is arg, REV:PATH whose REV begins with - (-x:snap, of
// a tag -x), which pflag refuses as a flag, and after -- was said to be
// a flag put after it, with its ref written in full as a shell word, as
// the loader gives it (git:-x:snap): 'refs/tags/-x:snap', cut as
// hintWord cuts. "" unless git knows the ref so.
func DashedRevPath(dir, arg string) string {
	if _, _, ok := gitsrc.Split(arg); !ok || !strings.HasPrefix(arg, "-") || strings.ContainsAny(arg, "\n\r\x00") {
		return ""
	}
	repo, err := gitsrc.OpenRepo(dir)
	if err != nil {
		return ""
	}
	return dashedRevPath(repo, arg)
}

// dashedRevPath is DashedRevPath of repo.
func dashedRevPath(repo *gitsrc.Repo, arg string) string {
	rev, p, ok := gitsrc.Split(arg)
	if !ok || !strings.HasPrefix(rev, "-") {
		return ""
	}
	full := repo.Undashed(rev)
	if full == "" || strings.HasPrefix(full, "-") {
		return ""
	}
	// A revision git knows no commit of is said to be one, and why
	// where git can tell: -y~9:snap, of a tag -y of 3 commits, was
	// given refs/tags/-y~9:snap, which pasted was refused in turn.
	unknown := ""
	if known, err := repo.Knows(full); err == nil && !known {
		unknown = ", an unknown revision" + pastRootNote(repo, full)
	}
	return hintWord(full+":"+p) + unknown
}

// DashedRevPathHint is the hint of arg, given its DashedRevPath whole.
// Each word is cut as hintWord cuts: whole, -x:<700 U+200B>, of a tag
// -x, was written three times, 4 KB each as \xHH, and the line's cap cut
// the ref to write in full. arg and its revision, named and not to
// paste, are cut sooner (namedWord): of a tag -y and 12 folders of 120 é,
// -y…~9:snap named both at 2 KB beside the ref to write (2 KB) and the
// past-the-root note (1 KB), after the message's own quote of arg: a
// line of 8,224 bytes, the note cut by the line's cap.
func DashedRevPathHint(arg, whole string) string {
	rev, _, _ := gitsrc.Split(arg)
	return fmt.Sprintf("; %s is REV:PATH, whose revision %s begins with -, which git would read as an option: with its ref written in full, %s", namedWord(arg), namedWord(rev), whole)
}

// RevisionHint is the hint of arg, no path on disk, that git reads as a
// revision or a range (revisionHint), for a word after -- spelt as a
// flag (cachediff -- -z..-y X, of branches -z and -y), which was said
// to be a flag put after --; "" for any other word. beside is the
// command's other snapshot argument (X), whose PATH the hint gives.
//
// The hint fits in room bytes, the rest of its line (RoomAfter): its
// ways to paste whole where the words it names, not to paste, cut
// shorter make room for them (fitHint).
func RevisionHint(dir, arg, beside string, room int) string {
	return revisionHint(dir, arg, beside, room)
}

// maxLine is the command's line cap (cachediff's maxErrorLine), within
// which a message and its hint are read whole.
const maxLine = 8 << 10

// lineLead bounds what the command writes before a message on its line
// (cachediff: ).
const lineLead = 64

// RoomAfter is the bytes a hint may take after msg, the words of its
// line before it, so that the line fits the command's cap (maxLine):
// never fewer than minHintRoom, so that a hint says what it is.
func RoomAfter(msg string) int { return max(maxLine-lineLead-len(msg), minHintRoom) }

// minHintRoom is the fewest bytes RoomAfter gives a hint.
const minHintRoom = 1 << 10

// hintWords says how many bytes of each word a hint writes: named, the
// words it names and gives none of to paste (the argument, a ref, a
// folder), and paste, each way it gives to paste; each in ASCII, cut
// and said to be past its bound (shellword.ShownASCIIWithin).
type hintWords struct{ namedN, pasteN int }

func (w hintWords) named(s string) string { return shellword.ShownASCIIWithin(s, w.namedN) }
func (w hintWords) paste(s string) string { return shellword.ShownASCIIWithin(s, w.pasteN) }

// minHintWord is the fewest bytes fitHint cuts a word to.
const minHintWord = 64

// fitHint is the hint build makes within room bytes, one budget for all
// of its words: the words it names cut first (from maxHintWord down to
// minHintWord), then, where that is not enough, the ways to paste,
// given the rest of the room. Each word cut past maxHintWord alone, a
// tag and a branch both named 3 folders of 112 é (2.7 KB as \xHH) made
// a hint of 8.3 KB: its line cut by the cap before either way to paste
// (and each way cut at 2 KB, which pasted is no command). Its caller
// holds MemoRefs, and asks other questions of git through heldAnswers,
// so that a hint made again runs git no more.
func fitHint(room int, build func(w hintWords) string) string {
	w := hintWords{namedN: maxHintWord, pasteN: max(room, maxHintWord)}
	h := build(w)
	for len(h) > room && w.namedN > minHintWord {
		w.namedN = max(minHintWord, min(w.namedN/2, w.namedN*room/len(h)))
		h = build(w)
	}
	for len(h) > room && w.pasteN > minHintWord {
		w.pasteN = max(minHintWord, min(w.pasteN/2, w.pasteN*room/len(h)))
		h = build(w)
	}
	return h
}

// heldAnswers holds git's answers to a hint's questions that MemoRefs
// does not hold, for the hint made again to fit (fitHint).
type heldAnswers struct {
	ranges map[string]error
	held   map[[2]string]heldHolds
	warned map[*gitsrc.Repo]map[string]heldKnows
}

type heldHolds struct {
	holds, ok bool
	sub       string
}

type heldKnows struct {
	known, warned bool
	err           error
}

func (a *heldAnswers) checkRange(repo *gitsrc.Repo, rng string) error {
	if err, ok := a.ranges[rng]; ok {
		return err
	}
	err := repo.CheckRange(rng)
	if a.ranges == nil {
		a.ranges = map[string]error{}
	}
	a.ranges[rng] = err
	return err
}

func (a *heldAnswers) holds(repo *gitsrc.Repo, rev, p string) (bool, string, bool) {
	k := [2]string{rev, p}
	if h, ok := a.held[k]; ok {
		return h.holds, h.sub, h.ok
	}
	var h heldHolds
	h.holds, h.sub, h.ok = repo.Holds(rev, p)
	if a.held == nil {
		a.held = map[[2]string]heldHolds{}
	}
	a.held[k] = h
	return h.holds, h.sub, h.ok
}

func (a *heldAnswers) knowsWarned(repo *gitsrc.Repo, rev string) (bool, bool, error) {
	if k, ok := a.warned[repo][rev]; ok {
		return k.known, k.warned, k.err
	}
	var k heldKnows
	k.known, k.warned, k.err = repo.KnowsWarned(rev)
	if a.warned == nil {
		a.warned = map[*gitsrc.Repo]map[string]heldKnows{}
	}
	if a.warned[repo] == nil {
		a.warned[repo] = map[string]heldKnows{}
	}
	a.warned[repo][rev] = k
	return k.known, k.warned, k.err
}

func (a *heldAnswers) pastRootNote(repo *gitsrc.Repo, rev string) string {
	return pastRootNote(repo, rev) // its git runs held by MemoRefs
}

// maxHintWord is the most bytes of a word a hint of a revision gives
// (hintWord).
const maxHintWord = 2 << 10

// maxNamedWord is the most bytes of a word a hint names beside others
// and gives none of to paste (namedWord): :/TEXT's hint names the
// argument, TEXT, its message and PATH, and gives REV:PATH.
const maxNamedWord = 512

// namedWord is hintWord cut within maxNamedWord bytes: each of :/TEXT's
// five words, cut at maxHintWord, made a line of 12 KB, cut by its cap
// before REV:PATH to paste.
func namedWord(s string) string { return shellword.ShownASCIIWithin(s, maxNamedWord) }

// maxRefusalShown is the fewest bytes of the log's refusal of a range
// that a hint quotes before it is cut (cutRefusal).
const maxRefusalShown = 1 << 10

// cutRefusal is err, the log's refusal of a range (gitsrc's CheckRange),
// cut past the bytes w gives a way to paste, never fewer than
// maxRefusalShown (CutMessage): the refusal holds the ways to write the
// range the log takes. It quotes the range two or three times whole: a
// tag of 12 folders of 80 U+200B made a hint of 35 KB, the line cut by
// its cap before the log to run. Cut at 1 KB whatever the room, NAME~1..HEAD
// of a tag and a branch NAME (6 folders of 112 é), whose refusal of 2.7
// KB names each ref to write, was given its first 1 KB, no way in it.
func cutRefusal(err error, w hintWords) string {
	return CutMessage(err.Error(), max(maxRefusalShown, w.pasteN))
}

// pastRootNote is repo's PastRootNote of rev, cut past maxRefusalShown
// bytes (CutMessage): it names rev twice, whole.
func pastRootNote(repo *gitsrc.Repo, rev string) string {
	return CutMessage(repo.PastRootNote(rev), maxRefusalShown)
}

// CutMessage is msg, a message made already (its input quoted), cut to
// at most n bytes: its start, before any escape it would cut (\u200b
// cut in two read \u and another word) and at a character's start, and
// how many bytes are left out.
func CutMessage(msg string, n int) string {
	if len(msg) <= n {
		return msg
	}
	more := fmt.Sprintf("… (cut, %d bytes more)", len(msg))
	k := max(n-len(more), 0)
	for i := k; i > k-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(msg[i]) {
			k = i
			break
		}
	}
	// The longest escape, \U0010ffff, is 10 bytes: a backslash that
	// close before the cut may start one, which is kept whole or not
	// at all, with the backslashes before it.
	if j := strings.LastIndexByte(msg[max(k-9, 0):k], '\\'); j >= 0 {
		for k = max(k-9, 0) + j; k > 0 && msg[k-1] == '\\'; k-- {
		}
	}
	return msg[:k] + fmt.Sprintf("… (cut, %d bytes more)", len(msg)-k)
}

// hintWord is s as a shell word for a hint, in ASCII, cut within
// maxHintWord bytes and said to be (shellword.ShownASCIIWithin): a 4 KB
// PATH of hidden characters, each 12 bytes as \xHH, was hinted in 16 KB,
// which the message's line cap cut with no word of the hint cut; and a
// branch mаin (its а Cyrillic) was hinted 'mаin' and 'git:mаin:snap',
// read as main, where written in ASCII it reads as other than main and
// pasted is the branch again.
func hintWord(s string) string { return shellword.ShownASCIIWithin(s, maxHintWord) }

// besideOnDisk is beside, a path from dir, absolute: not of standard
// input, a line break or a NUL.
func besideOnDisk(dir, beside string) (string, bool) {
	if beside == "" || beside == "-" || strings.ContainsAny(beside, "\n\r\x00") {
		return "", false
	}
	x, err := filepath.Abs(InDir(dir, beside))
	return x, err == nil
}

// deadCheckout reports whether beside, a folder from dir, is empty or
// below a .git that holds no repository (snapshot.GitEntry), up to the
// work tree's top: as a submodule not checked out, or whose .git leads
// nowhere, is on disk. Asked of the file system alone.
func deadCheckout(dir, beside string) bool {
	x, ok := besideOnDisk(dir, beside)
	if !ok {
		return false
	}
	if emptyDir(x) {
		return true
	}
	for d := x; ; d = filepath.Dir(d) {
		if snapshot.GitEntry(d) {
			return false
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// emptyDir reports whether x is a folder with no entry, reading one
// name of it at most: read whole (os.ReadDir), a folder of 100,000
// files was listed and sorted only to be found not empty.
func emptyDir(x string) bool {
	f, err := os.Open(x)
	if err != nil {
		return false
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	return len(names) == 0 && errors.Is(err, io.EOF)
}

// nestedOnDisk reports whether beside, a path from dir, is below
// another .git than dir is (a submodule's, a nested repository's): the
// nearest folder holding a .git entry, above each, differs. Asked of
// the file system alone, before exampleFolder asks git.
func nestedOnDisk(dir, beside string) bool {
	x, ok := besideOnDisk(dir, beside)
	return ok && nestedAt(dir, x)
}

// nestedAt is nestedOnDisk of x, beside's absolute path, for a caller
// that has it (exampleFolder): not made again from dir and beside.
func nestedAt(dir, x string) bool {
	d, err := filepath.Abs(cmpOr(dir, "."))
	if err != nil {
		return false
	}
	tx := repoTop(x)
	return tx != "" && tx != repoTop(d)
}

// ownRepo is, of X at abs (at its folder, top its path from the top of
// the repository its revisions are read in), the repository git reads
// at X where that is another (a nested one, a submodule): ok, and its
// nestedPath, zero where abs does not end in X's path from that top
// (through a symbolic link: the example then).
func ownRepo(abs, at, top string) (nested nestedPath, ok bool) {
	own, err := gitsrc.OpenRepo(at)
	if err != nil {
		return nested, false
	}
	ownTop, _, ok := own.WorkTreePath(abs)
	if !ok || ownTop == top {
		return nested, false
	}
	// Its top from abs, where abs ends in X's path from it.
	root, found := abs, ownTop == "."
	if !found {
		root, found = strings.CutSuffix(abs, string(filepath.Separator)+filepath.FromSlash(ownTop))
	}
	if ownTop != "" && found {
		// From the current folder when below it, else absolute:
		// ../../../../tmp/x, from far away, read as a maze and was
		// right pasted in this folder alone; an absolute one is right
		// from any.
		from := root
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, root); err == nil && filepath.IsLocal(rel) {
				from = rel
			}
		}
		nested = nestedPath{filepath.ToSlash(from), strings.TrimSuffix(ownTop, "."), own}
	}
	return nested, true
}

// example is what exampleFolder returns, asked once for a hint.
type example struct {
	folder, logPath string
	nested          nestedPath
}

// nestedPath is a path on disk in another repository than the one a
// revision is read in: that repository's top from the current folder
// (at), the path from it, and that repository.
type nestedPath struct {
	at, path string
	repo     *gitsrc.Repo
}

// exampleDir is the PATH of a hint's example, of no snapshot given.
const exampleDir = "_cache/develop"

// exampleFolder is the PATH a hint of a revision written without one
// gives: that of beside, the command's other snapshot argument, where
// it is REV:PATH (its PATH as written) or a path on disk in the work
// tree of dir (from the top of the repository, links resolved); else
// the example _cache/develop. cachediff -- -y X, of a branch -y, and
// cachediff HEAD~1 X were given git:refs/heads/-y:_cache/develop and
// git:HEAD~1:_cache/develop, a folder the user did not name; an
// absolute X, or ../X from a subfolder, inside the work tree, was given
// the example too. logPath is the same path as a log's PATH is written,
// from dir, shell-quoted (a log of a range written as a snapshot was
// given the placeholder PATH, cachediff -- -z..HEAD X), or PATH.
//
// nested is, of X in another repository than repo's (a submodule, given
// from the superproject), that repository's top from the current folder
// and X from it; folder is then the example, as a range's log reads
// repo.
func exampleFolder(repo *gitsrc.Repo, dir, beside string) (folder, logPath string, nested nestedPath) {
	if beside == "" || beside == "-" || strings.ContainsAny(beside, "\n\r\x00") {
		return exampleDir, "PATH", nested
	}
	if _, ok := urlScheme(beside); ok {
		return exampleDir, "PATH", nested
	}
	// The log reads PATH from the current folder: one that begins with
	// - is written ./-x, not read as a flag.
	shownHere := func(here string) string {
		if strings.HasPrefix(here, "-") {
			here = "./" + here
		}
		return hintWord(here)
	}
	if _, err := os.Lstat(InDir(dir, beside)); err == nil {
		abs, err := filepath.Abs(InDir(dir, beside))
		if err != nil {
			return exampleDir, "PATH", nested
		}
		top, here, ok := repo.WorkTreePath(abs)
		if !ok || top == "" {
			return exampleDir, "PATH", nested
		}
		// X in a nested repository or a submodule, which this one
		// does not hold: git:HEAD~1:inner/snap was given, a path of no
		// commit of it.
		at := abs
		if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
			at = filepath.Dir(abs)
		}
		// Where git reads no repository at X (below a .git file whose
		// gitdir: leads nowhere, which git run there refuses and this
		// one's git passes over), X is this one's: the example was
		// given, not X's path. Asked of git only where the file system
		// shows another repository's .git above X (nestedOnDisk), or X
		// is reached through a symbolic link: X in this one's work tree
		// ran git rev-parse --show-toplevel there for each hint beside
		// it.
		if resolved, err := filepath.EvalSymlinks(abs); err != nil || resolved != abs || nestedAt(dir, abs) {
			if n, ok := ownRepo(abs, at, top); ok {
				return exampleDir, "PATH", n
			}
		}
		if top == "." {
			// The top of the work tree, cachediff HEAD~1 . there: REV:
			// names it (it was given the example _cache/develop).
			top = ""
		}
		return top, shownHere(here), nested
	}
	if _, p, ok := gitsrc.Split(strings.TrimPrefix(beside, RevPrefix)); ok && p != "" {
		logPath := "PATH"
		if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
			logPath = shownHere(p) // from the current folder, as the log's
		} else if top, err := repo.FromTop("./"); err == nil {
			// From the top: the log's is from the current folder.
			if rel, err := filepath.Rel(filepath.FromSlash("/"+top), filepath.FromSlash(path.Clean("/"+p))); err == nil {
				logPath = shownHere(filepath.ToSlash(rel))
			}
		}
		return p, logPath, nested
	}
	return exampleDir, "PATH", nested
}

// messageRevHint is the hint for an argument that is no path on disk and
// is written as git's revision by commit message, :/TEXT (:/one:c): git
// reads all of TEXT as the message to search, a colon and all, so that
// it has no PATH, and the argument, which Split finds no revision in,
// said "no such file or directory" alone. Where git knows HEAD^{/TEXT}
// (the same search, from HEAD), a snapshot of PATH at it is named so:
// of all of TEXT when git finds it, PATH to be given; else of TEXT cut
// at its last colon, what follows being PATH.
// A TEXT that holds braces (:/bump \{zlib\}, of the commit "bump
// {zlib}") is named so too, where HEAD^{/TEXT}:PATH splits back at the
// colon after it (Split counts braces): it was given no hint at all.
// "" when git knows no such commit, or there is no repository.
func messageRevHint(dir, arg, beside string) string {
	text, ok := strings.CutPrefix(arg, ":/")
	if !ok || text == "" || strings.ContainsAny(text, "\n\r\x00") {
		return ""
	}
	known := knownRevs(dir)
	if known == nil {
		return ""
	}
	// HEAD^{/msg}:path is read back as that revision and PATH.
	splits := func(msg, path string) bool {
		rev := "HEAD^{/" + msg + "}"
		r, p, ok := gitsrc.Split(rev + ":" + path)
		return ok && r == rev && p == path
	}
	// All of TEXT first, as git reads it: :/two: fix, of the commit
	// "two: fix" and no PATH, was told PATH ' fix' at the commit "two".
	whole := known("HEAD^{/" + text + "}")
	if msg, path, ok := cutLast(text, ":"); ok && msg != "" && !whole && splits(msg, path) && known("HEAD^{/"+msg+"}") {
		return fmt.Sprintf("; git reads %s as a revision, the youngest commit whose message matches all of %s, colon and all, with no PATH: %s at the commit of message %s is %s",
			namedWord(arg), namedWord(text), namedWord(cmpOr(path, ".")), namedWord(msg), hintWord(RevPrefix+"HEAD^{/"+msg+"}:"+path))
	}
	if !whole {
		return ""
	}
	// At the other argument's PATH (exampleFolder), as revisionHint.
	folder := "_cache/develop"
	if repo, err := gitsrc.OpenRepo(dir); err == nil {
		folder, _, _ = exampleFolder(repo, dir, beside)
	}
	if splits(text, folder) {
		return fmt.Sprintf("; git reads %s as a revision, the youngest commit whose message matches %s: a snapshot from git is REV:PATH, the catalogue's folder at it (%s)",
			namedWord(arg), namedWord(text), hintWord(RevPrefix+"HEAD^{/"+text+"}:"+folder))
	}
	return ""
}

// knownRevs returns whether git knows a revision, in the repository of
// dir (an error is no); nil when git cannot be run.
func knownRevs(dir string) func(rev string) bool {
	repo, err := gitsrc.OpenRepo(dir)
	if err != nil {
		return nil
	}
	return repoKnows(repo)
}

// repoKnows returns whether git knows a revision in repo (an error is
// no).
func repoKnows(repo *gitsrc.Repo) func(rev string) bool {
	return func(rev string) bool {
		ok, err := repo.Knows(rev)
		return err == nil && ok
	}
}

// cutLast is strings.Cut at the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// cmpOr is s, or def when s is empty.
func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func revLike(arg string, err error) bool {
	msg := err.Error()
	if !strings.Contains(msg, "unknown revision") && !strings.Contains(msg, "not in this repository's objects") {
		return false
	}
	rev, _, _ := gitsrc.Split(arg)
	return strings.Contains(msg, "shallow") || strings.HasPrefix(rev, "HEAD") || strings.ContainsAny(rev, "~^") || strings.Contains(rev, "@{")
}

func ambiguous(arg string, fi fs.FileInfo, t *gitsrc.Tree) error {
	what := "a file"
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		what = "a symbolic link"
	case fi.IsDir():
		what = "a folder"
	}
	return &ArgError{Arg: arg, Msg: fmt.Sprintf("ambiguous: %s on disk, and %s at revision %s (commit %s) in git; %s",
		what, namedPath(t.DisplayPath()), namedPath(t.Rev), t.ShortCommit(), sayWhich(arg))}
}

// namedPath is p, a path or a revision of an argument a message quotes
// already, named again as snapshot.ShownPath names a path (in ASCII
// quotes where not plain ASCII), cut within maxNamedWord bytes: raw, an
// ambiguous HEAD:dа (its а Cyrillic) said "and dа at revision HEAD",
// read as da, and HEAD:d/<12 folders of 80 U+200B> named its path whole
// (17 KB as \u200b), the line cut by its cap before the two spellings
// to paste.
func namedPath(p string) string { return snapshot.CutShown(p, maxNamedWord, snapshot.ShownPath) }

// sayWhich ends an ambiguity error: the two spellings of arg, each a
// shell word to paste back (HEAD@{1 day ago}:x, written plain, pasted
// as three arguments).
func sayWhich(arg string) string {
	return fmt.Sprintf("say which: %s for the one on disk, %s for the revision", hintWord("./"+arg), hintWord(RevPrefix+arg))
}

// urlScheme returns the scheme of arg when it is written as a URL,
// SCHEME://…, with a scheme as RFC 3986 spells one.
func urlScheme(arg string) (string, bool) {
	scheme, _, ok := strings.Cut(arg, "://")
	if !ok || scheme == "" {
		return "", false
	}
	for i, c := range scheme {
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return "", false
		}
	}
	return scheme, true
}

// oneSlashURL returns the scheme of arg when it is an http, https or
// file URL written with one slash after its scheme (https:/host/path).
func oneSlashURL(arg string) (string, bool) {
	scheme, rest, ok := strings.Cut(arg, ":/")
	if !ok || strings.HasPrefix(rest, "/") {
		return "", false
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "file":
		return scheme, true
	}
	return "", false
}

// mistypedURL returns the scheme of arg when it starts as an http, https
// or file URL mistyped: SCHEME: without the // after it (https:host,
// https:\\host; one slash is oneSlashURL's), or SCHEME// without the
// colon.
func mistypedURL(arg string) (string, bool) {
	for _, scheme := range []string{"https", "http", "file"} {
		if len(arg) <= len(scheme) || !strings.EqualFold(arg[:len(scheme)], scheme) {
			continue
		}
		rest := arg[len(scheme):]
		if strings.HasPrefix(rest, ":") && !strings.HasPrefix(rest, "://") || strings.HasPrefix(rest, "//") {
			return arg[:len(scheme)], true
		}
	}
	return "", false
}

// mistypedURLError is the error of arg, a URL of scheme mistyped
// (mistypedURL), named without its query, its fragment or what comes
// before an @ (a user and password, or a token).
func mistypedURLError(arg, scheme string) error {
	name := arg
	if i := strings.IndexAny(name, "?#"); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndexByte(name, '@'); i >= 0 {
		name = scheme + "…" + name[i+1:]
	}
	want := "https://HOST/PATH"
	if strings.EqualFold(scheme, "file") {
		want = "file:///PATH"
	}
	return &ArgError{Arg: name, Msg: fmt.Sprintf("not on disk, nor a revision git knows, and written like a mistyped URL: a mirror URL is %s (or http://HOST/PATH)", want)}
}

// looseRedact is arg, a URL written with one slash (oneSlashURL), as
// Redact would show it: without its query, its fragment or the user and
// password before its host.
func looseRedact(arg string) string {
	if i := strings.IndexAny(arg, "?#"); i >= 0 {
		arg = arg[:i]
	}
	scheme, rest, _ := strings.Cut(arg, ":/")
	host, path, slash := strings.Cut(rest, "/")
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	if !slash {
		return scheme + ":/" + host
	}
	return scheme + ":/" + host + "/" + path
}

// unreadURL says why a URL of scheme (not http, https or file) is not
// read, and what to give instead.
func unreadURL(scheme string) string {
	const reads = "cachediff reads a mirror at an http://, https:// or file:// URL, in a folder, or as REV:PATH"
	switch strings.ToLower(scheme) {
	case "s3":
		return "an S3 URL, which cachediff does not read: give a public bucket's HTTPS endpoint, https://BUCKET.s3.REGION.amazonaws.com/PREFIX, or a copy of the mirror in a folder (" + reads + ")"
	case "oci":
		return "an OCI registry's URL, which cachediff does not read: " + reads
	}
	return fmt.Sprintf("a URL of scheme %s://, which cachediff does not read: %s", scheme, reads)
}

// ArgError is an error about a command-line argument as a whole (not a
// file in it). Its argument is named as a snapshot's errors name a
// path (snapshot.ShownPath): written as it is, the argument a\nb, a
// backslash in it, and the one with a line break read alike once the
// line break was escaped.
type ArgError struct {
	Arg string
	Msg string
}

func (e *ArgError) Error() string { return snapshot.ShownPath(e.Arg) + ": " + e.Msg }

// openPath opens a path on disk, after checking that no part of it is a
// symbolic link out of the work tree that holds dir: a folder, a page
// file, or the root of a Spack mirror (layout v2 or v3), which is read
// through its index.
func openPath(dir, p string, o Options) (snapshot.Source, error) {
	top, err := checkLinks(dir, p)
	if err != nil {
		return nil, err
	}
	if layout := mirror.DirLayout(p); layout != "" {
		if rel := mirror.DirNotMirrorContent(p); rel != "" {
			return nil, &snapshot.Error{File: p, Msg: mirror.MixedMessage(layout, rel)}
		}
		m, err := mirror.Open(mirror.Dir(p), o.Mirror)
		if err != nil {
			return nil, &snapshot.Error{File: p, Msg: err.Error()}
		}
		return m, nil
	}
	return snapshot.OpenWithin(p, top)
}

// checkLinks returns an error when p is inside a git work tree (that of
// dir, the current directory for "", or else the one p is in, as a job
// that runs outside its checkout names it) and one of its parts, from
// the top of the work tree down, is a symbolic link whose target is
// outside it. Outside a work tree nothing is checked: the path was
// given as it is. It returns the work tree when p is inside it (the
// walk of a folder checks the links deeper in it), else "".
func checkLinks(dir, p string) (string, error) {
	start := dir
	if start == "" {
		start = "."
	}
	start, err := filepath.Abs(start)
	if err != nil {
		return "", nil
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", nil
	}
	outside := func(top string) bool {
		rel, err := filepath.Rel(top, abs)
		return err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
	}
	top := workTree(start)
	if top == "" || outside(top) {
		// Not below the current work tree: the one that holds p, found
		// from p's own folders (a link among them is judged from the
		// work tree above it, as git would see the checkout).
		from := filepath.Dir(abs)
		if fi, err := os.Lstat(abs); err == nil && fi.IsDir() {
			from = abs // a folder, no link: it may be the work tree's top
		}
		if top = workTree(from); top == "" || outside(top) {
			return "", nil
		}
	}
	rel, err := filepath.Rel(top, abs)
	if err != nil {
		return "", nil
	}
	if rel == "." { // the work tree itself: its walk checks its links
		return top, nil
	}
	realTop, err := filepath.EvalSymlinks(top)
	if err != nil {
		return "", nil
	}
	// Into a .git folder of the work tree through a link (a committed
	// _cache/develop -> ../.git, or a package folder or page that leads
	// there): the job's git configuration, which holds its token, read
	// as a snapshot. Named as it is (p in .git), the user's choice.
	gitOK := dirsrc.InGitDir(rel)
	intoGit := func(target string) bool {
		r, err := filepath.Rel(realTop, target)
		return !gitOK && err == nil && dirsrc.InGitDir(r)
	}
	q := top
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		q = filepath.Join(q, part)
		fi, err := os.Lstat(q)
		if err != nil {
			return top, nil // the loader says what is missing
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		target, err := filepath.EvalSymlinks(q)
		if err != nil {
			return top, nil // a dangling link or a loop: the loader says so
		}
		if r, err := filepath.Rel(realTop, target); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return "", &ArgError{Arg: p, Msg: fmt.Sprintf("%s is a symbolic link to %s, outside the git work tree %s; cachediff does not follow such a link silently (in a checkout, it can stand in for a snapshot): give %s to read it", linkPath(q), linkPath(target), linkPath(top), hintWord(filepath.Join(target, strings.TrimPrefix(abs, q))))}
		}
		if intoGit(target) {
			return "", &ArgError{Arg: p, Msg: fmt.Sprintf("%s is %s", linkPath(q), dirsrc.IntoGitMsg(linkPath(target), linkPath(top)))}
		}
	}
	// The folder's own entries (its package folders): a link among them
	// that leads out of the work tree would stand in for a package. One
	// listing; only the links are followed.
	ents, err := os.ReadDir(abs)
	if err != nil {
		return top, nil // a file, or the loader says why not
	}
	for _, e := range ents {
		if e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		q := filepath.Join(abs, e.Name())
		target, err := filepath.EvalSymlinks(q)
		if err != nil {
			continue // the loader says so
		}
		if r, err := filepath.Rel(realTop, target); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return "", &ArgError{Arg: p, Msg: fmt.Sprintf("%s is a symbolic link to %s, outside the git work tree %s; cachediff does not follow such a link silently (in a checkout, it can stand in for a package): copy it into the snapshot, or give a folder outside the work tree", linkPath(q), linkPath(target), linkPath(top))}
		}
		if intoGit(target) {
			return "", &ArgError{Arg: p, Msg: fmt.Sprintf("%s is %s", linkPath(q), dirsrc.IntoGitMsg(linkPath(target), linkPath(top)))}
		}
	}
	return top, nil
}

// maxLinkPath bounds each path a link's refusal names (linkPath).
const maxLinkPath = 1 << 10

// linkPath is a path checkLinks' refusal names (the link, where it
// leads, the work tree), as snapshot.ShownPath shows a path (in ASCII
// quotes where it is not plain ASCII), cut past maxLinkPath bytes: three
// of them, the argument and the path to give fit the line's cap. They
// were written raw and whole: a link linkаb (its а Cyrillic) read as
// linkab, a link nl<newline>x as the folder nl\nx, and a work tree
// 3 KB deep in U+200B made a line of 18 KB, cut before the path to give.
func linkPath(p string) string { return snapshot.CutShown(p, maxLinkPath, snapshot.ShownPath) }

// WorkTree returns the top of the git work tree that holds dir (an
// absolute path), found as git finds it, by a .git entry in dir or a
// folder above it; "" when there is none.
func WorkTree(dir string) string { return workTree(dir) }

// workTree is WorkTree. A .git git cannot read through (a symbolic
// link to nowhere, or a loop of them) is passed over, as git passes it
// over to the folder above: it was taken for another repository's, and
// the hint of cachediff HEAD~5 X, X below it, ran 2 git processes more
// for a nested repository git does not see.
func workTree(dir string) string {
	return topBy(dir, func(d string) bool {
		_, err := os.Stat(filepath.Join(d, ".git"))
		return err == nil
	})
}

// repoTop is the top of the repository that holds dir as git finds it
// from above (nestedOnDisk): the nearest folder whose .git holds a
// repository (snapshot.GitEntry). A .git file whose gitdir: leads
// nowhere, or an empty .git folder, git passes over, adding the files
// below it to the work tree above: cachediff HEAD~1 X, X below one,
// was taken for a nested repository's (9 git processes for HEAD~5 X
// where a plain X runs 7). workTree, which guards links out of a work
// tree, takes any .git.
func repoTop(dir string) string { return topBy(dir, snapshot.GitEntry) }

// topBy is the nearest of dir and the folders above it that top
// reports to be a work tree's top; "" when none is.
func topBy(dir string, top func(string) bool) string {
	for {
		if top(dir) {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}
