package gitsrc

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
)

// gitlinkTo commits, in clone, a gitlink (mode 160000) at p whose id is
// the blob text, which the commit holds elsewhere too (keep.txt), so
// that a full clone and a clone --depth 1 hold it.
func gitlinkTo(t *testing.T, clone, p, text string) {
	t.Helper()
	blob, err := gitIn(clone, text, "hash-object", "-w", "--stdin")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"update-index", "--add", "--cacheinfo", "100644," + strings.TrimSpace(blob) + ",keep.txt"},
		{"update-index", "--add", "--cacheinfo", "160000," + strings.TrimSpace(blob) + "," + p},
		{"commit", "-q", "-m", "gitlink " + p},
	} {
		if _, err := gitIn(clone, "", args...); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGitlinkAttributesWithin: a .gitattributes among the pages
// committed as a gitlink whose id names a blob here ("*.md ident") was
// left out as a dot-named submodule, and HEAD:_cache/develop loaded,
// while a full clone and a clone --depth 1, which hold the blob (a
// checkout reads a .gitattributes from the index entry's object,
// whatever its mode), wrote "$Id: <blob id> $" into the pages. It is
// refused as any .gitattributes among the pages is, and so is the step
// of a log that added it.
func TestGitlinkAttributesWithin(t *testing.T) {
	clone, _ := seriesClone(t)
	gitlinkTo(t, clone, "_cache/develop/.gitattributes", "*.md ident\n")
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	want := "_cache/develop/.gitattributes: a .gitattributes file among the pages"
	if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:_cache/develop"), snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a gitlink .gitattributes inside PATH: %v; want it refused", err)
	}
	// The commit is a step of a log, which loads it as above.
	c, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", "")
	if err != nil || len(c) != 2 {
		t.Fatalf("a log over the commit that added it: %v, %d commits; want the base and it", err, len(c))
	}
	if _, err := snapshot.LoadFrom(mustSource(t, r, c[1].Spec), snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("the log's step %s: %v; want it refused", c[1].Spec, err)
	}
}

// TestGitlinkAttributesMirror: a Spack mirror's .gitattributes committed
// as a gitlink whose id names a blob here ("*.json ident") was not among
// the files judged (a regular file or a link alone), and HEAD:site/m
// loaded, while a checkout that holds the blob applies it. Refused: its
// blob may be in a clone or not, as above PATH (gitlinkAttributes).
func TestGitlinkAttributesMirror(t *testing.T) {
	files := map[string]string{}
	addMirror(t, files, "site/m", func(dir string) error { return mirrorgen.V3(dir, genIndex(t), mirrorgen.Options{}) })
	repo := commitFiles(t, files, nil)
	if _, err := loadArg(repo, "HEAD:site/m", snapshot.Options{}); err != nil {
		t.Fatalf("the mirror alone: %v", err)
	}
	gitlinkTo(t, repo, "site/m/.gitattributes", "* ident\n")
	if _, err := loadArg(repo, "HEAD:site/m", snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "HEAD:site/m/.gitattributes: a .gitattributes committed as a submodule") {
		t.Errorf("a mirror's gitlink .gitattributes: %v; want it refused", err)
	}
}

// TestGitlinkAttributesLinkTarget: a .gitattributes above the file a link
// of PATH leads to out of it (data/idx.txt, which cache/other.json leads
// to), committed as a gitlink whose id names a blob here
// ("idx.txt ident"), was left out of the files rewrittenTargets asks git
// about (a regular file or a link alone), and git:HEAD:cache and the log
// over the commit that added it passed, while a checkout that holds the
// blob gives idx.txt ident. Both are refused.
func TestGitlinkAttributesLinkTarget(t *testing.T) {
	dir, _, _ := linkedIndexTree(t)
	gitlinkTo(t, dir, "data/.gitattributes", "idx.txt ident\n")
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "data/.gitattributes: a .gitattributes committed as a submodule") || !strings.Contains(err.Error(), "which the symbolic link HEAD:cache/other.json leads to") {
		t.Errorf("loading git:HEAD:cache: %v; want the gitlink refused", err)
	}
	if _, err := r.Series("HEAD~1..HEAD", "cache", "", ""); err == nil || !strings.Contains(err.Error(), "data/.gitattributes: a .gitattributes committed as a submodule") {
		t.Errorf("a log over the commit that added it: %v; want the gitlink refused", err)
	}
}

// TestGitlinkAttributesLogShortID: a log refused at a commit whose
// .gitattributes above PATH is a gitlink to a blob named the commit by
// its full id, where the log's other refusals of the attributes above
// PATH (a line, a case clash) name it short.
func TestGitlinkAttributesLogShortID(t *testing.T) {
	clone, commit := seriesClone(t)
	commit(".gitattributes", "*.md ident\n")
	gitlinkTo(t, clone, "_cache/.gitattributes", "*.md -ident\n")
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	head, err := gitIn(clone, "", "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Series("HEAD~1..HEAD", "_cache/develop", "", "")
	if want := short(strings.TrimSpace(head)) + ":_cache/.gitattributes: a .gitattributes above PATH committed as a submodule"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("a log over the gitlink: %v; want %q", err, want)
	}
}

// TestSubmoduleDotPath: a submodule named from the current folder
// (HEAD:./_cache/sub from the top, HEAD:./sub from _cache) is named a
// submodule, as HEAD:_cache/sub is: gitlink compared git ls-tree's path
// from the top with PATH as written, found no gitlink, and called it "a
// commit, not a folder or a file".
func TestSubmoduleDotPath(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/a.md": "x\n"}, nil)
	head, err := gitIn(repo, "", "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"update-index", "--add", "--cacheinfo", "160000," + strings.TrimSpace(head) + ",_cache/sub"},
		{"commit", "-q", "-m", "submodule"},
	} {
		if _, err := gitIn(repo, "", args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ dir, spec string }{{"", "HEAD:_cache/sub"}, {"", "HEAD:./_cache/sub"}, {"_cache", "HEAD:./sub"}, {"_cache", "HEAD:../_cache/sub"}} {
		r, err := OpenRepo(filepath.Join(repo, tc.dir))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Resolve(tc.spec); err == nil || !strings.Contains(err.Error(), "is a submodule") {
			t.Errorf("%s from %q: %v; want a submodule named", tc.spec, tc.dir, err)
		}
	}
}
