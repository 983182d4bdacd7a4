// Package gitsrc reads snapshots straight out of a git repository's object
// store: the REV:PATH arguments of cachediff, and the series of commits
// that `cachediff log --revs RANGE PATH` walks. Nothing is checked out and
// no temporary tree is written.
//
// It runs the git program: `git rev-parse` resolves a revision as git
// does, `git ls-tree -r -z` lists a tree's files and one
// `git cat-file --batch` process streams their blobs. That beat a pure-Go
// reader of the object store (go-git) by measurement; see
// docs/performance.md. Without git on PATH, every function returns an
// error that says so.
//
// The package owns talking to git and nothing else: it never parses pages
// (package snapshot does) and never prints.
package gitsrc

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/revpath"
	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/snapshot"
)

// ErrNoGit is the error when the git program is not on PATH.
var ErrNoGit = errors.New("REV:PATH needs the git program, and it is not on PATH (install git, or give a folder on disk)")

// ErrNotRepo is the error when the directory is not in a git repository.
var ErrNotRepo = errors.New("not a git repository")

// Repo is the git repository that holds a directory: git runs there, as
// `git -C DIR` would.
type Repo struct {
	// ArgPrefix is what the REV:PATH arguments were written with (git:),
	// for the spellings messages suggest.
	ArgPrefix string

	dir string // "" for the current directory
	git string // the git program
	// prefix is the current directory's path from the top (git
	// rev-parse --show-prefix), asked once (FromTop).
	prefix struct {
		once sync.Once
		p    string
		err  error
	}
	// super is superPath's answer, asked once.
	super struct {
		once sync.Once
		p    string
	}
	// refsMemo holds refsReadAs's answers by name while a hint is made
	// (MemoRefs), nil else: of -- -q snap, the hint ran the same
	// for-each-ref and rev-parse --git-path 3 times. Held no longer:
	// refs may change between two calls on one Repo.
	refsMemo struct {
		mu    sync.Mutex
		depth int
		m     map[string][]string
		// answers holds, by its arguments, what git said of a
		// question asked again in the hint (memoRun): the range's
		// end check asked it before its refusal did.
		answers map[string]memoAnswer
	}
	// attrCache holds git's answers of rewrittenPage: for each set of
	// .gitattributes files (their ids and paths), each page's attribute.
	attrCache struct {
		mu sync.Mutex
		m  map[string]map[string]string
	}
	// resolved holds, for a log's commits, what git answered resolve
	// for each (Series asks for all of them in one process), each taken
	// by the one resolve that asks it: a log's snapshots, loaded
	// through this Repo, start no git cat-file each to resolve.
	resolved struct {
		mu sync.Mutex
		m  map[resolveKey]*resolvedAnswers
	}
	// blobs is the blobs a partial clone holds, listed once (present):
	// a log whose every snapshot lacks a blob listed every object of the
	// repository once a snapshot.
	blobs struct {
		once sync.Once
		set  oidSet
		err  error
	}
}

// OpenRepo returns the repository of dir ("" or "." for the current
// directory). It only finds the git program: whether dir is in a
// repository is known at the first resolution, whose error says so.
func OpenRepo(dir string) (*Repo, error) {
	git, err := exec.LookPath("git")
	if err != nil {
		return nil, ErrNoGit
	}
	return &Repo{dir: dir, git: git}, nil
}

// EnvRepo is the repository the environment names for git (GIT_DIR, as
// in a git hook), which git reads wherever it runs, -C or not: "" when
// none.
func EnvRepo() string { return os.Getenv("GIT_DIR") }

// Split splits a REV:PATH argument where git does: at the first colon
// outside braces (so that HEAD@{2025-03-01 10:00}:x and :/ are read as
// git reads them). ok is false when there is no such colon or no
// revision before it (":path" names git's index, which a snapshot is
// not).
func Split(spec string) (rev, p string, ok bool) { return revpath.Split(spec) }

// Tree is a resolved REV:PATH: a folder (a tree object) or a single page
// (a blob) at a commit.
type Tree struct {
	Spec   string    // as given: REV:PATH
	Rev    string    // REV as given
	Path   string    // PATH as given
	Commit string    // the full commit id REV names
	Date   time.Time // the commit's committer date, in its own time zone
	OID    string    // the object PATH names at Commit
	IsTree bool      // a folder; else a file (one page)
	repo   *Repo
	files  []File // Files, once listed: a tree's content never changes
	// dirs are the tree's folders (paths as in files), listed with them
	// (git ls-tree -t): links are followed in the listing (resolveLinks).
	dirs        []string
	sizes       bool // ListSizes
	listedSizes bool // files have their sizes
	// top is PATH from the top of the repository.
	top string
	// attrs are the .gitattributes files of the folders above PATH, from
	// the top down (encodingAbove, rewrittenPage).
	attrs []attrFile
	// clash is the first name above PATH that a case-insensitive
	// checkout merges with another (caseClash), refused as the tree
	// loads (clashError); zero when none.
	clash clash
}

// ListSizes has Files list the blobs' sizes (git ls-tree -l) of a tree
// that holds spec files (*.spec.json, *.spec.json.sig), when called
// before it first lists: git then reads each blob's header, which costs
// some milliseconds on a tree of thousands of files.
func (t *Tree) ListSizes() { t.sizes = true }

// Resolve resolves a REV:PATH argument as git resolves it: REV is any
// revision that names a commit (a branch, a tag, HEAD~1, an id), PATH is
// relative to the top of the repository, or to the current directory
// when it starts with ./ or ../. The errors are ErrNoGit, ErrNotRepo
// (wrapped, naming the directory), an unknown revision (named), a PATH
// absent at that revision, and a PATH that is a symbolic link (git
// stores a link as its target's name, which is no page).
func (r *Repo) Resolve(spec string) (*Tree, error) {
	rev, p, ok := Split(spec)
	if !ok {
		return nil, fmt.Errorf("%s is not REV:PATH", quotedInput(spec))
	}
	// git cat-file reads one name a line (and drops a carriage return
	// at its end): a name with a line break would be read as another.
	if strings.ContainsAny(rev, lineBreaks) {
		return nil, fmt.Errorf("revision %s has a line break or a NUL, which no revision has", quotedInput(rev))
	}
	if strings.ContainsAny(p, lineBreaks) {
		return nil, fmt.Errorf("path %s has a line break or a NUL: git cannot name it in REV:PATH", quotedInput(p))
	}
	if strings.HasPrefix(rev, "-") {
		return nil, r.dashRevError(rev, p)
	}
	if err := checkPathLength(p); err != nil {
		return nil, err
	}
	top, err := r.FromTop(p)
	if err != nil {
		return nil, err
	}
	// The current folder's name may hold one (./ and ../ are read from
	// it): the folders on the way to top, and its .gitattributes files,
	// are named to git cat-file a line each, and one more line would
	// have an answer read as another's.
	if strings.ContainsAny(top, lineBreaks) {
		return nil, fmt.Errorf("path %s, from the top of the repository %s, has a line break or a NUL in the current folder's name: git cannot name it in REV:PATH", quotedInput(p), quotedInput(top))
	}
	commit, cobj, oid, typ, attrs, cl, err := r.resolve(rev, rev, p, top)
	if err != nil {
		// git reads HEAD@{1}..HEAD^{commit} as a reflog's date, and
		// warns that the reflog does not reach it: said so, not that
		// REV is a range.
		if rerr := r.rangeRevError(rev, rev, p, top); rerr != nil {
			return nil, rerr
		}
		return nil, err
	}
	if commit != "" && rangeRev(rev) {
		// git read HEAD@{1}..HEAD^{commit} as HEAD's reflog, whose
		// entries reach it, and HEAD@{1}..HEAD:PATH as no object: it
		// was said to be a folder missing from a damaged clone.
		if err := r.rangeRevError(rev, rev, p, top); err != nil {
			return nil, err
		}
	}
	if commit == "" {
		if err := r.rangeRevError(rev, rev, p, top); err != nil {
			return nil, err
		}
		if _, err := r.commit(rev); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("unknown revision %s", rev) // not reached: commit says why
	}
	t := &Tree{Spec: spec, Rev: rev, Path: p, Commit: commit, top: top, attrs: attrs, clash: cl, repo: r}
	if enc := commitEncoding(cobj); decodedHere(enc) {
		if t.Date, _, err = parseCommit(cobj, enc); err != nil {
			return nil, err
		}
	} else {
		dates := [][]time.Time{iconvDates(cobj)}
		if len(dates[0]) == 0 {
			return nil, dateError(cobj, "")
		}
		got, _, err := r.iconvCommits([]string{commit}, dates)
		if err != nil {
			return nil, err
		}
		t.Date = got[0]
	}
	switch {
	case typ == "tree":
		t.OID, t.IsTree = oid, true
	case typ == "blob":
		if err := r.notLink(commit, rev, p, oid); err != nil {
			return nil, err
		}
		t.OID = oid
	case typ == "commit" || typ == "missing" || typ == "ambiguous":
		// A submodule: its commit is usually not in this repository's
		// objects, so cat-file says missing: ls-tree tells it from an
		// absent path.
		// From the top, as git ls-tree --full-tree names it: PATH from
		// the current folder (./sub from _cache) was compared as
		// written, and the submodule called a commit.
		q := p
		if _, ok := gitNamed(p); ok && (strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../")) {
			q = top
		}
		// A commit object at PATH is a submodule's (a tree holds a commit
		// as a gitlink only), whatever ls-tree says of q: "is a commit"
		// was said of a submodule named from the current folder, and
		// no test reached it once q named it from the top.
		switch etyp, eoid := r.entry(commit, q); {
		case etyp == "commit" || typ == "commit":
			if etyp != "commit" {
				eoid = oid
			}
			return nil, fmt.Errorf("path %s at %s is a submodule (commit %s of another repository), not a folder or a file: its pages are not in this repository", logPath(p), rev, short(eoid))
		case typ == "missing" && (etyp == "tree" || etyp == "blob"):
			// Of a tree the clone lacks, "path does not exist" sent
			// the user looking for a typo in a path that is there.
			what := map[string]string{"tree": "a folder", "blob": "a file"}[etyp]
			return nil, fmt.Errorf("path %s at %s (commit %s) is %s whose object %s is missing from this repository: %s", logPath(p), rev, r.shortID(commit), what, short(eoid), mendMissing)
		}
		if folder, ok := map[string]string{".": "the current folder", "..": "the folder above the current one"}[p]; ok {
			// git reads . and .. alone as names in the tree (as
			// gitNamed does), so HEAD:. was said not to exist, and not
			// what to write for the folder meant.
			said := fmt.Sprintf("path %s does not exist at %s (commit %s): git reads %s alone as a name in the folder at the top of the repository, not a folder of the work tree; ", p, rev, r.shortID(commit), p)
			if prefix, err := r.showPrefix(); err == nil && prefix == "" && p == ".." {
				// At the top, HEAD:../ was given, which names a folder
				// outside the repository, refused in turn.
				return nil, fmt.Errorf("%sthe current folder is the top of the repository, %s, and the folder above it is outside the repository, which no REV:PATH reads", said, shellword.Shown(r.ArgPrefix+rev+":"))
			}
			return nil, fmt.Errorf("%sthe top of the repository is %s, and %s is %s", said, shellword.Shown(r.ArgPrefix+rev+":"), folder, shellword.Shown(r.ArgPrefix+rev+":"+p+"/"))
		}
		if named, ok := gitNamed(p); !ok {
			if rel, _, in := r.workTreePath(p); in {
				// An absolute path inside the work tree (HEAD:$PWD/_cache):
				// "as git names it" said tmp/site/_cache, which pasted
				// does not exist either.
				if rel == "." {
					rel = ""
				}
				return nil, fmt.Errorf("path %s does not exist at %s (commit %s) as written: REV:PATH names a path from the top of the repository (or from the current folder after ./), not from /; this one is %s", logPath(p), rev, r.shortID(commit), shellword.ShownASCII(r.ArgPrefix+rev+":"+rel))
			}
			// git's --follow-symlinks walk (follow) tidies such a path,
			// its plain lookup does not: no link is to blame.
			return nil, fmt.Errorf("path %s does not exist at %s (commit %s) as written: git names a path without a leading /, a doubled / or . and .. parts; as git names it: %s", logPath(p), rev, r.shortID(commit), logPath(named))
		}
		if links, err := r.follow(commit, []string{p}, nil); err == nil && (links[0].typ == "blob" || links[0].typ == "tree") {
			return nil, fmt.Errorf("path %s does not exist at %s (commit %s) as named: it passes through a symbolic link, which REV:PATH does not follow; name the path without links", logPath(p), rev, r.shortID(commit))
		}
		if at, kind := r.wayBlocked(commit, q); kind == Submodule {
			return nil, fmt.Errorf("path %s does not exist at %s (commit %s): it passes through %s, a submodule, whose pages are in another repository", logPath(p), rev, r.shortID(commit), logPath(at))
		}
		hint := r.belowHint(commit, rev, p)
		// Of q, from the top: a PATH from the current folder (./devlop
		// in _cache) got no suggestion. The one meant is named from the
		// current folder too, under it, else from the top.
		if near := r.nearPath(commit, q); hint == "" && near != "" {
			if pre, err := r.showPrefix(); err == nil && q != p && strings.HasPrefix(p, "./") && strings.HasPrefix(near, pre) {
				near = "./" + near[len(pre):]
			}
			hint = fmt.Sprintf(": did you mean %s?", shellword.Shown(r.ArgPrefix+rev+":"+near))
		}
		return nil, fmt.Errorf("path %s does not exist at %s (commit %s)%s", logPath(p), rev, r.shortID(commit), hint)
	default:
		return nil, fmt.Errorf("path %s at %s is a %s, not a folder or a file", logPath(p), rev, typ)
	}
	return t, nil
}

// gitNamed returns p as git names a path in REV:PATH, and whether p is
// written so: after git's own ./ and ../ (from the current folder), no
// leading slash, doubled slash, or . and .. part; a trailing slash is
// allowed.
func gitNamed(p string) (string, bool) {
	lead, rest := "", p
	for {
		if r, ok := strings.CutPrefix(rest, "./"); ok {
			lead, rest = lead+"./", r
		} else if r, ok := strings.CutPrefix(rest, "../"); ok {
			lead, rest = lead+"../", r
		} else {
			break
		}
	}
	body := strings.TrimSuffix(rest, "/")
	if body == "" {
		return p, true
	}
	clean := strings.TrimLeft(path.Clean(body), "/")
	return lead + clean, clean == body
}

// FromTop returns PATH of a REV:PATH as a path from the top of the
// repository, cleaned, as git reads it: from the current folder when it
// starts with ./ or ../ (which costs a git rev-parse), else from the top.
// Two spellings of one folder (HEAD:./develop from _cache, and
// HEAD:_cache/develop) give one path; two folders (HEAD:develop and
// HEAD:./develop from _cache) give two.
func (r *Repo) FromTop(p string) (string, error) {
	if !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") { // "." alone is a name in the tree, to git
		return path.Clean("/" + p)[1:], nil
	}
	prefix, err := r.showPrefix()
	if err != nil {
		return "", err
	}
	return path.Clean("/" + path.Join(prefix, p))[1:], nil
}

