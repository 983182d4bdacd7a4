package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// oneLineIndex is an index of two specs on one line, the first holding
// "$Id:" and the second a '$': ident drops the second from a checkout.
const oneLineIndex = `{"database":{"version":"7","installs":{` +
	`"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"spec":{"name":"a","version":"1","namespace":"ns$Id:","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},"ref_count":0,"in_buildcache":true},` +
	`"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb":{"spec":{"name":"b","version":"1","namespace":"ns$","hash":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"},"ref_count":0,"in_buildcache":true}}}}` + "\n"

// TestRewrittenSpackFile: a .gitattributes above PATH that gives a Spack
// file (not a page) ident or a working-tree-encoding is refused as it is
// for a page. A one-line index.json whose first spec holds "$Id:" and a
// later one a '$' loses every spec between them in a checkout ("*.json
// ident": 2 specs as committed, 1 in the checkout), and a
// working-tree-encoding makes it UTF-16 there, while REV:PATH read the
// blob as committed and the gate compared specs no checkout holds.
func TestRewrittenSpackFile(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	for _, tc := range []struct{ attrs, want string }{
		{"*.json ident\n", "ident"},
		{"cache/index.json working-tree-encoding=UTF-16LE\n", "working-tree-encoding"},
		{"*.lock ident\n", ""}, // names no file of PATH
	} {
		dir, git, write := workTree(t)
		write("cache/index.json", oneLineIndex)
		git("add", "cache")
		git("commit", "-qm", "index")
		// The attributes come after the file: added with them, git
		// would have committed the index without the specs.
		r := commitAttributes(t, dir, git, write, ".gitattributes", tc.attrs)
		snap, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v; want no error", tc.attrs, err)
		case tc.want == "" && snap.Specs() != 2:
			t.Errorf("%q: %d specs; want 2", tc.attrs, snap.Specs())
		case tc.want == "":
		case err == nil:
			t.Errorf("%q: read %d specs, no error; want the index refused as given %s", tc.attrs, snap.Specs(), tc.want)
		case !strings.Contains(err.Error(), "HEAD:cache/index.json") || !strings.Contains(err.Error(), "gives this file the "+tc.want+" attribute"):
			t.Errorf("%q: %v; want the index named, given %s", tc.attrs, err, tc.want)
		}
		if _, err := r.Series("HEAD~1..HEAD", "cache", "", ""); (err != nil) != (tc.want != "") {
			t.Errorf("%q: a log over the attributes' commit: %v; want an error: %v", tc.attrs, err, tc.want != "")
		}
	}
}

// TestRewrittenMirror: a Spack mirror read from REV:PATH goes through no
// walk, and no .gitattributes judged its files: "*.json ident", above
// the mirror or in it, dropped from a checkout's one-line
// build_cache/index.json every spec between a "$Id:" and the next '$'
// (2 specs as committed, 1 in the checkout), while REV:PATH read them
// all. Either is refused; attributes that rewrite nothing are not.
func TestRewrittenMirror(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	for _, tc := range []struct{ file, attrs, want string }{
		{".gitattributes", "*.json ident\n", "ident"},
		{"m/.gitattributes", "*.json ident\n", "ident"},
		{"m/build_cache/.gitattributes", "index.json working-tree-encoding=UTF-16LE\n", "working-tree-encoding"},
		{"m/.gitattributes", "*.json -text\n", ""},
		// Every file, .gitattributes too: the error names the index, not
		// the .gitattributes (sorted first), which no mirror reads.
		{"m/.gitattributes", "* ident\n", "ident"},
	} {
		dir, git, write := workTree(t)
		write("m/build_cache/index.json", oneLineIndex)
		git("add", "m")
		git("commit", "-qm", "mirror")
		r := commitAttributes(t, dir, git, write, tc.file, tc.attrs)
		src, err := mustSource(t, r, "HEAD:m").Open(mirror.Options{})
		var snap *snapshot.Snapshot
		if err == nil {
			snap, err = snapshot.LoadFrom(src, snapshot.Options{})
		}
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s %q: %v; want no error", tc.file, tc.attrs, err)
		case tc.want == "" && snap.Specs() != 2:
			t.Errorf("%s %q: %d specs; want 2", tc.file, tc.attrs, snap.Specs())
		case tc.want == "":
		case err == nil:
			t.Errorf("%s %q: read %d specs, no error; want the index refused as given %s", tc.file, tc.attrs, snap.Specs(), tc.want)
		case !strings.Contains(err.Error(), "HEAD:m/build_cache/index.json") || !strings.Contains(err.Error(), "gives this file the "+tc.want+" attribute"):
			t.Errorf("%s %q: %v; want the index named, given %s", tc.file, tc.attrs, err, tc.want)
		}
	}
}

