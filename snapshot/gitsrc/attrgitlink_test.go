package gitsrc

import (
	"strings"
	"testing"
)

// TestAttributesGitlinkBlob: a .gitattributes above PATH committed as a
// submodule (a gitlink) whose id names a blob of this repository is read
// by cat-file as any blob, and by a checkout only when the clone holds
// that blob: "*.md ident" in .gitattributes and a gitlink
// _cache/.gitattributes to the blob "*.md -ident", held by this
// repository alone, passed git:HEAD:_cache/develop and log --revs (the
// line judge read it as an override, and git check-attr, asked with it
// as a file, said unset), while git clone --depth 1 wrote
// "$Id: <blob id> $" into the pages. A gitlink to a commit, or to
// nothing here, gives nothing, and still loads.
func TestAttributesGitlinkBlob(t *testing.T) {
	repo := commitFiles(t, map[string]string{
		".gitattributes":               "*.md ident\n",
		"_cache/develop/zlib/specs.md": "x\n",
		":x/develop/zlib/specs.md":     "x\n",
	}, nil)
	blob, err := gitIn(repo, "*.md -ident\n", "hash-object", "-w", "--stdin")
	if err != nil {
		t.Fatal(err)
	}
	// A folder ":x" too, which git ls-tree would read as a pathspec's
	// magic, and list x/.gitattributes.
	for _, args := range [][]string{
		{"update-index", "--add", "--cacheinfo", "160000," + strings.TrimSpace(blob) + ",_cache/.gitattributes"},
		{"update-index", "--add", "--cacheinfo", "160000," + strings.TrimSpace(blob) + ",:x/.gitattributes"},
		{"commit", "-q", "-m", "gitlink"},
	} {
		if _, err := gitIn(repo, "", args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"_cache", ":x"} {
		if _, err := r.Resolve("HEAD:" + p + "/develop"); err == nil || !strings.Contains(err.Error(), "HEAD:"+p+"/.gitattributes: a .gitattributes above PATH committed as a submodule") {
			t.Errorf("a load of %s/develop: %v; want the gitlink refused", p, err)
		}
	}
	if _, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err == nil || !strings.Contains(err.Error(), "committed as a submodule") {
		t.Errorf("a log over the commit: %v; want the gitlink refused", err)
	}
	// A gitlink to a commit: cat-file reads no blob, nothing is refused.
	head, err := gitIn(repo, "", "rev-parse", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"update-index", "--cacheinfo", "160000," + strings.TrimSpace(head) + ",_cache/.gitattributes"},
		{"rm", "-q", "--cached", ".gitattributes"},
		{"commit", "-q", "-m", "commit"},
	} {
		if _, err := gitIn(repo, "", args...); err != nil {
			t.Fatal(err)
		}
	}
	if tr, err := r.Resolve("HEAD:_cache/develop"); err != nil || len(tr.attrs) != 0 {
		t.Errorf("a gitlink to a commit: %v; want a load", err)
	}
}

// TestSubmoduleColonFolder: a submodule in a top folder named ":x" is
// named a submodule, as any other: git ls-tree read ":x/sub" as a
// pathspec's magic, and git:HEAD::x/sub was "a commit, not a folder or
// a file".
func TestSubmoduleColonFolder(t *testing.T) {
	repo := commitFiles(t, map[string]string{"a.md": "x\n"}, nil)
	head, err := gitIn(repo, "", "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"update-index", "--add", "--cacheinfo", "160000," + strings.TrimSpace(head) + ",:x/sub"},
		{"commit", "-q", "-m", "submodule"},
	} {
		if _, err := gitIn(repo, "", args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Resolve("HEAD::x/sub"); err == nil || !strings.Contains(err.Error(), "is a submodule") {
		t.Errorf("a load: %v; want a submodule named", err)
	}
}