// workTreePath returns p, an absolute path inside the work tree of r's
// current folder, as a path from the work tree's top (as REV:PATH names
// it) and from the current folder (as log --revs's PATH is written),
// and whether p is such a path (not when it is relative, outside the
// work tree, or there is none). Links are resolved on both sides, as
// git's top is a resolved path. For the messages of an absolute PATH,
// which git reads as neither.
func (r *Repo) workTreePath(p string) (fromTop, fromHere string, ok bool) {
	if !path.IsAbs(p) && !filepath.IsAbs(p) {
		return "", "", false
	}
	out, err := r.run(nil, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", "", false
	}
	resolved := func(s string) string {
		if a, err := filepath.Abs(s); err == nil {
			s = a
		}
		if e, err := filepath.EvalSymlinks(s); err == nil {
			return e
		}
		return filepath.Clean(s)
	}
	at := resolved(filepath.FromSlash(p))
	top, err := filepath.Rel(resolved(strings.TrimSuffix(string(out), "\n")), at)
	if err != nil || top == ".." || strings.HasPrefix(top, ".."+string(filepath.Separator)) {
		return "", "", false
	}
	here, err := filepath.Rel(resolved(cmp.Or(r.dir, ".")), at)
	if err != nil {
		return "", "", false
	}
	return filepath.ToSlash(top), filepath.ToSlash(here), true
}

// WorkTreePath is workTreePath: p, an absolute path, from the top of
// the work tree and from the current folder, links resolved, and whether
// it is inside the work tree.
func (r *Repo) WorkTreePath(p string) (fromTop, fromHere string, ok bool) {
	return r.workTreePath(p)
}

// showPrefix returns the current folder's path from the top, with its
// slash (git rev-parse --show-prefix), asked once: its spaces are kept
// (a folder " x" is not x).
func (r *Repo) showPrefix() (string, error) {
	r.prefix.once.Do(func() {
		out, err := r.run(nil, "rev-parse", "--show-prefix")
		r.prefix.p, r.prefix.err = strings.TrimSuffix(string(out), "\n"), err
	})
	return r.prefix.p, r.prefix.err
}

// belowHint is what to add to the message of a path p, absent at commit
// (named rev), when p is from the top of the repository and the current
// folder, below the top, holds it at commit: that REV:PATH names a path
// from the top, and how to name that one. "" otherwise.
func (r *Repo) belowHint(commit, rev, p string) string {
	if p == "" || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
		return ""
	}
	here, err := r.FromTop("./" + p)
	if err != nil || here == p || here == "" {
		return ""
	}
	if ok, err := r.exist([]string{commit + ":" + here}); err != nil || !ok[0] {
		return ""
	}
	return fmt.Sprintf(": REV:PATH names a path from the top of the repository, and the one in the current folder is %s; give %s or %s", here, shellword.Shown(r.ArgPrefix+rev+":./"+p), shellword.Shown(r.ArgPrefix+rev+":"+here))
}

// lineBreaks are what a name given to git cat-file must not hold.
const lineBreaks = "\n\r\x00"

// resolve asks one git cat-file --batch for the commit rev names (its
// object, for the date: "" when it names none), for each .gitattributes
// file above top (p from the top: attributesAbove) that exists at rev
// (found, in their order), for the folders on the way to top, of which
// it returns the first name a case-insensitive checkout merges with
// another (cl, caseClash), and for the object rev:p names (typ "missing"
// or "ambiguous" when none), of which it reads the header alone: git is
// stopped before it sends a blob's content, which the loader reads later
// (a page named alone was read twice). Its messages name the commit as
// name (rev, or a log's short id).
func (r *Repo) resolve(rev, name, p, top string) (commit string, cobj []byte, oid, typ string, found []attrFile, cl clash, err error) {
	if a := r.takeResolved(rev, p, top); a != nil {
		return r.resolved1(a.commit, a.object, a.found, a.clash, nil, rev, name)
	}
	attrs := attributesAbove(top)
	dirs, next := wayDown(top)
	args := []string{"cat-file", "--batch"}
	cmd := r.command(args...)
	var in strings.Builder
	in.WriteString(rev + "^{commit}\n")
	for _, a := range attrs {
		in.WriteString(rev + ":" + a + "\n")
	}
	for _, d := range dirs {
		in.WriteString(treeName(rev, d) + "\n")
	}
	in.WriteString(rev + ":" + p + "\n")
	cmd.Stdin = strings.NewReader(in.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, "", "", nil, clash{}, err
	}
	if err := cmd.Start(); err != nil {
		return "", nil, "", "", nil, clash{}, r.startError(err)
	}
	br := bufio.NewReader(stdout)
	c, err := readAnswer(br, nil, true)
	for i := 0; i < len(attrs) && err == nil; i++ {
		var data []byte
		var aoid string
		if data, aoid, err = readAttributes(br, rev+":"+attrs[i]); data != nil {
			found = append(found, attrFile{attrs[i], aoid, data})
		}
	}
	var buf []byte
	for i := 0; i < len(dirs) && err == nil; i++ {
		var c clash
		if c, buf, err = readClash(br, buf, dirs[i], next[i]); cl.path == "" {
			cl = c
		}
	}
	var o answer
	if err == nil {
		o, err = readAnswer(br, nil, false)
	}
	cmd.Process.Kill() // done with it: a blob's content is not read here
	stdout.Close()
	werr := cmd.Wait()
	if err != nil {
		if ee := (*exec.ExitError)(nil); errors.As(werr, &ee) && stderr.Len() > 0 {
			return "", nil, "", "", nil, clash{}, r.exitError(args, ee, stderr.Bytes())
		}
		return "", nil, "", "", nil, clash{}, err
	}
	return r.resolved1(c, o, found, cl, stderr.Bytes(), rev, name)
}

// resolved1 is the end of resolve, from git's answers: c to rev^{commit},
// o to rev:p, found and cl from those of the .gitattributes files and
// the folders on the way, and what git said on its standard error.
func (r *Repo) resolved1(c, o answer, found []attrFile, cl clash, stderr []byte, rev, name string) (commit string, cobj []byte, oid, typ string, _ []attrFile, _ clash, err error) {
	if err := r.ambiguousRef("revision", rev, stderr); err != nil {
		return "", nil, "", "", nil, clash{}, err
	}
	if c.typ != "commit" {
		return "", nil, "", "", nil, clash{}, nil
	}
	if len(found) > 1 && namesRewrite(found) {
		if err := r.gitlinkAttributes(c.oid, name, found); err != nil {
			return "", nil, "", "", nil, clash{}, err
		}
	}
	return c.oid, c.data, o.oid, o.typ, found, cl, nil
}

// maxPrefetched is the most bytes of answers prefetch holds (a
// variable for the tests).
var maxPrefetched = 16 << 20

// resolveKey names a resolve's questions: its rev, p and top.
type resolveKey struct{ rev, p, top string }

// resolvedAnswers are git's answers to a resolve's questions (prefetch).
type resolvedAnswers struct {
	commit, object answer
	found          []attrFile
	clash          clash
}

// takeResolved returns the answers kept for resolve(rev, _, p, top),
// and forgets them; nil when none are kept.
func (r *Repo) takeResolved(rev, p, top string) *resolvedAnswers {
	r.resolved.mu.Lock()
	defer r.resolved.mu.Unlock()
	k := resolveKey{rev, p, top}
	a := r.resolved.m[k]
	delete(r.resolved.m, k)
	return a
}

// keepResolved keeps a for the resolve(rev, _, p, top) to come.
func (r *Repo) keepResolved(rev, p, top string, a *resolvedAnswers) {
	r.resolved.mu.Lock()
	defer r.resolved.mu.Unlock()
	if r.resolved.m == nil {
		r.resolved.m = map[resolveKey]*resolvedAnswers{}
	}
	r.resolved.m[resolveKey{rev, p, top}] = a
}

// prefetch asks one git cat-file --batch, for each commit of ids, what
// resolve asks of it for PATH top (from the top) but the last question,
// rev:PATH, which Series asks with --batch-check (a page's content is
// not sent): the commit, the .gitattributes files above top and the
// folders on the way. Their answers, in the order of ids (the commits'
// objects for Series, the rest for the resolve of each snapshot the
// log loads); nil when git said anything on its standard error, failed,
// or named any of ids no commit: the questions are then asked as
// before, one process each, whose errors say what went wrong. A
// .gitattributes file the commits share is held once, and past
// maxPrefetched bytes held (commits of long messages, or many versions
// of a large .gitattributes) it gives up, nil: a log holds two
// snapshots at a time, and its commits' answers are no third.
//
// base, when not "", is asked after ids: a revision that may name no
// commit (ID^, the parent of a root commit), whose answers are then
// none (its commit's type "").
func (r *Repo) prefetch(ids []string, base, top string) []resolvedAnswers {
	if base != "" {
		ids = append(slices.Clip(ids), base)
	}
	if len(ids) == 0 {
		return nil
	}
	attrs := attributesAbove(top)
	dirs, next := wayDown(top)
	var in strings.Builder
	for _, id := range ids {
		if strings.ContainsAny(id, lineBreaks) {
			return nil
		}
		in.WriteString(id + "^{commit}\n")
		for _, a := range attrs {
			in.WriteString(id + ":" + a + "\n")
		}
		for _, d := range dirs {
			in.WriteString(treeName(id, d) + "\n")
		}
	}
	cmd := r.command("cat-file", "--batch")
	cmd.Stdin = strings.NewReader(in.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil
	}
	if err := cmd.Start(); err != nil {
		return nil
	}
	br := bufio.NewReader(stdout)
	got := make([]resolvedAnswers, len(ids))
	shared := map[string][]byte{} // the .gitattributes files read, by id
	var buf []byte
	held := 0 // bytes of commits and .gitattributes files in got
	err = func() error {
		for i, id := range ids {
			c, err := readAnswer(br, nil, true)
			if err != nil {
				return err
			}
			isBase := base != "" && i == len(ids)-1
			if c.typ != "commit" || c.oid != id && !isBase {
				if !isBase {
					return errors.New("not a commit")
				}
				// No base: its other answers are read, and dropped.
				c = answer{}
			}
			got[i].commit = c
			held += len(c.data)
			for _, a := range attrs {
				data, aoid, err := readAttributes(br, id+":"+a)
				if err != nil {
					return err
				}
				if data != nil {
					if one, ok := shared[aoid]; ok {
						data = one
					} else {
						shared[aoid] = data
						held += len(data)
					}
					got[i].found = append(got[i].found, attrFile{a, aoid, data})
				}
			}
			if held > maxPrefetched {
				return errors.New("too much to hold")
			}
			for k := range dirs {
				var c clash
				if c, buf, err = readClash(br, buf, dirs[k], next[k]); err != nil {
					return err
				}
				if got[i].clash.path == "" {
					got[i].clash = c
				}
			}
		}
		return nil
	}()
	if err != nil {
		cmd.Process.Kill()
	}
	io.Copy(io.Discard, stdout)
	if werr := cmd.Wait(); err != nil || werr != nil || stderr.Len() > 0 {
		return nil
	}
	return got
}

// gitlinkAttributes returns an error when one of found (.gitattributes
// above PATH at commit, named rev) is committed as a submodule's commit
// (a gitlink, mode 160000) whose id names a blob here, which cat-file
// reads as any blob: a checkout reads attributes from it when the clone
// holds that blob, and none when it does not (a shallow or single-branch
// clone fetches no gitlink's object). "*.md ident" in .gitattributes and
// a gitlink _cache/.gitattributes to the blob "*.md -ident", held here
// alone, passed git:HEAD:_cache/develop (its lines override, and git
// check-attr, asked with it, says unset), while a clone --depth 1
// wrote "$Id: <blob id> $" into the pages. Asked only when more than
// one is found, and one names ident or working-tree-encoding: one alone
// gives attributes, and takes none away, and files that name neither
// give a page neither (a log over commits that change them costs no
// other git process).
func (r *Repo) gitlinkAttributes(commit, rev string, found []attrFile) error {
	args := []string{"ls-tree", "-z", "--full-tree", commit, "--"}
	for _, a := range found {
		args = append(args, a.path)
	}
	// Each path as written: a folder ":x" is no pathspec magic.
	out, err := r.runEnv([]string{"GIT_LITERAL_PATHSPECS=1"}, nil, args...)
	if err != nil {
		return err
	}
	files, _, err := parseLsTree(out)
	if err != nil {
		return err
	}
	for _, f := range files {
		if f.Kind == Submodule && slices.ContainsFunc(found, func(a attrFile) bool { return a.path == f.Path }) {
			return fmt.Errorf("%s:%s: a .gitattributes above PATH committed as a submodule (a gitlink) whose id names a blob of this repository: a checkout reads its attributes when the clone holds that blob, and none when it does not (a shallow clone), so that the pages may be rewritten or not; remove it, or give the checked-out folder", rev, f.Path)
		}
	}
	return nil
}

// ambiguousRef returns an error when git, resolving written (what:
// "revision" or "the range"), warned on its
// standard error that a name in it is the name of more than one ref (a
// tag and a branch develop): git reads one of them (the tag) and says
// so, and cachediff, which drops git's warnings, read it silently. So
// too when git warned that a reflog does not reach as far back as a
// date in it asks (HEAD@{1.week.ago} in a fresh clone, whose reflog
// holds the clone alone): git reads the reflog's oldest entry instead,
// and a diff of the week was one of no change, or of a day.
func (r *Repo) ambiguousRef(what, written string, stderr []byte) error {
	for l := range strings.Lines(string(stderr)) {
		name, prefixed := strings.CutPrefix(strings.TrimSpace(l), "warning: refname '")
		if name, ok := strings.CutSuffix(name, "' is ambiguous."); prefixed && ok {
			if name == "@" {
				name = "HEAD" // git's @ is HEAD, which it warns of as @
			}
			// Each way is named (alone) and checked whole, whose
			// refusal may name the ref again (pastRoot): listed once.
			defer r.MemoRefs()()
			refs := r.refsReadAs(name)
			return &ambiguousError{fitted(maxMessage, func(word int) string {
				return fmt.Sprintf("%s %s is ambiguous: %s is the name of more than one ref (%s), and git reads the first, warning; %s", what, quotedRevWithin(written, word), quotedInputWithin(name, word), r.refsNamed(name, refs, word), r.ambiguousWays(name, written, refs, word))
			}), name}
		}
		ref, prefixed := strings.CutPrefix(strings.TrimSpace(l), "warning: log for '")
		if ref, since, ok := strings.Cut(ref, "' only goes back to "); prefixed && ok {
			date := strings.TrimSpace(since) // git's, as "Sun, 6 Dec 2026 06:14:11 +0000"
			if strings.ContainsFunc(date, func(c rune) bool { return c < ' ' || c == 0x7f }) {
				date = strconv.Quote(date)
			}
			return fmt.Errorf("%s %s: the reflog of %s only goes back to %s, and git reads its oldest entry for a date before that, warning: not the commit of the date asked; give the commit itself (its id, a tag, or HEAD~N)", what, quotedRev(written), quotedInput(ref), date)
		}
	}
	return nil
}

// ambiguousError is ambiguousRef's error of name, the name of more than
// one ref.
type ambiguousError struct{ msg, name string }

func (e *ambiguousError) Error() string { return e.msg }

// refsNamed lists the refs that name, short, reads as (git's
// ref_rev_parse_rules, in their order), as the message of an ambiguous
// name gives them: they were said to be refs/heads/NAME and
// refs/tags/NAME whatever they were (a branch x and refs/remotes/x/HEAD,
// a remote's). One found, the other is a file of the git directory by
// the name (ORIG_HEAD); none (git failing), it says the common case. A
// name under refs/ is itself the first ref looked for.
func (r *Repo) refsNamed(name string, read []string, word int) string {
	// read is refsReadAs(name), which its callers list already: the
	// refs in git's order, and first a file of the git directory by the
	// name, which no ref lists (a name under refs/ is never one: git's
	// first rule, the name itself, is a ref there, refs/heads/x beside
	// refs/tags/refs/heads/x). Listed again, each hint ran the same
	// for-each-ref twice.
	//
	// Each named as a revision is (quotedRev), in ASCII: raw, a tag and
	// a branch mаin (its а Cyrillic) were listed as refs/tags/mаin,
	// read as main's.
	var found []string
	for _, ref := range read {
		if ref != name || strings.HasPrefix(name, "refs/") {
			found = append(found, quotedRevWithin(ref, word))
		}
	}
	switch len(found) {
	case 0: // git failed
		return fmt.Sprintf("a tag and a branch? %s, %s", quotedRevWithin("refs/tags/"+name, word), quotedRevWithin("refs/heads/"+name, word))
	case 1:
		// The other is a file of the git directory (ORIG_HEAD, a
		// pseudo-ref), which no ref lists and git reads first.
		return quotedRevWithin(name, word) + " in the git directory, " + found[0]
	}
	return strings.Join(found, ", ")
}

