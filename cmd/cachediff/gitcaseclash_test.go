package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitCaseClashRefused: with "*.md ident" in _cache/.GITATTRIBUTES,
// which a checkout on a case-insensitive file system (macOS, Windows)
// reads as _cache/.gitattributes, the diff of git:HEAD~1:_cache/develop
// and git:HEAD:_cache/develop said "3 packages changed" and a log over
// the commit "no commit in this range changed _cache/develop", exit 0,
// while such a checkout rewrites the pages. Both are refused, exit 2,
// naming the file, on lines of their own.
func TestGitCaseClashRefused(t *testing.T) {
	_, weeklyGit, _ := weeklyRepo(t)
	dir := t.TempDir()
	repo := filepath.Join(dir, "clone")
	if _, err := gittest.Git(dir, nil, "clone", "-q", weeklyGit, repo); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "_cache", ".GITATTRIBUTES"), []byte("*.md ident\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "_cache/.GITATTRIBUTES"}, {"commit", "-q", "-m", "attributes"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"-C", repo, "git:HEAD~1:_cache/develop", "git:HEAD:_cache/develop"},
		{"log", "-C", repo, "--revs", "HEAD~1..HEAD", "_cache/develop"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), `:_cache/.GITATTRIBUTES: ".GITATTRIBUTES" is .gitattributes in another case`) {
			t.Errorf("%v: exit %d, %s%s; want exit 2 naming _cache/.GITATTRIBUTES", args, code, stdout.String(), stderr.String())
		}
	}
}
