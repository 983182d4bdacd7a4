// Package gittest builds git repositories for tests: the real weekly
// series (testdata/real-series) committed week by week into
// _cache/develop, as the catalogue's nightly job commits it, each page
// tagged develop there (Retag), as the nightly pages are; a repository
// of a snapshot's index.json (snap/index.json) and the commits and refs
// after it that a hint's tests ask about (IndexCommits, IndexRepo); and
// a git put first on PATH that records each run (Recorded), for the
// tests that count what the code asks git.
//
// Every commit has a fixed author, committer and date, and git runs
// without the user's or the system's configuration, so the same series
// gives the same commit ids on every machine.
package gittest

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cachediff/cachediff/internal/testing/gen"
)

// Available reports whether the git program is on PATH.
func Available() bool {
	_, err := exec.LookPath("git")
	return err == nil
}

// GitAndBash returns the path of bash, for a test that pastes the
// commands a message gives as bash reads them, skipping t when git or
// bash is not on PATH.
func GitAndBash(t interface {
	Helper()
	Skip(args ...any)
}) string {
	t.Helper()
	if !Available() {
		t.Skip("the git program is not on PATH")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	return bash
}

// Vars are the variables git runs with for the tests: no global or
// system configuration, a fixed identity, and maintenance.auto false:
// git commit, fetch and merge start no git maintenance run --auto after
// their work, a process of its own (one more per commit a test makes),
// which repositories of a few commits never need.
var Vars = []string{
	"GIT_CONFIG_NOSYSTEM=1",
	"GIT_CONFIG_GLOBAL=" + os.DevNull,
	"GIT_AUTHOR_NAME=cachediff tests", "GIT_AUTHOR_EMAIL=tests@cachediff.invalid",
	"GIT_COMMITTER_NAME=cachediff tests", "GIT_COMMITTER_EMAIL=tests@cachediff.invalid",
	"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=maintenance.auto", "GIT_CONFIG_VALUE_0=false",
}

// Ident is the author and committer of Vars as a commit names them
// (git fast-import's committer line).
const Ident = "cachediff tests <tests@cachediff.invalid>"

// Env is the environment git runs in for the tests: this process's, and
// Vars.
func Env() []string {
	return append(os.Environ(), Vars...)
}

// FastImportEnv is the environment git fast-import runs in for the
// tests: Env, and glibc's malloc told to keep up to 64 MB free at the top
// of its heap. fast-import deflates each object with a zlib stream of its
// own (about 256 KB, allocated and freed per object), and glibc otherwise
// grows and trims its heap with brk four times an object: 8,000 spec
// files of 870 bytes took 4.3 s of system time and 1.3 s of user time,
// 0.02 s and 0.4 s with it. Other C libraries ignore the variable; what
// fast-import writes is the same.
func FastImportEnv() []string {
	return append(Env(), "GLIBC_TUNABLES=glibc.malloc.trim_threshold=67108864")
}

// Git runs git in dir with Env and extra variables, and returns its
// standard output.
func Git(dir string, extra []string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(Env(), extra...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), nil
}

// Init makes a repository at repo (an existing folder) with git init,
// on the branch main, and sets its gc.auto to 0: no gc in the
// background, still writing when a test removes the repository. The
// setting is appended to the repository's config as git config writes
// it (a [gc] section of its own), without another git process.
func Init(repo string) error {
	if _, err := Git(repo, nil, "init", "-q", "-b", "main"); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(repo, ".git", "config"), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString("[gc]\n\tauto = 0\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// T is the part of testing.TB the helpers that take a test use (this
// package links no testing into the benchmark programs that use it).
type T interface {
	Helper()
	Skip(args ...any)
	Fatal(args ...any)
	TempDir() string
	Setenv(key, value string)
}

// IndexCommits makes a repository at repo (created when absent; it must
// not be a repository yet) of one commit per entry of indexes on the
// branch main, each writing it as snap/index.json (an entry the same as
// the one before makes an empty commit), with the work tree and the
// index at the last, and each of refs (refs/tags/-x) naming the last
// too. The commits are written by one git fast-import, as Commits
// writes its own: of Ident, the Nth at noon UTC of 2025-01-01 plus N-1
// days, its message N; the reflogs of main and HEAD hold a line a
// commit, as git commit writes them (HEAD@{1} is HEAD~1).
func IndexCommits(repo string, refs []string, indexes ...string) error {
	if _, err := os.Stat(filepath.Join(repo, ".git")); err == nil {
		return fmt.Errorf("gittest.IndexCommits: %s is a repository already", repo)
	}
	if err := os.MkdirAll(repo, 0o755); err != nil {
		return err
	}
	if err := Init(repo); err != nil {
		return err
	}
	var w strings.Builder
	start := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC).Unix()
	for i, index := range indexes {
		msg, when := strconv.Itoa(i+1), start+int64(i)*86400
		fmt.Fprintf(&w, "commit refs/heads/main\nmark :%d\n", i+1)
		fmt.Fprintf(&w, "author %s %d +0000\ncommitter %s %d +0000\n", Ident, when, Ident, when)
		fmt.Fprintf(&w, "data %d\n%s\n", len(msg), msg)
		if i > 0 {
			fmt.Fprintf(&w, "from :%d\n", i)
		}
		fmt.Fprintf(&w, "M 100644 inline snap/index.json\ndata %d\n%s\n\n", len(index), index)
		if i < len(indexes)-1 {
			w.WriteString("checkpoint\n\n") // main's reflog: a line a commit
		}
	}
	for _, ref := range refs {
		fmt.Fprintf(&w, "reset %s\nfrom :%d\n\n", ref, len(indexes))
	}
	if err := Import(repo, w.String()); err != nil {
		return err
	}
	// Not git reset, which would write main's reflog a line more.
	_, err := Git(repo, nil, "read-tree", "-u", "--reset", "HEAD")
	return err
}

// ShareIDPrefix writes, for each object of ids (full ids, of repo's
// git directory's objects), a loose copy under another name that shares
// its first 12 hex digits, the rest zeros (ones where those are its
// own), as a repository crafted to collide may hold: git then reads
// those 12 digits as ambiguous ("short object ID … is ambiguous"), and
// names the object by more (git rev-parse --short=12). One git cat-file
// --batch for them all.
func ShareIDPrefix(repo string, ids ...string) error {
	cmd := exec.Command("git", "cat-file", "--batch")
	cmd.Dir = repo
	cmd.Env = Env()
	cmd.Stdin = strings.NewReader(strings.Join(ids, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("git cat-file --batch: %v", err)
	}
	gitDir, err := Git(repo, nil, "rev-parse", "--git-dir")
	if err != nil {
		return err
	}
	objects := filepath.Join(repo, strings.TrimSpace(gitDir), "objects")
	if filepath.IsAbs(strings.TrimSpace(gitDir)) {
		objects = filepath.Join(strings.TrimSpace(gitDir), "objects")
	}
	rd := bufio.NewReader(bytes.NewReader(out))
	for _, id := range ids {
		var oid, typ string
		var size int
		if _, err := fmt.Fscanf(rd, "%s %s %d\n", &oid, &typ, &size); err != nil || oid != id {
			return fmt.Errorf("git cat-file --batch of %s: %q %v", id, oid, err)
		}
		body := make([]byte, size+1) // and the line feed after it
		if _, err := io.ReadFull(rd, body); err != nil {
			return err
		}
		twin := id[:12] + strings.Repeat("0", len(id)-12)
		if twin == id {
			twin = id[:12] + strings.Repeat("1", len(id)-12)
		}
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		fmt.Fprintf(zw, "%s %d\x00", typ, size)
		zw.Write(body[:size])
		if err := zw.Close(); err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(objects, twin[:2]), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(objects, twin[:2], twin[2:]), z.Bytes(), 0o444); err != nil {
			return err
		}
	}
	return nil
}

// IndexRepo is IndexCommits in a new folder of t's, whose path it
// returns; t is skipped where git is not on PATH.
func IndexRepo(t T, refs []string, indexes ...string) string {
	t.Helper()
	if !Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	if err := IndexCommits(dir, refs, indexes...); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Recorded puts a git first on PATH, for the rest of t, that writes
// each run's arguments on a line (joined by spaces) before running the
// real one, and returns runsOf: the lines of the runs f makes, for the
// tests that count what the code asks git. t is skipped where git is
// not on PATH.
func Recorded(t T) (runsOf func(f func()) string) {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("the git program is not on PATH")
	}
	bin := t.TempDir()
	runs := filepath.Join(bin, "runs")
	quote := func(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
	script := "#!/bin/sh\necho \"$*\" >> " + quote(runs) + "\nexec " + quote(git) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return func(f func()) string {
		if err := os.WriteFile(runs, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		f()
		out, err := os.ReadFile(runs)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
}

// Week is one commit of a series repository.
type Week struct {
	Tag string // the week's folder: develop-2025-02-16
	ID  string // the commit that wrote it into _cache/develop
}

// Series makes a git repository at repo (created when absent) with one
// commit per folder of series (sorted by name: oldest first), each
// replacing _cache/develop with that folder's contents, so that a package
// absent from a week is deleted by its commit. A commit's date is noon UTC
// of the date in its folder's name (or 2025-01-01 plus one day per week
// when the name has none), its message the folder's name.
func Series(repo, series string) ([]Week, error) {
	entries, err := os.ReadDir(series)
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, filepath.Join(series, e.Name()))
		}
	}
	slices.Sort(dirs)
	return Commits(repo, dirs...)
}

// Commits makes a git repository at repo (created when absent; it must not
// be a repository yet) with one commit per folder of dirs, in their order,
// as Series does, and leaves the last commit checked out.
//
// The commits are written by one git fast-import, not by a git add and a
// git commit each: the same commits (the same ids), but the five weeks of
// the real series in a tenth of the CPU, and the hundreds of
// pages of a generated catalogue in one pack rather than as many loose
// objects. Each folder's regular files are committed as they are (but
// for the tag of a page committed below _cache/<tag>, which is <tag>:
// Retag), with
// the owner's execute bit as git reads it; a folder that holds anything
// else (a symbolic link) is refused, as os.CopyFS refuses it.
func Commits(repo string, dirs ...string) ([]Week, error) {
	return CommitsAt(repo, "_cache/develop", dirs...)
}

// CommitsAt is Commits with each folder committed at the path at of the
// repository (slash-separated) instead of _cache/develop: Spack's files,
// which under _cache/<tag> are bad input, as the site shows them at no
// package's address.
func CommitsAt(repo, at string, dirs ...string) ([]Week, error) {
	return commitsAt(repo, at, true, dirs)
}

// CommitsUnchecked is CommitsAt without the checkout: the index and the
// working tree are left empty, for a test that reads the commits only
// (git:REV:PATH, git log), and HEAD names the last commit. Thousands of
// files are not written a second time to be left unread.
func CommitsUnchecked(repo, at string, dirs ...string) ([]Week, error) {
	return commitsAt(repo, at, false, dirs)
}

func commitsAt(repo, at string, checkout bool, dirs []string) ([]Week, error) {
	if _, err := os.Stat(filepath.Join(repo, ".git")); err == nil {
		return nil, fmt.Errorf("gittest.Commits: %s is a repository already", repo)
	}
	if err := os.MkdirAll(repo, 0o755); err != nil {
		return nil, err
	}
	if err := Init(repo); err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		return nil, nil
	}
	if err := fastImport(repo, at, dirs); err != nil {
		return nil, err
	}
	out, err := Git(repo, nil, "rev-list", "--reverse", "main")
	if err != nil {
		return nil, err
	}
	ids := strings.Fields(out)
	if len(ids) != len(dirs) {
		return nil, fmt.Errorf("gittest.Commits: %d commits for %d folders", len(ids), len(dirs))
	}
	weeks := make([]Week, len(dirs))
	for i, id := range ids {
		weeks[i] = Week{Tag: filepath.Base(dirs[i]), ID: id}
	}
	// The index and the working tree of the last commit, as git add and
	// git commit leave them.
	if !checkout {
		return weeks, nil
	}
	if _, err := Git(repo, nil, "reset", "-q", "--hard"); err != nil {
		return nil, err
	}
	return weeks, nil
}

// fastImport writes one commit per folder of dirs on the branch main of
// repo (which has none yet), with git fast-import: each commit's tree is
// the folder's files under at, its author and committer those
// of Vars, its date noon UTC of the date in the folder's name (2025-01-01
// plus one day per folder when the name has none), its message the
// folder's name.
func fastImport(repo, at string, dirs []string) error {
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir = repo
	cmd.Env = FastImportEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	w := bufio.NewWriterSize(stdin, 256<<10)
	werr := writeImport(w, at, dirs)
	if werr == nil {
		werr = w.Flush()
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git fast-import: %v: %s", err, stderr.String())
	}
	return werr
}

// Import runs git fast-import --quiet in repo with stream as its input
// (a test's commits written as one stream: one git process rather than
// a git add and a git commit each), in Env.
func Import(repo, stream string) error {
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir, cmd.Env, cmd.Stdin = repo, Env(), strings.NewReader(stream)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("git fast-import: %v: %s", err, out)
	}
	return nil
}

