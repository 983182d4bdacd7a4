package gitsrc

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// pairOf is the pair of ends that msg, Resolve's error of a range
// REV:PATH, gives to compare, as the shell reads it back past -C DIR:
// nil, with an error of t, when there is none.
func pairOf(t *testing.T, bash, spec, msg string) []string {
	t.Helper()
	_, pair, ok := strings.Cut(msg, "; to compare its ends, cachediff ")
	if !ok {
		t.Errorf("Resolve(%q): %s; want the pair of its ends", spec, msg)
		return nil
	}
	args := shellWords(t, bash, pair)
	if len(args) != 4 || args[0] != "-C" {
		t.Errorf("Resolve(%q): the pair %s reads as %q", spec, pair, args)
		return nil
	}
	return args[2:]
}

// TestRangeRevPairPastes (class e, leads a, b and c): the pair of ends
// that git:A..B:PATH is told to compare is one cachediff reads as meant.
// Of a reversed range (main..main~1) it was given in the range's order,
// newest first, which pasted warned that the first "looks newer"; of
// HEAD^{/c1(..)?}..HEAD none was given (it was cut at the pattern's
// ..); beside a branch HEAD, HEAD~1 and HEAD were given, refused as
// ambiguous in turn; of HEAD@{1}..HEAD, whose commits are dated before
// the reflog's entries, it was said that x is a file missing from a
// damaged clone. Each is given oldest first, as cachediff reads it.
func TestRangeRevPairPastes(t *testing.T) {
	bash := gittest.GitAndBash(t)
	r := xCommits(t, 1)
	for i, date := range []string{"2026-01-02T00:00:00Z", "2026-01-03T00:00:00Z"} {
		os.WriteFile(filepath.Join(r.dir, "x"), []byte(date), 0o644)
		if _, err := gittest.Git(r.dir, []string{"GIT_COMMITTER_DATE=" + date}, "commit", "-qam", "c"+string(rune('1'+i))); err != nil {
			t.Fatal(err)
		}
	}
	pasted := func(spec string) []*Tree {
		t.Helper()
		_, err := r.Resolve(spec)
		if err == nil {
			t.Errorf("Resolve(%q) took a range", spec)
			return nil
		}
		var trees []*Tree
		for _, a := range pairOf(t, bash, spec, err.Error()) {
			tree, err := r.Resolve(strings.TrimPrefix(a, "git:"))
			if err != nil {
				t.Errorf("Resolve(%q): the pair's %q is refused: %v", spec, a, err)
				return nil
			}
			trees = append(trees, tree)
		}
		return trees
	}
	if got := pasted("main..main~1:x"); len(got) == 2 && got[0].Date.After(got[1].Date) {
		t.Errorf("Resolve(main..main~1:x): the pair is %s then %s, newest first", got[0].Rev, got[1].Rev)
	}
	if got := pasted("HEAD^{/c1(..)?}..HEAD:x"); len(got) == 2 && got[1].Commit == got[0].Commit {
		t.Errorf("Resolve(HEAD^{/c1(..)?}..HEAD:x): the pair is one commit, %s", got[0].Commit)
	}
	// git reads HEAD@{1}..HEAD^{commit} as HEAD's reflog, whose entries
	// reach it, and HEAD@{1}..HEAD:x as no object: it was said to be a
	// file missing from a damaged clone.
	if got := pasted("HEAD@{1}..HEAD:x"); len(got) == 2 && got[0].Commit == got[1].Commit {
		t.Errorf("Resolve(HEAD@{1}..HEAD:x): the pair is one commit, %s", got[0].Commit)
	}
	head, _ := r.run(nil, "rev-parse", "HEAD~1", "HEAD")
	if _, err := gittest.Git(r.dir, nil, "update-ref", "refs/heads/HEAD", "HEAD~2"); err != nil {
		t.Fatal(err)
	}
	want := strings.Fields(string(head))
	if got := pasted("HEAD~1..HEAD:x"); len(got) == 2 && (got[0].Commit != want[0] || got[1].Commit != want[1]) {
		t.Errorf("Resolve(HEAD~1..HEAD:x), beside a branch HEAD: the pair reads %s and %s; want git's HEAD~1 and HEAD, %q", got[0].Commit, got[1].Commit, want)
	}
}

