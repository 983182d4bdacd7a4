package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestReplaceRefsIgnored (82nd adversarial pass): a replace ref
// (refs/replace/ID, git replace) makes git read another object wherever
// ID is named: REV:PATH read the tree of another commit than the one the
// report names as its revision, whose own tree the commit id stands for.
// cachediff reads the commit's own content, as
// git --no-replace-objects does.
func TestReplaceRefsIgnored(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	first, err := gittest.Git(repo, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	first = strings.TrimSpace(first)
	if err := os.WriteFile(filepath.Join(repo, "_cache", "develop", "x.md"), []byte("second\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "commit", "-qam", "second"); err != nil {
		t.Fatal(err)
	}
	want, err := gittest.Git(repo, nil, "rev-parse", first+":_cache/develop")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "replace", first, "HEAD"); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := r.Resolve(first + ":_cache/develop")
	if err != nil {
		t.Fatal(err)
	}
	if tree.Commit != first || tree.OID != strings.TrimSpace(want) {
		t.Errorf("%s:_cache/develop read tree %s of commit %s; want the commit's own tree %s", first[:12], tree.OID, tree.Commit, strings.TrimSpace(want))
	}
}

// TestGraftsIgnored (83rd adversarial pass): $GIT_DIR/info/grafts, as a
// replace ref, gives a commit other parents than its own, and
// GIT_NO_REPLACE_OBJECTS leaves grafts on: HEAD~1:PATH read the tree of
// a commit that is no parent of HEAD. git reads no graft file
// (GIT_GRAFT_FILE, the empty file).
func TestGraftsIgnored(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	for _, s := range []string{"second", "third"} {
		if err := os.WriteFile(filepath.Join(repo, "_cache", "develop", "x.md"), []byte(s+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(repo, nil, "commit", "-qam", s); err != nil {
			t.Fatal(err)
		}
	}
	ids, err := gittest.Git(repo, nil, "rev-parse", "HEAD", "HEAD~1", "HEAD~2")
	if err != nil {
		t.Fatal(err)
	}
	id := strings.Fields(ids)
	gitDir, err := gittest.Git(repo, nil, "rev-parse", "--absolute-git-dir")
	if err != nil {
		t.Fatal(err)
	}
	grafts := filepath.Join(strings.TrimSpace(gitDir), "info", "grafts")
	if err := os.MkdirAll(filepath.Dir(grafts), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(grafts, []byte(id[0]+" "+id[2]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := r.Resolve("HEAD~1:_cache/develop")
	if err != nil {
		t.Fatal(err)
	}
	if tree.Commit != id[1] {
		t.Errorf("HEAD~1:_cache/develop read commit %s; want HEAD's own parent %s, not the graft's %s", tree.Commit[:12], id[1][:12], id[2][:12])
	}
	got, err := r.Series(id[2]+"..HEAD", "_cache/develop", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[1].ID != id[1] {
		t.Errorf("the series HEAD~2..HEAD under a graft: %+v; want the base and HEAD's own 2 commits", got)
	}
}

// TestNoGraftHint: git reads the empty graft file it is given and, as
// for any graft file, advises on its stderr that grafts are deprecated,
// nine lines of hints whose first would be told as git's error. The
// advice is off.
func TestNoGraftHint(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.command("log", "-1", "--format=%H").CombinedOutput()
	if err != nil || strings.Contains(string(out), "hint:") {
		t.Errorf("git log: %q, %v; want no hint about grafts", out, err)
	}
}
