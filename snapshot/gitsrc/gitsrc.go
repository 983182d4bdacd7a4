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
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ErrNoGit is the error when the git program is not on PATH.
var ErrNoGit = errors.New("REV:PATH needs the git program, and it is not on PATH (install git, or give a folder on disk)")

// ErrNotRepo is the error when the directory is not in a git repository.
var ErrNotRepo = errors.New("not a git repository")

// Repo is the git repository that holds a directory: git runs there, as
// `git -C DIR` would.
type Repo struct {
	dir string // "" for the current directory
	git string // the git program
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

// Split splits a REV:PATH argument where git does: at the first colon
// outside braces (so that HEAD@{2025-03-01 10:00}:x and :/ are read as
// git reads them). ok is false when there is no such colon or no
// revision before it (":path" names git's index, which a snapshot is
// not).
func Split(spec string) (rev, p string, ok bool) {
	depth := 0
	for i := 0; i < len(spec); i++ {
		switch c := spec[i]; {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case c == ':' && depth == 0:
			if i == 0 {
				return "", "", false
			}
			return spec[:i], spec[i+1:], true
		}
	}
	return "", "", false
}

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
}

// Resolve resolves a REV:PATH argument as git resolves it: REV is any
// revision that names a commit (a branch, a tag, HEAD~1, an id), PATH is
// relative to the top of the repository, or to the current directory
// when it starts with ./ or ../. The errors are ErrNoGit, ErrNotRepo
// (wrapped, naming the directory), an unknown revision (named), and a
// PATH absent at that revision.
func (r *Repo) Resolve(spec string) (*Tree, error) {
	rev, p, ok := Split(spec)
	if !ok {
		return nil, fmt.Errorf("%q is not REV:PATH", spec)
	}
	if strings.HasPrefix(rev, "-") || strings.ContainsAny(spec, "\n\x00") {
		return nil, fmt.Errorf("unknown revision %q", rev)
	}
	// One git process: the commit REV names (its object, for the date)
	// and the object REV:PATH names.
	out, err := r.run(strings.NewReader(rev+"^{commit}\n"+rev+":"+p+"\n"), "cat-file", "--batch")
	if err != nil {
		return nil, err
	}
	commit, typ, obj, out, err := batchObject(out)
	if err != nil {
		return nil, err
	}
	if typ != "commit" {
		if _, err := r.commit(rev); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("unknown revision %s", rev) // not reached: commit says why
	}
	t := &Tree{Spec: spec, Rev: rev, Path: p, Commit: commit, repo: r}
	if t.Date, _, err = parseCommit(obj); err != nil {
		return nil, err
	}
	oid, typ, _, _, err := batchObject(out)
	switch {
	case err != nil:
		return nil, err
	case typ == "tree":
		t.OID, t.IsTree = oid, true
	case typ == "blob":
		t.OID = oid
	case typ == "commit" || typ == "":
		// A submodule: its commit is usually not in this repository's
		// objects, so cat-file says missing: ls-tree tells it from an
		// absent path.
		if sub := r.gitlink(commit, p); sub != "" {
			return nil, fmt.Errorf("path %s at %s is a submodule (commit %s of another repository), not a folder or a file: its pages are not in this repository", displayPath(p), rev, short(sub))
		}
		if typ == "commit" {
			return nil, fmt.Errorf("path %s at %s is a commit, not a folder or a file", displayPath(p), rev)
		}
		return nil, fmt.Errorf("path %s does not exist at %s (commit %s)", displayPath(p), rev, short(commit))
	default:
		return nil, fmt.Errorf("path %s at %s is a %s, not a folder or a file", displayPath(p), rev, typ)
	}
	return t, nil
}

// batchObject reads one answer of git cat-file --batch from out: the
// object's id, type and content, and what follows; typ is "" for a name
// that names nothing (missing, or ambiguous).
func batchObject(out []byte) (oid, typ string, content, rest []byte, err error) {
	header, rest, ok := bytes.Cut(out, []byte("\n"))
	if !ok {
		return "", "", nil, nil, errors.New("git cat-file: answer cut short")
	}
	if bytes.HasSuffix(header, []byte(" missing")) || bytes.HasSuffix(header, []byte(" ambiguous")) {
		return "", "", nil, rest, nil
	}
	f := strings.Fields(string(header))
	if len(f) != 3 {
		return "", "", nil, nil, fmt.Errorf("git cat-file: bad answer %q", header)
	}
	size, err := strconv.Atoi(f[2])
	if err != nil || size < 0 || size+1 > len(rest) {
		return "", "", nil, nil, fmt.Errorf("git cat-file: bad answer %q", header)
	}
	return f[0], f[1], rest[:size], rest[size+1:], nil
}

