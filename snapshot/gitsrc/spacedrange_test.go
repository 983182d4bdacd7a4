package gitsrc

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesSpacedRange: a range written as git rev-list's two
// arguments in one (--revs '^HEAD~2 HEAD') said "unknown revision HEAD~2
// HEAD"; it says that a range is one argument, and the range it gives,
// pasted back (its single quotes taken off, as a shell does), is read;
// so does a range with spaces around its dots (HEAD~2 .. HEAD).
// With a revision git does not know, it says which.
func TestSeriesSpacedRange(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 3)
	for _, rng := range []string{"^HEAD~2 HEAD", "HEAD ^HEAD~2", "HEAD~2 HEAD", " HEAD~2\tHEAD"} {
		_, err := r.Series(rng, "x", "", "")
		if err == nil || !strings.Contains(err.Error(), "a range is one argument, 'HEAD~2..HEAD'") {
			t.Errorf("Series(%q): %v; want a range is one argument, 'HEAD~2..HEAD'", rng, err)
			continue
		}
		msg := err.Error()
		word := msg[strings.Index(msg, "'")+1 : strings.LastIndex(msg, "'")]
		if got, err := r.Series(word, "x", "", ""); err != nil || len(got) != 3 {
			t.Errorf("the hint of %q pasted back, Series(%q): %d commits, %v; want 3", rng, word, len(got), err)
		}
	}
	for _, rng := range []string{"HEAD~2 .. HEAD", "HEAD~2.. HEAD", "HEAD~2 ..HEAD"} {
		if _, err := r.Series(rng, "x", "", ""); err == nil || !strings.Contains(err.Error(), "has spaces: a range is one argument, 'HEAD~2..HEAD'") {
			t.Errorf("Series(%q): %v; want has spaces: a range is one argument, 'HEAD~2..HEAD'", rng, err)
		}
	}
	if _, err := r.Series("^nope HEAD", "x", "", ""); err == nil || !strings.Contains(err.Error(), `a range is one argument (A..B), and git knows no commit "nope"`) {
		t.Errorf(`Series("^nope HEAD"): %v; want a range is one argument, and nope unknown`, err)
	}
	// In ASCII, as quotedRev: "nоpe" (its о Cyrillic), quoted as Go
	// does (%q), read as nope; and so a range beginning with -.
	for rng, want := range map[string]string{
		"^n\u043epe HEAD": `revision range "^n\u043epe HEAD" is two revisions: a range is one argument (A..B), and git knows no commit "n\u043epe"`,
		"-n\u043epe":      `bad revision range "-n\u043epe": it begins with -`,
	} {
		if _, err := r.Series(rng, "x", "", ""); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\u043e") {
			t.Errorf("Series(%q): %v; want %s", rng, err, want)
		}
	}
	// Reversed: 'HEAD..HEAD~2' was given, which pasted was refused as
	// reversed, with no word of it; the refusal is said, and its range.
	for _, rng := range []string{"HEAD .. HEAD~2", "HEAD HEAD~2", "^HEAD HEAD~2"} {
		_, err := r.Series(rng, "x", "", "")
		if err == nil || !strings.Contains(err.Error(), "a range is one argument, 'HEAD..HEAD~2', which is refused too: the range HEAD..HEAD~2 is reversed") || Instead(err) != "HEAD~2..HEAD" {
			t.Errorf("Series(%q): %v, instead %q; want the refusal of HEAD..HEAD~2 said, HEAD~2..HEAD instead", rng, err, Instead(err))
		}
	}
	// 'HEAD..a b' asked whether HEAD is a commit twice (spacedRange,
	// then the ends' check): 10 git processes where HEAD..missing runs
	// 8 (lead c of g19); one more than HEAD..missing now, whether HEAD..ab
	// is a range (8 and 7 here, asked of Series, no --show-prefix).
	for rng, most := range map[string]int64{"HEAD..a b": 8, "HEAD..missing": 7} {
		before := gitRuns.Load()
		_, err := r.Series(rng, "x", "", "")
		if runs := gitRuns.Load() - before; err == nil || !strings.Contains(err.Error(), "unknown revision") || runs > most {
			t.Errorf("Series(%q): %v, %d git processes; want unknown, at most %d", rng, err, runs, most)
		}
	}
}

// xCommits opens a repository of n commits, c0 to c(n-1), each writing
// its number into the file x.
func xCommits(t *testing.T, n int) *Repo {
	t.Helper()
	dir := t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q", "-b", "main"); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		os.WriteFile(filepath.Join(dir, "x"), []byte(strconv.Itoa(i)), 0o644)
		// x is new at the first commit only: after it, git commit -a
		// stages it as git add did, in the same process (the same
		// commits, and HEAD's reflog of one entry a commit).
		if i == 0 {
			if _, err := gittest.Git(dir, nil, "add", "-A"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := gittest.Git(dir, nil, "commit", "-q", "-a", "-m", "c"+strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// xCommitsGit is xCommits of n commits and its git runner, which has
// run each of setup first (refs the test reads).
func xCommitsGit(t *testing.T, n int, setup ...[]string) (*Repo, func(args ...string)) {
	t.Helper()
	r := xCommits(t, n)
	git := gitRunner(t, r)
	for _, args := range setup {
		git(args...)
	}
	return r, git
}

// gitRunner returns a function that runs git in r's folder, failing t on an
// error.
func gitRunner(t *testing.T, r *Repo) func(args ...string) {
	return func(args ...string) {
		t.Helper()
		if _, err := gittest.Git(r.dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSeriesSpacedRangeUnknownEnd: a range with spaces around its dots
// whose one end git does not know names that end, as the two revisions'
// form does: it was left to the ends' check, which named the other end
// with its space, 'HEAD .. mаin' (its а Cyrillic) told unknown revision
// "HEAD " in the range, a commit git knows.
func TestSeriesSpacedRangeUnknownEnd(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 3)
	for rng, want := range map[string]string{
		"HEAD .. m\u0430in": `revision range "HEAD .. m\u0430in" has spaces: a range is one argument (A..B), and git knows no commit "m\u0430in"`,
		"nope ..HEAD":       `revision range "nope ..HEAD" has spaces: a range is one argument (A..B), and git knows no commit "nope"`,
		"HEAD~2 ... nope":   `revision range "HEAD~2 ... nope" has spaces: a range is one argument (A..B), and git knows no commit "nope"`,
	} {
		if _, err := r.Series(rng, "x", "", ""); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), `"HEAD "`) {
			t.Errorf("Series(%q): %v; want %s", rng, err, want)
		}
	}
	// An end written with a space within: not named joined ("ab"),
	// which the user did not write.
	if _, err := r.Series("HEAD .. a b", "x", "", ""); err == nil || strings.Contains(err.Error(), `"ab"`) {
		t.Errorf(`Series("HEAD .. a b"): %v; want "ab" not named`, err)
	}
}
