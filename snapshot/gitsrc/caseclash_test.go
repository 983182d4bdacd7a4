package gitsrc

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
)

// caseClashes are names above _cache/develop that a checkout on a
// case-insensitive file system (macOS, Windows) merges with another: a
// .gitattributes named in another case, which git reads as the folder's
// where the index has no .gitattributes there (attr.c's read_attr), and
// a folder named as one on the way in another case, which lands in the
// same folder on disk, with its .gitattributes. Each holds "*.md ident",
// which rewrites the pages in such a checkout (or is a file of a folder
// merged with one on the way).
var caseClashes = []struct{ file, refused string }{
	{"_cache/.GITATTRIBUTES", "_cache/.GITATTRIBUTES"},
	{".GITATTRIBUTES", ".GITATTRIBUTES"},
	{"_CACHE/.gitattributes", "_CACHE"},
	{"_cache/DEVELOP/.gitattributes", "_cache/DEVELOP"},
	// No .gitattributes: its files land among the pages in such a
	// checkout (_cache/develop/x.md), or beside them.
	{"_cache/DEVELOP/x.md", "_cache/DEVELOP"},
	{"_CACHE/x", "_CACHE"},
}

// caseClashClone is seriesClone's clone with file (in its folders)
// committed, holding "*.md ident": one for each file, made once for the
// tests that ask for it (they only read it), in shared.dir.
func caseClashClone(t *testing.T, file string) *Repo {
	t.Helper()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	clone := shared.clashClones[file]
	if clone == "" {
		dir := sharedDir(t)
		repo, _ := series(t)
		clone = filepath.Join(dir, fmt.Sprintf("clash%d", len(shared.clashClones)))
		if _, err := gittest.Git(dir, nil, "clone", "-q", repo, clone); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(clone, filepath.FromSlash(file))), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(clone, filepath.FromSlash(file)), []byte("*.md ident\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"add", file}, {"commit", "-q", "-m", file}} {
			if _, err := gittest.Git(clone, nil, args...); err != nil {
				t.Fatal(err)
			}
		}
		if shared.clashClones == nil {
			shared.clashClones = map[string]string{}
		}
		shared.clashClones[file] = clone
	}
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCaseClashAboveRefused: a .GITATTRIBUTES above PATH (_cache's, the
// repository's), or a folder on the way to PATH named in another case
// (_CACHE beside _cache, _cache/DEVELOP beside _cache/develop) holding a
// .gitattributes, is refused: a checkout on a case-insensitive file
// system applies its "*.md ident" to _cache/develop's pages, while
// git:HEAD:_cache/develop read them as committed ("3 packages changed").
// The commit before it still loads.
func TestCaseClashAboveRefused(t *testing.T) {
	for _, tc := range caseClashes {
		t.Run(tc.file, func(t *testing.T) {
			r := caseClashClone(t, tc.file)
			want := "loading HEAD:" + tc.refused + ": "
			for _, spec := range []string{"HEAD:_cache/develop", "HEAD:_cache/develop/bc/specs.md"} {
				_, err := snapshot.LoadFrom(mustSource(t, r, spec), snapshot.Options{})
				if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "in another case") {
					t.Errorf("%s: %v; want an error holding %q", spec, err, want)
				}
			}
			if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD~1:_cache/develop"), snapshot.Options{}); err != nil {
				t.Errorf("HEAD~1: %v", err)
			}
		})
	}
}

// TestCaseClashLogRefused: a log over a commit that only added such a
// name above PATH (caseClashes) selected no commit ("no commit in this
// range changed _cache/develop", exit 0), as its pathspecs named the
// .gitattributes above PATH in their case alone: the commit is now
// judged, and refused. A commit that added a name that no checkout
// merges with one on the way (_cache/developer, _cache/.gitattributes2)
// is still no step.
func TestCaseClashLogRefused(t *testing.T) {
	for _, tc := range caseClashes {
		t.Run(tc.file, func(t *testing.T) {
			r := caseClashClone(t, tc.file)
			head, err := r.run(nil, "rev-parse", "HEAD")
			if err != nil {
				t.Fatal(err)
			}
			want := short(strings.TrimSpace(string(head))) + ":" + tc.refused + ": "
			if c, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "in another case") {
				t.Errorf("log over the commit: %d commits, %v; want an error holding %q", len(c), err, want)
			}
		})
	}
	for _, file := range []string{"_cache/developer/.gitattributes", "_cache/.gitattributes2", "_cache2/.gitattributes"} {
		r := caseClashClone(t, file)
		if c, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err != nil || len(c) != 1 {
			t.Errorf("%s: %d commits, %v; want the base alone", file, len(c), err)
		}
	}
}

