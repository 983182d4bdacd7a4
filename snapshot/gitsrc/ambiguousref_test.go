package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestAmbiguousRefRefused (85th adversarial pass): a tag and a branch of
// one name (develop) make the name ambiguous, and git reads the tag,
// saying so on its standard error ("refname 'develop' is ambiguous"),
// which cachediff dropped: git:develop:_cache/develop read the tag's
// commit, silently, where the branch was meant; a repository's config
// can turn git's warning off (core.warnAmbiguousRefs). The name is
// refused, as git's warning says, for REV:PATH and a range.
func TestAmbiguousRefRefused(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	if err := os.WriteFile(filepath.Join(repo, "_cache", "develop", "x.md"), []byte("second\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"commit", "-qam", "second"},
		{"tag", "develop", "HEAD~1"},
		{"branch", "develop", "HEAD"},
		{"config", "core.warnAmbiguousRefs", "false"},
	} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	if tree, err := r.Resolve("develop:_cache/develop"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		got := ""
		if tree != nil {
			got = tree.Commit
		}
		t.Errorf("develop:_cache/develop, a tag and a branch: commit %s, %v; want an error that says develop is ambiguous", got, err)
	}
	if _, err := r.Series("HEAD~1..develop", "_cache/develop", "", ""); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("the series HEAD~1..develop, a tag and a branch: %v; want an error that says develop is ambiguous", err)
	}
	if _, err := r.Resolve("refs/heads/develop:_cache/develop"); err != nil {
		t.Errorf("refs/heads/develop:_cache/develop: %v", err)
	}
}

// TestAmbiguousRefNamesTheRefs (adversarial pass 92b): a branch x beside
// a remote x's HEAD (refs/remotes/x/HEAD) makes x ambiguous as a tag
// and a branch do, and the message named refs/heads/x and refs/tags/x
// whatever the refs were: the user was told to write refs/tags/x, which
// does not exist, and not refs/remotes/x/HEAD, which does. It names the
// refs the name reads as, in git's order.
func TestAmbiguousRefNamesTheRefs(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	for _, args := range [][]string{
		{"branch", "x", "HEAD"},
		{"update-ref", "refs/remotes/x/HEAD", "HEAD"},
	} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Resolve("x:_cache/develop")
	if err == nil || !strings.Contains(err.Error(), "refs/heads/x, refs/remotes/x/HEAD") || strings.Contains(err.Error(), "refs/tags/x") {
		t.Errorf("x:_cache/develop, a branch x and refs/remotes/x/HEAD: %v; want the two refs named, and no tag", err)
	}
	// A branch named as a file of the git directory (ORIG_HEAD), which
	// git reads first: no tag either.
	for _, args := range [][]string{
		{"update-ref", "refs/heads/ORIG_HEAD", "HEAD"},
		{"update-ref", "ORIG_HEAD", "HEAD"},
	} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	_, err = r.Resolve("ORIG_HEAD:_cache/develop")
	if err == nil || !strings.Contains(err.Error(), "ORIG_HEAD in the git directory, refs/heads/ORIG_HEAD") || strings.Contains(err.Error(), "refs/tags/") {
		t.Errorf("ORIG_HEAD:_cache/develop, .git/ORIG_HEAD and a branch ORIG_HEAD: %v; want the two named, and no tag", err)
	}
}

// TestAmbiguousFullRefNamed (adversarial pass 93b): a full name,
// refs/heads/x, is ambiguous beside refs/tags/refs/heads/x (git's first
// rule reads the name itself, its second refs/NAME), and the message
// said "refs/heads/x in the git directory": the branch, a ref (packed
// here), was told as a file of the git directory. The name is a ref
// when git lists it.
func TestAmbiguousFullRefNamed(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	for _, args := range [][]string{
		{"branch", "x", "HEAD"},
		{"update-ref", "refs/tags/refs/heads/x", "HEAD"},
		{"pack-refs", "--all"},
	} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Resolve("refs/heads/x:_cache/develop")
	if err == nil || !strings.Contains(err.Error(), "(refs/heads/x, refs/tags/refs/heads/x)") || strings.Contains(err.Error(), "git directory") {
		t.Errorf("refs/heads/x:_cache/develop, a branch x and a tag refs/heads/x: %v; want the two refs named, and no file of the git directory", err)
	}
}