// notLink returns an error when p at commit (rev as given) is a symbolic
// link, whose blob oid is: git stores a link as the name of its target,
// which REV:PATH would read as a page ("no front matter").
func (r *Repo) notLink(commit, rev, p, oid string) error {
	links, err := r.follow(commit, []string{p}, nil)
	if err != nil {
		return err
	}
	if l := links[0]; l.typ == "blob" && l.oid == oid {
		return nil // a regular file: following it leads to itself
	}
	links, err = r.follow(commit, []string{p}, []string{oid})
	if err != nil {
		return err
	}
	l := links[0]
	// The path, the revision and the target named as the loaders name
	// a path, in ASCII: raw, a link lіnk (its і Cyrillic) read as link,
	// and its target's Cyrillic stayed as it is in Go's quotes (%q).
	msg := fmt.Sprintf("path %s at %s is a symbolic link (to %s): git stores a link as its target's name, and REV:PATH does not follow it", logPath(p), quotedRev(rev), linkTarget(l.target))
	if l.typ == "blob" || l.typ == "tree" {
		if to := path.Join(path.Dir(p), l.target); !path.IsAbs(l.target) && to != ".." && !strings.HasPrefix(to, "../") {
			msg += fmt.Sprintf(": name what it leads to, %s", quotedInput(rev+":"+to))
		}
	}
	return errors.New(msg)
}

// link is a symbolic link of a tree, followed (git cat-file
// --follow-symlinks): typ is the type of what it leads to ("blob",
// "tree"), or "dangling", "loop", "notdir" when it leads nowhere in the
// commit, "symlink" when it leads out of the repository; target is its
// own content, the name of what it leads to.
type link struct {
	oid, typ, target string
	size             int64 // of the object it leads to (a blob's)
	// dir is the folder a link of typ "tree" (or "submodule", the
	// submodule itself) leads to, from the top,
	// when it was followed in a listing (resolveLinks; "" otherwise).
	dir string
	// path is the file a link of typ "blob" leads to, from the top, when
	// it was followed in a listing ("" otherwise).
	path string
	// out is set when following it in a listing looked up a name out of
	// the tree (not on the way to it), or left the repository.
	out bool
	// way is the names a link followed in a listing took to what it
	// leads to, from the top (linkWalker.way).
	way []string
}

// follow follows the symbolic links at paths (relative to the top, or to
// the current directory when they start with ./ or ../) of commit
// through one git cat-file --batch-check --follow-symlinks, and reads
// their targets' names from their blobs, oids, through a git cat-file
// --batch (none when oids is nil).
func (r *Repo) follow(commit string, paths, oids []string) ([]link, error) {
	var in strings.Builder
	for _, p := range paths {
		if strings.ContainsAny(p, lineBreaks) {
			return nil, fmt.Errorf("path %s has a line break or a NUL: git cannot name it", quotedInput(p))
		}
		in.WriteString(commit + ":" + p + "\n")
	}
	gitFollowed.Add(int64(len(paths)))
	out, err := r.run(strings.NewReader(in.String()), "cat-file", "--batch-check", "--follow-symlinks")
	if err != nil {
		return nil, err
	}
	br := bufio.NewReader(bytes.NewReader(out))
	links := make([]link, len(paths))
	for i := range links {
		a, err := readAnswer(br, nil, false)
		if err == nil && a.oid == "" && a.size > 0 { // dangling, loop, notdir, symlink: a name follows
			a, err = readAnswerContent(br, a)
		}
		if err != nil {
			return nil, err
		}
		links[i] = link{oid: a.oid, typ: a.typ}
		if a.oid != "" {
			links[i].size = a.size
		}
	}
	if oids == nil {
		return links, nil
	}
	err = r.readBlobs(oids, noLimit, func(int) []byte { return nil }, func(i int, data []byte) error {
		links[i].target = string(data[:min(len(data), 1<<10)])
		return nil
	})
	return links, err
}

// shorten cuts s to at most n bytes, with the mark of the whole value
// at the cut (cutmark.Of: "…" and 8 digits of its digest), so that two
// link targets that differ only past the cut read apart.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	// Not inside a character: quoted, a character's bytes cut apart read
	// as \xe2\x80. Bytes that begin no character are cut as they are.
	i := n
	for i > 0 && n-i < utf8.UTFMax-1 && !utf8.RuneStart(s[i]) {
		i--
	}
	if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError && i+size > n {
		n = i
	}
	return s[:n] + cutmark.Of(s)
}

// quotedInput is s, a path or a name given (or git's line naming one),
// quoted in ASCII as the loaders quote a name, and cut about the mark
// past maxQuotedInput bytes (snapshot.CutShown): quoted as Go does (%q),
// "path \"zlіb\nx\" has a line break" kept its і (Cyrillic) as it is,
// read as zlib, beside the loader's own "zl\u0456b\nx"; and a path of
// 100 KB was named whole, past the command's line cap.
func quotedInput(s string) string { return quotedInputWithin(s, maxQuotedInput) }

// quotedInputWithin is quotedInput cut past most bytes (fitted).
func quotedInputWithin(s string, most int) string {
	return snapshot.CutShown(s, most, strconv.QuoteToASCII)
}

// maxQuotedInput bounds the bytes quotedInput names of a value.
const maxQuotedInput = 2 << 10

// maxMessage bounds the bytes of a message that quotes words of input
// (a name, each ref of it, each way to write them) more than once
// (fitted): the command's words about it (loading "REV:PATH": …, the
// revision cut past 2 KB) and it stay within the command's line cap of
// 8 KB. Each word cut past maxQuotedInput alone, a branch and a tag
// named 9 folders of 80 U+200B made a line of 14 KB, cut by the cap
// before the ways to name each.
const maxMessage = 5 << 10

// maxNote bounds the bytes of a note (pastRootSaid) that a message
// adds after its own words, fitted as a message is.
const maxNote = 5 << 9

// minWord is the fewest bytes fitted cuts a word to.
const minWord = 64

// fitted is the message build makes with each word of input it quotes
// cut past word bytes: past maxQuotedInput where the message then fits
// in most bytes, else past as few as it takes (down to minWord), so
// that the message, not each word, has its budget. Its caller holds
// MemoRefs, so that a message made again runs no git again.
func fitted(most int, build func(word int) string) string {
	word := maxQuotedInput
	msg := build(word)
	for len(msg) > most && word > minWord {
		word = max(minWord, min(word/2, word*most/len(msg)))
		msg = build(word)
	}
	return msg
}

// answer is one answer of git cat-file --batch: an object (its id, type
// and, once read, its content), or what git says of a name that names
// none: typ "missing" or "ambiguous", and with --follow-symlinks
// "dangling", "loop", "notdir" (data: the name) or "symlink" (data: the
// target, out of the repository).
type answer struct {
	oid, typ string
	size     int64 // of the content that follows the header
	data     []byte
}

// readAnswer reads an answer's header from br, and its content into buf
// (grown when too small; nil for a new one) when content is set; else
// the content is left for readAnswerContent.
func readAnswer(br *bufio.Reader, buf []byte, content bool) (answer, error) {
	header, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// A name git gives back, "NAME missing", longer than br's
		// buffer (4 KB): git:<5,000 letters>:_cache was refused as "git
		// cat-file: bufio: buffer full", not as a revision git does not
		// know. Only its last bytes tell what git said of it.
		tail := append([]byte(nil), header...)
		for err == bufio.ErrBufferFull {
			header, err = br.ReadSlice('\n')
			tail = append(tail, header...)
			if len(tail) > 2*answerTail {
				tail = append(tail[:0], tail[len(tail)-answerTail:]...)
			}
		}
		header = tail[max(0, len(tail)-answerTail):]
		if h := strings.TrimSuffix(string(header), "\n"); err == nil && !strings.HasSuffix(h, " missing") && !strings.HasSuffix(h, " ambiguous") {
			return answer{}, fmt.Errorf("git cat-file: bad answer …%q", h)
		}
	}
	if err != nil {
		return answer{}, fmt.Errorf("git cat-file: %s", eofMessage(err))
	}
	h := strings.TrimSuffix(string(header), "\n")
	var a answer
	switch f := strings.Fields(h); {
	case strings.HasSuffix(h, " missing") || strings.HasSuffix(h, " ambiguous"):
		a.typ = f[len(f)-1]
		return a, nil
	case len(f) == 2 && (f[0] == "dangling" || f[0] == "loop" || f[0] == "notdir" || f[0] == "symlink"):
		a.typ = f[0]
		a.size, err = strconv.ParseInt(f[1], 10, 64)
	case len(f) == 3:
		a.oid, a.typ = f[0], f[1]
		a.size, err = strconv.ParseInt(f[2], 10, 64)
	default:
		err = errors.New("no size")
	}
	if err != nil || a.size < 0 {
		return answer{}, fmt.Errorf("git cat-file: bad answer %q", shorten(h, 200))
	}
	if !content {
		return a, nil
	}
	a.data = buf
	return readAnswerContent(br, a)
}

// answerTail is how many bytes of an answer's header longer than its
// reader's buffer readAnswer keeps, its last: " ambiguous" and the
// newline fit.
const answerTail = 32

// readAnswerContent reads the content of the answer a (a.size bytes and
// the newline after them) into a.data[:0], grown as needed.
func readAnswerContent(br *bufio.Reader, a answer) (answer, error) {
	var err error
	a.data, err = readContent(br, a.size, a.data)
	if err != nil {
		name := a.typ
		if a.oid != "" {
			name = "object " + short(a.oid)
		}
		return answer{}, fmt.Errorf("git cat-file: %s: %v", name, err)
	}
	return a, nil
}

// trustedSize is how much of the size an answer's header claims is
// allocated before the bytes come: past it, the buffer grows as they
// come. A corrupt object whose header claims a terabyte (git streams a
// blob above core.bigFileThreshold as it inflates it, and may send five
// bytes of it and exit 0) costs what git sends, never what it claims; a
// file on disk is read by the size its file system says. A variable, so
// that TestCorruptObjectSize checks the bound at a few MB, not at 256 MB
// cleared per load.
var trustedSize = 256 << 20

// readContent reads size bytes and a newline from br into buf[:0], grown
// as needed, and returns them without the newline.
func readContent(br *bufio.Reader, size int64, buf []byte) ([]byte, error) {
	if size > int64(math.MaxInt-1) {
		return nil, fmt.Errorf("a size of %d bytes, more than this machine can hold", size)
	}
	n := int(size)
	if cap(buf) < n {
		buf = make([]byte, 0, min(n, trustedSize))
	}
	buf = buf[:0]
	for len(buf) < n {
		if len(buf) == cap(buf) {
			grown := make([]byte, len(buf), min(n, 2*cap(buf)))
			copy(grown, buf)
			buf = grown
		}
		m, err := br.Read(buf[len(buf):min(cap(buf), n)])
		buf = buf[:len(buf)+m]
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("its header claims %d bytes and git sent %d: a corrupt object? (git fsck says)", size, len(buf))
			}
			return nil, err
		}
	}
	if b, err := br.ReadByte(); err != nil || b != '\n' {
		return nil, fmt.Errorf("no newline after its %d bytes: a corrupt object? (git fsck says)", size)
	}
	return buf, nil
}

func displayPath(p string) string {
	if p == "" {
		return "(the top of the repository)"
	}
	return p
}

func short(id string) string { return id[:min(len(id), 12)] }

// notInObjects says that id, the object name resolves to, is not in the
// repository's objects: "NAME names ID, which is not ...", or "NAME is
// not ..." when name is the id itself.
func notInObjects(name, id string) string {
	if strings.EqualFold(name, id) {
		return name + " is not in this repository's objects"
	}
	return name + " names " + short(id) + ", which is not in this repository's objects"
}

// DisplayPath is the tree's path for messages: "(the top of the
// repository)" for the top.
func (t *Tree) DisplayPath() string { return displayPath(t.Path) }

// ShortCommit is the first 12 digits of the tree's commit, for messages.
func (t *Tree) ShortCommit() string { return short(t.Commit) }

// rangeRevError is the error of REV:PATH whose REV is written as a
// range of commits (A..B, A...B, R^@, R^!, R^-): git:HEAD~1..HEAD:snap
// said "unknown revision HEAD~1..HEAD", of two revisions git knows. It
// says that REV:PATH reads one commit, and gives the log of the range
// (its PATH from the current folder, as log --revs reads it) when the
// log takes it, else why the log refuses it too, and, for A..B of two
// commits, the pair of its ends; each command with -C DIR when the
// repository is read from DIR (cachediff -C repo), and a branch whose
// name begins with - written in full (undashed). Given raw, a
// suggestion pasted from where cachediff ran read another repository,
// or none, and a log of HEAD^@, nope..HEAD or HEAD..-y was refused in
// turn. nil for a REV of another shape. written is REV as the user
// wrote it, which the message names: rev itself, or, of a ref name
// that begins with -, the range before its ref was written in full
// (-t..HEAD, where it was said "revision refs/tags/-t..HEAD", a
// revision nobody wrote); the rewritten form is only in the commands.
func (r *Repo) rangeRevError(rev, written, p, top string) error {
	if !rangeRev(rev) {
		return nil
	}
	// Its words, the log's command and refusal, and the pair's within
	// one budget (fitted): each whole, a range of a name of 9 folders
	// of 80 U+200B was 25 KB, cut by the line cap in the log's command.
	defer r.MemoRefs()()
	logPath := r.logPath(p, top)
	_, err := r.Series(rev, logPath, "", "")
	var pair []string // the pair's ends, older first, and PATH
	if ae, ok := errors.AsType[*ambiguousError](err); !ok || ae.name == "HEAD" {
		// An end of more than one ref (a tag and a branch v, v..HEAD)
		// was given in the pair as written, refused in turn as
		// ambiguous; the log's refusal gives each way. HEAD is written
		// as its commit there (headRead).
		if a, b, ok := pairCut(rev); ok {
			a, b = r.undashed(a), r.undashed(b)
			if ka, err := r.Knows(a); err == nil && ka {
				// Of ends that are one commit (HEAD..HEAD, master..HEAD on
				// master, HEAD^{/x}..HEAD of HEAD's message), no pair: it
				// was given, to compare a commit with itself, no change.
				if kb, err := r.Knows(b); err == nil && kb && !r.sameCommit(a, b) {
					a, b = r.olderFirst(r.headRead(a), r.headRead(b))
					q := p
					if p == "." || p == ".." {
						// git reads . and .. alone as names at the top, and
						// HEAD:. is refused: the top, as the log reads it.
						q = top
					}
					pair = []string{a, b, q}
				}
			}
		}
	}
	return errors.New(fitted(maxMessage, func(word int) string {
		msg := fmt.Sprintf("revision %s is a range of commits, not one: REV:PATH reads PATH at one commit", quotedRevWithin(rev, word))
		if written != rev {
			msg = fmt.Sprintf("revision %s is a range of commits, not one: REV:PATH reads PATH at one commit (and it begins with -, which git would read as an option, so each command here writes its ref in full)", quotedInputWithin(written, word))
		}
		logCmd := r.logCommandWithin(rev, logPath, word)
		switch {
		case err != nil && len(err.Error()) > maxNote:
			// The log run prints its refusal whole, fitted in turn.
			msg += fmt.Sprintf("; as a log of the range's commits (%s), it is refused too, for a reason too long to show here (%d bytes), which the log says", logCmd, len(err.Error()))
		case err != nil:
			msg += fmt.Sprintf("; as a log of the range's commits (%s), it is refused too: %v", logCmd, err)
		default:
			msg += "; to step through the range's commits, " + logCmd
		}
		if pair != nil {
			in := r.inFolder()
			if word < maxQuotedInput {
				in = "-C " + shellword.ShownWithin(r.dir, 2*word) + " "
			}
			msg += fmt.Sprintf("; to compare its ends, cachediff %s%s %s", in, shellword.ShownASCIIWithin(r.ArgPrefix+pair[0]+":"+pair[2], word), shellword.ShownASCIIWithin(r.ArgPrefix+pair[1]+":"+pair[2], word))
		}
		return msg
	}))
}

