package gitsrc

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesBaseOffTheFirstParentLine (pass 117a, issue 35, class b): a
// range A..B whose A is an ancestor of B but not on B's first-parent
// line (A a pull request's commit that a merge brought in: a push's
// "before" after main was fast-forwarded to a branch that had merged it)
// took A as the base and stepped from A's branch to the commits of B's
// line that predate the merge: "main updates aida" was logged as
// "removed package actsvg", a package the pull request added and the
// commit never touched, and a --fail-on removed gate failed on it. The
// range is refused, naming the commit of the line to start from.
func TestSeriesBaseOffTheFirstParentLine(t *testing.T) {
	dir, commitTo := newRepo(t)
	commitTo("main", "main", "1")
	if _, err := gittest.Git(dir, nil, "checkout", "-q", "-b", "side"); err != nil {
		t.Fatal(err)
	}
	commitTo("side", "side", "pr")
	if _, err := gittest.Git(dir, nil, "checkout", "-q", "main"); err != nil {
		t.Fatal(err)
	}
	commitTo("main", "main", "2")
	if _, err := gittest.Git(dir, nil, "merge", "-q", "--no-ff", "-m", "merge", "side"); err != nil {
		t.Fatal(err)
	}
	fork, err := gittest.Git(dir, nil, "rev-parse", "--short=12", "main~2")
	if err != nil {
		t.Fatal(err)
	}
	r := r0(dir)
	for _, rng := range []string{"side..main", "side...main"} {
		got, err := r.Series(rng, "a", "", "")
		want := "is not on the first-parent line of "
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "use "+strings.TrimSpace(fork)+"..") {
			t.Errorf("Series(%q) = %d commits, %v; want an error %q naming %s..main", rng, len(got), err, want, strings.TrimSpace(fork))
		}
	}
	// The same commits from the line, and with --since (whose base is
	// the parent of the first commit listed), are a series.
	for _, c := range []struct{ rng, since string }{{strings.TrimSpace(fork) + "..main", ""}, {"side..main", "2000-01-01"}, {"main~1..main", ""}} {
		if _, err := r.Series(c.rng, "a", c.since, ""); err != nil {
			t.Errorf("Series(%q, since %q): %v", c.rng, c.since, err)
		}
	}
}

// TestFirstParentBaseLineEnds (class e, lead d): a base off the
// first-parent line whose line ends inside the range was told "use B",
// the one revision B, whose history is the line's commits. At a root
// that is so; in a shallow clone (CI's checkout) the line ends at the
// clone's edge, and the log refused B in turn (its base, the edge's
// parent, is not in the clone). The range given there starts from the
// oldest commit of the line the clone holds; each given is one the
// shell reads back and the log takes.
func TestFirstParentBaseLineEnds(t *testing.T) {
	bash := gittest.GitAndBash(t)
	dir, commitTo := newRepo(t)
	commitTo("main", "main", "1")
	commitTo("side", "side", "pr")
	if _, err := gittest.Git(dir, nil, "checkout", "-q", "main"); err != nil {
		t.Fatal(err)
	}
	commitTo("main", "main", "2")
	clone := filepath.Join(t.TempDir(), "clone")
	for _, args := range [][]string{
		{"merge", "-q", "--no-ff", "-m", "merge", "side"},
		{"clone", "-q", "--depth", "2", "file://" + dir, clone},
		{"checkout", "-q", "--orphan", "o"},
		{"commit", "-q", "-m", "o"},
		{"checkout", "-q", "main"},
		{"merge", "-q", "--allow-unrelated-histories", "--no-ff", "-m", "merge o", "o"},
	} {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ dir, rng string }{{clone, "main^2..main"}, {dir, "o..main"}} {
		r := r0(c.dir)
		_, err := r.Series(c.rng, "a", "", "")
		word, ok := givenWord(t, c.rng, fmt.Sprint(err), "; use ", ",")
		if !ok {
			continue
		}
		got, ok := shellWord(t, bash, word)
		if !ok {
			continue
		}
		if _, err := r.Series(got, "a", "", ""); err != nil {
			t.Errorf("Series(%q) in %s gives %s, which is refused: %v", c.rng, filepath.Base(c.dir), got, err)
		}
	}
}