// tagLine is the line of a page's front matter that gives its tag.
var tagLine = regexp.MustCompile(`(?m)^categories: \[package, [^\]\n]*\]$`)

// folderTag returns the tag's folder of _cache in the repository path
// at (develop in _cache/develop), or "" when at is not below one.
func folderTag(at string) string {
	segs := strings.Split(at, "/")
	if len(segs) > 0 && strings.HasSuffix(segs[len(segs)-1], ".md") {
		segs = segs[:len(segs)-1] // a page's own name is no folder
	}
	i := slices.Index(segs, "_cache")
	if i < 0 || i+1 >= len(segs) {
		return ""
	}
	return segs[i+1]
}

// Retag returns the page data with its tag set to tag, as the catalogue
// writes the pages of _cache/<tag>/ (and the loader requires): the weeks
// of a series, tagged develop-2025-02-16 and so on in their folders, are
// the nightly pages of _cache/develop once committed there. Data that
// is no page, or a page without the catalogue's categories line, is
// returned as it is.
func Retag(data []byte, tag string) []byte {
	if tag == "" || !bytes.HasPrefix(data, []byte("---\n")) {
		return data
	}
	loc := tagLine.FindIndex(data)
	if loc == nil {
		return data
	}
	out := make([]byte, 0, len(data)+len(tag))
	out = append(out, data[:loc[0]]...)
	out = append(out, "categories: [package, "+tag+"]"...)
	return append(out, data[loc[1]:]...)
}