// sameCommit reports whether git reads a and b, two revisions it knows,
// as one commit.
func (r *Repo) sameCommit(a, b string) bool {
	ida, erra := r.verifyCommit(a)
	idb, errb := r.verifyCommit(b)
	return erra == nil && errb == nil && bytes.Equal(ida, idb)
}

// logPath is p, of REV:PATH (top from the top of the repository), as
// log --revs reads it: from the current folder.
func (r *Repo) logPath(p, top string) string {
	if prefix, err := r.showPrefix(); err == nil && !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") {
		if rel, err := filepath.Rel(cmp.Or(prefix, "."), cmp.Or(top, ".")); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return p
}

// logCommandWithin is the log of the range rng over logPath, as a
// message gives it to paste (with -C DIR where the repository is read
// from DIR), in ASCII, as a way to write a ref beside its name, each
// word cut past word bytes, the folder past twice that (fitted).
func (r *Repo) logCommandWithin(rng, logPath string, word int) string {
	in := r.inFolder()
	if word < maxQuotedInput {
		in = "-C " + shellword.ShownWithin(r.dir, 2*word) + " "
	}
	return fmt.Sprintf("cachediff %slog --revs %s %s", in, shellword.ShownASCIIWithin(rng, word), shellword.ShownASCIIWithin(logPath, word))
}

// dashRevError is the error of REV:PATH whose REV begins with -, which
// git would read as an option: git:-y:snap, of a branch -y (git
// update-ref refs/heads/-y), said unknown revision "-y", with no word of
// how to name it. Where git knows the ref, it gives REV:PATH with the
// ref written in full (git:refs/heads/-y:snap), or, for a range, the
// error of that range (rangeRevError).
func (r *Repo) dashRevError(rev, p string) error {
	full, each := r.undash(rev)
	// Its name, each ref of it and each way within one budget (fitted),
	// each way in ASCII as the ref it names: a tag and a branch -а…
	// (Cyrillic) were given raw, read as Latin, and of 9 folders of 100
	// such the message was of 10 KB, of a range 15 KB.
	defer r.MemoRefs()()
	shown := func(s string, word int) string { return shellword.ShownASCIIWithin(r.ArgPrefix+s+":"+p, word) }
	if each != nil {
		what := "a revision"
		if top, err := r.FromTop(p); err == nil && rangeRev(rev) {
			// -y..HEAD, of a tag and a branch -y: each way was given
			// as REV:PATH (git:refs/tags/-y..HEAD:PATH), a range that
			// REV:PATH refuses in turn; it is the log of each.
			logPath := r.logPath(p, top)
			shown = func(s string, word int) string { return r.logCommandWithin(s, logPath, word) }
			what = "a revision; it is a range of commits, not one, which REV:PATH does not read (it reads PATH at one commit), so each way is given as a log of the range"
		}
		return errors.New(fitted(maxMessage, func(word int) string {
			return fmt.Sprintf("revision %s begins with -, which git would read as an option, not %s, %s", quotedRevWithin(rev, word), what, r.dashHint(rev, shown, word))
		}))
	}
	if full == "" {
		// git:-q@{1}:PATH, a reflog of a file -q of the git directory,
		// said unknown revision, with no way to write it.
		what := "a revision"
		if top, err := r.FromTop(p); err == nil && rangeRev(rev) {
			logPath := r.logPath(p, top)
			shown = func(s string, word int) string { return r.logCommandWithin(s, logPath, word) }
			what = "a revision; it is a range of commits, not one, which REV:PATH does not read (it reads PATH at one commit), so it is given as a log of the range"
		}
		if hint := r.dashHint(rev, shown, maxQuotedInput); hint != "" {
			return errors.New(fitted(maxMessage, func(word int) string {
				return fmt.Sprintf("revision %s begins with -, which git would read as an option, not %s; %s", quotedRevWithin(rev, word), what, r.dashHint(rev, shown, word))
			}))
		}
		return fmt.Errorf("unknown revision %s", quotedInput(rev))
	}
	if rangeRev(full) {
		if top, err := r.FromTop(p); err == nil {
			if err := r.rangeRevError(full, rev, p, top); err != nil {
				return err
			}
		}
	}
	// Its way in ASCII, as the ref it names (git:-mаin:snap, its а
	// Cyrillic, was told 'git:refs/heads/-mаin:snap', read as -main's),
	// given the room the message leaves it, and by the commit's id where
	// whole it would be cut (dashHint): uncut, a ref of 6 folders of 112
	// é beside a PATH of 4 KB ran the line past its cap.
	way := "with its ref written in full, " + shown(full, maxMessage)
	return errors.New(fitted(maxMessage, func(word int) string {
		head := fmt.Sprintf("revision %s begins with -, which git would read as an option, not a revision: ", quotedRevWithin(rev, word))
		if !strings.HasPrefix(full, "refs/") {
			return head + way
		}
		return head + r.dashHint(rev, shown, max(word, maxMessage-len(head)-maxDashHintWords))
	}))
}

// maxDashHintWords bounds the words dashHint writes about a way to
// paste ("write it by the id of the commit its ref reads now …"): the
// way is given the room of its message less those.
const maxDashHintWords = 1 << 7

// rangeRev reports whether rev, outside its braces (HEAD^{/a..b} is
// one commit, by its message), is written as a range: A..B, A...B,
// R^@, R^! or R^-N.
func rangeRev(rev string) bool {
	var out strings.Builder
	depth := 0
	for _, c := range rev {
		switch {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case depth == 0:
			out.WriteRune(c)
		}
	}
	s := out.String()
	if strings.Contains(s, "..") || strings.HasSuffix(s, "^@") || strings.HasSuffix(s, "^!") {
		return true
	}
	i := strings.LastIndex(s, "^-")
	return i >= 0 && strings.Trim(s[i+2:], "0123456789") == ""
}

// commit resolves rev to a full commit id.
func (r *Repo) commit(rev string) (string, error) {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\n\x00") {
		return "", fmt.Errorf("unknown revision %s", quotedInput(rev))
	}
	out, err := r.verifyCommit(rev)
	if err == nil {
		return strings.TrimSpace(string(out)), nil
	}
	var ge *gitError
	if errors.As(err, &ge) && ge.code == 1 { // --verify --quiet: not a commit
		if out, err := r.run(nil, "rev-parse", "--verify", "--quiet", rev); err == nil {
			id := strings.TrimSpace(string(out))
			if _, err := r.run(nil, "cat-file", "-e", id); err != nil {
				return "", fmt.Errorf("revision %s%s", notInObjects(rev, id), r.historyHint())
			}
			return "", fmt.Errorf("revision %s is not a commit", quotedRev(rev))
		}
		if why := r.ambiguous(rev); why != "" {
			return "", fmt.Errorf("revision %s%s", quotedRev(rev), why)
		}
		return "", fmt.Errorf("unknown revision %s%s", quotedRev(rev), r.unknownHint(rev))
	}
	return "", err
}

// Knows reports whether rev names a commit git has: false when git knows
// no commit by that name; an error when git cannot say (it cannot read
// the repository, or rev is an abbreviated id several objects start
// with).
func (r *Repo) Knows(rev string) (bool, error) {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\n\x00") {
		return false, nil
	}
	_, err := r.verifyCommit(rev)
	return r.knows(rev, err)
}

// knows is Knows of rev, given git's answer whether it is a commit.
func (r *Repo) knows(rev string, err error) (bool, error) {
	if ge, ok := errors.AsType[*gitError](err); ok && ge.code == 1 {
		if why := r.ambiguous(rev); why != "" {
			return false, fmt.Errorf("revision %s%s", rev, why)
		}
		return false, nil
	}
	return err == nil, err
}

// KnowsWarned is Knows, and whether git, resolving rev, warned that a
// name in it is that of more than one ref (a tag and a branch v1), in
// the same git run: a hint asks which refs (Ambiguity, two runs more)
// only then.
func (r *Repo) KnowsWarned(rev string) (known, warned bool, err error) {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\n\x00") || strings.HasPrefix(rev, ":/") {
		known, err = r.Knows(rev)
		return known, false, err
	}
	args := []string{"rev-parse", "--verify", "--quiet", rev + "^{commit}"}
	cmd := r.command(args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err = cmd.Run(); err != nil {
		if ee, ok := errors.AsType[*exec.ExitError](err); ok {
			err = r.exitError(args, ee, stderr.Bytes())
		} else {
			err = r.startError(err)
		}
	}
	known, err = r.knows(rev, err)
	return known, strings.Contains(stderr.String(), "' is ambiguous."), err
}

// ambiguous says why rev, which git resolved to nothing, is not unknown:
// it starts with an abbreviated object id (4 to 39 hex digits, before
// any ~, ^ or @) that more than one object's id starts with, so that git
// names none of them (" is ambiguous: ..."): two commits, or objects
// none of which is a commit; "" when it does not.
func (r *Repo) ambiguous(rev string) string {
	prefix := rev
	if i := strings.IndexAny(rev, "~^@"); i >= 0 {
		prefix = rev[:i]
	}
	if len(prefix) < 4 || len(prefix) >= 40 || strings.Trim(prefix, "0123456789abcdefABCDEF") != "" {
		return ""
	}
	out, err := r.run(nil, "rev-parse", "--disambiguate="+prefix)
	if err != nil {
		return ""
	}
	n := bytes.Count(out, []byte("\n"))
	if n < 2 {
		return ""
	}
	// git resolves a revision among commits (and the tags of one):
	// other objects of the prefix (files' blobs, trees) make it
	// ambiguous only when no commit has it, and more digits of a
	// commit's id help only when two commits have it.
	types, err := r.run(bytes.NewReader(out), "cat-file", "--batch-check=%(objecttype)")
	if err != nil {
		return ""
	}
	commits := 0
	for l := range strings.Lines(string(types)) {
		if t := strings.TrimSpace(l); t == "commit" || t == "tag" {
			commits++
		}
	}
	switch commits {
	case 0:
		return fmt.Sprintf(" is ambiguous: the ids of %d objects start with %s, none of them a commit (a revision names a commit: by its id, a branch or a tag)", n, prefix)
	case 1:
		return "" // the one commit is the revision's: git failed past it
	}
	return fmt.Sprintf(" is ambiguous: the ids of %d commits start with %s; give more of the commit id's digits", commits, prefix)
}

// historyHint is what to add to a message about a revision or a commit
// git does not have, when the repository is a shallow clone (CI checks
// out one commit by default): that its history stops short; when it has
// no commit at all: that; else "".
func (r *Repo) historyHint() string { return r.historyHintHas(false) }

// historyHintHas is historyHint, where has tells that git knows HEAD:
// the repository is then not asked whether it has no commit.
func (r *Repo) historyHintHas(has bool) string {
	out, err := r.memoRun("rev-parse", "--is-shallow-repository")
	if err != nil || strings.TrimSpace(string(out)) != "true" {
		if has {
			return ""
		}
		// A new repository (a CI job's checkout of an empty one): every
		// revision is unknown, HEAD too, and not for a typo.
		if _, herr := r.memoRun("rev-parse", "--verify", "--quiet", "HEAD"); herr != nil {
			if refs, ferr := r.run(nil, "for-each-ref", "--count=1"); ferr == nil && len(bytes.TrimSpace(refs)) == 0 {
				return " (this repository has no commit yet)"
			}
		}
		return ""
	}
	return shallowHint
}

// maxFetchWords bounds the bytes unknownHint writes of a name no ref of
// a shallow clone has, and of the fetch's words that name it: with the
// revision quoted before it and the argument it is in, the line stays
// within its cap.
const maxFetchWords = 1 << 10

// fetchSpec is the refspec unknownHint's fetch gives for name, which no
// ref of a shallow clone has (branch of remote, when name is remote's
// remote-tracking branch, origin/main): one that writes the ref name
// reads. The name alone was given ("git fetch --depth=N origin main"),
// which a clone of one branch (actions/checkout's, git clone --depth)
// fetches into FETCH_HEAD alone, so name was as unknown after it; and a
// branch -x of origin/-x was read by git fetch as an option ("unknown
// switch `x'"). The remote's branch is fetched into its remote-tracking
// ref; a name of no remote into a ref of the same kind and name
// (refs/*/v0.23.0, a tag or a branch: v0.23.0:v0.23.0 wrote an annotated
// tag to a branch, refused).
func fetchSpec(name, remote, branch string) string {
	switch {
	case branch != name:
		return "refs/heads/" + branch + ":refs/remotes/" + remote + "/" + branch
	case strings.HasPrefix(name, "refs/"):
		return name + ":" + name
	case strings.HasPrefix(name, "heads/") || strings.HasPrefix(name, "tags/"):
		return "refs/" + name + ":refs/" + name
	}
	return "refs/*/" + name + ":refs/*/" + name
}

// refNameOK reports whether a ref can be named name, by git's rules
// (git check-ref-format --allow-onelevel): no ASCII control character,
// space, ~ ^ : ? * [ or \\, no .. or @{, not @, no part that begins with
// . or ends with .lock, no empty part, and no . at its end.
func refNameOK(name string) bool {
	if name == "" || name == "@" || strings.HasSuffix(name, ".") || strings.Contains(name, "..") || strings.Contains(name, "@{") {
		return false
	}
	for _, c := range []byte(name) {
		if c < 0x20 || c == 0x7f || strings.IndexByte(" ~^:?*[\\", c) >= 0 {
			return false
		}
	}
	for _, part := range strings.Split(name, "/") {
		if part == "" || strings.HasPrefix(part, ".") || strings.HasSuffix(part, ".lock") {
			return false
		}
	}
	return true
}

// remoteList names the remotes a fetch may be from, each a shell word
// in ASCII, the first 8 and how many more.
func remoteList(remotes []string) string {
	words := make([]string, 0, 9)
	for i, rm := range remotes {
		if i == 8 {
			words = append(words, fmt.Sprintf("%d more", len(remotes)-i))
			break
		}
		words = append(words, shellword.ShownASCII(rm))
	}
	return strings.Join(words, ", ")
}

// shallowHint is historyHint's in a shallow clone.
const shallowHint = " (this is a shallow clone, whose history stops short: fetch more of it, e.g. git fetch --deepen=N, or actions/checkout's fetch-depth)"

// unknownHint is what to add to a message that git does not know the
// revision rev: in a shallow clone, for a name no ref has, how to fetch
// that ref, else historyHint's; else, when rev is HEAD's (HEAD, HEAD~1, @)
// and HEAD is a branch without a commit (git checkout --orphan), that.
func (r *Repo) unknownHint(rev string) string { return r.unknownHintHas(rev, false) }

