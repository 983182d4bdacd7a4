package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLogRevsURLNotQuoted (adversarial pass 122a): log --revs RANGE
// given a mirror URL for PATH (the mirror the nightly job uploads to)
// took it for a path in the repository, cleaned of its // and quoted
// whole: "no commit of main changed https:/user:TOKEN@host/x". It is
// refused as a URL, named without its password or token.
func TestLogRevsURLNotQuoted(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := filepath.Join(t.TempDir(), "catalogue")
	if _, err := gittest.Commits(repo, "../../testdata/spack-gen/old"); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{
		"https://user:s3cret@mirror.example.org/cache",
		"https:/user:s3cret@mirror.example.org/cache",
		"./HTTPS://mirror.example.org/cache?token=s3cret",
		`https:\\user:s3cret@mirror.example.org\cache`,
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"log", "-C", repo, "--revs", "main", p}, &stdout, &stderr)
		if code != exitTrouble || strings.Contains(stdout.String()+stderr.String(), "s3cret") || !strings.Contains(stderr.String(), "mirror.example.org") {
			t.Errorf("log --revs main %s: exit %d, stderr %q; want it refused, named without its password or token", p, code, stderr.String())
		}
	}
}
