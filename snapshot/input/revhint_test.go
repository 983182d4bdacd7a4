package input

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestRevisionWithoutPathHint (round 3 of issue 35, class e): in a
// repository, cachediff HEAD~1 HEAD (a revision without its PATH) and
// cachediff log HEAD~3..HEAD PATH (a range without --revs) said only
// "loading HEAD~1: no such file or directory". A word git reads as a
// revision, or as a range of two, that is no path on disk is told what
// it is and how to write it; a word git does not know, or a path written
// ./X, gets no such hint. A range whose first end is a revision by
// message holding .. (HEAD^{/v0..3.0}..HEAD) is cut where meant, not at
// the pattern's .. (it got no hint), and told the range to run. A
// revision past the root (HEAD~7) is told so.
func TestRevisionWithoutPathHint(t *testing.T) {
	checkLoadHints(t, "no such file or directory", "no such file or directory", "revision", map[string]string{
		"HEAD~1":       "no such file or directory; 'HEAD~1' is a git revision: a snapshot from git is REV:PATH, the catalogue's folder at it ('git:HEAD~1:_cache/develop')",
		"HEAD":         "HEAD is a git revision",
		"HEAD~1..HEAD": " log --revs 'HEAD~1..HEAD' PATH",
		"HEAD~1..":     "no such file or directory; 'HEAD~1..' is a range of git revisions: a log of PATH over it is cachediff -C /", // the folder read
		"nosuch":       "",
		"./HEAD":       "",
		"nosuch..HEAD": "",
		// Cut as meant, not at the pattern's .. (it was given no hint):
		// the range with that end written as its commit, to run.
		"HEAD^{/v0..3.0}..HEAD":  "which lies within HEAD^{/v0..3.0}, a revision by its message, so it reads neither end; with that end written as its commit, ",
		"HEAD^{/v0..3.0}...HEAD": "; to run it: cachediff -C /",
		// The log's own example in a repository of fewer commits: what
		// the log says of it (it was given no hint).
		"HEAD~7..HEAD":   "no such file or directory; 'HEAD~7..HEAD' is a range of git revisions, which a log of PATH (cachediff -C ",
		"HEAD~1..HEAD~9": "refuses: unknown revision HEAD~9 in the range HEAD~1..HEAD~9 (it is past the root: the first-parent line of HEAD holds 2 commits, the oldest HEAD~1, commit ",
		// So of one revision past the root, which said "no such file
		// or directory" alone.
		"HEAD~7": "no such file or directory; 'HEAD~7' is an unknown git revision (it is past the root: the first-parent line of HEAD holds 2 commits, the oldest HEAD~1, commit ",
	})
}

// checkLoadHints loads each argument of cases in a repository of two
// commits of real pages: its error says base, says once once, and
// holds the case's hint, or, where the case's hint is "", says nothing
// of noHint.
func checkLoadHints(t *testing.T, base, once, noHint string, cases map[string]string) {
	t.Helper()
	repo := catalogueRepo(t, "v0.23.0", "v0.23.1")
	for arg, want := range cases {
		_, err := Load(repo, arg, Options{}, snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), base) {
			t.Errorf("Load(%q): %v; want %s", arg, err, base)
			continue
		}
		if want == "" {
			if strings.Contains(err.Error(), noHint) {
				t.Errorf("Load(%q): %v; want no hint of %s", arg, err, noHint)
			}
		} else if !strings.Contains(err.Error(), want) {
			t.Errorf("Load(%q): %v; want %q", arg, err, want)
		}
		if n := strings.Count(err.Error(), once); n != 1 {
			t.Errorf("Load(%q): %v; says %s %d times", arg, err, once, n)
		}
	}
}