// TestCaseClashNamesQuoted: the name refused is quoted in the message, a
// line break in it escaped, so that it cannot start a line of its own.
func TestCaseClashNamesQuoted(t *testing.T) {
	data := []byte("40000 _cache\x00" + strings.Repeat("\x01", 20) + "100644 .gitAttributes\n::error::x\x00" + strings.Repeat("\x02", 20))
	if c := caseClash(data, 20, "", "_cache"); c.path != "" {
		t.Errorf("a name that differs from .gitattributes past its case: refused as %q", c.path)
	}
	data = []byte("100644 .GitAttributes\x00" + strings.Repeat("\x01", 20) + "40000 _Cache\n::error::x\x00" + strings.Repeat("\x02", 20))
	c := caseClash(data, 20, "top", "_cache\n::error::x")
	if c.path != "top/.GitAttributes" || !strings.HasPrefix(c.msg, `".GitAttributes" is .gitattributes in another case`) {
		t.Errorf("got %q: %q", c.path, c.msg)
	}
	c = caseClash(data[len(".GitAttributes")+28:], 20, "top", "_cache\n::error::x")
	if c.path != "top/_Cache\n::error::x" || strings.Contains(c.msg, "\n") {
		t.Errorf("got %q: %q; want the name quoted on one line", c.path, c.msg)
	}
}

// TestCaseClashLinear: the folders above PATH are read once each,
// without an allocation per entry: a top folder of 4x the entries
// allocates no more objects, and at most 4.4x the bytes.
func TestCaseClashLinear(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	dir, git, write := workTree(t)
	write("_cache/develop/index.json", oneLineIndex)
	git("add", ".")
	git("commit", "-qm", "index")
	blob := strings.TrimSpace(mustGit(t, dir, "", "hash-object", "-w", "--stdin"))
	cache := strings.TrimSpace(mustGit(t, dir, "", "rev-parse", "HEAD:_cache"))
	resolve := func(n int) (bytes, mallocs uint64) {
		in := []string{"040000 tree " + cache + "\t_cache"}
		for i := range n {
			in = append(in, fmt.Sprintf("100644 blob %s\tf%06d", blob, i))
		}
		tree := hashTree(t, dir, in)
		commit := strings.TrimSpace(mustGit(t, dir, "", "commit-tree", "-m", "x", tree))
		r, err := OpenRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		tr, err := r.Resolve(commit + ":_cache/develop")
		runtime.ReadMemStats(&after)
		if err != nil || tr.clash.path != "" {
			t.Fatalf("%d entries: %v, %q", n, err, tr.clash.path)
		}
		return after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs
	}
	resolve(100) // git's first run
	small, smallN := resolve(2000)
	big, bigN := resolve(8000)
	t.Logf("2000 entries: %d bytes, %d objects; 8000: %d bytes, %d objects", small, smallN, big, bigN)
	if float64(big) > 4.4*float64(small) {
		t.Errorf("4x the entries: %d bytes allocated, %.1fx the %d of 1x; want at most 4.4x", big, float64(big)/float64(small), small)
	}
	if float64(bigN) > 1.2*float64(smallN)+10 {
		t.Errorf("4x the entries: %d objects allocated, against %d; want about as many", bigN, smallN)
	}
}

// mustGit runs git in dir with stdin and returns its output.
func mustGit(t *testing.T, dir, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env, cmd.Stdin = dir, gittest.Env(), strings.NewReader(stdin)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return string(out)
}

// TestCaseClashMirrorRefused: a Spack mirror read from REV:PATH (a tree
// Open reads as a mirror, not walked as pages) is refused alike, for an
// ".GITATTRIBUTES" above it: the mirror's files are what a checkout
// rewrites there.
func TestCaseClashMirrorRefused(t *testing.T) {
	files := map[string]string{"site/.GITATTRIBUTES": "*.json ident\n"}
	addMirror(t, files, "site/m", func(dir string) error { return mirrorgen.V3(dir, genIndex(t), mirrorgen.Options{}) })
	repo := commitFiles(t, files, nil)
	_, err := loadArg(repo, "HEAD:site/m", snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), `HEAD:site/.GITATTRIBUTES: ".GITATTRIBUTES" is .gitattributes in another case`) {
		t.Errorf("a mirror below a .GITATTRIBUTES: %v; want it refused", err)
	}
	delete(files, "site/.GITATTRIBUTES")
	if _, err := loadArg(commitFiles(t, files, nil), "HEAD:site/m", snapshot.Options{}); err != nil {
		t.Errorf("the mirror alone: %v", err)
	}
}