// shellWords is words as the shell reads them.
func shellWords(t *testing.T, bash, words string) []string {
	t.Helper()
	out, err := exec.Command(bash, "-c", `printf '%s\0' `+words).Output()
	if err != nil {
		t.Fatalf("bash read %s: %v", words, err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

// TestHeadBranchHints (class e, lead c): beside a branch HEAD (git
// update-ref refs/heads/HEAD), which makes HEAD ambiguous, ^main~1 was
// told to give main~1..HEAD, and a one-revision range main~1 whose
// history has no y to give main~1..HEAD: each refused in turn as
// ambiguous. HEAD is written as its commit there, which the shell reads
// back and the log takes.
func TestHeadBranchHints(t *testing.T) {
	bash := gittest.GitAndBash(t)
	r := xCommits(t, 3)
	git := gitRunner(t, r)
	os.WriteFile(filepath.Join(r.dir, "y"), []byte("y"), 0o644)
	git("add", "y")
	git("commit", "-qm", "y")
	git("update-ref", "refs/heads/HEAD", "HEAD~3")
	for _, tc := range []struct{ rng, path, before, after string }{
		{"^main~2", "x", "as ", ""},
		{"main~1", "y", "for the commits after it, give ", ""},
	} {
		givenRangeTaken(t, bash, r, tc.rng, tc.path, tc.before, tc.after)
	}
}

// givenRangeTaken checks that Series(rng) over path is refused with a
// range to give instead (givenWord: after before, up to after) that the
// shell reads back as one word and the log takes.
func givenRangeTaken(t *testing.T, bash string, r *Repo, rng, path, before, after string) {
	t.Helper()
	_, err := r.Series(rng, path, "", "")
	if err == nil {
		t.Errorf("Series(%q) took it", rng)
		return
	}
	word, ok := givenWord(t, rng, err.Error(), before, after)
	if !ok {
		return
	}
	if got, ok := shellWord(t, bash, word); ok {
		if _, err := r.Series(got, path, "", ""); err != nil {
			t.Errorf("Series(%q) gives %s, which is refused: %v", rng, got, err)
		}
	}
}

// TestRangeRevDotPairPastes (class e, lead b of g8): git:HEAD~1..HEAD:.
// (and :..) from a subfolder was told the log of the top of the
// repository (FromTop reads . alone as git does, a name at the top) and
// the pair 'git:HEAD~1:.' git:HEAD:., which cachediff refuses (git reads
// HEAD:. as no folder). The pair is of the top, as the log: each end
// given is taken, at the top.
func TestRangeRevDotPairPastes(t *testing.T) {
	bash := gittest.GitAndBash(t)
	top := xCommits(t, 2)
	if err := os.Mkdir(filepath.Join(top.dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(top.dir, "sub", "y"), []byte("y"), 0o644)
	gitRunner(t, top)("add", "sub")
	gitRunner(t, top)("commit", "-qm", "sub")
	r, err := OpenRepo(filepath.Join(top.dir, "sub"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{".", ".."} {
		spec := "HEAD~1..HEAD:" + p
		_, err := r.Resolve(spec)
		if err == nil {
			t.Errorf("Resolve(%q) took a range", spec)
			continue
		}
		for _, a := range pairOf(t, bash, spec, err.Error()) {
			tree, err := r.Resolve(strings.TrimPrefix(a, "git:"))
			if err != nil {
				t.Errorf("Resolve(%q): the pair's %q is refused: %v", spec, a, err)
			} else if tree.top != "" {
				t.Errorf("Resolve(%q): the pair's %q reads %q, want the top, as the log given", spec, a, tree.top)
			}
		}
	}
}

// TestRangeRevSamePairNone (class e): git:HEAD..HEAD:x (main..HEAD on
// main, HEAD^{/c1}..HEAD of HEAD's message) was told, beside the log's
// refusal of a range of no commit, to compare its ends, git:HEAD:x
// git:HEAD:x: one commit with itself, "no differences", whatever the
// range was meant to hold. No pair is given there; HEAD~1..HEAD keeps
// its own.
func TestRangeRevSamePairNone(t *testing.T) {
	r := xCommits(t, 2)
	const pair = "; to compare its ends, "
	for spec, want := range map[string]bool{"HEAD..HEAD:x": false, "main..HEAD:x": false, "HEAD^{/c1}..HEAD:x": false, "HEAD~1..HEAD:x": true} {
		if _, err := r.Resolve(spec); err == nil || strings.Contains(err.Error(), pair) != want {
			t.Errorf("Resolve(%q): %v; want a pair of its ends %v", spec, err, want)
		}
	}
}

// TestRangeRevAmbiguousPairNone (class e): git:v..HEAD:x, of a tag and a
// branch v, was told, beside the log's refusal of the ambiguous name
// (which gives each way to write the range), the pair git:v:x
// git:HEAD:x, refused in turn as ambiguous. No pair is given there;
// beside a branch HEAD, whose pair writes HEAD as its commit, it is.
func TestRangeRevAmbiguousPairNone(t *testing.T) {
	r, git := xCommitsGit(t, 3, []string{"tag", "v", "HEAD~2"}, []string{"branch", "v", "HEAD~1"})
	const pair = "; to compare its ends, "
	if _, err := r.Resolve("v..HEAD:x"); err == nil || !strings.Contains(err.Error(), "ambiguous") || strings.Contains(err.Error(), pair) {
		t.Errorf("Resolve(v..HEAD:x), a tag and a branch v: %v; want the name said ambiguous, and no pair", err)
	}
	git("update-ref", "refs/heads/HEAD", "HEAD~2")
	if _, err := r.Resolve("HEAD~1..HEAD:x"); err == nil || !strings.Contains(err.Error(), pair) {
		t.Errorf("Resolve(HEAD~1..HEAD:x), beside a branch HEAD: %v; want a pair", err)
	}
}