// unknownHintHas is unknownHint, told by has that git knows HEAD (its
// caller asked), which historyHint then does not ask again: a range's
// unknown end HEAD~N ran git rev-parse --verify HEAD twice.
func (r *Repo) unknownHintHas(rev string, has bool) string {
	if h := r.historyHintHas(has); h == shallowHint {
		// A name (main, origin/main, v0.23.0) that no ref of this
		// shallow clone has: fetching more history adds no ref, and
		// "fetch more of it, git fetch --deepen=N" named the wrong
		// fix. actions/checkout fetches the one ref it checks out.
		if name := refName(rev); name != "" {
			// Through memoRun: asked again each time a hint of a way
			// written whole (refs/heads/HEAD~1, unknown past the
			// clone's history) was made again to fit (input's fitHint).
			if _, err := r.memoRun("rev-parse", "--verify", "--quiet", name); err != nil {
				if !refNameOK(name) {
					// a*b, origin/*, x.lock: no ref has such a name,
					// and the fetch given was refused as an invalid
					// refspec, or (origin/*) fetched every branch of
					// origin, the name as unknown after it.
					return fmt.Sprintf(" (no ref can be named %s: git's ref names have no *, ?, [, \\, space or control character, no .. or @{, and no part that begins with . or ends with .lock)", quotedRevWithin(name, maxFetchWords))
				}
				remote, branch := "origin", name
				// origin/main is main fetched from origin.
				var remotes []string
				if out, err := r.memoRun("remote"); err == nil {
					remotes = strings.Fields(string(out))
					if len(remotes) == 1 {
						// A clone's one remote named otherwise (git clone
						// -o upstream): origin was given, and the fetch
						// pasted said "'origin' does not appear to be a
						// git repository".
						remote = remotes[0]
					}
					for _, rm := range remotes {
						if b, ok := strings.CutPrefix(name, rm+"/"); ok && b != "" {
							remote, branch = rm, b
							break
						}
					}
				}
				// Of several remotes, none origin and none the name
				// begins with, the fetch was from origin, which pasted
				// said "'origin' does not appear to be a git
				// repository": it is from REMOTE, which names them.
				remoteWord, which := shellword.ShownASCII(remote), ""
				if remote == "origin" && len(remotes) > 1 && !slices.Contains(remotes, "origin") {
					remoteWord, which = "REMOTE", ", REMOTE one of "+remoteList(remotes)
				} else if strings.HasPrefix(remote, "-") {
					// A remote -up (git clone -o -up) was read by git
					// fetch as its options -u and -p, and the refspec
					// as the remote: "'refs/*/x:refs/*/x' does not
					// appear to be a git repository".
					remoteWord = "-- " + remoteWord
				}
				// The name as a revision is quoted, and the fetch's words
				// as shell words in ASCII: raw, 'mаin' (its а Cyrillic)
				// read "no ref named main", and foo;id or a$(id)b gave a
				// fetch that pasted ran id; a name of 3,000 bytes, raw
				// twice, ran the line past its cap, the fetch cut.
				spec := fetchSpec(name, remote, branch)
				fetch := remoteWord + " " + shellword.ShownASCII(spec) + which
				if len(fetch) > maxFetchWords {
					fetch = remoteWord + " " + shellword.ShownASCII(strings.ReplaceAll(spec, branch, "NAME")) + ", NAME the name in full" + which
				}
				return fmt.Sprintf(" (this shallow clone has no ref named %s: a clone such as actions/checkout's fetches the one ref it checks out; fetch it, git fetch --depth=N %s, or name a revision the clone has)", quotedRevWithin(name, maxFetchWords), fetch)
			}
		}
		return h
	} else if h != "" {
		return h
	}
	if h := r.pastRoot(rev); h != "" {
		return h
	}
	// @ is git's name for HEAD (@~1, @:PATH); @{-N}, a branch checked
	// out before, is not HEAD's.
	if at, ok := strings.CutPrefix(rev, "@"); ok && !strings.HasPrefix(at, "{-") {
		rev = "HEAD" + at
	}
	// Only @{...} follows HEAD's @ (HEAD@{1}); HEAD@ and @@ are typos.
	if rest, ok := strings.CutPrefix(rev, "HEAD"); !ok || (rest != "" && !strings.ContainsAny(rest[:1], "~^:") && !strings.HasPrefix(rest, "@{")) {
		return ""
	}
	out, err := r.run(nil, "symbolic-ref", "-q", "HEAD")
	if err != nil {
		return ""
	}
	branch := strings.TrimSpace(string(out))
	if _, err := r.run(nil, "rev-parse", "--verify", "--quiet", branch); err == nil {
		return ""
	}
	return fmt.Sprintf(" (HEAD is branch %s, which has no commit yet)", strings.TrimPrefix(branch, "refs/heads/"))
}

// pastRoot is unknownHint's for rev, NAME~N, where git knows NAME and N
// reaches past the root of its first-parent line: the log's own example,
// HEAD~7..HEAD, in a repository of four commits said "unknown revision
// HEAD~7" alone, as though of a typo. It says how many commits the line
// holds and which is the oldest. NAME^ (NAME^^, …) is NAME~1 (~2): in
// a new repository of one commit, HEAD^..HEAD said "unknown revision
// HEAD^" alone. "" for a revision of another shape.
func (r *Repo) pastRoot(rev string) string { return r.pastRootSaid(rev, nil) }

// pastRootSaid is pastRoot, which, once rev is known to be past the
// root, asks enough (when given) whether to go on: when it says so, it
// is "past", the oldest commit and an ambiguity of NAME unasked, which
// a shallow clone's note (PastRootNote) and PastRoot do not say: of
// HEAD~1 beside a branch HEAD in a shallow clone, the refusal ran git
// 12 times, 7 of them for a note it dropped.
func (r *Repo) pastRootSaid(rev string, enough func() bool) string {
	name := strings.TrimRight(rev, "^")
	n := len(rev) - len(name)
	if n == 0 {
		i := strings.LastIndex(rev, "~")
		if i <= 0 || strings.Trim(rev[i+1:], "0123456789") != "" || len(rev) > i+10 {
			return ""
		}
		var err error
		name = rev[:i]
		if n, err = strconv.Atoi(cmp.Or(rev[i+1:], "1")); err != nil {
			return ""
		}
	}
	if name == "" {
		return ""
	}
	if strings.HasPrefix(name, "-") {
		// A branch -y (the end after the first of HEAD~1..-y~9, where
		// git reads it), which git's rev-parse --verify and rev-list
		// would read as an option: its ref written in full. The name
		// was refused, and the range said "unknown revision -y~9" alone.
		if name = r.undashed(name); name == "" {
			return ""
		}
	}
	// rev-list fails of a NAME that is no commit (a tree, a blob, an
	// unknown name), so it is not asked first; a range (a..b~9) or a
	// negation it would count is no NAME.
	if rangeRev(name) || strings.HasPrefix(name, "^") || strings.Contains(name, ":") {
		return ""
	}
	out, err := r.memoRun("rev-list", "--first-parent", "--count", name, "--")
	count, cerr := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil || cerr != nil || count < 1 || n < count {
		return ""
	}
	if enough != nil && enough() {
		return "past"
	}
	oldest := fmt.Sprintf("%s~%d", name, count-1)
	if count == 1 {
		// A line of one commit: NAME itself, not NAME~0.
		oldest = name
	}
	// The oldest's id as git reads it alone (commitShort, in the one
	// process that verified it): cut at 12, one whose digits another
	// object shares was named, and pasted git refused it as ambiguous.
	id, err := r.commitShort(oldest)
	if err != nil {
		return ""
	}
	if refs := r.refsReadAs(name); len(refs) > 1 {
		// HEAD beside a branch HEAD (--revs HEAD~7..HEAD, whose
		// unknown end git tells first): the oldest was named HEAD~2,
		// which cachediff refuses as ambiguous; by its commit alone.
		// The ambiguity, which git tells only once the end is known,
		// is said too: it was left to the next run.
		defer r.MemoRefs()()
		return fitted(maxNote, func(word int) string {
			return fmt.Sprintf(" (it is past the root: the first-parent line of %s holds %s, the oldest commit %s; and %s is the name of more than one ref (%s), of which git reads the first, warning: %s)", quotedRevWithin(name, word), snapshot.Plural(count, "commit"), id, quotedInputWithin(name, word), r.refsNamed(name, refs, word), r.ambiguousWays(name, name, refs, word))
		})
	}
	return fmt.Sprintf(" (it is past the root: the first-parent line of %s holds %s, the oldest %s, commit %s)", quotedRev(name), snapshot.Plural(count, "commit"), quotedRev(oldest), id)
}

// PastRoot reports whether rev is NAME~N, of a NAME git knows, that
// reaches past the root of NAME's first-parent line (pastRoot): HEAD~7
// in a repository of fewer commits.
func (r *Repo) PastRoot(rev string) bool {
	return r.pastRootSaid(rev, func() bool { return true }) != ""
}

// PastRootNote is what an unknown revision rev, NAME~N past the root of
// NAME's first-parent line (pastRoot), is told, in parentheses after a
// space, as the log tells it (unknownHint): that it is past the root,
// or, in a shallow clone, whose line stops at its edge, that its
// history stops short. "" for a revision of another shape.
func (r *Repo) PastRootNote(rev string) string {
	h := ""
	note := r.pastRootSaid(rev, func() bool { h = r.historyHint(); return h != "" })
	if note == "" {
		return ""
	}
	if h != "" {
		return h
	}
	return note
}

// refName is the name of a ref that rev starts with (main of main~1,
// origin/main, v0.23.0), or "" when it starts with none: HEAD, @, an
// object id (hex digits), or no name.
func refName(rev string) string {
	name := rev
	if i := strings.IndexAny(rev, "~^@:"); i >= 0 {
		name = rev[:i]
	}
	switch {
	case name == "" || name == "HEAD" || strings.HasPrefix(name, "-") || strings.ContainsAny(name, lineBreaks+" \t"):
		return ""
	case len(name) >= 4 && strings.Trim(name, "0123456789abcdefABCDEF") == "":
		return ""
	}
	return name
}

// entry returns the type ("blob", "tree" or "commit") and the object id
// that commit's tree lists at path p, or "", "" when it lists nothing
// there. It tells apart what git cat-file calls missing alike: a
// submodule's commit, an object the repository lacks, and a path that is
// not there.
func (r *Repo) entry(commit, p string) (typ, oid string) {
	if p == "" || strings.ContainsAny(p, "\n\x00") {
		return "", ""
	}
	// p as written: a folder ":x" is no pathspec magic (":x/sub" was
	// called a commit, not a submodule).
	out, err := r.runEnv([]string{"GIT_LITERAL_PATHSPECS=1"}, nil, "ls-tree", "-z", "--full-tree", commit, "--", p)
	if err != nil {
		return "", ""
	}
	rec, _, _ := bytes.Cut(out, []byte{0})
	meta, name, ok := bytes.Cut(rec, []byte{'\t'})
	f := bytes.Fields(meta)
	if !ok || len(f) != 3 || string(name) != p {
		return "", ""
	}
	return string(f[1]), string(f[2])
}

// wayBlocked returns the first name on the way to p (from the top, a
// folder above it) that is a submodule or a symbolic link at commit, and
// its kind, or "" when none is: p is then absent from the object store
// though a checkout may hold it (a submodule's pages, a link's target).
// One git ls-tree for every name on the way.
func (r *Repo) wayBlocked(commit, p string) (string, Kind) {
	_, at, kind := r.wayOf(commit, p, false)
	return at, kind
}

// wayOf is wayBlocked, and with self gitlink's answer for p too (the
// id of the submodule committed at p, or ""), from the same git ls-tree:
// a log asks both of a commit where PATH is absent, and asking them
// apart spawned a git process more than before wayBlocked for a log
// whose base predates PATH, an ordinary one.
func (r *Repo) wayOf(commit, p string, self bool) (sub, at string, kind Kind) {
	if strings.ContainsAny(p, "\n\x00") {
		return "", "", Regular
	}
	way, files, _, err := r.lsWay(commit, p, self)
	if err != nil {
		return "", "", Regular
	}
	if self {
		for _, f := range files {
			if f.Path == p && f.Kind == Submodule {
				sub = f.OID
			}
		}
	}
	for _, w := range way {
		for _, f := range files {
			if f.Path == w && (f.Kind == Submodule || f.Kind == Symlink) {
				return sub, w, f.Kind
			}
		}
	}
	return sub, "", Regular
}

// lsWay runs one git ls-tree of rev for the folders on the way to p
// (from the top, above it), and for p itself when self, each name as
// written (a folder ":x" is no pathspec magic): the way, and git's
// files and folders of those names; no git run when there is no name
// to ask (wayOf, Holds).
func (r *Repo) lsWay(rev, p string, self bool) (way []string, files []File, dirs []string, err error) {
	for i := range len(p) {
		if p[i] == '/' && i > 0 {
			way = append(way, p[:i])
		}
	}
	names := way
	if self && p != "" {
		names = append(way[:len(way):len(way)], p)
	}
	if len(names) == 0 {
		return way, nil, nil, nil
	}
	out, err := r.runEnv([]string{"GIT_LITERAL_PATHSPECS=1"}, nil, append([]string{"ls-tree", "-z", "--full-tree", "--end-of-options", rev, "--"}, names...)...)
	if err != nil {
		return nil, nil, nil, err
	}
	files, dirs, err = parseLsTree(out)
	return way, files, dirs, err
}

// exist reports, for each object name of exprs (REV:PATH), whether it
// names an object: one git process for all of them.
func (r *Repo) exist(exprs []string) ([]bool, error) {
	exist, _, err := r.existAnswers(exprs, "--batch-check=%(objectname)")
	return exist, err
}

