package gitsrc

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// changesRepo commits _cache/develop/index.json n+1 times, each commit
// with a file beside it changed too, the first with the files of first
// besides, and returns the repository.
func changesRepo(t *testing.T, n int, first map[string]string) string {
	t.Helper()
	files := map[string]string{"_cache/develop/index.json": oneLineIndex, "elsewhere": "0\n"}
	for name, data := range first {
		files[name] = data
	}
	dir := commitFiles(t, files, nil)
	for i := range n {
		for name, data := range map[string]string{
			"_cache/develop/index.json": strings.Replace(oneLineIndex, `"version":"1"`, fmt.Sprintf(`"version":"%d"`, i+2), 1),
			"elsewhere":                 fmt.Sprintf("%d\n", i+1),
		} {
			if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// Both files are committed already: git commit -a stages them
		// as git add -A did, in the same process.
		if _, err := gittest.Git(dir, nil, "commit", "-qam", fmt.Sprint("week ", i+1)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestSeriesGitProcesses pins the git processes a log's series costs:
// nine for a range A..B, whatever its number of commits (three
// rev-parse, four rev-list, two cat-file; it took thirteen: each end
// peeled in its own rev-parse, a merge-base --is-ancestor before the
// rev-list of the base's line, a rev-list of the .gitattributes changed
// elsewhere in a range that changed none, and the base's commit read in
// a cat-file of its own), nine with --since too (the rev-list of
// checkDateOrder, which also says whether the range is reversed, but no
// lineBase: it took ten, with a git merge-base --is-ancestor before it
// that said what the rev-list says), and none to resolve each
// commit's PATH after it through the same Repo, as the log loads it
// (one git cat-file --batch each, which the series' one asks for all of
// them, the base's too: A, or the first parent of the oldest commit).
func TestSeriesGitProcesses(t *testing.T) {
	for _, n := range []int{2, 4} {
		dir := changesRepo(t, n, nil)
		for _, c := range []struct {
			since string
			want  int64
		}{{"", 9}, {"2000-01-01", 9}} {
			r, err := OpenRepo(dir)
			if err != nil {
				t.Fatal(err)
			}
			before := gitRuns.Load()
			commits, err := r.Series(fmt.Sprintf("HEAD~%d..HEAD", n), "_cache/develop", c.since, "")
			if err != nil {
				t.Fatal(err)
			}
			if len(commits) != n+1 {
				t.Fatalf("%d commits, since %q: %d snapshots, want %d", n, c.since, len(commits), n+1)
			}
			if runs := gitRuns.Load() - before; runs != c.want {
				t.Errorf("%d commits, since %q: the series started %d git processes, want %d", n, c.since, runs, c.want)
			}
			before = gitRuns.Load()
			for _, cm := range commits {
				tree, err := r.Resolve(cm.Spec)
				if err != nil {
					t.Fatal(err)
				}
				if tree.Commit != cm.ID || !tree.Date.Equal(cm.Date) || !tree.IsTree || tree.OID == "" {
					t.Errorf("%s: resolved to commit %s of %v, tree %v %s", cm.Spec, tree.Commit, tree.Date, tree.IsTree, tree.OID)
				}
			}
			if runs := gitRuns.Load() - before; runs != 0 {
				t.Errorf("%d commits, since %q: resolving the series' %d snapshots started %d git processes, want none", n, c.since, len(commits), runs)
			}
			// Asked once: a second resolve asks git again, and is the same.
			before = gitRuns.Load()
			again, err := r.Resolve(commits[0].Spec)
			if err != nil {
				t.Fatal(err)
			}
			if runs := gitRuns.Load() - before; runs != 1 || again.OID == "" {
				t.Errorf("resolving %s a second time: %d git processes and tree %q, want 1 and the tree", commits[0].Spec, runs, again.OID)
			}
		}
	}
}

// TestSeriesRootBase: a series from a root commit (the range of one
// revision, whose oldest commit has no parent) has no base, though the
// series asks git for the oldest commit's parent with its commits, and
// its snapshots resolve from its answers.
func TestSeriesRootBase(t *testing.T) {
	r, err := OpenRepo(changesRepo(t, 2, nil))
	if err != nil {
		t.Fatal(err)
	}
	commits, err := r.Series("HEAD", "_cache/develop", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(commits) != 3 || commits[0].Base {
		t.Fatalf("%d snapshots, the first a base: %v; want the three commits", len(commits), len(commits) > 0 && commits[0].Base)
	}
	before := gitRuns.Load()
	for _, cm := range commits {
		if _, err := r.Resolve(cm.Spec); err != nil {
			t.Fatal(err)
		}
	}
	if runs := gitRuns.Load() - before; runs != 0 {
		t.Errorf("resolving the series' snapshots started %d git processes, want none", runs)
	}
}

// TestSeriesResolvedSame: a snapshot of a log resolved through the
// series' Repo (from the answers it holds) is the one a Repo of its own
// resolves, field for field: with the .gitattributes files above PATH,
// and a name on the way that a case-insensitive checkout merges with
// PATH's (refused as the tree loads).
func TestSeriesResolvedSame(t *testing.T) {
	dir := changesRepo(t, 2, map[string]string{".gitattributes": "*.txt text\n", "_cache/.gitattributes": "*.md -text\n", "_cache/DEVELOP/x": "x\n"})
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	commits, err := r.Series("HEAD~2..HEAD", "_cache/develop", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(commits) != 3 {
		t.Fatalf("%d snapshots, want 3", len(commits))
	}
	for _, c := range commits {
		fresh, err := OpenRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		want, err := fresh.Resolve(c.Spec)
		if err != nil {
			t.Fatal(err)
		}
		before := gitRuns.Load()
		got, err := r.Resolve(c.Spec)
		if err != nil {
			t.Fatal(err)
		}
		if runs := gitRuns.Load() - before; runs != 0 {
			t.Errorf("%s: %d git processes, want none (the series' answers)", c.Spec, runs)
		}
		if len(want.attrs) != 2 || want.clash.path != "_cache/DEVELOP" {
			t.Fatalf("%s: attributes %v, clash %v; want both .gitattributes and _cache/DEVELOP", c.Spec, want.attrs, want.clash)
		}
		got.repo, want.repo = nil, nil
		if g, w := fmt.Sprintf("%+v", *got), fmt.Sprintf("%+v", *want); g != w {
			t.Errorf("%s through the series' Repo:\n%s\nwant\n%s", c.Spec, g, w)
		}
	}
}

// children counts the processes whose parent is this one (zombies, not
// waited for, too), from /proc; -1 where there is none.
func children(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return -1
	}
	n := 0
	for _, e := range entries {
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(stat, ')')
		if f := strings.Fields(string(stat[i+1:])); i > 0 && len(f) > 1 && f[1] == strconv.Itoa(os.Getpid()) {
			n++
		}
	}
	return n
}

// TestSeriesLeavesNoProcess: the git cat-file that reads a series'
// commits for their snapshots has ended, and been waited for, when the
// series fails after it (a PATH no commit holds), and when it stops
// reading at an object that is no commit.
func TestSeriesLeavesNoProcess(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc to count processes in")
	}
	dir := changesRepo(t, 2, nil)
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	before := children(t)
	if _, err := r.Series("HEAD~2..HEAD", "_cache/nowhere", "", ""); err == nil || !strings.Contains(err.Error(), "does not exist at the base") {
		t.Fatalf("a series of a PATH no commit holds: %v", err)
	}
	if n := children(t); n != before {
		t.Errorf("%d child processes after a failed series, %d before", n, before)
	}
	blob, err := gittest.Git(dir, nil, "rev-parse", "HEAD:elsewhere")
	if err != nil {
		t.Fatal(err)
	}
	head, err := gittest.Git(dir, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	// The blob first, then more commits than a pipe holds the answers of.
	ids := []string{strings.TrimSpace(blob)}
	for range 5000 {
		ids = append(ids, strings.TrimSpace(head))
	}
	if got := r.prefetch(ids, "", "_cache/develop"); got != nil {
		t.Errorf("prefetch of a blob's id and commits: %d answers, want none", len(got))
	}
	if n := children(t); n != before {
		t.Errorf("%d child processes after a prefetch that stopped at a blob, %d before", n, before)
	}
}

// TestSeriesPrefetchBounded: past maxPrefetched bytes of answers held,
// the series reads its commits as it did without them (the same
// commits), and each snapshot resolves in a process of its own, the
// same tree.
func TestSeriesPrefetchBounded(t *testing.T) {
	dir := changesRepo(t, 3, map[string]string{"_cache/.gitattributes": "*.md -text\n"})
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	want, err := r.Series("HEAD~3..HEAD", "_cache/develop", "", "")
	if err != nil {
		t.Fatal(err)
	}
	var trees []Tree
	for _, c := range want {
		tree, err := r.Resolve(c.Spec)
		if err != nil {
			t.Fatal(err)
		}
		tree.repo = nil
		trees = append(trees, *tree)
	}
	defer func(n int) { maxPrefetched = n }(maxPrefetched)
	maxPrefetched = 1
	before := gitRuns.Load()
	got, err := r.Series("HEAD~3..HEAD", "_cache/develop", "", "")
	if err != nil {
		t.Fatal(err)
	}
	// The base's commit read again on its own, as before the prefetch.
	if runs := gitRuns.Load() - before; runs != 10 {
		t.Errorf("the series started %d git processes, want 10", runs)
	}
	if g, w := fmt.Sprint(got), fmt.Sprint(want); g != w {
		t.Errorf("series past the bound:\n%s\nwant\n%s", g, w)
	}
	before = gitRuns.Load()
	for i, c := range got {
		tree, err := r.Resolve(c.Spec)
		if err != nil {
			t.Fatal(err)
		}
		tree.repo = nil
		if g, w := fmt.Sprintf("%+v", *tree), fmt.Sprintf("%+v", trees[i]); g != w {
			t.Errorf("%s past the bound:\n%s\nwant\n%s", c.Spec, g, w)
		}
	}
	if runs := gitRuns.Load() - before; runs != int64(len(got)) {
		t.Errorf("resolving %d snapshots past the bound: %d git processes, want one each", len(got), runs)
	}
}