// TestMessageRevisionHint (class e): git's revision by commit message,
// :/TEXT, is no REV:PATH (git searches the messages for all of TEXT,
// a colon and all), and cachediff ':/one:c' HEAD:c said "no such file
// or directory" alone, with no word that git reads it as a revision.
// It is told what git reads and how to write PATH at that commit; a
// TEXT no commit's message matches gets no such hint.
func TestMessageRevisionHint(t *testing.T) {
	checkLoadHints(t, "no such file or directory", "no such file or directory", "message", map[string]string{
		":/v0.23.0:x": "no such file or directory; git reads :/v0.23.0:x as a revision, the youngest commit whose message matches all of v0.23.0:x, colon and all, with no PATH: x at the commit of message v0.23.0 is 'git:HEAD^{/v0.23.0}:x'",
		":/v0.23.0":   "no such file or directory; git reads :/v0.23.0 as a revision, the youngest commit whose message matches v0.23.0: a snapshot from git is REV:PATH, the catalogue's folder at it ('git:HEAD^{/v0.23.0}:_cache/develop')",
		":/nosuch:x":  "",
		":/nosuch":    "",
		"./:/v0.23.0": "",
	})
}

// TestPrefixedMessageRevisionHint (class e): git::/TEXT:PATH said only
// "want git:REV:PATH", without the hint :/TEXT:PATH gets
// (TestMessageRevisionHint): git reads all of TEXT as the message, and
// HEAD^{/TEXT}:PATH is PATH at that commit.
func TestPrefixedMessageRevisionHint(t *testing.T) {
	checkLoadHints(t, "want git:REV:PATH", "want git:REV:PATH", "message", map[string]string{
		"git::/v0.23.0:x": "want git:REV:PATH (a revision, a colon, a path in it); git reads :/v0.23.0:x as a revision, the youngest commit whose message matches all of v0.23.0:x, colon and all, with no PATH: x at the commit of message v0.23.0 is 'git:HEAD^{/v0.23.0}:x'",
		"git::/v0.23.0":   "; git reads :/v0.23.0 as a revision, the youngest commit whose message matches v0.23.0: a snapshot from git is REV:PATH",
		"git::/nosuch:x":  "",
	})
}

// TestMessageRevisionHintWholeText (class e): a :/TEXT whose message
// holds a colon (:/two: fix, of the commit "two: fix") was cut at it and
// told PATH ' fix' at the commit "two", where git reads all of TEXT, a
// commit that is there, with no PATH. All of TEXT is tried first.
func TestMessageRevisionHintWholeText(t *testing.T) {
	repo := catalogueRepo(t, "v0.23.0")
	for _, msg := range []string{"two", "two: fix"} {
		if _, err := gittest.Git(repo, nil, "commit", "-q", "--allow-empty", "-m", msg); err != nil {
			t.Fatal(err)
		}
	}
	for _, arg := range []string{":/two: fix", "git::/two: fix"} {
		_, err := Load(repo, arg, Options{}, snapshot.Options{})
		const want = "; git reads ':/two: fix' as a revision, the youngest commit whose message matches 'two: fix': a snapshot from git is REV:PATH, the catalogue's folder at it ('git:HEAD^{/two: fix}:_cache/develop')"
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("Load(%q): %v; want it to end %q", arg, err, want)
		}
	}
}

// catalogueRepo returns a repository of a commit of each folder of
// testdata/real named (gittest.Commits), skipping the test without git.
func catalogueRepo(t *testing.T, weeks ...string) string {
	t.Helper()
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := filepath.Join(t.TempDir(), "catalogue")
	dirs := make([]string, len(weeks))
	for i, w := range weeks {
		dirs[i] = "../../testdata/real/" + w
	}
	if _, err := gittest.Commits(repo, dirs...); err != nil {
		t.Fatal(err)
	}
	return repo
}