// existAnswers is exist, with git cat-file's answer of each (its
// header: the object's id and type, as resolve reads them of rev:p)
// asked with --batch-check=FORMAT.
func (r *Repo) existAnswers(exprs []string, batchCheck string) ([]bool, []answer, error) {
	var in strings.Builder
	for _, e := range exprs {
		if strings.ContainsAny(e, "\n\x00") {
			return nil, nil, fmt.Errorf("bad object name %s", quotedInput(e))
		}
		in.WriteString(e + "\n")
	}
	out, err := r.run(strings.NewReader(in.String()), "cat-file", batchCheck)
	if err != nil {
		return nil, nil, err
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(exprs) {
		return nil, nil, fmt.Errorf("git cat-file --batch-check: %d answers for %d names", len(lines), len(exprs))
	}
	exist := make([]bool, len(exprs))
	answers := make([]answer, len(exprs))
	for i, l := range lines {
		exist[i] = !strings.HasSuffix(l, " missing") && !strings.HasSuffix(l, " ambiguous")
		if a, err := readAnswer(bufio.NewReader(strings.NewReader(l+"\n")), nil, false); err == nil {
			answers[i] = a
		}
	}
	return exist, answers, nil
}

// time3339 is the layout of git's %cI (strict ISO 8601, RFC 3339) up
// to git 2.44: a zone of +00:00, which git 2.45 and later write Z.
const time3339 = "2006-01-02T15:04:05-07:00"

// DateText is a commit's date as a report writes it (Snapshot.Date):
// RFC 3339 in the commit's own zone, but in UTC for a zone of 24 hours
// or more, which git takes (up to +99:59: GIT_COMMITTER_DATE="@SECS
// +2500") and %cI writes (+25:00), and RFC 3339 cannot (its hours are
// 00-23): kept, the date was unreadable, so a feed dated the step 1970
// and render refused the JSON it was saved in.
func DateText(t time.Time) string {
	return shownIn(t).Format(time.RFC3339)
}

// shownIn is t in the zone DateText writes it in: its own, or UTC for a
// zone of 24 hours or more.
func shownIn(t time.Time) time.Time {
	if _, off := t.Zone(); off >= 24*3600 || off <= -24*3600 {
		return t.UTC()
	}
	return t
}

// parseCommit reads the committer date and the subject of a raw commit
// object whose encoding utf8Text decodes (decodedHere); the date of one
// git converts with iconv is git's (iconvDates, Repo.iconvCommits).
func parseCommit(obj []byte, encoding string) (time.Time, string, error) {
	date, msg, found := commitDate(obj, encoding)
	if !found {
		return time.Time{}, "", dateError(obj, encoding)
	}
	// The subject: the message's first paragraph, joined, as git's %s.
	subject := oneLine(utf8Text(firstParagraph(msg), encoding))
	return date, subject, nil
}

var errNoDate = errors.New("git: a commit without a readable committer date")

// dateError is why a commit of no date (commitDate) is refused: one
// whose committer date is written as git reads one but is none a report
// can hold (a UTC in the year 10000, before 1970 in its zone, a zone of
// +01:60) is quoted, with the dates cachediff reads, since git log shows
// many of them (9999-12-27T20:01:00-99:59) and "without a readable
// committer date" had its user look at one; else errNoDate.
func dateError(obj []byte, encoding string) error {
	var committer []byte
	commitHeader(obj, encoding, func(line []byte) {
		if rest, ok := bytes.CutPrefix(line, []byte("committer ")); ok {
			committer = rest
		}
	})
	if d := identDateText(committer); d != "" {
		return fmt.Errorf("git: a commit whose committer date, %s, no report can hold: cachediff reads a date from 1970 in its zone to 9999 in its zone and in UTC, in a zone of up to ±99:59 whose minutes are 00-59", quoteDate(d))
	}
	return errNoDate
}

// identDateText is the date of a committer line's ident as written (its
// seconds, its zone and the rest of the line), when it has the form git
// reads a date of (identDate: digits, then a sign and digits); else "".
func identDateText(id []byte) string {
	lt := bytes.IndexByte(id, '<')
	if lt < 0 || bytes.IndexByte(id[lt+1:], '>') < 0 {
		return ""
	}
	i := bytes.LastIndexByte(id, '>') + 1
	i += gitSpaces(id[i:])
	n := gitDigits(id[i:])
	j := i + n
	j += gitSpaces(id[j:])
	if n == 0 || j >= len(id) || (id[j] != '+' && id[j] != '-') || gitDigits(id[j+1:]) == 0 {
		return ""
	}
	return string(bytes.TrimRight(id[i:], " \t\r"))
}

// commitDate reads the committer date of a raw commit object, and returns
// its message (commitHeader).
func commitDate(obj []byte, encoding string) (time.Time, []byte, bool) {
	var committer []byte
	found := false
	// The header's lines as git's %cI reads them (commitHeader): a line
	// ends at a NUL as at a newline, so "committer ... +0100\x00junk" is
	// a date, and the last committer line is the one, readable or not.
	msg := commitHeader(obj, encoding, func(line []byte) {
		if rest, ok := bytes.CutPrefix(line, []byte("committer ")); ok {
			committer, found = rest, true
		}
	})
	var date time.Time
	if found {
		date, found = identDate(committer)
	}
	return date, msg, found
}

// iconvDates returns the committer dates git's %cI may give a commit in
// an encoding git converts with iconv (not decodedHere: ISO-8859-15,
// Shift_JIS, an unnamed one): git copies the commit only to its first
// NUL when the conversion succeeds (reencode_string reads a C string),
// and reads it whole when it fails (an encoding iconv does not know):
// which of the two, git alone knows. The dates of the two readable here:
// one when they agree or the object holds no NUL, none when neither is.
func iconvDates(obj []byte) []time.Time {
	var dates []time.Time
	if i := bytes.IndexByte(obj, 0); i >= 0 {
		if d, _, ok := commitDate(obj[:i], ""); ok {
			dates = append(dates, d)
		}
	}
	if d, _, ok := commitDate(obj, ""); ok && (len(dates) == 0 || d.Format(time3339) != dates[0].Format(time3339)) {
		dates = append(dates, d)
	}
	return dates
}

// identDate reads the date of a committer line's ident ("Name <email>
// 1710000000 +0100") as git's %cI does (ident.c's split_ident_line):
// an email between the first '<' and a '>' after it, then after the last
// '>' the digits of the seconds, past spaces, tabs and CRs (git's
// isspace, not a vertical tab nor a no-break space), then a '+' or a '-'
// and the digits of the zone; what follows them is not read. Anything
// else is no date for git (%cI is empty): "-5", "+5", a zone without its
// sign. The zone's digits are read as strtol reads them, all of them,
// and one of an int's size or more is +0000, as git's show_ident_date
// takes it. A date git cannot show either is none here: seconds past
// int64 or a year past 9999 (git shows 1970 for those it cannot place,
// and RFC 3339 writes four digits; in UTC too, as DateText may write
// it), a zone's minutes past 59 or its hours
// past 99, which RFC 3339 cannot write (git writes +01:60, +100:00), and
// a time before 1970 in its zone, where git log dies.
func identDate(id []byte) (time.Time, bool) {
	lt := bytes.IndexByte(id, '<')
	if lt < 0 || bytes.IndexByte(id[lt+1:], '>') < 0 {
		return time.Time{}, false
	}
	i := bytes.LastIndexByte(id, '>') + 1
	i += gitSpaces(id[i:])
	n := gitDigits(id[i:])
	secs, err := strconv.ParseInt(string(id[i:i+n]), 10, 64)
	i += n
	i += gitSpaces(id[i:])
	if n == 0 || err != nil || i >= len(id) || (id[i] != '+' && id[i] != '-') {
		return time.Time{}, false
	}
	z := gitDigits(id[i+1:])
	if z == 0 {
		return time.Time{}, false
	}
	// git reads all the zone's digits (strtol: +00100 is +01:00, +01000
	// +10:00) and takes a zone of an int's size or more for +0000
	// (show_ident_date): +99999999999999999999 is +00:00.
	tz := int64(0)
	for _, c := range id[i+1 : i+1+z] {
		if tz = tz*10 + int64(c-'0'); tz > math.MaxInt32 {
			break
		}
	}
	if tz > math.MaxInt32 || (tz == math.MaxInt32 && id[i] == '+') {
		tz = 0
	}
	if tz%100 > 59 || tz/100 > 99 {
		return time.Time{}, false
	}
	off := int(tz/100*60+tz%100) * 60
	if id[i] == '-' {
		off = -off
	}
	date := time.Unix(secs, 0).In(time.FixedZone("", off))
	// The year as DateText writes it: in UTC for a zone of 24 hours or
	// more, where -99:59 puts a date late in 9999 in 10000.
	if secs+int64(off) < 0 || date.Year() > 9999 || shownIn(date).Year() > 9999 {
		return time.Time{}, false
	}
	return date, true
}

// gitSpaces is the length of the spaces, tabs and CRs b starts with.
func gitSpaces(b []byte) int {
	n := 0
	for n < len(b) && (b[n] == ' ' || b[n] == '\t' || b[n] == '\r') {
		n++
	}
	return n
}

// gitDigits is the length of the ASCII digits b starts with.
func gitDigits(b []byte) int {
	n := 0
	for n < len(b) && '0' <= b[n] && b[n] <= '9' {
		n++
	}
	return n
}

// oneLine is s with each run of white space (as strings.Fields finds it)
// made one space, and none at its ends: strings.Join(strings.Fields(s),
// " ") without the slice of the fields, which for a subject of short
// words took 8x the subject (a 4 MB subject of one-letter words, 32 MB).
func oneLine(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	gap := false
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			gap = b.Len() > 0
		} else {
			if gap {
				b.WriteByte(' ')
				gap = false
			}
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// commitHeader returns the message of a raw commit object as git's %s finds
// it (pretty.c's parse_commit_header), which reads the object as a C
// string: a commit in Latin-1 is re-encoded up to its first NUL byte
// (reencode_string), one whose header names UTF-8 copied up to it
// (logmsg_reencode's xstrdup, to rewrite the header; without the header
// it is read whole), and the message starts after the first empty
// header line, unless a header line starts with a NUL first (a NUL
// within a line is stepped over): then there is none. A commit written
// with hash-object --literally may hold NULs in its header, and one with
// a header line "\x00" has no subject for git log --format=%s.
//
// It calls line with each header line as git reads it, to the header's
// end: the committer date git's %cI gives is read from them.
func commitHeader(obj []byte, encoding string, line func([]byte)) []byte {
	if encoding != "" && decodedHere(encoding) {
		if i := bytes.IndexByte(obj, 0); i >= 0 {
			obj = obj[:i]
		}
	}
	i := 0
	for i < len(obj) && obj[i] != 0 {
		eol := i
		for eol < len(obj) && obj[eol] != '\n' && obj[eol] != 0 {
			eol++
		}
		if eol == i {
			return obj[i:] // the empty line
		}
		line(obj[i:eol])
		i = eol + 1
	}
	return nil
}

// firstParagraph is a commit message's first paragraph as git's %s finds
// it: after the blank lines that lead it, up to the next blank line, a
// line of spaces, tabs or a CR alone (git's is_blank_line) as well as an
// empty one: "Subject\n \nBody" is the subject "Subject". git reads the
// message as a C string, which ends at a NUL byte (a commit written with
// hash-object --literally may hold one), and so does the subject.
func firstParagraph(msg []byte) []byte {
	if i := bytes.IndexByte(msg, 0); i >= 0 {
		msg = msg[:i]
	}
	start, end := -1, len(msg)
	at := 0
	for line := range bytes.Lines(msg) {
		blank := len(bytes.Trim(line, " \t\r\n")) == 0
		switch {
		case blank && start >= 0:
			end = at
		case !blank && start < 0:
			start = at
		}
		if end < len(msg) {
			break
		}
		at += len(line)
	}
	if start < 0 {
		return nil
	}
	return msg[start:end]
}

// utf8Text is text of a commit message in the encoding its header names
// (git commit with i18n.commitEncoding; "" for UTF-8), as UTF-8, as git's
// %s gives it: Latin-1 decoded, and a byte that is no UTF-8 otherwise
// U+FFFD, one each, as the JSON report writes it (the text report wrote
// it as an escape, caf\xe9, and render from the JSON as U+FFFD).
func utf8Text(text []byte, encoding string) string {
	if isLatin1(encoding) {
		runes := make([]rune, len(text))
		for i, b := range text {
			runes[i] = rune(b)
		}
		return string(runes)
	}
	return snapshot.ValidText(string(text))
}

// unnamedEncoding is commitEncoding's answer for a header "encoding "
// that names none: git hands iconv the empty name (the locale's charset)
// and converts the commit as in any encoding it does not take for UTF-8.
// No name commitEncoding returns holds a NUL.
const unnamedEncoding = "\x00"

// commitEncoding returns the encoding a raw commit object's header
// names ("" for none: UTF-8; unnamedEncoding for an empty name).
func commitEncoding(obj []byte) string {
	// git looks for it in the object as a C string (find_commit_header),
	// which ends at a NUL byte.
	if i := bytes.IndexByte(obj, 0); i >= 0 {
		obj = obj[:i]
	}
	head, _, _ := bytes.Cut(obj, []byte("\n\n"))
	for line := range bytes.Lines(head) {
		if e, ok := bytes.CutPrefix(bytes.TrimSuffix(line, []byte("\n")), []byte("encoding ")); ok {
			if len(e) == 0 {
				return unnamedEncoding
			}
			return string(e)
		}
	}
	return ""
}

// isLatin1 says whether encoding names Latin-1, which utf8Text decodes.
func isLatin1(encoding string) bool {
	switch strings.ToLower(encoding) {
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1":
		return true
	}
	return false
}

// decodedHere says whether utf8Text decodes a message in encoding as
// git's %s does: UTF-8 and Latin-1; any other (ISO-8859-15, Shift_JIS)
// git decodes with iconv (reencodedSubjects).
func decodedHere(encoding string) bool {
	switch strings.ToLower(encoding) {
	case "", "utf-8", "utf8":
		return true
	}
	return isLatin1(encoding)
}

// File is a file of a tree, as listed by Files.
type File struct {
	Path string // relative to the tree, slash-separated; "" for a Tree that is a file
	OID  string
	Kind Kind
	// Size is the blob's size in bytes, when the tree was listed with
	// sizes (Tree.ListSizes); else, and for a submodule, -1.
	Size int64
}

// Kind tells a blob from what the object store holds besides.
type Kind int

const (
	Regular   Kind = iota // a file (mode 100644 or 100755)
	Symlink               // a symbolic link: its blob is the target's name
	Submodule             // a commit of another repository
)

// Files lists the tree's files, recursively, in git's order (by path, a
// folder's name sorting as if followed by a slash). A Tree that is a file
// is its own single File. The list is made once (one git ls-tree) and
// kept: whether the tree is a Spack mirror's root is told from it before
// the walk lists it again. Not for concurrent use.
func (t *Tree) Files() ([]File, error) {
	if !t.IsTree {
		return []File{{OID: t.OID, Size: -1}}, nil
	}
	if t.files != nil {
		return t.files, nil
	}
	out, err := t.repo.run(nil, "ls-tree", "-r", "-t", "-z", "--full-tree", t.OID)
	if err != nil {
		return nil, err
	}
	files, dirs, err := parseLsTree(out)
	if err != nil {
		return nil, err
	}
	// Sizes only for a tree of spec files: git reads every blob's header
	// for them (a real pair's 3,200 pages: 20-30 ms a tree, a fifth of
	// a diff's time at 60k specs from git, where its pages, whose heap
	// is about their size, need no bound before they load).
	if t.sizes && slices.ContainsFunc(files, func(f File) bool { return snapshot.IsSpecFile(f.Path) }) {
		out, err := t.repo.run(nil, "ls-tree", "-r", "-t", "-z", "-l", "--full-tree", t.OID)
		switch {
		case lazyGitError(err):
			// A partial clone that lacks a blob, whose size git would
			// fetch it for: the tree listed without sizes, as without
			// ListSizes, and each blob it lacks its file's error when
			// read (Source.stream), not the whole tree's, which the
			// clone's other files were lost with.
		case err != nil:
			return nil, err
		default:
			if files, dirs, err = parseLsTree(out); err != nil {
				return nil, err
			}
			t.listedSizes = true
		}
	}
	if files == nil {
		files = []File{}
	}
	t.files, t.dirs = files, dirs
	return files, nil
}

// parseLsTree reads `git ls-tree -r -z`: "MODE TYPE OID\tPATH\x00"...,
// or with -l "MODE TYPE OID SIZE\tPATH\x00"... (SIZE "-" for a
// submodule and a folder): the files, and apart the folders, which -t
// lists.
func parseLsTree(out []byte) (files []File, dirs []string, err error) {
	for len(out) > 0 {
		i := bytes.IndexByte(out, 0)
		if i < 0 {
			i = len(out)
		}
		rec := out[:i]
		out = out[min(i+1, len(out)):]
		meta, name, ok := bytes.Cut(rec, []byte{'\t'})
		f := bytes.Fields(meta)
		if !ok || len(f) != 3 && len(f) != 4 {
			return nil, nil, fmt.Errorf("git ls-tree: unexpected line %s", quotedInput(string(rec)))
		}
		if string(f[1]) == "tree" {
			dirs = append(dirs, string(name))
			continue
		}
		file := File{Path: string(name), OID: string(f[2]), Size: -1}
		if len(f) == 4 && string(f[3]) != "-" {
			n, err := strconv.ParseInt(string(f[3]), 10, 64)
			if err != nil || n < 0 {
				return nil, nil, fmt.Errorf("git ls-tree: unexpected size in %s", quotedInput(string(rec)))
			}
			file.Size = n
		}
		switch string(f[0]) {
		case "120000":
			file.Kind = Symlink
		case "160000":
			file.Kind = Submodule
		}
		files = append(files, file)
	}
	return files, dirs, nil
}

// ReadBlobs reads the blobs oids names, in their order, through one
// `git cat-file --batch` process, and calls fn with each one's content as
// it arrives. fn owns data. An error from fn stops the reading and is
// returned.
func (r *Repo) ReadBlobs(oids []string, fn func(i int, data []byte) error) error {
	return r.readBlobs(oids, noLimit, func(int) []byte { return nil }, fn)
}

// ReadBlobsAtMost is ReadBlobs for blobs of at most limit bytes each: a
// larger one is a *TooBigError, told by the size git's answer gives,
// before its content is read.
func (r *Repo) ReadBlobsAtMost(oids []string, limit int64, fn func(i int, data []byte) error) error {
	return r.readBlobs(oids, limit, func(int) []byte { return nil }, fn)
}

// TooBigError is the blob oids[I] of ReadBlobsAtMost, of Size bytes, over
// the Limit it was read with.
type TooBigError struct {
	I           int
	Size, Limit int64
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("%d bytes, over the limit of %d", e.Size, e.Limit)
}

// noLimit is readBlobs' limit for blobs of any size.
const noLimit = math.MaxInt64

// readBlobs is ReadBlobsAtMost reading each blob into the buffer buf(i)
// returns (grown when too small; nil for a new one).
func (r *Repo) readBlobs(oids []string, limit int64, buf func(i int) []byte, fn func(i int, data []byte) error) (err error) {
	return r.readBlobsOver(oids, limit, nil, nil, buf, fn)
}

// readBlobsOver is readBlobs, which skips a blob over the limit when
// over is not nil: over is called with its size and first KiB, and the rest is
// not kept. When lost is not nil, a blob the repository lacks is told to
// it and the reading goes on, as git's answers do; else it stops the
// reading.
func (r *Repo) readBlobsOver(oids []string, limit int64, over func(i int, size int64, head []byte), lost func(i int, err error), buf func(i int) []byte, fn func(i int, data []byte) error) (err error) {
	return r.readBlobsEach(oids, func(int) int64 { return limit }, over, lost, buf, fn)
}

// readBlobsEach is readBlobsOver with a limit of each blob's own,
// limit(i).
func (r *Repo) readBlobsEach(oids []string, limit func(i int) int64, over func(i int, size int64, head []byte), lost func(i int, err error), buf func(i int) []byte, fn func(i int, data []byte) error) (err error) {
	cmd := r.command("cat-file", "--batch", "--buffer")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// A pipe of our own, not StdoutPipe's, to size it (growPipe).
	stdout, pw, err := os.Pipe()
	if err != nil {
		return err
	}
	defer stdout.Close()
	growPipe(stdout)
	cmd.Stdout = pw
	stdin, err := cmd.StdinPipe()
	if err != nil {
		pw.Close()
		return err
	}
	err = cmd.Start()
	pw.Close() // git holds its own end
	if err != nil {
		return r.startError(err)
	}
	werr := make(chan error, 1)
	go func() {
		w := bufio.NewWriterSize(stdin, 64<<10)
		var err error
		for _, oid := range oids {
			if _, err = w.WriteString(oid); err == nil {
				err = w.WriteByte('\n')
			}
			if err != nil {
				break
			}
		}
		if err == nil {
			err = w.Flush()
		}
		stdin.Close()
		werr <- err
	}()
	defer func() {
		if err != nil {
			cmd.Process.Kill()
		}
		io.Copy(io.Discard, stdout)
		waitErr := cmd.Wait()
		if ce := (cutShort{}); errors.As(err, &ce) {
			// git's message says why its answers stopped (a blob a
			// partial clone lacks): read once git is waited for, as the
			// buffer is written until then.
			err = fmt.Errorf("%v%s", ce.err, stderrLine(stderr.Bytes()))
			if lazyFetchRefused(firstLineRaw(stderr.Bytes())) {
				err = lazyRefused{err}
			}
		}
		if err == nil && waitErr != nil {
			err = fmt.Errorf("git cat-file: %v%s", waitErr, stderrLine(stderr.Bytes()))
		}
		if err == nil {
			err = <-werr
		}
	}()
	br := bufio.NewReaderSize(stdout, 256<<10)
	for i, oid := range oids {
		a, err := readAnswer(br, nil, false)
		if err != nil {
			return cutShort{err}
		}
		if a.oid == "" {
			err := fmt.Errorf("git cat-file: object %s is %s", short(oid), a.typ)
			if a.typ == "missing" {
				// A page of a folder, as the folder or the file named
				// alone says it (load): "object … is missing" said
				// neither what it meant nor what mends it.
				err = fmt.Errorf("git cat-file: object %s is missing from this repository: %s", short(oid), mendMissing)
			}
			if lost == nil {
				return err
			}
			lost(i, err)
			continue
		}
		limit := limit(i)
		if a.size > limit && over != nil {
			head, _ := br.Peek(int(min(a.size, 1<<10)))
			over(i, a.size, bytes.Clone(head))
			// The content and its newline; min before the +1, which
			// overflowed on a corrupt object claiming MaxInt64 bytes.
			if _, err := br.Discard(int(min(a.size, math.MaxInt-1)) + 1); err != nil {
				return cutShort{fmt.Errorf("git cat-file: %s", eofMessage(err))}
			}
			continue
		}
		if a.size > limit {
			return &TooBigError{I: i, Size: a.size, Limit: limit}
		}
		a.data = buf(i)
		if a, err = readAnswerContent(br, a); err != nil {
			return cutShort{err}
		}
		if err := fn(i, a.data); err != nil {
			return err
		}
	}
	return nil
}

// cutShort is an error reading git cat-file's answers, which git's own
// message (its standard error, read once it exited) may explain.
type cutShort struct{ err error }

func (e cutShort) Error() string { return e.err.Error() }
func (e cutShort) Unwrap() error { return e.err }

func eofMessage(err error) string {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "git stopped early"
	}
	return err.Error()
}

// Join names a file of a tree the way messages name it: REV:PATH/file.
func (t *Tree) Join(file string) string {
	if file == "" {
		return t.Spec
	}
	if t.Path == "" || strings.HasSuffix(t.Spec, "/") {
		return t.Spec + file
	}
	return t.Spec + "/" + file
}

// maxPathLength is the longest PATH cachediff reads from git: the
// system's PATH_MAX (Linux's 4,096 bytes), past which a checkout holds
// no file.
const maxPathLength = 4096

// checkPathLength refuses a PATH longer than maxPathLength, which no
// checkout holds: every step of the way to PATH (its folders, the
// .gitattributes above it, the way through links and submodules, the
// near name of a typo) is a string of its folders so far, and a PATH of
// tens of thousands of folders (a/a/…) took time and memory quadratic in
// its length to say it did not exist (TestLongPathLinear).
func checkPathLength(p string) error {
	if len(p) > maxPathLength {
		return &PathTooLongError{Path: p}
	}
	return nil
}

// PathTooLongError is a PATH refused for its length (checkPathLength).
// Its message names the path by its first 60 bytes; one that names the
// argument already says Reason alone.
type PathTooLongError struct{ Path string }

func (e *PathTooLongError) Error() string {
	return "path " + truncatePath(e.Path) + "… is " + e.Reason()
}

// Reason is why the path is refused: "N bytes long: no checkout holds …".
func (e *PathTooLongError) Reason() string {
	return fmt.Sprintf("%d bytes long: no checkout holds a path over %d bytes (the system's PATH_MAX), and cachediff reads none from git", len(e.Path), maxPathLength)
}

// truncatePath is the first 60 bytes of p, for a message, cut at a
// character's start.
func truncatePath(p string) string {
	n := min(len(p), 60)
	for n > 0 && n < len(p) && !utf8.RuneStart(p[n]) {
		n--
	}
	return strconv.QuoteToASCII(p[:n])
}

// Base is the last element of the tree's path, as a folder name would be
// ("develop" for HEAD:_cache/develop).
func (t *Tree) Base() string { return path.Base(path.Clean("/" + t.Path)) }

// gitError is git exiting with a non-zero status: stderr is git's first
// line (firstLineRaw), note what cachediff says of it (gitNote).
type gitError struct {
	args         []string
	code         int
	stderr, note string
}

func (e *gitError) Error() string {
	if e.stderr != "" {
		return "git " + subcommand(e.args) + ": " + shownGitLine(e.stderr) + e.note
	}
	return fmt.Sprintf("git %s: exit status %d", subcommand(e.args), e.code)
}

// shownGitLine is line, git's own message, as a message passes it on:
// in ASCII, cut past maxQuotedInput (quotedInput), where it holds a byte
// past ASCII or a control character: git names a path or a ref as
// given, "'../wт/snap' is outside repository" (its т Cyrillic) read as
// wt's. Only git's line: cachediff's note after it (gitNote) stays its
// own, and the command it gives pastes as it is.
func shownGitLine(line string) string {
	if len(line) > maxQuotedInput || strings.ContainsFunc(line, func(c rune) bool { return c < ' ' && c != '\t' || c >= 0x7f }) {
		return quotedInput(line)
	}
	return line
}

// subcommand is the git command args run (log of "-c", "x=y", "log"):
// its first argument that is no option nor the value of a -c.
func subcommand(args []string) string {
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "-c":
			i++
		case !strings.HasPrefix(args[i], "-"):
			return args[i]
		}
	}
	return args[0]
}

