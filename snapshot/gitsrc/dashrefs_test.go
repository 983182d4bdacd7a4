package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestDashRefSpelling (class e, lead c): a range that begins with -
// (-y..HEAD) is told how to write its ref so that cachediff reads the
// commit git would. It was told the first ref git's rules find, written
// in full, whatever else the name reads as: of a tag -y and a branch -y
// (git reads the tag, warning; cachediff refuses a name of two refs), the
// tag, silently; of a branch -y beside a tag named refs/heads/-y,
// refs/heads/-y..HEAD, which cachediff refuses in turn as ambiguous; of
// a file -y of the git directory (which git reads first) and a branch
// -y, refs/heads/-y, another commit than git's. Each range given is one
// the shell reads back and the log takes; the refs of a name of more
// than one are each named, a file of the git directory as such, and
// given by its commit (it was named with no way to write it: no other
// name reads it), whose range the log reads from the file's commit.
func TestDashRefSpelling(t *testing.T) {
	bash := gittest.GitAndBash(t)
	for _, tc := range []struct {
		name         string
		setup        [][]string
		file         bool   // a file -y in the git directory, at HEAD~1
		said, absent string // in the message, not in it
		ways         int    // ranges given
	}{
		{"tag and branch", [][]string{{"update-ref", "refs/heads/-y", "HEAD~2"}, {"update-ref", "refs/tags/-y", "HEAD~1"}}, false,
			`"-y" is the name of more than one ref (refs/tags/-y, refs/heads/-y)`, "in full", 2},
		{"branch beside a tag refs/heads/-y", [][]string{{"update-ref", "refs/heads/-y", "HEAD~2"}, {"update-ref", "refs/tags/refs/heads/-y", "HEAD~1"}}, false,
			", heads/-y..HEAD", "refs/heads/-y..HEAD", 1},
		{"a file of the git directory", [][]string{{"update-ref", "refs/heads/-y", "HEAD~2"}}, true,
			`(-y in the git directory, refs/heads/-y)`, "in full", 2},
	} {
		r := xCommits(t, 3)
		git := gitRunner(t, r)
		for _, args := range tc.setup {
			git(args...)
		}
		if tc.file {
			id, err := gittest.Git(r.dir, nil, "rev-parse", "HEAD~1")
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(r.dir, ".git", "-y"), []byte(id), 0o644)
		}
		_, err := r.Series("-y..HEAD", "x", "", "")
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if !strings.Contains(msg, tc.said) || strings.Contains(msg, tc.absent) {
			t.Errorf("%s: Series(-y..HEAD): %s; want %q said and not %q", tc.name, msg, tc.said, tc.absent)
			continue
		}
		var ways []string
		if _, w, ok := strings.Cut(msg, "write the one meant: "); ok {
			ways = strings.Split(w, " or ")
		} else if i := strings.LastIndex(msg, "), "); i >= 0 {
			ways = []string{msg[i+3:]}
		}
		if len(ways) != tc.ways {
			t.Errorf("%s: %s; want %d ranges given", tc.name, msg, tc.ways)
			continue
		}
		for _, word := range ways {
			word, file := strings.CutSuffix(word, gitDirSaid)
			got, ok := shellWord(t, bash, word)
			if !ok {
				continue
			}
			cs, err := r.Series(got, "x", "", "")
			if err != nil {
				t.Errorf("%s: the range given, %s, is refused: %v", tc.name, got, err)
			} else if want := revID(t, r, "HEAD~1"); file && (!cs[0].Base || cs[0].ID != want) {
				t.Errorf("%s: the range given for the file, %s, has base %s; want %s, the file's commit, which git reads", tc.name, got, cs[0].ID, want)
			}
		}
	}
}

// TestDashRangeRevWays (class e): git:-y..HEAD:x, of a tag and a branch
// -y, was told to write git:refs/tags/-y..HEAD:x or
// git:refs/heads/-y..HEAD:x, REV:PATH of a range, which is refused in
// turn. Each way is the log of the range, which the shell reads back
// and the log takes.
func TestDashRangeRevWays(t *testing.T) {
	bash := gittest.GitAndBash(t)
	r := xCommits(t, 3)
	for ref, at := range map[string]string{"refs/heads/-y": "HEAD~2", "refs/tags/-y": "HEAD~1"} {
		gitRunner(t, r)("update-ref", ref, at)
	}
	_, err := r.Resolve("-y..HEAD:x")
	_, ways, ok := strings.Cut(fmt.Sprint(err), "write the one meant: ")
	if !ok {
		t.Fatalf("Resolve(-y..HEAD:x): %v; want the ways to write it", err)
	}
	for _, way := range strings.Split(ways, " or ") {
		args := shellWords(t, bash, strings.TrimPrefix(way, "cachediff "))
		if len(args) != 6 || args[0] != "-C" || args[2] != "log" || args[3] != "--revs" {
			t.Errorf("Resolve(-y..HEAD:x) gives %s, which reads as %q; want a log of the range", way, args)
		} else if _, err := r.Series(args[4], args[5], "", ""); err != nil {
			t.Errorf("Resolve(-y..HEAD:x) gives %s, which is refused: %v", way, err)
		}
	}
}

