package gitsrc

import (
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
	}{{top, "HEAD~2..HEAD:x", true}, {sub, "HEAD^!:x", false}, {sub, "HEAD~1..:x", false}} {
		_, err := tc.r.Resolve(tc.spec)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		_, log, ok := strings.Cut(msg, "is a range of commits, not one: REV:PATH reads PATH at one commit; to step through the range's commits, cachediff log --revs ")
		if !ok {
			t.Errorf("Resolve(%q): %v; want it called a range, and its log", tc.spec, err)
			continue
		}
		log, pair, hasPair := strings.Cut(log, "; to compare its ends, cachediff ")
		if args := shellRead(log); len(args) != 2 {
			t.Errorf("Resolve(%q): the log %s reads as %q", tc.spec, log, args)
		} else if got, err := tc.r.Series(args[0], args[1], "", ""); err != nil || len(got) < 2 {
			t.Errorf("Resolve(%q): the log --revs %q %q: %d commits, %v", tc.spec, args[0], args[1], len(got), err)
		}
		if hasPair != tc.pair {
			t.Errorf("Resolve(%q): %s; want the pair of its ends %v", tc.spec, msg, tc.pair)
			continue
		}
		if hasPair {
			for _, a := range shellRead(pair) {
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