func displayPath(p string) string {
	if p == "" {
		return "(the top of the repository)"
	}
	return p
}

func short(id string) string { return id[:min(len(id), 12)] }

// commit resolves rev to a full commit id.
func (r *Repo) commit(rev string) (string, error) {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\n\x00") {
		return "", fmt.Errorf("unknown revision %q", rev)
	}
	out, err := r.run(nil, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err == nil {
		return strings.TrimSpace(string(out)), nil
	}
	var ge *gitError
	if errors.As(err, &ge) && ge.code == 1 { // --verify --quiet: not a commit
		if out, err := r.run(nil, "rev-parse", "--verify", "--quiet", rev); err == nil {
			id := strings.TrimSpace(string(out))
			if _, err := r.run(nil, "cat-file", "-e", id); err != nil {
				return "", fmt.Errorf("revision %s names %s, which is not in this repository's objects%s", rev, short(id), r.historyHint())
			}
			return "", fmt.Errorf("revision %s is not a commit", rev)
		}
		return "", fmt.Errorf("unknown revision %s%s", rev, r.historyHint())
	}
	return "", err
}

// historyHint is what to add to a message about a revision or a commit
// git does not have, when the repository is a shallow clone (CI checks
// out one commit by default): that its history stops short; else "".
func (r *Repo) historyHint() string {
	out, err := r.run(nil, "rev-parse", "--is-shallow-repository")
	if err != nil || strings.TrimSpace(string(out)) != "true" {
		return ""
	}
	return " (this is a shallow clone, whose history stops short: fetch more of it, e.g. git fetch --deepen=N, or actions/checkout's fetch-depth)"
}

// gitlink returns the commit a submodule at path p of commit holds, or ""
// when p is no submodule there.
func (r *Repo) gitlink(commit, p string) string {
	if p == "" || strings.ContainsAny(p, "\n\x00") {
		return ""
	}
	out, err := r.run(nil, "ls-tree", "-z", "--full-tree", commit, "--", p)
	if err != nil {
		return ""
	}
	files, err := parseLsTree(out)
	if err != nil || len(files) != 1 || files[0].Kind != Submodule || files[0].Path != p {
		return ""
	}
	return files[0].OID
}

// exist reports, for each object name of exprs (REV:PATH), whether it
// names an object: one git process for all of them.
func (r *Repo) exist(exprs []string) ([]bool, error) {
	var in strings.Builder
	for _, e := range exprs {
		if strings.ContainsAny(e, "\n\x00") {
			return nil, fmt.Errorf("bad object name %q", e)
		}
		in.WriteString(e + "\n")
	}
	out, err := r.run(strings.NewReader(in.String()), "cat-file", "--batch-check=%(objectname)")
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(exprs) {
		return nil, fmt.Errorf("git cat-file --batch-check: %d answers for %d names", len(lines), len(exprs))
	}
	exist := make([]bool, len(exprs))
	for i, l := range lines {
		exist[i] = !strings.HasSuffix(l, " missing") && !strings.HasSuffix(l, " ambiguous")
	}
	return exist, nil
}

// parseCommit reads the committer date and the subject of a raw commit
// object.
func parseCommit(obj []byte) (time.Time, string, error) {
	head, msg, _ := bytes.Cut(obj, []byte("\n\n"))
	var date time.Time
	found := false
	for _, line := range strings.Split(string(head), "\n") {
		rest, ok := strings.CutPrefix(line, "committer ")
		if !ok {
			continue
		}
		// Name <email> 1710000000 +0100
		i := strings.LastIndexByte(rest, '>')
		f := strings.Fields(rest[i+1:])
		if i < 0 || len(f) != 2 {
			break
		}
		secs, err1 := strconv.ParseInt(f[0], 10, 64)
		tz, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil {
			break
		}
		off := (tz/100*60 + tz%100) * 60
		date = time.Unix(secs, 0).In(time.FixedZone("", off))
		found = true
	}
	if !found {
		return time.Time{}, "", errors.New("git: a commit without a readable committer date")
	}
	// The subject: the message's first paragraph, joined, as git's %s.
	para, _, _ := bytes.Cut(bytes.TrimLeft(msg, "\n"), []byte("\n\n"))
	subject := strings.Join(strings.Fields(string(para)), " ")
	return date, subject, nil
}