// TestAmbiguousRefWays (class e, lead c): a name of more than one ref was
// told "name the one meant in full", which could not be done for the
// first, git's: HEAD beside a branch HEAD is a file of the git directory
// no other name reads, and refs/heads/x beside a tag refs/heads/x is in
// full already; and git's @, warned of as "@", was said to be refs/tags/@
// and refs/heads/@, refs nobody has. Each ref is given as cachediff then
// reads it alone, the file of the git directory by its commit, and each
// given is taken, git's HEAD the commit git reads. A ref under refs/
// that no name of it reads alone (the tag y beside the tags refs/tags/y
// and tags/y) was left out, so the tag git reads had no way given
// (aa2d3ce4's skip), or, without that skip, was said to be a file of
// the git directory: it is given by its commit, as the ref it is.
func TestAmbiguousRefWays(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	if err := os.WriteFile(filepath.Join(repo, "_cache", "develop", "x.md"), []byte("second\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"commit", "-qam", "second"},
		{"branch", "x", "HEAD"},
		{"update-ref", "refs/tags/refs/heads/x", "HEAD~1"},
		// A tag y that neither refs/tags/y nor tags/y reads alone.
		{"tag", "y", "HEAD~1"},
		{"branch", "y", "HEAD"},
		{"update-ref", "refs/tags/refs/tags/y", "HEAD"},
		{"update-ref", "refs/tags/tags/y", "HEAD"},
		{"update-ref", "refs/heads/HEAD", "HEAD~1"},
	} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	head, err := gittest.Git(repo, nil, "rev-parse", "--verify", "--quiet", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rev     string
		commits []string // of each way given, in order
	}{
		{"HEAD", []string{strings.TrimSpace(head), "refs/heads/HEAD"}},
		{"@", []string{strings.TrimSpace(head), "refs/heads/HEAD"}},
		{"refs/heads/x", []string{"refs/heads/x", "refs/tags/refs/heads/x"}},
		// The tag, which no name of it reads alone, was left out (and
		// is no file of the git directory): by its commit.
		{"y", []string{strings.TrimSpace(head) + "~1", "refs/heads/y"}},
	} {
		_, err := r.Resolve(tc.rev + ":_cache/develop")
		_, ways, ok := strings.Cut(fmt.Sprint(err), "name the one meant: ")
		if !ok || strings.Contains(fmt.Sprint(err), "refs/tags/@") || (tc.rev != "HEAD" && tc.rev != "@" && strings.Contains(ways, "git directory")) {
			t.Errorf("%s: %v; want each ref given, none that is no ref", tc.rev, err)
			continue
		}
		given := strings.Split(ways, ", or ")
		if len(given) != len(tc.commits) {
			t.Errorf("%s: %v; want %d ways", tc.rev, err, len(tc.commits))
			continue
		}
		for i, way := range given {
			way, _, _ = strings.Cut(way, " ")
			tree, err := r.Resolve(way + ":_cache/develop")
			if err != nil {
				t.Errorf("%s: %s given, refused: %v", tc.rev, way, err)
				continue
			}
			want, err := gittest.Git(repo, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", tc.commits[i]+"^{commit}")
			if err != nil || tree.Commit != strings.TrimSpace(want) {
				t.Errorf("%s: %s given reads commit %s, want %s's, %s (%v)", tc.rev, way, tree.Commit, tc.commits[i], want, err)
			}
		}
	}
}

// TestAmbiguousRefWrittenWhole (class e, lead a of g8): beside a branch
// HEAD, the log's own example, --revs HEAD~7..HEAD, was told "name the
// one meant: ID for HEAD in the git directory, …, or refs/heads/HEAD",
// each a name to put in place of HEAD at both ends by hand (and git's
// @, and an end left out, are HEAD too). The range, and a REV:PATH's
// revision, is given whole each way: each, read back by the shell, is
// taken, the first reading the commits git reads.
func TestAmbiguousRefWrittenWhole(t *testing.T) {
	bash := gittest.GitAndBash(t)
	r := xCommits(t, 6)
	gitRunner(t, r)("update-ref", "refs/heads/HEAD", "HEAD~2")
	gitRunner(t, r)("tag", "v", "HEAD~1")
	gitRunner(t, r)("branch", "v", "HEAD~1")
	// v...v, of a tag and a branch v, written whole, selects no commit
	// either way (so ^v, no end to list from): said, not given as a
	// range to run.
	for _, rng := range []string{"v...v", "^v"} {
		_, err := r.Series(rng, "x", "", "")
		if msg := fmt.Sprint(err); strings.Count(msg, "(which the log refuses too: the range ") != 2 {
			t.Errorf("Series(%q), a tag and a branch v: %s; want each way written whole said refused", rng, msg)
		}
	}
	// HEAD@{1}:x, a reflog of the git directory's HEAD: the ref's
	// commit was given, which is not HEAD@{1}'s, and whose id has no
	// reflog: the commit of the entry, said to be as it reads now.
	_, err := r.Resolve("HEAD@{1}:x")
	out, _ := r.run(nil, "rev-parse", "HEAD@{1}")
	if at := short(strings.TrimSpace(string(out))); !strings.Contains(fmt.Sprint(err), "name the one meant: "+at+" (the commit HEAD@{1} reads now, of HEAD in the git directory") {
		t.Errorf("HEAD@{1}:x beside a branch HEAD: %v; want %s, the commit HEAD@{1} reads now", err, at)
	}
	// HEAD@{1}~1:x: that commit was given alone, its ~1 left out; each
	// way whole keeps it, the ref's own reflog for refs/heads/HEAD.
	_, err = r.Resolve("HEAD@{1}~1:x")
	if at := short(strings.TrimSpace(string(out))); !strings.Contains(fmt.Sprint(err), "; written whole, '"+at+"~1' or 'refs/heads/HEAD@{1}~1'") {
		t.Errorf("HEAD@{1}~1:x beside a branch HEAD: %v; want %s~1 written whole, the ~1 kept", err, at)
	}
	// HEAD~4..HEAD, whose way refs/heads/HEAD~4 is past that ref's
	// root (lead b of g16): refs/heads/HEAD's refs were listed twice
	// (its way named alone, then its past-root note), and pastRoot
	// asked whether NAME is a commit before rev-list, which fails of
	// one that is not: 19 git processes, then 17; and its end check and
	// refusal asked cat-file -t, rev-parse --verify and cat-file -e of
	// the unknown end, one cat-file --batch-check now (endObjects): 15.
	before := gitRuns.Load()
	_, err = r.Series("HEAD~4..HEAD", "x", "", "")
	if runs := gitRuns.Load() - before; !strings.Contains(fmt.Sprint(err), "(it is past the root: the first-parent line of refs/heads/HEAD holds 4 commits") || runs > 15 {
		t.Errorf("HEAD~4..HEAD beside a branch HEAD of 4 commits: %d git processes, %v; want at most 15, its way past the root said", runs, err)
	}
	const whole = "; written whole, "
	reads := func(rev string) string {
		out, _ := r.run(nil, "rev-parse", rev, "--")
		return string(out)
	}
	for _, spec := range []string{"HEAD~2..HEAD~1", "@~2..@~1", "HEAD~2..", "HEAD~2:x"} {
		rev, _, isPath := Split(spec)
		var err error
		if isPath {
			_, err = r.Resolve(spec)
		} else {
			_, err = r.Series(spec, "x", "", "")
		}
		_, ways, ok := strings.Cut(fmt.Sprint(err), whole)
		if !ok {
			t.Errorf("%s: %v; want it written whole each way", spec, err)
			continue
		}
		for i, way := range strings.Split(ways, " or ") {
			got, ok := shellWord(t, bash, way)
			if !ok {
				continue
			}
			if isPath {
				_, err = r.Resolve(got + ":x")
			} else {
				err = r.CheckRange(got)
			}
			if err != nil {
				t.Errorf("%s: %s given, refused: %v", spec, got, err)
			}
			if !isPath {
				rev = spec
			}
			if i == 0 && reads(got) != reads(rev) {
				t.Errorf("%s: %s given reads %q; want git's %q", spec, got, reads(got), reads(rev))
			}
		}
	}
}
