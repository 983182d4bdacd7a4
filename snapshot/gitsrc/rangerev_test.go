package gitsrc

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestResolveRangeRev (class e): a REV:PATH whose REV is a range
// (git:HEAD~1..HEAD:snap, HEAD^!:snap) said "unknown revision
// HEAD~1..HEAD", of revisions git knows. It says that REV:PATH reads
// one commit, and gives the log of the range, its PATH from the current
// folder as log --revs reads it, and for A..B the pair of its ends:
// each, read back by the shell, is taken. A REV whose ".." is inside
// braces (a message's pattern) is read as the commit it names.
func TestResolveRangeRev(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	top := xCommits(t, 3)
	if err := os.Mkdir(filepath.Join(top.dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	sub, err := OpenRepo(filepath.Join(top.dir, "sub"))
	if err != nil {
		t.Fatal(err)
	}
	shellRead := func(words string) []string {
		t.Helper()
		out, err := exec.Command(bash, "-c", `printf '%s\0' `+words).Output()
		if err != nil {
			t.Fatalf("bash read %s: %v", words, err)
		}
		return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	}
	for _, tc := range []struct {
		r    *Repo
		spec string
		pair bool
	}{{top, "HEAD~2..HEAD:x", true}, {sub, "HEAD^!:x", false}, {sub, "HEAD~1..:x", false},
		// git reads HEAD@{1}..HEAD^{commit} as a reflog date, warning
		// that HEAD's reflog does not reach back to it: that warning
		// was said, not the range.
		{top, "HEAD@{1}..HEAD:x", true}} {
		_, err := tc.r.Resolve(tc.spec)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		_, log, ok := strings.Cut(msg, "is a range of commits, not one: REV:PATH reads PATH at one commit; to step through the range's commits, cachediff ")
		if !ok {
			t.Errorf("Resolve(%q): %v; want it called a range, and its log", tc.spec, err)
			continue
		}
		// Each in the repository's folder, -C DIR (lead a of 2d5de576).
		log, pair, hasPair := strings.Cut(log, "; to compare its ends, cachediff ")
		if args := shellRead(log); len(args) != 6 || args[0] != "-C" || args[1] != tc.r.dir || args[2] != "log" || args[3] != "--revs" {
			t.Errorf("Resolve(%q): the log %s reads as %q", tc.spec, log, args)
		} else if got, err := tc.r.Series(args[4], args[5], "", ""); err != nil || len(got) < 2 {
			t.Errorf("Resolve(%q): the log --revs %q %q: %d commits, %v", tc.spec, args[4], args[5], len(got), err)
		}
		if hasPair != tc.pair {
			t.Errorf("Resolve(%q): %s; want the pair of its ends %v", tc.spec, msg, tc.pair)
			continue
		}
		if args := shellRead(pair); hasPair && (len(args) != 4 || args[0] != "-C" || args[1] != tc.r.dir) {
			t.Errorf("Resolve(%q): the pair %s reads as %q", tc.spec, pair, args)
		} else if hasPair {
			for _, a := range args[2:] {
				if _, err := tc.r.Resolve(a); err != nil {
					t.Errorf("Resolve(%q): the pair's %q: %v", tc.spec, a, err)
				}
			}
		}
	}
	if _, err := top.Resolve("HEAD^{/c..}:x"); err != nil {
		t.Errorf("HEAD^{/c..}:x, a commit by a message's pattern: %v", err)
	}
}

// TestResolveDashRef (class e): git:-y:x, of a branch -y (git update-ref
// refs/heads/-y), said unknown revision "-y", which git would read as an
// option: it gives the ref written in full, which is taken; and
// git:-y..HEAD:x is the range's error, named -y..HEAD as written, whose
// commands read refs/heads/-y..HEAD. A name
// that begins with - and names no ref is still unknown.
func TestResolveDashRef(t *testing.T) {
	r := xCommits(t, 2)
	gitRunner(t, r)("update-ref", "refs/heads/-y", "HEAD~1")
	r.ArgPrefix = "git:"
	_, err := r.Resolve("-y:x")
	_, full, ok := strings.Cut(fmt.Sprint(err), "with its ref written in full, ")
	if !ok {
		t.Fatalf(`Resolve("-y:x"): %v; want the ref written in full`, err)
	}
	if tree, err := r.Resolve(strings.TrimPrefix(full, "git:")); err != nil || full != "git:refs/heads/-y:x" {
		t.Errorf(`Resolve("-y:x") gives %s: %v`, full, err)
	} else if head, _ := r.Resolve("HEAD~1:x"); tree.Commit != head.Commit {
		t.Errorf("%s is commit %s, want HEAD~1's %s", full, tree.Commit, head.Commit)
	}
	if _, err := r.Resolve("-y..HEAD:x"); err == nil || !strings.Contains(err.Error(), `revision "-y..HEAD" is a range of commits`) || !strings.Contains(err.Error(), " refs/heads/-y..HEAD ") {
		t.Errorf(`Resolve("-y..HEAD:x"): %v; want the range -y..HEAD named, and refs/heads/-y..HEAD given`, err)
	}
	if _, err := r.Resolve("-n:x"); err == nil || err.Error() != `unknown revision "-n"` {
		t.Errorf(`Resolve("-n:x"): %v; want unknown revision "-n"`, err)
	}
}