// File is a file of a tree, as listed by Files.
type File struct {
	Path string // relative to the tree, slash-separated; "" for a Tree that is a file
	OID  string
	Kind Kind
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
// is its own single File.
func (t *Tree) Files() ([]File, error) {
	if !t.IsTree {
		return []File{{OID: t.OID}}, nil
	}
	out, err := t.repo.run(nil, "ls-tree", "-r", "-z", "--full-tree", t.OID)
	if err != nil {
		return nil, err
	}
	return parseLsTree(out)
}

// parseLsTree reads `git ls-tree -r -z`: "MODE TYPE OID\tPATH\x00"...
func parseLsTree(out []byte) ([]File, error) {
	var files []File
	for len(out) > 0 {
		i := bytes.IndexByte(out, 0)
		if i < 0 {
			i = len(out)
		}
		rec := out[:i]
		out = out[min(i+1, len(out)):]
		meta, name, ok := bytes.Cut(rec, []byte{'\t'})
		f := bytes.Fields(meta)
		if !ok || len(f) != 3 {
			return nil, fmt.Errorf("git ls-tree: unexpected line %q", rec)
		}
		file := File{Path: string(name), OID: string(f[2])}
		switch string(f[0]) {
		case "120000":
			file.Kind = Symlink
		case "160000":
			file.Kind = Submodule
		}
		files = append(files, file)
	}
	return files, nil
}

// ReadBlobs reads the blobs oids names, in their order, through one
// `git cat-file --batch` process, and calls fn with each one's content as
// it arrives. fn owns data. An error from fn stops the reading and is
// returned.
func (r *Repo) ReadBlobs(oids []string, fn func(i int, data []byte) error) error {
	return r.readBlobs(oids, func(int) []byte { return nil }, fn)
}

// readBlobs is ReadBlobs reading each blob into the buffer buf(i) returns
// (grown when too small; nil for a new one).
func (r *Repo) readBlobs(oids []string, buf func(i int) []byte, fn func(i int, data []byte) error) (err error) {
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
		if err == nil && waitErr != nil {
			err = fmt.Errorf("git cat-file: %v%s", waitErr, stderrLine(stderr.Bytes()))
		}
		if err == nil {
			err = <-werr
		}
	}()
	br := bufio.NewReaderSize(stdout, 256<<10)
	for i, oid := range oids {
		header, err := br.ReadSlice('\n')
		if err != nil {
			return fmt.Errorf("git cat-file: reading %s: %v%s", oid, eofMessage(err), stderrLine(stderr.Bytes()))
		}
		f := strings.Fields(string(header))
		if len(f) != 3 {
			return fmt.Errorf("git cat-file: object %s: %s", oid, strings.TrimSpace(string(header)))
		}
		size, perr := strconv.ParseInt(f[2], 10, 64)
		if perr != nil || size < 0 {
			return fmt.Errorf("git cat-file: bad header %q", strings.TrimSpace(string(header)))
		}
		data := buf(i)
		if int64(cap(data)) < size {
			data = make([]byte, size)
		}
		data = data[:size]
		if _, err := io.ReadFull(br, data); err != nil {
			return fmt.Errorf("git cat-file: reading %s: %v", oid, eofMessage(err))
		}
		if b, err := br.ReadByte(); err != nil || b != '\n' {
			return fmt.Errorf("git cat-file: reading %s: no newline after the content", oid)
		}
		if err := fn(i, data); err != nil {
			return err
		}
	}
	return nil
}

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

// Base is the last element of the tree's path, as a folder name would be
// ("develop" for HEAD:_cache/develop).
func (t *Tree) Base() string { return path.Base(path.Clean("/" + t.Path)) }

// gitError is git exiting with a non-zero status.
type gitError struct {
	args   []string
	code   int
	stderr string
}

func (e *gitError) Error() string {
	if e.stderr != "" {
		return "git " + e.args[0] + ": " + e.stderr
	}
	return fmt.Sprintf("git %s: exit status %d", e.args[0], e.code)
}

func (r *Repo) command(args ...string) *exec.Cmd {
	cmd := exec.Command(r.git, args...)
	cmd.Dir = r.dir
	return cmd
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
	cmd := r.command(args...)
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
	if strings.Contains(stderr.String(), "not a git repository") {
		dir := r.dir
		if dir == "" {
			dir = "."
		}
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		return nil, fmt.Errorf("%w: %s (nor any of its parents)", ErrNotRepo, dir)
	}
	return nil, &gitError{args: args, code: ee.ExitCode(), stderr: firstLine(stderr.Bytes())}
}

// firstLine returns git's first message line, without "fatal: ".
func firstLine(b []byte) string {
	line, _, _ := bytes.Cut(bytes.TrimSpace(b), []byte("\n"))
	return strings.TrimPrefix(string(line), "fatal: ")
}

// stderrLine returns git's first message line as ": message", or "".
func stderrLine(b []byte) string {
	if line := firstLine(b); line != "" {
		return ": " + line
	}
	return ""
}