// TestCaseClashLineBreakInCurrentFolder: from a folder named
// "_cache\nfoo", git:HEAD:./develop named its folders on the way to git
// cat-file a line each, split at the line break, and read the answer to
// HEAD:_cache as PATH's: it loaded _cache's pages ("No changes: 14
// packages"). Such a path is refused, for a log too.
func TestCaseClashLineBreakInCurrentFolder(t *testing.T) {
	clone, commit := seriesClone(t)
	here := filepath.Join(clone, "_cache\nfoo")
	if err := os.MkdirAll(filepath.Join(here, "develop"), 0o755); err != nil {
		t.Fatal(err)
	}
	commit("_cache\nfoo/develop/x.txt", "x\n")
	r, err := OpenRepo(here)
	if err != nil {
		t.Fatal(err)
	}
	if tr, err := r.Resolve("HEAD:./develop"); err == nil || !strings.Contains(err.Error(), "line break") {
		t.Errorf("HEAD:./develop from _cache\\nfoo: %+v, %v; want it refused", tr, err)
	}
	if c, err := r.Series("HEAD~1..HEAD", "./develop", "", ""); err == nil || !strings.Contains(err.Error(), "line break") {
		t.Errorf("a log of ./develop from _cache\\nfoo: %d commits, %v; want it refused", len(c), err)
	}
}