// gitDirSaid is what follows the way a message gives to write a file
// -y of the git directory: its commit, which no other name reads.
const gitDirSaid = " (its commit, for -y in the git directory, which no other name reads)"

// revID is the commit git reads rev as in r.
func revID(t *testing.T, r *Repo, rev string) string {
	t.Helper()
	id, err := gittest.Git(r.dir, nil, "rev-parse", "--verify", "--end-of-options", rev+"^{commit}")
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(id)
}

// TestDashGitDirWay (class e): git:-y:x, beside a branch -y and a file
// -y of the git directory, which git reads first, named the file and
// gave no way to write it (only git:refs/heads/-y:x, not the commit git
// reads). It gives the file's commit, git:ID:x, which the shell reads
// back and cachediff reads as the commit git reads -y as.
func TestDashGitDirWay(t *testing.T) {
	bash := gittest.GitAndBash(t)
	r := xCommits(t, 3)
	r.ArgPrefix = "git:"
	gitRunner(t, r)("update-ref", "refs/heads/-y", "HEAD~2")
	os.WriteFile(filepath.Join(r.dir, ".git", "-y"), []byte(revID(t, r, "HEAD~1")+"\n"), 0o644)
	want := revID(t, r, "-y")
	_, err := r.Resolve("-y:x")
	_, ways, _ := strings.Cut(fmt.Sprint(err), "write the one meant: ")
	way, _, ok := strings.Cut(ways, gitDirSaid)
	if !ok {
		t.Fatalf("Resolve(-y:x): %v; want the file's commit given", err)
	}
	got, ok := shellWord(t, bash, way)
	if !ok {
		return
	}
	rev, p, _ := strings.Cut(strings.TrimPrefix(got, "git:"), ":")
	if tree, err := r.Resolve(rev + ":" + p); err != nil {
		t.Errorf("Resolve(-y:x) gives %s, which is refused: %v", way, err)
	} else if tree.Commit != want {
		t.Errorf("Resolve(-y:x) gives %s, which reads commit %s; want %s, git's", way, tree.Commit, want)
	}
}

// TestDashRangeRevNamed (class e): git:-t..HEAD:x, of a tag -t, was
// described as "revision refs/tags/-t..HEAD", a revision the user did
// not write. The message names -t..HEAD, quoted, as written; the ref
// written in full is in the commands alone, whose log and pair the
// shell reads back, and which read the commit git reads -t as.
func TestDashRangeRevNamed(t *testing.T) {
	bash := gittest.GitAndBash(t)
	r := xCommits(t, 3)
	r.ArgPrefix = "git:"
	gitRunner(t, r)("update-ref", "refs/tags/-t", "HEAD~2")
	want := revID(t, r, "refs/tags/-t")
	_, err := r.Resolve("-t..HEAD:x")
	msg := fmt.Sprint(err)
	if !strings.HasPrefix(msg, `revision "-t..HEAD" is a range of commits`) || strings.Contains(msg, "revision refs/") {
		t.Errorf("Resolve(-t..HEAD:x): %s; want the range named as written, \"-t..HEAD\"", msg)
	}
	_, log, _ := strings.Cut(msg, "; to step through the range's commits, cachediff ")
	log, pair, ok := strings.Cut(log, "; to compare its ends, cachediff ")
	if !ok {
		t.Fatalf("Resolve(-t..HEAD:x): %s; want a log and a pair", msg)
	}
	if args := shellWords(t, bash, log); len(args) != 6 || args[2] != "log" || args[3] != "--revs" {
		t.Errorf("the log given, %s, reads as %q", log, args)
	} else if cs, err := r.Series(args[4], args[5], "", ""); err != nil {
		t.Errorf("the log given, %s, is refused: %v", log, err)
	} else if !cs[0].Base || cs[0].ID != want {
		t.Errorf("the log given, %s, has base %s; want %s, -t's", log, cs[0].ID, want)
	}
	args := shellWords(t, bash, pair)
	if len(args) != 4 {
		t.Fatalf("the pair given, %s, reads as %q", pair, args)
	}
	if tree, err := r.Resolve(strings.TrimPrefix(args[2], "git:")); err != nil || tree.Commit != want {
		t.Errorf("the pair given, %s, reads %s first: %v; want %s, -t's", pair, args[2], err, want)
	}
}