// CopyTree copies the folder src to dst (which must not exist) as
// Commits would commit it at the path dst: each page's tag (Retag) is
// the tag's folder of _cache that dst is below, when it is below one
// (a checkout's _cache/develop), or else tag, when not "". A test that
// compares snapshots from git with folders compares with such copies.
// When src is a file, dst is its copy (replaced when it exists).
func CopyTree(dst, src, tag string) error {
	if t := folderTag(filepath.ToSlash(dst)); t != "" {
		tag = t
	}
	if fi, err := os.Stat(src); err != nil {
		return err
	} else if !fi.IsDir() {
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if strings.HasSuffix(dst, ".md") {
			data = Retag(data, tag)
		}
		return os.WriteFile(dst, data, 0o644)
	}
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		return err
	}
	if tag == "" {
		return nil
	}
	return filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(p, Retag(data, tag), 0o644)
	})
}

// writeImport writes fastImport's stream to w.
func writeImport(w *bufio.Writer, at string, dirs []string) error {
	atTag := folderTag(at)
	for i, dir := range dirs {
		tag := filepath.Base(dir)
		date := fmt.Sprintf("2025-01-%02dT12:00:00+00:00", 1+i)
		if n := len(tag); n >= 10 && tag[n-10:n-6] >= "2000" && tag[n-6] == '-' && tag[n-3] == '-' {
			date = tag[n-10:] + "T12:00:00+00:00"
		}
		when, err := time.Parse(time.RFC3339, date)
		if err != nil {
			return fmt.Errorf("gittest.Commits: the date of %s: %v", dir, err)
		}
		fmt.Fprintf(w, "commit refs/heads/main\nmark :%d\n", i+1)
		fmt.Fprintf(w, "author %s %d +0000\ncommitter %s %d +0000\n", Ident, when.Unix(), Ident, when.Unix())
		fmt.Fprintf(w, "data %d\n%s\n", len(tag)+1, tag)
		if i > 0 {
			fmt.Fprintf(w, "from :%d\n", i)
		}
		w.WriteString("deleteall\n")
		err = fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if !d.Type().IsRegular() {
				return &fs.PathError{Op: "gittest.Commits", Path: filepath.Join(dir, p), Err: fs.ErrInvalid}
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			data, err := os.ReadFile(filepath.Join(dir, p))
			if err != nil {
				return err
			}
			if strings.HasSuffix(p, ".md") {
				data = Retag(data, atTag)
			}
			mode := "100644"
			if info.Mode()&0o100 != 0 {
				mode = "100755"
			}
			path := at + "/" + p
			if strings.Contains(path, "\n") || strings.Contains(path, `"`) {
				path = quoteC(path)
			}
			fmt.Fprintf(w, "M %s inline %s\ndata %d\n", mode, path, len(data))
			w.Write(data)
			return w.WriteByte('\n')
		})
		if err != nil {
			return err
		}
		w.WriteString("\n")
	}
	return nil
}

