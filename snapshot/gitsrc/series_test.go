package gitsrc

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesRefusesEmptyRanges: a range that selects no commit whatever
// PATH and the dates (reversed, or both sides one commit) is an error
// naming both sides, as is one whose base is not an ancestor of its end;
// a date git would read as some other date is an error too, never a
// series of the base alone (issue 35, item 4).
func TestSeriesRefusesEmptyRanges(t *testing.T) {
	dir, commitTo := newRepo(t)
	commit := func(branch, content string) { t.Helper(); commitTo(branch, "x", content) }
	commit("main", "1")
	commit("main", "2")
	commit("main", "3")
	if _, err := gittest.Git(dir, nil, "checkout", "-q", "-b", "side", "main~2"); err != nil {
		t.Fatal(err)
	}
	commit("side", "side")
	if _, err := gittest.Git(dir, nil, "checkout", "-q", "main"); err != nil {
		t.Fatal(err)
	}
	// An annotated tag: rev-parse names the tag object, not its commit.
	if _, err := gittest.Git(dir, nil, "tag", "-a", "-m", "a tag", "t1", "main~2"); err != nil {
		t.Fatal(err)
	}
	if got, err := r0(dir).Series("t1..main", "a", "", ""); err != nil || len(got) != 3 || !got[0].Base {
		t.Errorf("Series(t1..main) = %v, %v; want the tag's commit, then two", got, err)
	}
	if _, err := r0(dir).Series("main..t1", "a", "", ""); err == nil || !strings.Contains(err.Error(), "is reversed") {
		t.Errorf("Series(main..t1): %v, want reversed", err)
	}
	r, _ := OpenRepo(dir)
	for _, c := range []struct {
		rng, since, until string
		want              string // "" for none
	}{
		{"main~2..main", "", "", ""},
		{"main..main~2", "", "", "the range main..main~2 is reversed: main~2 is an ancestor of main, so it selects no commit; 'main~2..main' is the other way round"},
		{"main~1..main~1", "", "", "the range main~1..main~1 selects no commit: main~1 and main~1 are the same commit"},
		{"main..", "", "", "the range main.. selects no commit: main and HEAD are the same commit"},
		// With --since, told the same from the rev-list of the dates'
		// order (checkDateOrder), without git merge-base.
		{"main..main~2", "2000-01-01", "", "the range main..main~2 is reversed: main~2 is an ancestor of main, so it selects no commit; 'main~2..main' is the other way round"},
		{"t1..main~2", "2000-01-01", "", "the range t1..main~2 selects no commit: t1 and main~2 are the same commit"},
		{"main..", "2000-01-01", "", "the range main.. selects no commit: main and HEAD are the same commit"},
		{"main~1..side", "2000-01-01", "", ""},
		{"side..main~1", "2000-01-01", "", ""},
		{"main~1..", "", "", ""},
		{"side..main", "", "", "the range side..main: side is not an ancestor of main (they forked at commit "},
		{"side..main", "2000-01-01", "", ""}, // with --since, the base is the parent of the first commit listed
		{"main", "last weeek", "", `--since: "last weeek" is not a date cachediff reads`},
		{"main", "", "yesterdy", `--until: "yesterdy" is not a date cachediff reads`},
		{"main", "@1", "now", ""},
	} {
		_, err := r.Series(c.rng, "a", c.since, c.until)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("Series(%q, since %q, until %q): %v", c.rng, c.since, c.until, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("Series(%q, since %q, until %q): %v, want %q", c.rng, c.since, c.until, err, c.want)
		}
	}
}

func r0(dir string) *Repo {
	r, _ := OpenRepo(dir)
	return r
}

