package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesPatternRange (class e, lead b): git cuts a range at its
// first "..", so a range whose first end is a revision by message
// holding ".." (HEAD^{/^c1(..)?}..HEAD, :/^c1(..)?..HEAD) is read at
// neither end, and it was said "unknown revision HEAD^{/^c1(", a
// revision nobody wrote; HEAD..HEAD^{/^c1(..)?}, reversed, ^END and a
// one-revision range were each told to give a range of that revision
// first (END..HEAD), which git cuts the same way; and --revs
// ':/c1..nope' said "unknown revision :/c1" (it was looked up as
// :/c1^{commit}, a search for that text), of a commit git finds. Each
// range given is one the shell reads back and the log takes; an
// unknown end is named as written.
func TestSeriesPatternRange(t *testing.T) {
	bash := gittest.GitAndBash(t)
	r := xCommits(t, 4)
	os.WriteFile(filepath.Join(r.dir, "y"), []byte("y"), 0o644)
	git := gitRunner(t, r)
	git("add", "y")
	git("commit", "-qm", "y")
	const text = "^c1(..)?" // of "c1", with .. in it
	const pat = "HEAD^{/" + text + "}"
	for _, tc := range []struct{ rng, path, before, after string }{
		{pat + "..HEAD", "x", "written as its commit, ", ""},
		{pat + "...HEAD", "x", "written as its commit, ", ""},
		{":/" + text + "..HEAD", "x", "written as its commit, ", ""},
		{"HEAD.." + pat, "x", "selects no commit; ", " is the other way round"},
		{"^" + pat, "x", "as ", ", B a later"},
		{pat, "y", "for the commits after it, give ", ""},
	} {
		givenRangeTaken(t, bash, r, tc.rng, tc.path, tc.before, tc.after)
	}
	for rng, want := range map[string]string{
		":/c1..nope":           "unknown revision nope in the range :/c1..nope",
		"HEAD^{/zz..yy}..HEAD": "unknown revision HEAD^{/zz..yy} in the range",
		":/zz..yy..HEAD":       "unknown revision :/zz..yy in the range",
		pat + "..nope":         "unknown revision nope in the range",
	} {
		if _, err := r.Series(rng, "x", "", ""); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Series(%q): %v; want %q", rng, err, want)
		}
	}
}

// TestSeriesReversedMergedRange (class e): main..side, side a branch
// merged into main, is reversed, and was told side..main is the other
// way round, which the log refuses in turn (side is not on main's
// first-parent line). It is given the other way round along main's
// line, which the shell reads back and the log takes.
func TestSeriesReversedMergedRange(t *testing.T) {
	bash := gittest.GitAndBash(t)
	r := xCommits(t, 1)
	git := gitRunner(t, r)
	git("checkout", "-q", "-b", "side")
	os.WriteFile(filepath.Join(r.dir, "z"), []byte("z"), 0o644)
	git("add", "z")
	git("commit", "-qm", "z")
	git("checkout", "-q", "main")
	os.WriteFile(filepath.Join(r.dir, "x"), []byte("main"), 0o644)
	git("commit", "-qam", "x")
	git("merge", "-q", "--no-edit", "side")
	_, err := r.Series("main..side", "x", "", "")
	const before = "which a merge brought side into, is "
	_, word, ok := strings.Cut(fmt.Sprint(err), before)
	if !ok {
		t.Fatalf("Series(main..side): %v; want the range along main's line after %q", err, before)
	}
	got, ok := shellWord(t, bash, word)
	if !ok || !strings.HasSuffix(got, "..main") {
		t.Fatalf("Series(main..side) gives %s, which the shell reads as %q", word, got)
	}
	if _, err := r.Series(got, "x", "", ""); err != nil {
		t.Errorf("Series(main..side) gives %s, which is refused: %v", got, err)
	}
	// A branch of its own root merged into main: main's line runs to
	// its root, whose parent is none, so there is no FORK..main to give
	// (it gave '..main', which reads main's commits from HEAD).
	git("checkout", "-q", "--orphan", "lone")
	git("rm", "-rqf", ".")
	os.WriteFile(filepath.Join(r.dir, "x"), []byte("lone"), 0o644)
	git("add", "x")
	git("commit", "-qm", "lone")
	git("checkout", "-q", "main")
	git("merge", "-q", "--no-edit", "--allow-unrelated-histories", "-s", "ours", "lone")
	_, err = r.Series("main..lone", "x", "", "")
	if msg := fmt.Sprint(err); err == nil || strings.Contains(msg, before) || strings.Contains(msg, " ..main") || strings.Contains(msg, "'..main'") {
		t.Errorf("Series(main..lone), lone of its own root: %v; want it reversed, with no range along main's line", err)
	}
}

// TestPatternRangeMeantRefused (class e): :/x..y..HEAD, whose pattern's
// commit is HEAD itself, was told to give ID..HEAD, with that end
// written as its commit, which the log refuses in turn (the same
// commit), unsaid. So too ID...HEAD, and a range reversed as meant; and
// HEAD^{/p..q}^2..HEAD, of the side a merge "p..q" brought in, which the
// log refuses as off HEAD's first-parent line (only the same commit and
// a reversed range were said).
func TestPatternRangeMeantRefused(t *testing.T) {
	r := xCommits(t, 2)
	git := gitRunner(t, r)
	git("commit", "-q", "--allow-empty", "-m", "top x..y")
	git("checkout", "-q", "-b", "side", "HEAD~1")
	git("commit", "-q", "--allow-empty", "-m", "side")
	git("checkout", "-q", "main")
	git("merge", "-q", "--no-ff", "-m", "merge p..q", "side")
	for rng, want := range map[string]string{
		":/x..y..HEAD~1":        "which the log refuses too: the range ",
		"HEAD^{/x..y}...HEAD~1": "which the log refuses too: the range ",
		"HEAD^{/x..y}..HEAD~2":  "which the log refuses too: the range ",
		"HEAD^{/c0(..)?}..HEAD": "",
		"HEAD^{/p..q}^2..HEAD":  "which the log refuses too: the range ",
	} {
		_, err := r.Series(rng, "x", "", "")
		if msg := fmt.Sprint(err); !strings.Contains(msg, "written as its commit, ") || (want == "") == strings.Contains(msg, "refuses too") || !strings.Contains(msg, want) {
			t.Errorf("Series(%q): %s; want the range as meant, and %q", rng, msg, want)
		}
	}
}