// TestDashRangeRefusedSaid (class e): --revs=-z..-y, of branches -z at
// HEAD and -y at HEAD~2, was told to write refs/heads/-z..-y, a range
// the log refuses in turn as reversed, unsaid; beside a tag -y too, as
// ambiguous. The log's refusal of the range given is said; -y..HEAD,
// which it takes, is given as before.
func TestDashRangeRefusedSaid(t *testing.T) {
	r, git := xCommitsGit(t, 3, []string{"update-ref", "refs/heads/-z", "HEAD"}, []string{"update-ref", "refs/heads/-y", "HEAD~2"})
	const refused = ", which the log refuses too: the range refs/heads/-z..-y "
	check := func(rng, want string) {
		t.Helper()
		_, err := r.Series(rng, "x", "", "")
		msg := fmt.Sprint(err)
		if err == nil || !strings.Contains(msg, "written in full") || (want == "") == strings.Contains(msg, "refuses too") || !strings.Contains(msg, want) {
			t.Errorf("Series(%q): %s; want the range written in full and the refusal %q", rng, msg, want)
		}
	}
	check("-y..HEAD", "")
	check("-z..-y", refused+"is reversed")
	git("update-ref", "refs/tags/-y", "HEAD~1")
	check("-z..-y", refused+"is ambiguous")
}

// TestGitDirDashWays (class e): a name beginning with - that git reads
// as a file of the git directory alone, -q (made by hand), and a reflog
// of it, -q@{1}, were given no way to write them: the log's --revs
// =-q@{1}..HEAD said "a branch whose name begins with - is written in
// full (refs/heads/-x)", of no such branch, and git:-q@{1}:x "unknown
// revision". Each is given with the commit git reads in place of the
// name (and of its reflog entry), which reads that commit; and a way of
// an ambiguous name that is a range the log refuses (refs/tags/-t..HEAD,
// a tag at HEAD) says so, where it was given to run, refused in turn;
// so a tag's way of a reflog (refs/tags/-t@{1}), which git reads no
// commit by.
func TestGitDirDashWays(t *testing.T) {
	r := xCommits(t, 3)
	r.ArgPrefix = "git:"
	git := gitRunner(t, r)
	git("update-ref", "refs/tags/-t", "HEAD")
	git("update-ref", "refs/heads/-t", "HEAD~2") // -t@{1}, below
	git("update-ref", "refs/heads/-t", "HEAD~1")
	logs, err := os.ReadFile(filepath.Join(r.dir, ".git", "logs", "HEAD"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(r.dir, ".git", "-q"), []byte(revID(t, r, "HEAD~1")+"\n"), 0o644)
	os.WriteFile(filepath.Join(r.dir, ".git", "logs", "-q"), logs, 0o644)
	reflog, q := short(revID(t, r, "HEAD@{1}")), short(revID(t, r, "HEAD~1"))
	_, err = r.Series("-q@{1}..HEAD", "x", "", "")
	if want := "write it by its commit: " + reflog + "..HEAD (the commit -q@{1} reads now, for -q in the git directory"; !strings.Contains(fmt.Sprint(err), want) {
		t.Errorf("--revs=-q@{1}..HEAD: %v; want %q", err, want)
	}
	_, err = r.Series("-q~1..HEAD", "x", "", "")
	if want := "write it by its commit: '" + q + "~1..HEAD' (its commit, for -q in the git directory"; !strings.Contains(fmt.Sprint(err), want) {
		t.Errorf("--revs=-q~1..HEAD: %v; want %q", err, want)
	}
	_, err = r.Resolve("-q@{1}:x")
	if want := "write it by its commit: git:" + reflog + ":x (the commit -q@{1} reads now"; !strings.Contains(fmt.Sprint(err), want) {
		t.Errorf("git:-q@{1}:x: %v; want %q", err, want)
	}
	if tree, err := r.Resolve(reflog + ":x"); err != nil || tree.Commit != revID(t, r, "HEAD@{1}") {
		t.Errorf("the way given, %s:x: %v; want the commit of -q@{1}", reflog, err)
	}
	_, err = r.Series("-t..HEAD", "x", "", "")
	if want := "refs/tags/-t..HEAD (which the log refuses: the range refs/tags/-t..HEAD selects no commit"; !strings.Contains(fmt.Sprint(err), want) {
		t.Errorf("--revs=-t..HEAD: %v; want %q", err, want)
	}
	// -t@{1}, of a tag -t and a branch -t: the tag's way,
	// refs/tags/-t@{1}, was given, unknown in turn (a tag keeps no
	// reflog), unsaid; the branch's is taken.
	_, err = r.Resolve("-t@{1}:x")
	if want := "'git:refs/tags/-t@{1}:x' (an unknown revision too: refs/tags/-t keeps no reflog) or 'git:refs/heads/-t@{1}:x'"; !strings.HasSuffix(fmt.Sprint(err), want) {
		t.Errorf("git:-t@{1}:x: %v; want %q", err, want)
	}
}
