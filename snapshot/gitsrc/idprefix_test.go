package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestHintIDsReadAlone (class e): a way to paste given by a commit's id
// wrote its first 12 hex digits, which git refused where another object
// shares them (a loose object a repository crafted: ShareIDPrefix),
// "short object ID … is ambiguous": HEAD~2..HEAD beside a branch HEAD
// was told to write '910928af58b7~2..910928af58b7', refused in turn. Each
// id a refusal gives to paste is one git reads as its commit alone
// (git rev-parse --short=12: a digit more here).
func TestHintIDsReadAlone(t *testing.T) {
	r, git := xCommitsGit(t, 3, []string{"update-ref", "refs/heads/HEAD", "HEAD~1"})
	// A side branch merged in: its commit is off main's first-parent line.
	git("checkout", "-q", "-b", "side", "HEAD~2")
	os.WriteFile(filepath.Join(r.dir, "y"), []byte("y"), 0o644)
	git("add", "y")
	git("commit", "-q", "-m", "side")
	git("checkout", "-q", "main")
	git("merge", "-q", "--no-ff", "-m", "merge", "side")
	os.WriteFile(filepath.Join(r.dir, ".git", "-q"), []byte(mustRevParse(t, r, "main~1")+"\n"), 0o644)
	ids := strings.Fields(mustGit(t, r.dir, "", "rev-list", "--all"))
	if err := gittest.ShareIDPrefix(r.dir, ids...); err != nil {
		t.Fatal(err)
	}
	way := regexp.MustCompile(`([0-9a-f]{12,40})(?:~[0-9]+)?(?:\.\.|\^|:)|\.\.([0-9a-f]{12,40})\b`)
	for _, c := range []struct {
		name string
		err  func() error
	}{
		{"HEAD~2..HEAD beside a branch HEAD", func() error { return r.CheckRange("HEAD~2..HEAD") }},
		{"-q~1..main, -q a file of the git directory", func() error { _, err := r.Series("-q~1..main", "x", "", ""); return err }},
		{"side..main, side off main's first-parent line", func() error { return r.CheckRange("side..main") }},
	} {
		err := c.err()
		if err == nil {
			t.Errorf("%s: taken", c.name)
			continue
		}
		found := way.FindAllStringSubmatch(err.Error(), -1)
		if len(found) == 0 {
			t.Errorf("%s: %q; want a way by a commit's id", c.name, err)
		}
		for _, m := range found {
			id := m[1] + m[2]
			if _, gerr := gittest.Git(r.dir, nil, "rev-parse", "--verify", "--quiet", id+"^{commit}"); gerr != nil {
				t.Errorf("%s: %q gives %s, which git reads as no one commit", c.name, err, id)
			}
		}
	}
}

func mustRevParse(t *testing.T, r *Repo, rev string) string {
	t.Helper()
	return strings.TrimSpace(mustGit(t, r.dir, "", "rev-parse", rev))
}

// TestMessageIDsReadAlone (class e): the ids messages show, not as a way
// to paste but which a user may paste (git show ID), were cut at 12
// digits, which git refused where another object shares them
// (ShareIDPrefix): a path not at a commit's "(commit ID)", a revision
// past the root's oldest commit, the log's "did you mean P? (at ID)".
// Each is git's own abbreviation, which it reads as the commit alone.
func TestMessageIDsReadAlone(t *testing.T) {
	r := xCommits(t, 3)
	ids := strings.Fields(mustGit(t, r.dir, "", "rev-list", "--all"))
	if err := gittest.ShareIDPrefix(r.dir, ids...); err != nil {
		t.Fatal(err)
	}
	id := regexp.MustCompile(`(?:commit|\(at) ([0-9a-f]{12,40})\b`)
	for _, c := range []struct {
		name string
		err  func() error
	}{
		{"HEAD:nope", func() error { _, err := r.Resolve("HEAD:nope"); return err }},
		{"HEAD~5:x, past the root", func() error { _, err := r.Resolve("HEAD~5:x"); return err }},
		{"log of HEAD~1..HEAD X, x meant", func() error { _, err := r.Series("HEAD~1..HEAD", "X", "", ""); return err }},
	} {
		err := c.err()
		found := id.FindAllStringSubmatch(fmt.Sprint(err), -1)
		if len(found) == 0 {
			t.Errorf("%s: %v; want a commit's id", c.name, err)
		}
		for _, m := range found {
			if _, gerr := gittest.Git(r.dir, nil, "rev-parse", "--verify", "--quiet", m[1]+"^{commit}"); gerr != nil {
				t.Errorf("%s: %q names %s, which git reads as no one commit", c.name, err, m[1])
			}
		}
	}
}
