package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRevsSwappedGitPrefix (class e): log --revs _cache/develop
// git:HEAD~2..HEAD, RANGE and PATH swapped, said "write --revs
// 'git:HEAD~2..HEAD' _cache/develop", which pasted said "unknown
// revision git:HEAD~2": a range is revisions, and the hint writes it
// without git:, so that pasted it runs the log.
func TestRevsSwappedGitPrefix(t *testing.T) {
	_, repo, _ := weeklyRepo(t)
	if _, err := os.Stat(filepath.Join(repo, "_cache", "develop")); err != nil {
		t.Skip("the series has no checkout:", err)
	}
	var stdout, stderr bytes.Buffer
	want := "write --revs 'HEAD~2..HEAD' _cache/develop)\n"
	if code := run([]string{"log", "-C", repo, "--revs", "_cache/develop", "git:HEAD~2..HEAD"}, &stdout, &stderr); code != exitTrouble || !strings.HasSuffix(stderr.String(), want) {
		t.Fatalf("log --revs _cache/develop git:HEAD~2..HEAD: exit %d, stderr %q; want 2, ending %q", code, stderr.String(), want)
	}
	stderr.Reset()
	if code := run([]string{"log", "-C", repo, "-q", "--revs", "HEAD~2..HEAD", "_cache/develop"}, &stdout, &stderr); code == exitTrouble {
		t.Errorf("the hint pasted: exit %d, stderr %q; want it to run", code, stderr.String())
	}
}