// TestMessageRevisionHintBraces (class e, lead c): a :/TEXT that holds
// braces got no hint at all, where git finds its commit (:/bum{1}p, a
// pattern; :/zlib}:PATH, of the commit "bump {zlib}: fix"): it gets the
// hint, whose REV:PATH, read back (Split counts braces), is loaded.
func TestMessageRevisionHintBraces(t *testing.T) {
	repo := catalogueRepo(t, "v0.23.0")
	if _, err := gittest.Git(repo, nil, "commit", "-q", "--allow-empty", "-m", "bump {zlib}: fix"); err != nil {
		t.Fatal(err)
	}
	for arg, want := range map[string]string{
		`:/bum{1}p`:                  `('git:HEAD^{/bum{1}p}:_cache/develop')`,
		`git::/bump \{zlib\}`:        `('git:HEAD^{/bump \{zlib\}}:_cache/develop')`,
		`:/zlib}:_cache/develop`:     ` is 'git:HEAD^{/zlib}}:_cache/develop'`,
		`git::/zlib}:_cache/develop`: ` is 'git:HEAD^{/zlib}}:_cache/develop'`,
	} {
		_, err := Load(repo, arg, Options{}, snapshot.Options{})
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("Load(%q): %v; want it to end %s", arg, err, want)
			continue
		}
		given := strings.Trim(want[strings.Index(want, "'")+1:], "')")
		if _, err := Load(repo, given, Options{}, snapshot.Options{}); err != nil {
			t.Errorf("Load(%q) gives %s: %v", arg, given, err)
		}
	}
}

// TestRevisionHintInBareRepo (class e): in a bare repository, whose
// folder holds the file HEAD, cachediff HEAD~1 HEAD:x was told "did you
// mean ./HEAD?", a file of the git directory that holds no snapshot,
// and not that git reads HEAD~1 as a revision. The revision is said,
// at the other argument's PATH; a name near one on disk that git does
// not read (HEADS) keeps its "did you mean". A revision by message,
// :/a, is given at that PATH too, not the example _cache/develop.
func TestRevisionHintInBareRepo(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	bare := filepath.Join(t.TempDir(), "bare.git")
	git := func(args ...string) string {
		out, err := gittest.Git("", nil, append([]string{"--git-dir", bare}, args...)...)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "--bare")
	// Two commits of the empty tree, HEAD's branch at the second.
	tree := git("hash-object", "-t", "tree", "-w", "--stdin")
	git("update-ref", "HEAD", git("commit-tree", "-m", "b", "-p", git("commit-tree", "-m", "a", tree), tree))
	for arg, want := range map[string]string{
		// x is in no commit of the empty tree: said so (e1808d90).
		"HEAD~1": "HEAD~1: no such file or directory; 'HEAD~1' is a git revision: a snapshot from git is REV:PATH, the catalogue's folder at it ('git:HEAD~1:x', which 'HEAD~1' does not hold)",
		"HEADS":  "HEADS: no such file or directory: did you mean " + filepath.Join(bare, "HEAD") + "?",
		// So of a revision by message, at x, the PATH of HEAD:x beside
		// (it was at _cache/develop, the example), and so of one
		// written git::/a, whose hint no test checked at x.
		":/a":     "; git reads :/a as a revision, the youngest commit whose message matches a: a snapshot from git is REV:PATH, the catalogue's folder at it ('git:HEAD^{/a}:x')",
		"git::/a": "; git reads :/a as a revision, the youngest commit whose message matches a: a snapshot from git is REV:PATH, the catalogue's folder at it ('git:HEAD^{/a}:x')",
	} {
		_, err := Load(bare, arg, Options{Beside: "HEAD:x"}, snapshot.Options{})
		if got := fmt.Sprint(err); !strings.HasSuffix(got, want) {
			t.Errorf("Load(%q) in a bare repository: %s; want %q", arg, got, want)
		}
	}
}