// TestCaseClashAbsentBaseRefused: a log over a commit that renamed
// _CACHE to _cache, whose base holds _CACHE/develop and no
// _cache/develop, logged every package new ("packages 0 → N", exit 0),
// while a checkout on a case-insensitive file system holds the same
// pages at _cache/develop at both. The base, where PATH is absent, is
// refused at _CACHE; a base where PATH is absent and no name clashes
// still loads as empty.
func TestCaseClashAbsentBaseRefused(t *testing.T) {
	clone, _ := seriesClone(t)
	for _, args := range [][]string{
		{"mv", "_cache", "_CACHE"},
		{"commit", "-q", "-m", "upper"},
		{"mv", "_CACHE", "_tmp"},
		{"mv", "_tmp", "_cache"},
		{"commit", "-q", "-m", "lower"},
	} {
		if _, err := gittest.Git(clone, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	head, err := r.run(nil, "rev-parse", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	want := short(strings.TrimSpace(string(head))) + ":_CACHE: "
	for _, since := range []string{"", "2000-01-01"} {
		rng := "HEAD~1..HEAD"
		if since != "" {
			rng = "HEAD"
		}
		if c, err := r.Series(rng, "_cache/develop", since, ""); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "in another case") {
			t.Errorf("log %s (since %q) from _CACHE: %d commits, %v; want an error holding %q", rng, since, len(c), err, want)
		}
	}
	for _, args := range [][]string{{"mv", "_cache", "_elsewhere"}, {"commit", "-q", "-m", "away"}, {"mv", "_elsewhere", "_cache"}, {"commit", "-q", "-m", "back"}} {
		if _, err := gittest.Git(clone, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	if c, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err != nil || len(c) != 2 || !c[0].Absent {
		t.Errorf("log from a base without PATH: %+v, %v; want an absent base and a step", c, err)
	}
}

// TestCaseClashLogUnicodeFold: caseClash refuses a name that folds to
// one above PATH in Unicode (bytes.EqualFold: "_cache/.gitattributeſ",
// U+017F LONG S; "ſpecs.md" beside bc/specs.md), which a
// case-insensitive file system may fold alike, yet git's icase
// pathspecs fold ASCII alone: a log over a commit that added only such a
// name said "no commit in this range changed" PATH and passed, while
// each commit refused it as a snapshot. It is refused at the commit.
func TestCaseClashLogUnicodeFold(t *testing.T) {
	for _, tc := range []struct{ top, file string }{
		{"_cache/develop", "_cache/.gitattribute\u017f"},
		{"_cache/develop", ".GITATTRIBUTE\u017f"},
		{"_cache/develop/bc/specs.md", "_cache/develop/bc/\u017fpecs.md"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			file := tc.file
			r := caseClashClone(t, file)
			if c, err := r.Series("HEAD~1..HEAD", tc.top, "", ""); err == nil || !strings.Contains(err.Error(), "in another case") {
				t.Errorf("log of %s over a commit adding %s: %d commits, %v; want it refused", tc.top, file, len(c), err)
			}
		})
	}
}

// TestCaseClashFoldSpecs: the pathspecs of a name list its Unicode folds
// (git folds ASCII), and past maxFoldSpecs, or for an invalid byte or
// U+FFFD, a glob's * stands for the letter (with "/**" for the paths
// below), not the whole folder.
func TestCaseClashFoldSpecs(t *testing.T) {
	got := foldSpecs("_cache/.gitattributes")
	want := []string{":(top,icase,literal)_cache/.gitattributes", ":(top,icase,literal)_cache/.gitattribute\u017f"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q; want %q", got, want)
	}
	if got := foldSpecs("develop"); len(got) != 1 || got[0] != ":(top,icase,literal)develop" {
		t.Errorf("develop: %q", got)
	}
	for _, tc := range []struct{ p, first string }{
		{"_cache/" + strings.Repeat("s", 7), ":(top,icase,glob)_cache/ssssss*"},
		{strings.Repeat("k", 7), ":(top,icase,glob)kkkkkk*"},
		{"a*/b?[/\u00e9\xff", ":(top,icase,glob)a\\*/b\\?\\[/\u00e9*"},
		{"d\ufffd", ":(top,icase,glob)d*"},
	} {
		got := foldSpecs(tc.p)
		if len(got) < 2 || len(got) > 2*maxFoldSpecs || got[0] != tc.first || got[1] != tc.first+"/**" {
			t.Errorf("%q: %d specs, %q; want %q first, then its /**, at most %d", tc.p, len(got), got, tc.first, 2*maxFoldSpecs)
		}
	}
}

// TestCaseClashFoldSpecsProcesses: a log over commits that change no
// name on the way to PATH starts the same git processes however many
// they are, where a folder on the way has seven k letters: its
// pathspecs named the whole top (past maxFoldSpecs), and each commit of
// the range was read with a git cat-file of its own (10 commits: 23
// processes, 40: 53).
func TestCaseClashFoldSpecsProcesses(t *testing.T) {
	top := strings.Repeat("k", 7) + "/develop"
	dir := commitFiles(t, map[string]string{top + "/index.json": oneLineIndex}, nil)
	runs := func(n int) int64 {
		// n commits on main, each writing its number to other, as a git
		// add and a git commit of each would (committed now, by the
		// tests' identity), in one git fast-import; the index and the
		// work tree then follow, as the commit leaves them.
		var imp strings.Builder
		now := time.Now().Unix()
		for i := range n {
			fmt.Fprintf(&imp, "commit refs/heads/main\ncommitter %s %d +0000\ndata 6\nother\n", gittest.Ident, now)
			if i == 0 {
				imp.WriteString("from refs/heads/main^0\n")
			}
			fmt.Fprintf(&imp, "M 100644 inline other\ndata %d\n%d\n\n", len(fmt.Sprint(i)), i)
		}
		if err := gittest.Import(dir, imp.String()); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(dir, nil, "reset", "-q", "--hard"); err != nil {
			t.Fatal(err)
		}
		r, err := OpenRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		before := gitRuns.Load()
		if _, err := r.Series(fmt.Sprintf("HEAD~%d..HEAD", n), top, "", ""); err != nil {
			t.Fatal(err)
		}
		return gitRuns.Load() - before
	}
	small, big := runs(10), runs(40)
	if small != big {
		t.Errorf("git processes: %d over 10 commits, %d over 40; want the same", small, big)
	}
}

// TestCaseClashLogInvalidUTF8: caseClash refuses _cache/d\xfe beside
// PATH _cache/d\xff (bytes.EqualFold decodes each invalid byte, and
// U+FFFD, as U+FFFD), yet foldSpecs wrote the invalid byte alone: a log
// over the commit that added it passed ("1 commit", the base), while that
// commit's snapshot was refused. It is refused at the commit.
func TestCaseClashLogInvalidUTF8(t *testing.T) {
	for _, tc := range []struct{ top, other string }{
		{"_cache/d\xff", "_cache/d\xfe"},
		{"_cache/d\xff", "_cache/d\ufffd"},
		{"_cache/d\ufffd", "_cache/d\xc0"},
	} {
		clone, commit := seriesClone(t)
		for _, d := range []string{tc.top, tc.other} {
			if err := os.MkdirAll(filepath.Join(clone, d), 0o755); err != nil {
				t.Fatal(err)
			}
			commit(d+"/x.txt", "x\n")
		}
		r, err := OpenRepo(clone)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := r.Resolve("HEAD:" + tc.top)
		if err != nil || tr.clashError() == nil {
			t.Fatalf("HEAD:%q beside %q: %v, %v; want the snapshot refused", tc.top, tc.other, err, tr.clashError())
		}
		if c, err := r.Series("HEAD~1..HEAD", tc.top, "", ""); err == nil || !strings.Contains(err.Error(), "in another case") {
			t.Errorf("log of %q over a commit adding %q: %d commits, %v; want it refused", tc.top, tc.other, len(c), err)
		}
	}
}

// TestCaseClashBelowRefused: two names below PATH that differ in case
// alone (a folder BC beside bc, a page SPECS.md beside specs.md) are
// refused, as above PATH: a checkout on a case-insensitive file system
// writes them into one, while REV:PATH read both (_cache/develop's
// LLVM/specs.md beside llvm/specs.md: "4 packages changed (1 new)", one
// package more than such a checkout holds). The commit before loads.
func TestCaseClashBelowRefused(t *testing.T) {
	for _, file := range []string{"_cache/develop/BC/x.txt", "_cache/develop/bc/SPECS.md", "_cache/develop/bc/\u017fpecs.md"} {
		t.Run(file, func(t *testing.T) {
			r := caseClashClone(t, file)
			_, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:_cache/develop"), snapshot.Options{})
			if err == nil || !strings.Contains(err.Error(), "below PATH, in another case") {
				t.Errorf("HEAD:_cache/develop with %s: %v; want it refused", file, err)
			}
			if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD~1:_cache/develop"), snapshot.Options{}); err != nil {
				t.Errorf("HEAD~1: %v", err)
			}
		})
	}
}

// TestCaseClashBelowLinear: clashBelow over 4x the names (in upper case,
// each folded into a string of its own) allocates at most 4.4x the
// bytes and objects, and finds no clash among distinct names.
func TestCaseClashBelowLinear(t *testing.T) {
	tr := &Tree{Rev: "HEAD", Path: "_cache/develop", IsTree: true}
	run := func(n int) (bytes, mallocs uint64) {
		files := make([]File, n)
		dirs := make([]string, n)
		for i := range n {
			dirs[i] = fmt.Sprintf("PKG%06d", i)
			files[i] = File{Path: dirs[i] + "/specs.md"}
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		e := tr.clashBelow(files, dirs, false)
		runtime.ReadMemStats(&after)
		if e != nil {
			t.Fatalf("%d distinct names: %v", n, e)
		}
		return after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs
	}
	run(100)
	small, smallN := run(5000)
	big, bigN := run(20000)
	t.Logf("5000 names: %d bytes, %d objects; 20000: %d bytes, %d objects", small, smallN, big, bigN)
	if float64(big) > 4.4*float64(small) || float64(bigN) > 4.4*float64(smallN) {
		t.Errorf("4x the names: %d bytes, %d objects, against %d and %d; want at most 4.4x", big, bigN, small, smallN)
	}
}

// TestCaseClashBelowDots: clashBelow leaves out dot-folders and what is
// in them, which the walk does not enter, and not dot-files, which it
// yields.
func TestCaseClashBelowDots(t *testing.T) {
	tr := &Tree{Rev: "HEAD", Path: "_cache/develop", IsTree: true}
	if e := tr.clashBelow([]File{{Path: ".X/a"}, {Path: ".x/a"}, {Path: "b/.Y/c"}, {Path: "b/.y/c"}}, []string{".X", ".x", "b", "b/.Y", "b/.y"}, false); e != nil {
		t.Errorf("dot-folders: %v", e)
	}
	if e := tr.clashBelow([]File{{Path: "b/.Z.md"}, {Path: "b/.z.md"}}, []string{"b"}, false); e == nil || !strings.Contains(e.Msg, "below PATH, in another case") {
		t.Errorf("dot-files: %v; want them refused", e)
	}
}

// TestCaseClashLogPastMaxFoldSpecs: past maxFoldSpecs a glob's * stands
// for a letter, and still matches a name that folds to one on the way:
// a log over a commit that added only "SSSSS\u017f\u017f/x" beside PATH
// sssssss/develop is refused at it.
func TestCaseClashLogPastMaxFoldSpecs(t *testing.T) {
	top := strings.Repeat("s", 7) + "/develop"
	dir := commitFiles(t, map[string]string{top + "/index.json": oneLineIndex}, nil)
	other := filepath.Join(dir, "SSSSS\u017f\u017f")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "x"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "--all"}, {"commit", "-qm", "clash"}} {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := r.Series("HEAD~1..HEAD", top, "", ""); err == nil || !strings.Contains(err.Error(), "in another case") {
		t.Errorf("log over a commit adding SSSSS\u017f\u017f/x: %d commits, %v; want it refused", len(c), err)
	}
}

// TestDuplicateEntriesRefused: a tree git fsck calls duplicateEntries,
// on the way to PATH or below it, is refused: git looks up the first of
// two m entries (one holding m/develop/index.json alone), and read-tree
// writes both, so that git:C:m/develop read its index alone while the
// checkout held the second's files too (on a real pair, _cache twice:
// "2 removed", 36 specs, against 68 from the checkout); and below PATH
// the walk yielded b/x.txt twice, which a checkout holds once.
func TestDuplicateEntriesRefused(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	dir, git, write := workTree(t)
	write("m/develop/index.json", oneLineIndex)
	write("m/develop/b/x.txt", "x\n")
	git("add", ".")
	git("commit", "-qm", "index")
	rev := func(p string) string { return strings.TrimSpace(mustGit(t, dir, "", "rev-parse", "HEAD:"+p)) }
	mktree := func(lines ...string) string {
		return strings.TrimSpace(mustGit(t, dir, strings.Join(lines, "\n")+"\n", "mktree"))
	}
	index := mktree("100644 blob " + rev("m/develop/index.json") + "\tindex.json")
	alone := "040000 tree " + mktree("040000 tree "+index+"\tdevelop") + "\tm"
	above := mktree(alone, "040000 tree "+rev("m")+"\tm")
	below := mktree("040000 tree " + mktree("040000 tree "+mktree(
		"100644 blob "+rev("m/develop/index.json")+"\tindex.json",
		"040000 tree "+rev("m/develop/b")+"\tb",
		"040000 tree "+rev("m/develop/b")+"\tb",
	)+"\tdevelop") + "\tm")
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tree := range []string{above, below} {
		commit := strings.TrimSpace(mustGit(t, dir, "", "commit-tree", "-m", "x", tree))
		_, err := snapshot.LoadFrom(mustSource(t, r, commit+":m/develop"), snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), "twice (a tree git fsck calls duplicateEntries)") {
			t.Errorf("%s: %v; want it refused", mustGit(t, dir, "", "ls-tree", "-r", "-t", commit), err)
		}
	}
}

// TestCaseClashBelowTopFiles: two files at PATH's top that differ in
// case alone (a.spec.json beside A.spec.json, in a folder of Spack
// files), or a file there beside a folder of its name in another case,
// are refused as deeper ones are: clashBelow took path.Dir's "." of a
// file at the top for a dot-folder, and HEAD:snap read "specs 1 → 2"
// where a case-insensitive checkout holds one of the two.
func TestCaseClashBelowTopFiles(t *testing.T) {
	for _, files := range [][]string{{"snap/a.spec.json", "snap/A.spec.json"}, {"snap/X", "snap/x/index.json"}, {"snap/.z", "snap/.Z"}} {
		_, err := loadHeadSnap(t, map[string]string{files[0]: oneLineIndex, files[1]: oneLineIndex}, nil)
		if err == nil || !strings.Contains(err.Error(), "below PATH, in another case") {
			t.Errorf("HEAD:snap with %q: %v; want it refused", files, err)
		}
	}
	tr := &Tree{Rev: "HEAD", Path: "snap", IsTree: true}
	if e := tr.clashBelow([]File{{Path: "A.md"}, {Path: "a.md"}}, nil, false); e == nil {
		t.Errorf("A.md beside a.md at the top: not refused")
	}
}

// TestCaseClashBelowDotFolderFile: a dot-file beside a dot-folder of its
// name in another case (snap/.A.spec.json beside snap/.a.spec.json/x) is
// refused: clashBelow left the dot-folder out, and HEAD:snap read the
// spec ("specs 1 → 2" against snap/b.spec.json alone), where a checkout
// on a case-insensitive file system writes the folder over the file and
// the walk does not enter it. Two dot-folders, and a dot-named submodule
// beside one, which the walk leaves out alike, are not refused.
func TestCaseClashBelowDotFolderFile(t *testing.T) {
	for _, files := range [][]string{{"snap/.A.spec.json", "snap/.a.spec.json/x"}, {"snap/d/.x", "snap/d/.X/y/z"}} {
		_, err := loadHeadSnap(t, map[string]string{files[0]: oneLineIndex, files[1]: "x\n"}, nil)
		if err == nil || !strings.Contains(err.Error(), "below PATH, in another case") {
			t.Errorf("HEAD:snap with %q: %v; want it refused", files, err)
		}
	}
	tr := &Tree{Rev: "HEAD", Path: "snap", IsTree: true}
	if e := tr.clashBelow([]File{{Path: ".X/a"}, {Path: ".x/b"}, {Path: ".Y", Kind: Submodule}, {Path: ".y/c"}}, []string{".X", ".x", ".y"}, false); e != nil {
		t.Errorf("dot-folders, a dot-named submodule: %v", e)
	}
	if e := tr.clashBelow([]File{{Path: ".Y", Kind: Symlink}, {Path: ".y/c"}}, []string{".y"}, false); e == nil {
		t.Errorf("a dot-named link beside a dot-folder: not refused")
	}
}

// TestCaseClashBelowLinkDotFolder: a file a link leads to in a
// dot-folder is judged (clashTargets): snap/cache.json, a link to
// .D/i.json beside .d/i.json (two indexes), read .D's from git, while a
// checkout on a case-insensitive file system writes .d's over it in one
// folder, and clashBelow, which leaves dot-folders out, said nothing.
func TestCaseClashBelowLinkDotFolder(t *testing.T) {
	newIndex := genNewIndex(t)
	n, err := loadHeadSnap(t, map[string]string{"snap/.d/i.json": string(genIndex(t)), "snap/.D/i.json": string(newIndex)}, map[string]string{"snap/cache.json": ".D/i.json"})
	if err == nil || !strings.Contains(err.Error(), "which this symbolic link leads to, in another case") {
		t.Errorf("HEAD:snap, a link to .D/i.json beside .d/i.json: %d specs, %v; want it refused", n, err)
	}
	// A dot-folder beside another that no link leads into is not read:
	// a link elsewhere does not have them refused.
	if _, err := loadHeadSnap(t, map[string]string{"snap/.d/i.json": string(genIndex(t)), "snap/.D/i.json": string(newIndex), "snap/i.json": string(newIndex)}, map[string]string{"snap/notes.txt": "i.json"}); err != nil {
		t.Errorf("HEAD:snap, .d beside .D, notes.txt a link to i.json: %v", err)
	}
}

// TestCaseClashLinkTarget: a link of the tree to a file out of it, on
// whose way a name has another beside it in another case, is refused:
// snap/cache.json to ../Data/i.json beside data/i.json (two indexes)
// read Data's index from git, while a checkout on a case-insensitive
// file system writes data's over it in one folder ("31 packages
// changed" against such a checkout), and no check looked out of PATH.
// A link to a file whose way has none is read.
func TestCaseClashLinkTarget(t *testing.T) {
	newIndex := genNewIndex(t)
	for _, tc := range []struct{ other, target string }{
		{"data/i.json", "../Data/i.json"},
		{"Data/I.json", "../Data/i.json"},
		{"x/Data/i.json", "../x/data/i.json"},
	} {
		n, err := loadHeadSnap(t, map[string]string{"x/data/i.json": string(genIndex(t)), "Data/i.json": string(genIndex(t)), tc.other: string(newIndex)}, map[string]string{"snap/cache.json": tc.target})
		if err == nil || !strings.Contains(err.Error(), "which this symbolic link leads to, in another case") {
			t.Errorf("HEAD:snap, a link to %s beside %s: %d specs, %v; want it refused", tc.target, tc.other, n, err)
		}
	}
	if _, err := loadHeadSnap(t, map[string]string{"data/i.json": string(genIndex(t)), "Other/i.json": string(newIndex), "other.json": string(newIndex)}, map[string]string{"snap/cache.json": "../data/i.json"}); err != nil {
		t.Errorf("a link to data/i.json, no name on its way in another case: %v", err)
	}
}

// TestCaseClashLinkWay: the whole way a link takes is judged, through
// every link of a chain and whatever it leads to in git. snap/cache.json
// to ../a/l.json, a link to ../data/i.json, beside A/l.json (another
// index) read data's index from git, while a checkout on a
// case-insensitive file system may write A's file over the link: only
// the names above data/i.json were judged, and it loaded. So with a
// chain through a dot-folder of PATH (.d/l.json beside
// .D/l.json), and a link to ../Data/i.json, missing in git (a warning,
// not followed), beside data/i.json, which such a checkout reads, or to
// ../data/I.json, or I.json, missing, beside i.json. A chain whose way
// has no name in another case is read.
func TestCaseClashLinkWay(t *testing.T) {
	newIndex := genNewIndex(t)
	old := string(genIndex(t))
	for _, tc := range []struct {
		files, links map[string]string
		want         string
	}{
		{map[string]string{"data/i.json": old, "A/l.json": string(newIndex)}, map[string]string{"snap/cache.json": "../a/l.json", "a/l.json": "../data/i.json"}, `"A" is "a"`},
		{map[string]string{"data/i.json": old, "snap/.D/l.json": string(newIndex)}, map[string]string{"snap/cache.json": ".d/l.json", "snap/.d/l.json": "../../data/i.json"}, `"snap/.D/l.json" is "snap/.d/l.json"`},
		{map[string]string{"data/i.json": string(newIndex), "Data/x.txt": "x\n", "snap/i.json": old}, map[string]string{"snap/cache.json": "../Data/i.json"}, `"data" is "Data"`},
		{map[string]string{"data/i.json": string(newIndex), "snap/x.md": "x\n"}, map[string]string{"snap/cache.json": "../data/I.json"}, `"data/i.json" is "data/I.json"`},
		{map[string]string{"snap/i.json": string(newIndex)}, map[string]string{"snap/cache.json": "I.json"}, `"snap/i.json" is "snap/I.json"`},
		{map[string]string{"data/i.json": old, "A/l.json": string(newIndex)}, map[string]string{"snap/cache.json": "../x/./..//a/l.json", "x/y": "z", "a/l.json": "../data/i.json"}, `"A" is "a"`},
	} {
		n, err := loadHeadSnap(t, tc.files, tc.links)
		if err == nil || !strings.Contains(err.Error(), tc.want+", on the way to") {
			t.Errorf("HEAD:snap, links %v: %d specs, %v; want it refused: %s", tc.links, n, err, tc.want)
		}
	}
	if _, err := loadHeadSnap(t, map[string]string{"data/i.json": old, "B/l.json": string(newIndex)}, map[string]string{"snap/cache.json": "../a/l.json", "a/l.json": "../data/i.json"}); err != nil {
		t.Errorf("a chain of links, no name on its way in another case: %v", err)
	}
}

// TestCaseClashBelowDotFolderFileMessage: the error of a dot-file beside
// a dot-folder of its name in another case says REV:PATH reads the file
// alone: it said "REV:PATH reads both", though the walk does not enter
// the folder.
func TestCaseClashBelowDotFolderFileMessage(t *testing.T) {
	tr := &Tree{Rev: "HEAD", Path: "snap", IsTree: true}
	e := tr.clashBelow([]File{{Path: ".A.spec.json"}, {Path: ".a.spec.json/x"}}, []string{".a.spec.json"}, false)
	if e == nil || !strings.Contains(e.Msg, `REV:PATH reads ".A.spec.json" alone`) || strings.Contains(e.Msg, "reads both") || strings.Contains(e.Msg, "\n") {
		t.Errorf("a dot-file beside a dot-folder: %v; want it refused, as REV:PATH reading the file alone", e)
	}
	e = tr.clashBelow([]File{{Path: "A.md"}, {Path: "a.md"}}, nil, false)
	if e == nil || !strings.Contains(e.Msg, "REV:PATH reads both") {
		t.Errorf("A.md beside a.md: %v; want REV:PATH reading both", e)
	}
}

// loadHeadSnap commits files and links (commitFiles) and loads HEAD:snap
// of the repository: its specs (-1 with no snapshot), and the error.
func loadHeadSnap(t *testing.T, files, links map[string]string) (int, error) {
	t.Helper()
	r, err := OpenRepo(commitFiles(t, files, links))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{})
	if snap == nil {
		return -1, err
	}
	return snap.Specs(), err
}