// quoteC quotes a path as fast-import reads a quoted one: C-style, in
// double quotes.
func quoteC(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// BenchRepo returns the repository of a benchmark pair, made when absent:
// under root's testdata/bench (git-ignored), git-<pair>, whose
// HEAD~1:_cache/develop and HEAD:_cache/develop are the old and new trees
// of gen.ChurnPair(root, specs, c), packed by git gc as a clone's objects
// are. Its .git/cachediff-blobs.txt lists the blob ids of both trees,
// one a line, old first: the input of the floor, git cat-file --batch.
func BenchRepo(root string, specs int, c gen.Churn) (repo string, doc *gen.TruthDoc, err error) {
	pair, doc, err := gen.ChurnPair(root, specs, c)
	if err != nil {
		return "", nil, err
	}
	repo = filepath.Join(filepath.Dir(pair), "git-"+filepath.Base(pair))
	done := filepath.Join(repo, ".git", "cachediff-blobs.txt")
	if _, err := os.Stat(done); err == nil {
		return repo, doc, nil
	}
	if err := os.RemoveAll(repo); err != nil {
		return "", nil, err
	}
	if _, err := Commits(repo, filepath.Join(pair, "old"), filepath.Join(pair, "new")); err != nil {
		return "", nil, err
	}
	if _, err := Git(repo, nil, "gc", "-q"); err != nil {
		return "", nil, err
	}
	var list strings.Builder
	for _, rev := range []string{"HEAD~1:_cache/develop", "HEAD:_cache/develop"} {
		out, err := Git(repo, nil, "ls-tree", "-r", "--full-tree", "--format=%(objectname)", rev)
		if err != nil {
			return "", nil, err
		}
		list.WriteString(out)
	}
	return repo, doc, os.WriteFile(done, []byte(list.String()), 0o644)
}

// PartialClone clones src with --filter=blob:none into a new folder
// under dir and points its remote nowhere, so that a blob the clone has
// not fetched stays missing (git cannot fetch it on demand): the state
// of a CI job's partial clone read offline. It returns the clone's path.
func PartialClone(src, dir string) (string, error) {
	if _, err := Git(src, nil, "config", "uploadpack.allowFilter", "true"); err != nil {
		return "", err
	}
	clone := filepath.Join(dir, "clone")
	if _, err := Git(dir, nil, "clone", "-q", "--filter=blob:none", "file://"+src, clone); err != nil {
		return "", err
	}
	if _, err := Git(clone, nil, "remote", "set-url", "origin", "file:///nonexistent"); err != nil {
		return "", err
	}
	return clone, nil
}
