//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLogRevsLinkInsideWorkTree: log --revs reads PATH from the current
// folder, so with -C spelt through a symbolic link to a folder of the
// same work tree (_cache -> x), its snapshots are placed in the site by
// that spelling, as git:A:./develop git:B:./develop are and as the
// folder on disk is: measured where git says (/x/develop), -C _cache
// log --revs HEAD~1..HEAD --fail-on any develop said "Gate passed"
// (exit 0) over a retag of every page that the pair refused (exit 2).
func TestLogRevsLinkInsideWorkTree(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	data, err := os.ReadFile("../../testdata/real-series/develop-2025-02-16/bc/specs.md")
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	page := filepath.Join(repo, "x", "develop", "bc", "specs.md")
	if err := os.MkdirAll(filepath.Dir(page), 0o755); err != nil {
		t.Fatal(err)
	}
	for i, tag := range []string{"develop", "other"} {
		if err := os.WriteFile(page, gittest.Retag(data, tag), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-qm", tag}}[min(i, 1):] {
			if _, err := gittest.Git(repo, nil, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.Symlink("x", filepath.Join(repo, "_cache")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	cache := filepath.Join(repo, "_cache")
	for _, args := range [][]string{
		{"-C", cache, "--fail-on", "any", "git:HEAD~1:./develop", "git:HEAD:./develop"},
		{"log", "-C", cache, "--fail-on", "any", "--revs", "HEAD~1..HEAD", "develop"},
		{"log", "-C", cache, "--fail-on", "any", "--revs", "HEAD~1..HEAD", "./develop"},
		{"log", "-C", filepath.Join(cache, "develop", "bc"), "--fail-on", "any", "--revs", "HEAD~1..HEAD", ".."},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitTrouble {
			t.Errorf("%q: exit %d, want %d (the page's tag is not its folder's): %s%s", args, code, exitTrouble, stdout.String(), stderr.String())
		}
	}
}
