package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestTagFolderTreeRoot (class e): a commit whose root holds t1/ (pages
// of develop) and t2/ (of v0.23.0), read as HEAD:, said "no folder holds
// the pages of one tag alone: put each tag's pages in a folder of their
// own", of folders that do; as HEAD:./ it named HEAD:./t1. The folders
// below a tree's root REV: are named as below any other folder.
func TestTagFolderTreeRoot(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := t.TempDir()
	for dst, src := range map[string]string{"t1": "../../testdata/real/develop-2025-03-23/gcc-runtime", "t2": "../../testdata/real/v0.23.0/adept-utils"} {
		page, err := os.ReadFile(filepath.Join(src, "specs.md"))
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(repo, dst, filepath.Base(src))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "specs.md"), page, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-qm", "two tags"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, rev := range []string{"HEAD:", "git:HEAD:"} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", repo, rev, rev}, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "for example HEAD:t1") || strings.Contains(stderr.String(), "no folder holds") {
			t.Errorf("%s %s: exit %d, stderr %q; want 2, naming HEAD:t1", rev, rev, code, stderr.String())
		}
	}
}