// TestSeriesEarlyDates (a thirteenth adversarial pass, issue 35): a date
// before 1973-03-03 was handed to git as @SECONDS of fewer than nine
// digits, which git's approxidate does not read as seconds (it reads
// "@0" as now): --since 1970-01-01 selected no commit, a log of the base
// alone that passed the gate, and --until 1972-06-01 selected every one.
func TestSeriesEarlyDates(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q", "-b", "main"); err != nil {
		t.Fatal(err)
	}
	for _, content := range []string{"1", "2", "3"} {
		os.MkdirAll(filepath.Join(dir, "a"), 0o755)
		os.WriteFile(filepath.Join(dir, "a", "x"), []byte(content), 0o644)
		for _, args := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", content}} {
			if _, err := gittest.Git(dir, nil, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	r := r0(dir)
	for _, since := range []string{"1970-01-01", "@0", "1973-03-03"} {
		if got, err := r.Series("main", "a", since, ""); err != nil || len(got) != 3 {
			t.Errorf("Series(main, since %s) = %d commits, %v; want all 3", since, len(got), err)
		}
	}
	for _, until := range []string{"1970-01-01", "@0", "1972-06-01"} {
		if got, err := r.Series("main", "a", "", until); err == nil {
			t.Errorf("Series(main, until %s) = %d commits; want none (an error)", until, len(got))
		}
	}
}

// TestSeriesEmptyNamesDates (a thirteenth adversarial pass, issue 35): a
// range whose commits changed PATH, none of them in the dates, was
// refused as "no commit of main changed a": false, and silent on the
// dates that left them out.
func TestSeriesEmptyNamesDates(t *testing.T) {
	dir := oneCommit(t)
	_, err := r0(dir).Series("main", "a", "", "2000-01-01")
	if err == nil || !strings.Contains(err.Error(), "until 2000-01-01") {
		t.Errorf("Series(main, until 2000-01-01): %v; want an error naming the date", err)
	}
}

// TestSeriesSinceBackdatedTip (the 22nd adversarial pass, issue 35): git
// stops its walk at the first commit dated before --since, so a tip
// commit back-dated to 2001 (its dates are the committer's to write) hid
// itself and every commit of the week under it: the series was the tip
// alone, "no commit in this range changed a", and a log's gate passed
// over a commit that deleted a package. A history whose first-parent
// dates are out of order across --since is an error naming both commits.
func TestSeriesSinceBackdatedTip(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	now := time.Now()
	dir := datedHistory(t,
		now.AddDate(0, 0, -10),                      // the base, before the week
		now.AddDate(0, 0, -2),                       // a change in the week
		time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC), // the tip, back-dated
	)
	r := r0(dir)
	got, err := r.Series("main", "a", "1 week ago", "")
	if err == nil || !strings.Contains(err.Error(), "not in date order") {
		t.Errorf("Series(main, since 1 week ago) over a back-dated tip = %d commits, %v; want an error that the dates are not in order", len(got), err)
	}
	// In order, the same window is the week's change and the tip.
	if _, err := gittest.Git(dir, []string{"GIT_COMMITTER_DATE=" + now.Format(time.RFC3339)}, "commit", "-q", "--amend", "--no-edit"); err != nil {
		t.Fatal(err)
	}
	if got, err := r.Series("main", "a", "1 week ago", ""); err != nil || len(got) != 3 {
		t.Errorf("Series(main, since 1 week ago) in date order = %d commits, %v; want the base and 2", len(got), err)
	}
}

// TestSeriesSinceFutureAncestor (the 23rd adversarial pass, issue 35):
// one ancient commit dated ten years ahead (a committer's clock set
// wrong) made every --since of the decade refuse the history as out of
// date order, though git's walk, stopping at the first commit before
// --since, leaves out only that commit, which no window up to now holds.
// An ancestor dated past --until, or past a day from now, is not within
// the dates; the back-dated tip stays refused (TestSeriesSinceBackdatedTip).
func TestSeriesSinceFutureAncestor(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	now := time.Now()
	dir := datedHistory(t,
		now.AddDate(0, 0, -20),
		now.AddDate(10, 0, 0),  // ancient, dated ten years ahead
		now.AddDate(0, 0, -15), // the base, before the week
		now.AddDate(0, 0, -2),  // a change in the week
		now,
	)
	r := r0(dir)
	if got, err := r.Series("main", "a", "1 week ago", ""); err != nil || len(got) != 3 {
		t.Errorf("Series(main, since 1 week ago) over an ancient commit dated ahead = %d commits, %v; want the base, the week's change and the tip", len(got), err)
	}
	if got, err := r.Series("main", "a", "1 week ago", "1 hour ago"); err != nil || len(got) != 2 {
		t.Errorf("Series(main, since 1 week ago, until 1 hour ago) = %d commits, %v; want the base and the week's change", len(got), err)
	}
}