// gitRuns counts the git processes started, for the tests: reading a
// tree costs a few, whatever the number of its files.
var gitRuns atomic.Int64

// command is git with args, in the repository's folder. It may use no
// transport: cachediff reads what the repository holds, and fetches
// nothing. In a partial clone (git clone --filter) a blob that is not
// there made git fetch it from the promisor remote, and the repository's
// own config says how (core.sshCommand, an ext:: URL, a remote's
// uploadpack): a repository given with -C ran a command of its config.
// GIT_ALLOW_PROTOCOL with no protocol refuses every transport before it
// starts (GIT_NO_LAZY_FETCH, from git 2.44, stops the fetch itself).
// Nor may git run core.fsmonitor, the command of the repository's config
// that reading its index runs (a revision :PATH or :0:PATH reads it):
// -c, before the config of the repository, turns it off.
// Nor may git run a hook, a program of the repository (.git/hooks, or
// wherever its core.hooksPath says): writing the temporary index of
// git check-attr (rewrittenPage) ran post-index-change. core.hooksPath
// names the null device, which holds no hook.
// Nor may a replace ref (refs/replace/ID, git replace) stand in for the
// object a revision names: REV:PATH read another commit's tree under
// the commit id the report gives as its revision (GIT_NO_REPLACE_OBJECTS).
// Nor may a graft ($GIT_DIR/info/grafts), which GIT_NO_REPLACE_OBJECTS
// leaves on, give a commit other parents: HEAD~1:PATH and a range A..B
// followed them. GIT_GRAFT_FILE names the empty file instead (read, as
// any graft file, with nine lines of advice on stderr, whose first was
// told as git's error: advice.graftFileDeprecated off). A shallow
// clone's boundary is kept (its parents are not in the objects).
// Nor may the commit-graph file, a cache of the commits' parents that
// git trusts over the objects and checks only when asked (git
// commit-graph verify): one that gave a commit another parent had
// HEAD~2:PATH read a commit no ancestor of HEAD and log --revs skip
// commits. git reads the commits' own objects (core.commitGraph=false).
// git warns of a revision that names more than one ref (a tag and a
// branch: git reads the tag), which ambiguousRef makes an error, even
// where the repository's config turns the warning off. git speaks the C
// locale: its messages are read (not a repository, that warning), and
// translated (LANGUAGE=de) they were not recognised.
func (r *Repo) command(args ...string) *exec.Cmd {
	gitRuns.Add(1)
	cmd := exec.Command(r.git, append([]string{"-c", "core.fsmonitor=false", "-c", "core.hooksPath=" + os.DevNull, "-c", "core.commitGraph=false", "-c", "core.warnAmbiguousRefs=true", "-c", "advice.graftFileDeprecated=false"}, args...)...)
	cmd.Dir = r.dir
	cmd.Env = append(gitEnviron(), "GIT_ALLOW_PROTOCOL=", "GIT_NO_LAZY_FETCH=1", "GIT_NO_REPLACE_OBJECTS=1", "GIT_GRAFT_FILE="+os.DevNull, "LC_ALL=C", "LANGUAGE=")
	return cmd
}

// gitEnviron is cachediff's environment for git, less GIT_ATTR_SOURCE,
// which git 2.43 and later (--attr-source) take as the tree to read the
// attributes of every command from, instead of the work tree, dying
// when it names no tree of this repository: a value left by the caller
// (for another repository) made the judge of .gitattributes
// (Tree.rewrittenAbove, which asks git check-attr --cached about the
// commit's own files) fail, or may have it read other attributes than a
// checkout of the commit gives. Set empty it is no way out, as git reads
// that as a tree that does not resolve. Nor the settings of how git
// matches pathspecs (GIT_ICASE_PATHSPECS and the others), which reach
// the ":(top,literal)" ones cachediff writes: with GIT_ICASE_PATHSPECS=1
// a log listed a commit that changed only cache/DATA as one that changed
// cache/data. Nor GIT_SHALLOW_FILE, which git reads as .git/shallow: the
// commits whose parents it lacks; one in the environment cut a full
// clone's history short (HEAD~2 refused, said of "a shallow clone"), as
// a graft file would (GIT_GRAFT_FILE, set empty).
func gitEnviron() []string {
	return slices.DeleteFunc(os.Environ(), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "GIT_ATTR_SOURCE", "GIT_SHALLOW_FILE", "GIT_ICASE_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_LITERAL_PATHSPECS":
			return true
		}
		return false
	})
}

func (r *Repo) startError(err error) error {
	if errors.Is(err, exec.ErrNotFound) {
		return ErrNoGit
	}
	return fmt.Errorf("running git: %w", err)
}

// run runs git with args (and stdin, when not nil) and returns its
// standard output. A repository-less directory is ErrNotRepo.
func (r *Repo) run(stdin io.Reader, args ...string) ([]byte, error) {
	return r.runEnv(nil, stdin, args...)
}

// runEnv is run with env added to git's environment.
func (r *Repo) runEnv(env []string, stdin io.Reader, args ...string) ([]byte, error) {
	given, stdin := pathspecsOnStdin(args, stdin)
	cmd := r.command(given...)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin = stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err == nil {
		return stdout.Bytes(), nil
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return nil, r.startError(err)
	}
	return nil, r.exitError(args, ee, stderr.Bytes())
}

// maxPathspecBytes is the most bytes of pathspecs a git rev-list takes
// on its command line (pathspecsOnStdin): the system's limit on a
// command's arguments is some 2 MB in all, and the pathspecs of the
// folders above a deep PATH (each the PATH so far, in each case it may
// be written in) grow with the square of its depth.
const maxPathspecBytes = 128 << 10

// pathspecsOnStdin returns a git rev-list's args and stdin with its
// pathspecs (after "--") given on standard input (--stdin, after a "--"
// line, as rev-list reads them) when they are over maxPathspecBytes:
// log --revs over a PATH of 1,500 folders failed with "fork/exec git:
// argument list too long". Others, and pathspecs holding a line break
// (one line each on standard input) or ending in a carriage return
// (which git drops from a line's end), are returned as they are.
func pathspecsOnStdin(args []string, stdin io.Reader) ([]string, io.Reader) {
	if stdin != nil || len(args) == 0 || args[0] != "rev-list" {
		return args, stdin
	}
	i := slices.Index(args, "--")
	if i < 0 {
		return args, stdin
	}
	n := 0
	for _, a := range args[i+1:] {
		if strings.ContainsAny(a, "\n\x00") || strings.HasSuffix(a, "\r") {
			// git reads a line of its standard input without a \r at
			// its end (strbuf_getline): a pathspec of f\r read there
			// named f, and the log listed f's commits.
			return args, stdin
		}
		n += len(a) + 1
	}
	if n <= maxPathspecBytes {
		return args, stdin
	}
	var b strings.Builder
	b.Grow(n + 3)
	b.WriteString("--\n")
	for _, a := range args[i+1:] {
		b.WriteString(a)
		b.WriteByte('\n')
	}
	return append(slices.Clip(args[:i]), "--stdin"), strings.NewReader(b.String())
}