// TestRevisionHintFolderAskedOnlyForHint (class d): the PATH of the
// argument beside (exampleFolder: git rev-parse --show-toplevel, twice,
// and --show-prefix) was asked before knowing whether a hint is given,
// so a typo beside X, which gets none, ran git for nothing. It is asked
// only for a hint given.
func TestRevisionHintFolderAskedOnlyForHint(t *testing.T) {
	runsOf := gittest.Recorded(t)
	dir := t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "snap"), 0o755); err != nil {
		t.Fatal(err)
	}
	var err error
	out := runsOf(func() { _, err = Load(dir, "typo", Options{Beside: "snap"}, snapshot.Options{}) })
	if len(out) == 0 {
		t.Fatal("the git on PATH never ran: the test sees nothing")
	}
	if err == nil || strings.Contains(out, "--show-") {
		t.Errorf("Load(typo) beside snap: %v; git ran %q, want no --show-toplevel nor --show-prefix for no hint", err, out)
	}
	// HEAD~1 in a shallow clone of one commit, beside a branch HEAD:
	// the note of a shallow clone alone, which pastRoot's note of the
	// oldest commit and the ambiguity of HEAD (7 of 12 runs) was
	// dropped for.
	for _, args := range [][]string{{"commit", "-q", "--allow-empty", "-m", "a"}, {"commit", "-q", "--allow-empty", "-m", "b"}, {"clone", "-q", "--depth", "1", "file://" + dir, "shallow"}, {"-C", "shallow", "update-ref", "refs/heads/HEAD", "HEAD"}} {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	out = runsOf(func() {
		_, err = Load(filepath.Join(dir, "shallow"), "HEAD~1", Options{Beside: "snap"}, snapshot.Options{})
	})
	if n := strings.Count(out, "\n"); err == nil || !strings.Contains(err.Error(), "this is a shallow clone") || n > 5 {
		t.Errorf("Load(HEAD~1) in a shallow clone beside a branch HEAD: %v; git ran %d times (%q), want the shallow clone's note in at most 5", err, n, out)
	}
	// -q after --, of no ref: the refs it reads as were listed 3 times
	// for one hint (lead 1 of g14), each a for-each-ref and a rev-parse
	// --git-path.
	var h string
	out = runsOf(func() { h = RevisionHint(dir, "-q", "snap", RoomAfter("")) })
	if n := strings.Count(out, "for-each-ref"); n != 1 {
		t.Errorf("RevisionHint(-q) = %q; git listed its refs %d times (%q), want once", h, n, out)
	}
	// HEAD~1 beside a branch HEAD: its refs were listed once more to
	// name them (refsNamed).
	if _, err := gittest.Git(dir, nil, "update-ref", "refs/heads/HEAD", "HEAD"); err != nil {
		t.Fatal(err)
	}
	out = runsOf(func() { h = RevisionHint(dir, "HEAD~1", "snap", RoomAfter("")) })
	if n := strings.Count(out, "for-each-ref --format=%(refname) refs/HEAD "); n != 1 || !strings.Contains(h, "HEAD in the git directory, refs/heads/HEAD") {
		t.Errorf("RevisionHint(HEAD~1) beside a branch HEAD = %q; git listed HEAD's refs %d times (%q), want once", h, n, out)
	}
	if _, err := gittest.Git(dir, nil, "update-ref", "-d", "refs/heads/HEAD"); err != nil {
		t.Fatal(err)
	}
	// HEAD~1 beside a folder of 4 KB of U+200B, each 12 bytes as \xHH:
	// its hint ran to 16 KB, which the message's line cap cut, with no
	// word of the hint cut (lead 3 of g14). The word is cut to the
	// room given, and says so.
	long := dir
	for range 16 {
		long = filepath.Join(long, strings.Repeat("\u200b", 83))
	}
	if err := os.MkdirAll(long, 0o755); err != nil {
		t.Fatal(err)
	}
	if h := RevisionHint(dir, "HEAD~1", long, 3<<10); len(h) > 3<<10 || !strings.Contains(h, "'… (cut, ") {
		t.Errorf("RevisionHint(HEAD~1) beside a 4 KB path: %d bytes, %.200q…; want the word cut within 3 KB, said so", len(h), h)
	}
}