// datedHistory is a repository on branch main of one commit per date,
// oldest first in history whatever the dates say, each changing a/x: the
// commit's author and committer dates are the date given.
func datedHistory(t *testing.T, dates ...time.Time) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q", "-b", "main"); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i, date := range dates {
		if err := os.WriteFile(filepath.Join(dir, "a", "x"), []byte{byte('1' + i)}, 0o644); err != nil {
			t.Fatal(err)
		}
		d := date.Format(time.RFC3339)
		env := []string{"GIT_AUTHOR_DATE=" + d, "GIT_COMMITTER_DATE=" + d}
		for _, args := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", d}} {
			if _, err := gittest.Git(dir, env, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// TestSeriesOneLineOfHistory (the 57th adversarial pass, issue 35): a
// range of two tips, side...main or a merge's M^@, listed the
// first-parent commits of both branches, in date order, as one series:
// a log of 3 snapshots, whose last step went from main's commit to
// side's, a change no commit made, and whose timeline said versions came
// and went as the branches alternated. A range is one line of history:
// one tip, A..B or B; more than one is an error naming them.
func TestSeriesOneLineOfHistory(t *testing.T) {
	dir, commitTo := newRepo(t)
	commit := func(branch, content string) { t.Helper(); commitTo(branch, branch, content) }
	commit("main", "1")
	commit("main", "2")
	if _, err := gittest.Git(dir, nil, "checkout", "-q", "-b", "side", "main~1"); err != nil {
		t.Fatal(err)
	}
	commit("side", "side")
	if _, err := gittest.Git(dir, nil, "checkout", "-q", "main"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(dir, nil, "merge", "-q", "--no-ff", "-m", "merge", "side"); err != nil {
		t.Fatal(err)
	}
	r := r0(dir)
	for _, c := range []struct{ rng, since string }{
		{"side...main~1", ""},
		{"main~1...side", "2000-01-01"},
		{"main^@", ""},
	} {
		got, err := r.Series(c.rng, "a", c.since, "")
		if err == nil || !strings.Contains(err.Error(), "one line of history") {
			t.Errorf("Series(%q, since %q) = %d commits, %v; want an error: a log follows one line of history", c.rng, c.since, len(got), err)
		}
	}
	// side..main is refused: side is not on main's first-parent line
	// (TestSeriesBaseOffTheFirstParentLine).
	for _, rng := range []string{"main~1..main", "main", "main^!"} {
		if _, err := r.Series(rng, "a", "", ""); err != nil {
			t.Errorf("Series(%q): %v", rng, err)
		}
	}
	// A...B where A is an ancestor of B (GitHub's compare range,
	// base...head) is one line of history, A..B's: it was refused.
	for _, c := range []struct{ sym, two string }{{"main~2...main", "main~2..main"}, {"main~1...main", "main~1..main"}} {
		got, err := r.Series(c.sym, "a", "", "")
		want, werr := r.Series(c.two, "a", "", "")
		if err != nil || werr != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Series(%q) = %v, %v; want Series(%q) = %v, %v", c.sym, got, err, c.two, want, werr)
		}
	}
}

// TestSeriesRangeOfNonCommit (the 57th adversarial pass, issue 35): a
// range one of whose ends is a tree or a blob, not a commit, was "unknown
// revision", sending the user to look for a revision that git knows. It
// says what it is, as REV:PATH does ("revision X is not a commit").
func TestSeriesRangeOfNonCommit(t *testing.T) {
	dir := oneCommit(t)
	for _, c := range []struct{ rng, want string }{
		{"main^{tree}..main", "revision main^{tree} in the range main^{tree}..main is a tree, not a commit"},
		{"main..main:a/x", "revision main:a/x in the range main..main:a/x is a blob, not a commit"},
		{"nosuch..main", "unknown revision nosuch in the range nosuch..main"},
	} {
		if _, err := r0(dir).Series(c.rng, "a", "", ""); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Series(%q): %v, want %q", c.rng, err, c.want)
		}
	}
}