// commonFolder reports whether c, GIT_COMMON_DIR (relative from the
// folder git runs in), has the objects and refs folders git reads in a
// repository's common folder.
func (r *Repo) commonFolder(c string) bool {
	if !filepath.IsAbs(c) {
		c = filepath.Join(cmp.Or(r.dir, "."), c)
	}
	for _, sub := range []string{"objects", "refs"} {
		if info, err := os.Stat(filepath.Join(c, sub)); err != nil || !info.IsDir() {
			return false
		}
	}
	return true
}

// exitError is the error of git run with args exiting as ee, having said
// stderr: ErrNotRepo (wrapped, naming the folder) when there is no
// repository, else a *gitError. Each folder is named as shownFolder
// names it.
func (r *Repo) exitError(args []string, ee *exec.ExitError, stderr []byte) error {
	common := os.Getenv("GIT_COMMON_DIR")
	if common != "" && r.commonFolder(common) {
		common = ""
	}
	if to, ok := strings.CutPrefix(firstLineRaw(stderr), "not a git repository: "); ok {
		// Not "(or any of the parent directories)": git was led to a
		// folder that is no repository, by a .git file (a worktree's, a
		// submodule's) or GIT_DIR.
		to = shownFolder(strings.Trim(notRepoFolder(stderr, to), "'"))
		if common != "" && r.foundWithoutCommon() {
			// Or GIT_COMMON_DIR names a folder without the objects and
			// refs git reads there (a submodule's .git file, a typo):
			// the repository GIT_DIR names was said to be moved or
			// removed, and the variable to blame went unnamed.
			return fmt.Errorf("%w: %s, with GIT_COMMON_DIR %s, %s", ErrNotRepo, to, shownFolder(common), commonNone)
		}
		return fmt.Errorf("%w: %s, where a .git file (gitdir:) or GIT_DIR leads git, is none (a worktree or submodule whose repository was moved or removed?)", ErrNotRepo, to)
	}
	if bytes.Contains(stderr, []byte("not a git repository")) {
		dir := r.dir
		if dir == "" {
			dir = "."
		}
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		if common != "" && r.foundWithoutCommon() {
			// GIT_COMMON_DIR alone, of a folder that is none, in a work
			// tree or a bare repository: "not a git repository: DIR
			// (nor any of its parents)" was said of a repository that
			// is whole.
			return fmt.Errorf("%w: %s, with GIT_COMMON_DIR %s, %s", ErrNotRepo, shownFolder(dir), shownFolder(common), commonNone)
		}
		// git looks for the repository from where a symbolic link
		// leads, not from the link's own parents: name that folder,
		// since the link's parents can hold a repository.
		if to, err := filepath.EvalSymlinks(dir); err == nil && to != dir {
			return fmt.Errorf("%w: %s (nor any of its parents), where %s leads", ErrNotRepo, shownFolder(to), shownFolder(dir))
		}
		return fmt.Errorf("%w: %s (nor any of its parents)", ErrNotRepo, shownFolder(dir))
	}
	line := firstGitLine(stderr)
	return &gitError{args: args, code: ee.ExitCode(), stderr: line, note: gitNote(line, stderr)}
}

// foundWithoutCommon reports whether git, run where r runs it with
// GIT_COMMON_DIR unset, finds a repository (git rev-parse --git-dir): the
// variable, a folder that is none, is what git fails of, not a .git
// file or GIT_DIR leading nowhere, nor a folder outside any repository.
// A .git in the folder or above was taken for a repository git finds: a
// bare repository (no .git) went unblamed, "not a git repository: DIR
// (nor any of its parents)", and a .git file leading nowhere was blamed
// on the variable. Run only where git failed so.
func (r *Repo) foundWithoutCommon() bool {
	cmd := r.command("rev-parse", "--git-dir")
	cmd.Env = slices.DeleteFunc(cmd.Env, func(kv string) bool { return strings.HasPrefix(kv, "GIT_COMMON_DIR=") })
	return cmd.Run() == nil
}

// commonNone says what is wrong with GIT_COMMON_DIR, named before it,
// a folder without the objects and refs folders git reads there.
const commonNone = "which has no objects and refs folders: git reads the repository's objects and refs there, not where GIT_DIR or a .git file leads (unset GIT_COMMON_DIR, or set it to the repository's common folder)"

// shownFolder is a folder as ErrNotRepo's message names it: as the
// loaders name a path (snapshot.ShownPath: in ASCII where it holds a
// byte past ASCII or a control character), cut about its mark past
// maxQuotedInput bytes. Raw, a folder nrа (its а Cyrillic) was said to
// be "not a git repository: /w/nrа", read as nra.
func shownFolder(p string) string {
	return snapshot.CutShown(p, maxQuotedInput, snapshot.ShownPath)
}

// notRepoFolder is the folder git names, quoted, in stderr's "not a
// git repository: 'FOLDER'" whose first line gave first (the message
// without "fatal: "): a folder whose name holds a line break runs past
// that line, and GIT_DIR=$'site/.git\n::x' was said to name site/.git,
// an intact repository, "moved or removed". first as it is otherwise.
func notRepoFolder(stderr []byte, first string) string {
	if !strings.HasPrefix(first, "'") || strings.HasSuffix(first, "'") && len(first) > 1 {
		return first
	}
	const say = "not a git repository: '"
	all := strings.TrimSpace(string(stderr))
	i := strings.Index(all, say)
	if i < 0 {
		return first
	}
	rest := all[i+len(say)-1:]
	if j := strings.LastIndexByte(rest, '\''); j > 0 {
		return rest[:j+1]
	}
	return first
}

// firstLine returns git's first message line, without "fatal: ", as a
// message passes it on (shownGitLine), and what cachediff says of it
// (gitNote).
func firstLine(b []byte) string {
	line := firstGitLine(b)
	return shownGitLine(line) + gitNote(line, b)
}

// gitNote is what cachediff says after line, git's first line of b, its
// standard error: what a refused transport means (command), a missing
// object, or the command that trusts a repository of another user; ""
// else.
func gitNote(line string, b []byte) string {
	if lazyFetchRefused(line) {
		return " (an object is missing from this repository, " + partialMissing + ")"
	}
	if oid, ok := strings.CutPrefix(strings.TrimPrefix(line, "error: "), "Could not read "); ok && len(oid) >= 40 && strings.Trim(oid, "0123456789abcdef") == "" {
		// A tree the clone lacks, under a REV:PATH folder (git ls-tree
		// -r): said as a missing object is said elsewhere.
		return " (the object is missing from this repository: " + mendMissing + ")"
	}
	if strings.HasPrefix(line, dubiousSaid) {
		return fmt.Sprintf(" (another user owns it, as in a container job: git reads it once trusted, %s)", trustCommand(b))
	}
	return ""
}

// dubiousSaid begins git's message of a repository of another user.
const dubiousSaid = "detected dubious ownership in repository at "

// trustCommand is the command that trusts the repository git's standard
// error, b, says another user owns. git's next lines, cut off with the
// first, give it: its own command, the folder quoted as a shell needs it
// (a folder with a space made a command that trusts another). Where the
// folder holds a byte past ASCII or a control character it is written
// in ASCII (shellword.ShownASCIIWithin), as it pastes back into bash:
// git's first line quoted in ASCII named /w/own\u0430 (its а Cyrillic)
// in the command, which pasted trusted a folder of that name.
func trustCommand(b []byte) string {
	const trust = "git config --global --add safe.directory "
	dir := dubiousFolder(b)
	if len(dir) <= maxQuotedInput && !strings.ContainsFunc(dir, func(c rune) bool { return c < ' ' || c >= 0x7f }) {
		for l := range strings.Lines(string(b)) {
			if c := strings.TrimSpace(l); strings.HasPrefix(c, trust) {
				return c
			}
		}
	}
	if w := shellword.ShownASCII(dir); len(w) <= maxQuotedInput {
		return trust + w
	}
	// Cut, the folder was no word to paste ("…/ddd… (cut, 379 bytes
	// more)": bash refused it, and trusted nothing): said too long, and
	// where git gives the command whole.
	return fmt.Sprintf("%s with its folder, %d bytes, too long to show whole: git status run in the repository writes that command whole", strings.TrimSpace(trust), len(dir))
}

// dubiousFolder is the folder git's standard error, b, says another
// user owns (its first line begins dubiousSaid), a line break in it
// kept.
func dubiousFolder(b []byte) string {
	all := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(string(b)), "fatal: "))
	dir, ok := strings.CutPrefix(all, dubiousSaid+"'")
	switch end := strings.Index(dir, "'\nTo add an exception"); {
	case !ok: // unquoted
		return strings.TrimPrefix(firstLineRaw(b), dubiousSaid)
	case end >= 0:
		// The folder ends where git's next line begins.
		return dir[:end]
	}
	return strings.TrimSuffix(strings.TrimPrefix(firstLineRaw(b), dubiousSaid+"'"), "'")
}

// firstGitLine is git's first message line of b, its standard error
// (firstLineRaw), but where git says another user owns a folder whose
// name holds a line break: then git's line with the folder whole, as
// dubiousFolder reads it. Cut at the break, the line named another
// folder, /w/a of /w/a<newline>b, its quote left open.
func firstGitLine(b []byte) string {
	line := firstLineRaw(b)
	if strings.HasPrefix(line, dubiousSaid+"'") {
		if dir := dubiousFolder(b); strings.Contains(dir, "\n") {
			return dubiousSaid + "'" + dir + "'"
		}
	}
	return line
}

// firstLineRaw is git's first message line, without "fatal: ".
func firstLineRaw(b []byte) string {
	line, _, _ := bytes.Cut(bytes.TrimSpace(b), []byte("\n"))
	return strings.TrimPrefix(string(line), "fatal: ")
}

// lazyFetchRefused reports whether git's message msg (firstLineRaw) is
// git refusing to fetch an object a partial clone lacks (command: no
// transport is allowed, nor a lazy fetch, from git 2.44).
func lazyFetchRefused(msg string) bool {
	return strings.HasPrefix(msg, "transport '") && strings.HasSuffix(msg, "' not allowed") || strings.Contains(msg, "lazy fetching disabled")
}

// lazyGitError reports whether err is of a git command that stopped at
// an object a partial clone lacks (firstLine said so).
func lazyGitError(err error) bool {
	var ge *gitError
	return errors.As(err, &ge) && strings.Contains(ge.note, partialMissing)
}

// partialMissing says what an object a partial clone lacks means and
// what mends it.
const partialMissing = "a partial clone whose remote would have to send it: cachediff fetches nothing; fetch the objects first, or clone without --filter"

// lazyRefused is readBlobsOver's error when git stopped at a blob that a
// partial clone lacks: git cat-file dies there (it would fetch the blob,
// which it may not), where it answers "missing" for a blob that any
// other repository lacks and goes on.
type lazyRefused struct{ err error }

func (e lazyRefused) Error() string { return e.err.Error() }
func (e lazyRefused) Unwrap() error { return e.err }

// present returns which of oids the repository holds, without fetching
// any. The blobs there are are listed once a repository, by one git
// cat-file --batch-all-objects (a partial clone's promised ones are not
// among them), and kept as their binary ids, sorted: 20 bytes a blob
// the clone holds (32 in a SHA-256 repository), where a log of a
// snapshot a day over a clone of many objects listed them all each day.
func (r *Repo) present(oids []string) (map[string]bool, error) {
	r.blobs.once.Do(func() { r.blobs.set, r.blobs.err = r.listBlobs() })
	if r.blobs.err != nil {
		return nil, r.blobs.err
	}
	have := make(map[string]bool, len(oids))
	for _, oid := range oids {
		have[oid] = r.blobs.set.has(oid)
	}
	return have, nil
}

// listBlobs lists the blobs the repository holds.
func (r *Repo) listBlobs() (oidSet, error) {
	cmd := r.command("cat-file", "--batch-all-objects", "--unordered", "--batch-check=%(objecttype) %(objectname)")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return oidSet{}, err
	}
	if err := cmd.Start(); err != nil {
		return oidSet{}, r.startError(err)
	}
	var set oidSet
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if oid, ok := bytes.CutPrefix(sc.Bytes(), []byte("blob ")); ok {
			set.add(oid)
		}
	}
	io.Copy(io.Discard, stdout)
	if err := cmd.Wait(); err != nil {
		return oidSet{}, fmt.Errorf("git cat-file --batch-all-objects: %v%s", err, stderrLine(stderr.Bytes()))
	}
	if err := sc.Err(); err != nil {
		return oidSet{}, err
	}
	set.sort()
	return set, nil
}

// oidSet is a set of object ids, each kept in binary (width bytes), in
// one sorted array.
type oidSet struct {
	width int
	ids   []byte
}

// add files the hex object id oid, of SHA-1 or SHA-256 (one of another
// width than the first, or not hex, is left out: git lists one hash
// function's).
func (s *oidSet) add(oid []byte) {
	if (len(oid) != 40 && len(oid) != 64) || (s.width != 0 && len(oid) != 2*s.width) {
		return
	}
	n := len(s.ids)
	s.ids = append(s.ids, make([]byte, len(oid)/2)...)
	if _, err := hex.Decode(s.ids[n:], oid); err != nil {
		s.ids = s.ids[:n]
		return
	}
	s.width = len(oid) / 2
}

// sort sorts the set's ids.
func (s *oidSet) sort() {
	if s.width == 0 {
		return
	}
	sort.Sort(oidSorter{s.ids, s.width})
}

// has reports whether the hex object id oid is in the set.
func (s *oidSet) has(oid string) bool {
	if s.width == 0 || len(oid) != 2*s.width {
		return false
	}
	var buf [32]byte
	id := buf[:s.width]
	if _, err := hex.Decode(id, []byte(oid)); err != nil {
		return false
	}
	n := len(s.ids) / s.width
	i := sort.Search(n, func(i int) bool { return bytes.Compare(s.ids[i*s.width:(i+1)*s.width], id) >= 0 })
	return i < n && bytes.Equal(s.ids[i*s.width:(i+1)*s.width], id)
}

// oidSorter sorts ids of width bytes each, in place.
type oidSorter struct {
	ids   []byte
	width int
}

func (o oidSorter) Len() int { return len(o.ids) / o.width }
func (o oidSorter) Less(i, j int) bool {
	return bytes.Compare(o.ids[i*o.width:(i+1)*o.width], o.ids[j*o.width:(j+1)*o.width]) < 0
}
func (o oidSorter) Swap(i, j int) {
	var t [32]byte
	a, b := o.ids[i*o.width:(i+1)*o.width], o.ids[j*o.width:(j+1)*o.width]
	copy(t[:], a)
	copy(a, b)
	copy(b, t[:o.width])
}

// stderrLine returns git's first message line as ": message", or "".
func stderrLine(b []byte) string {
	if line := firstLine(b); line != "" {
		return ": " + line
	}
	return ""
}

// mendMissing says what an object missing from the repository means and
// what mends it.
const mendMissing = "a damaged or incomplete clone (git fsck lists what else is missing; a fresh clone or git fetch mends it)"