// genNewIndex is testdata's generated new build-cache index (genIndex's
// old one, changed), cut as genIndex is (genCut).
func genNewIndex(t *testing.T) []byte {
	t.Helper()
	return genCut(t, "new")
}

// TestFoldSpecsLinear (round 3 of issue 35, class c): foldSpecs built
// each name a letter at a time as a new string, copying the name so far
// each time: a log --revs PATH of 120,000 letters took 1.1 s and 300 MB,
// one of 30,000 0.11 s. The bytes it allocates for a name 4x as long
// are at most ~4.4x, and the specs are those of the short name's rule.
func TestFoldSpecsLinear(t *testing.T) {
	allocated := func(n int) uint64 {
		p := "_cache/" + strings.Repeat("a", n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		got := foldSpecs(p)
		runtime.ReadMemStats(&after)
		if len(got) != 1 || got[0] != ":(top,icase,literal)"+p {
			t.Fatalf("foldSpecs of %d letters: %d specs, want the one literal", n, len(got))
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := allocated(20000), allocated(80000)
	if float64(large) > 4.4*float64(small) {
		t.Errorf("foldSpecs allocated %d bytes for 20,000 letters, %d for 80,000 (%.1fx); want at most ~4.4x", small, large, float64(large)/float64(small))
	}
}