// oneCommit returns a new repository whose branch main has one commit,
// of the file a/x; it skips the test when git is not on PATH.
func oneCommit(t *testing.T) string {
	t.Helper()
	dir, commit := newRepo(t)
	commit("main", "x", "1")
	return dir
}

// newRepo returns a new repository without a commit, and a function
// that commits content as a/<file> on branch (made, or moved, to the
// current commit when it is another), its message the content; it
// skips the test when git is not on PATH.
func newRepo(t *testing.T) (dir string, commit func(branch, file, content string)) {
	t.Helper()
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir = t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q", "-b", "main"); err != nil {
		t.Fatal(err)
	}
	return dir, func(branch, file, content string) {
		t.Helper()
		os.MkdirAll(filepath.Join(dir, "a"), 0o755)
		os.WriteFile(filepath.Join(dir, "a", file), []byte(content), 0o644)
		for _, args := range [][]string{{"checkout", "-q", "-B", branch}, {"add", "-A"}, {"commit", "-q", "-m", content}} {
			if _, err := gittest.Git(dir, nil, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestSeriesManyTipsCapped (issue 35, pass 82, class e): a range of
// many tips, the parents of an octopus merge (M^@), was refused naming
// every one of them. The error names the first few and counts the rest.
func TestSeriesManyTipsCapped(t *testing.T) {
	dir, commitTo := newRepo(t)
	commitTo("main", "base", "base")
	// Twenty branches b00..b19 off main, each adding a/bNN, and main
	// their octopus merge (parents b00..b19, the tree of all), written by
	// one git fast-import: a checkout, add and commit per branch and an
	// octopus git merge are a hundred git processes.
	var imp strings.Builder
	const who = "committer T <t@example.com> 1700000000 +0000\n"
	for i := range 20 {
		b := fmt.Sprintf("b%02d", i)
		fmt.Fprintf(&imp, "commit refs/heads/%s\nmark :%d\n%sdata %d\n%s\nfrom refs/heads/main^0\nM 100644 inline a/%s\ndata %d\n%s\n", b, i+1, who, len(b), b, b, len(b), b)
	}
	fmt.Fprintf(&imp, "commit refs/heads/main\n%sdata 7\noctopus\nfrom :1\n", who)
	for i := 1; i < 20; i++ {
		fmt.Fprintf(&imp, "merge :%d\n", i+1)
	}
	for i := range 20 {
		b := fmt.Sprintf("b%02d", i)
		fmt.Fprintf(&imp, "M 100644 inline a/%s\ndata %d\n%s\n", b, len(b), b)
	}
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir, cmd.Env, cmd.Stdin = dir, gittest.Env(), strings.NewReader(imp.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git fast-import: %v: %s", err, out)
	}
	_, err := r0(dir).Series("main^@", "a", "", "")
	if err == nil || !strings.Contains(err.Error(), "ends at 20 commits") {
		t.Fatalf("Series(main^@) of an octopus of 20 parents: %v; want an error of 20 ends", err)
	}
	if msg := err.Error(); !strings.Contains(msg, " and 12 more)") || len(msg) > 400 {
		t.Errorf("Series(main^@) of an octopus of 20 parents: %q; want the first 8 named and 12 more counted", msg)
	}
}

// TestSeriesPathLineBreak: a PATH with a line break, which git cannot
// name in REV:PATH, is refused for that, as loading it is: with a
// newline, log --revs said "want a path inside the repository" of a
// folder that is one ("x\n::error::y/zlib"), and with a carriage return
// it went on to refuse it at the first commit loaded.
func TestSeriesPathLineBreak(t *testing.T) {
	clone, _ := seriesClone(t)
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"x\n::error::y/zlib", "_cache/develop\r", "_cache\x00/develop"} {
		_, err := r.Series("HEAD~1..HEAD", p, "", "")
		if err == nil || !strings.Contains(err.Error(), "has a line break or a NUL") || strings.Contains(err.Error(), "inside the repository") {
			t.Errorf("%q: %v; want it refused for its line break", p, err)
		}
	}
}