// TestRewrittenUnreadFile: a .gitattributes line that rewrites only a
// file cachediff does not read (a PowerShell script beside the index,
// "*.ps1 working-tree-encoding=UTF-16LE", as Git for Windows documents
// it) changes nothing the report is made of, yet refused the tree, and
// the log over the attributes' commit: a nightly job failed on it. A
// file that the loader reads (a link in the tree to the rewritten file,
// *.txt here) is still refused.
func TestRewrittenUnreadFile(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	for _, tc := range []struct {
		attrs, link string
		refused     bool
	}{
		{"*.ps1 working-tree-encoding=UTF-16LE\n", "", false},
		{"*.ps1 ident\n", "", false},
		{"*.txt ident\n", "other.json", true}, // other.json -> idx.txt, read by content
	} {
		dir := t.TempDir()
		git := func(args ...string) {
			t.Helper()
			if out, err := gittest.Git(dir, nil, args...); err != nil {
				t.Fatalf("git %v: %v: %s", args, err, out)
			}
		}
		git("init", "-q", ".")
		write := func(rel, text string) {
			t.Helper()
			if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Mkdir(filepath.Join(dir, "cache"), 0o755); err != nil {
			t.Fatal(err)
		}
		if tc.link == "" {
			write("cache/index.json", oneLineIndex)
		}
		write("cache/tool.ps1", "Write-Output $Id: x $\n")
		want := 2
		if tc.link != "" {
			write("cache/idx.txt", strings.ReplaceAll(oneLineIndex, `"name":"`, `"name":"l`))
			if err := os.Symlink("idx.txt", filepath.Join(dir, "cache", tc.link)); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}
		git("add", "cache")
		git("commit", "-qm", "index")
		r := commitAttributes(t, dir, git, write, ".gitattributes", tc.attrs)
		snap, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
		switch {
		case tc.refused && err == nil:
			t.Errorf("%q: read %d specs, no error; want the tree refused", tc.attrs, snap.Specs())
		case tc.refused && !strings.Contains(err.Error(), "HEAD:cache/idx.txt: git check-attr says a checkout gives this file the ident attribute"):
			t.Errorf("%q: %v; want cache/idx.txt refused as given ident", tc.attrs, err)
		case tc.refused:
		case err != nil:
			t.Errorf("%q: %v; want no error (the checkout rewrites no file cachediff reads)", tc.attrs, err)
		case snap.Specs() != want:
			t.Errorf("%q: %d specs; want %d", tc.attrs, snap.Specs(), want)
		}
		if _, err := r.Series("HEAD~1..HEAD", "cache", "", ""); (err != nil) != tc.refused {
			t.Errorf("%q: a log over the attributes' commit: %v; want an error: %v", tc.attrs, err, tc.refused)
		}
	}
}

// TestRewrittenLinkTarget: a file of PATH that is a symbolic link out of
// it is read as the file it leads to, in the commit and in a checkout;
// the .gitattributes that a checkout judges that file by (above it, not
// above PATH) were not asked about: cache/other.json leading to
// ../data/idx.txt, "*.txt ident" dropped from the checkout's other.json
// every spec between a "$Id:" and the next '$' (2 specs as committed, 1
// there), while REV:PATH read both and the gate agreed with itself.
func TestRewrittenLinkTarget(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	for _, tc := range []struct {
		file, attrs string
		refused     bool
	}{
		{".gitattributes", "*.txt ident\n", true},
		{"data/.gitattributes", "idx.txt ident\n", true},
		{"data/.gitattributes", "*.txt working-tree-encoding=UTF-16LE\n", true},
		{"data/.gitattributes", "*.txt -text\n", false},
		{"data/.gitattributes", "other.txt ident\n", false},
	} {
		dir, git, write := linkedIndexTree(t)
		judgeLinkTarget(t, dir, git, write, tc.file, tc.attrs, tc.refused, "data/idx.txt")
	}
}

// TestUTF8WorkingTreeEncoding: git re-encodes no file to UTF-8, the
// encoding it stores (git_path_check_encoding leaves out "utf-8" and
// "utf8" in any case, and an empty one): a checkout holds the file as
// committed, yet a .gitattributes giving the files that encoding refused
// the tree, and the log over its commit, so that a nightly job failed.
// Another encoding is still refused.
func TestUTF8WorkingTreeEncoding(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	checkEncodingLines(t, []encodingCase{
		{"*.json working-tree-encoding=UTF-8\n", false},
		{"*.md working-tree-encoding=utf8\n*.json working-tree-encoding=utf-8\n", false},
		{"[attr]u working-tree-encoding=Utf-8\n*.json u\n", false},
		{"*.json working-tree-encoding=UTF-16LE\n", true},
		{"*.md working-tree-encoding=UTF-8 working-tree-encoding=UTF-16LE\n", true},
	}, "a checkout re-encodes nothing to UTF-8")
}

// workTree makes a git repository in a new folder and returns the folder,
// a git that runs there and fails the test on error, and a write that
// creates a file (and its folders) by its slash-separated path.
func workTree(t *testing.T) (dir string, git func(args ...string), write func(rel, text string)) {
	t.Helper()
	dir = t.TempDir()
	git = func(args ...string) {
		t.Helper()
		if out, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	write = func(rel, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q", ".")
	return dir, git, write
}

// commitAttributes writes each file of pairs (a path, then its text),
// commits them as one commit, "attributes", and opens the repository.
func commitAttributes(t *testing.T, dir string, git func(args ...string), write func(rel, text string), pairs ...string) *Repo {
	t.Helper()
	for i := 0; i+1 < len(pairs); i += 2 {
		write(pairs[i], pairs[i+1])
		git("add", pairs[i])
	}
	git("commit", "-qm", "attributes")
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// linkedIndexTree is a work tree whose cache/other.json, a symbolic link
// out of cache, leads to ../data/idx.txt, a one-line index, committed
// beside cache/x.md, which is no page.
func linkedIndexTree(t *testing.T) (dir string, git func(args ...string), write func(rel, text string)) {
	t.Helper()
	dir, git, write = workTree(t)
	write("data/idx.txt", oneLineIndex)
	write("cache/x.md", "not a page\n")
	if err := os.Symlink("../data/idx.txt", filepath.Join(dir, "cache", "other.json")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	git("add", ".")
	git("commit", "-qm", "index")
	return dir, git, write
}

// encodingCase is a .gitattributes text above a one-line index, and
// whether the judge refuses the index for it.
type encodingCase struct {
	attrs   string
	refused bool
}

// checkEncodingLines commits the index, then each case's .gitattributes
// alone, and checks that HEAD:cache and a log over the attributes'
// commit are refused, or read whole (2 specs), as the case says; why is
// why a case read whole should be.
// attributesRepo makes a repository of two commits, cache/index.json
// (oneLineIndex), then .gitattributes (attrs) beside it, with one git
// fast-import: the trees a git add and a git commit of each write
// (their ids checked alike), in two git processes rather than five.
// Nothing is checked out: what is read is read from the commits.
func attributesRepo(t *testing.T, attrs string) *Repo {
	t.Helper()
	dir := t.TempDir()
	if err := gittest.Init(dir); err != nil {
		t.Fatal(err)
	}
	var stream strings.Builder
	for i, f := range [][2]string{{"cache/index.json", oneLineIndex}, {".gitattributes", attrs}} {
		fmt.Fprintf(&stream, "commit refs/heads/main\ncommitter %s %d +0000\ndata 1\n%d\n", gittest.Ident, 1700000000+i, i)
		fmt.Fprintf(&stream, "M 100644 inline %s\ndata %d\n%s\n\n", f[0], len(f[1]), f[1])
	}
	if err := gittest.Import(dir, stream.String()); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func checkEncodingLines(t *testing.T, cases []encodingCase, why string) {
	t.Helper()
	for _, tc := range cases {
		r := attributesRepo(t, tc.attrs)
		snap, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
		switch {
		case tc.refused && err == nil:
			t.Errorf("%q: read %d specs, no error; want the tree refused", tc.attrs, snap.Specs())
		case tc.refused && !strings.Contains(err.Error(), "working-tree-encoding"):
			t.Errorf("%q: %v; want a working-tree-encoding refused", tc.attrs, err)
		case tc.refused:
		case err != nil:
			t.Errorf("%q: %v; want no error (%s)", tc.attrs, err, why)
		case snap.Specs() != 2:
			t.Errorf("%q: %d specs; want 2", tc.attrs, snap.Specs())
		}
		if _, err := r.Series("HEAD~1..HEAD", "cache", "", ""); (err != nil) != tc.refused {
			t.Errorf("%q: a log over the attributes' commit: %v; want an error: %v", tc.attrs, err, tc.refused)
		}
	}
}

// judgeLinkTarget commits a .gitattributes text alone ("git add ." would
// store the index's "$Id:...$" as "$Id$") and checks that HEAD:cache is
// refused for its other.json, a link to target, naming target, or read
// whole (2 specs), as refused says.
func judgeLinkTarget(t *testing.T, dir string, git func(args ...string), write func(rel, text string), file, attrs string, refused bool, target string) {
	t.Helper()
	r := commitAttributes(t, dir, git, write, file, attrs)
	snap, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
	switch {
	case refused && err == nil:
		t.Errorf("%s %q: read %d specs, no error; want other.json refused", file, attrs, snap.Specs())
	case refused && !strings.Contains(err.Error(), "HEAD:cache/other.json: a symbolic link to HEAD:"+target+": git check-attr says"):
		t.Errorf("%s %q: %v; want other.json refused, naming %s", file, attrs, err, target)
	case refused:
	case err != nil:
		t.Errorf("%s %q: %v; want no error", file, attrs, err)
	case snap.Specs() != 2:
		t.Errorf("%s %q: %d specs; want 2", file, attrs, snap.Specs())
	}
}

// TestLogLinkPathNamedAsLink: a log --revs over a PATH committed as a
// symbolic link (cache/other.json, to ../data/idx.txt), at a commit that
// added "other.json ident" beside it, said "git check-attr says a
// checkout gives this file the ident attribute": git writes a link as a
// link, and gives it no ident; loading the commit says what it is, a
// symbolic link REV:PATH does not follow, and the log says so too.
func TestLogLinkPathNamedAsLink(t *testing.T) {
	dir, git, write := linkedIndexTree(t)
	r := commitAttributes(t, dir, git, write, "cache/.gitattributes", "other.json ident\n")
	_, err := r.Series("HEAD~1..HEAD", "cache/other.json", "", "")
	if err == nil || !strings.Contains(err.Error(), "is a symbolic link") || strings.Contains(err.Error(), "ident") {
		t.Errorf("log over a link PATH under other.json ident: %v; want it named a symbolic link, not given ident", err)
	}
}
