package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSymmetricSameEnds (class e): X...HEAD, X the commit HEAD is, said
// "the range X...HEAD selects no commit: ID and ID are the same commit",
// one commit named twice by its id for the two ends written. It names
// the ends as written, and a range the log takes, which pasted is read
// (none of a root commit, whose HEAD~1 is unknown).
func TestSymmetricSameEnds(t *testing.T) {
	bash := gittest.GitAndBash(t)
	r := xCommits(t, 3)
	gitRunner(t, r)("branch", "x")
	for _, tc := range []struct{ rng, ends string }{
		{"x...HEAD", "x and HEAD are"},
		{"HEAD...x", "HEAD and x are"},
		{"x...", "x and HEAD are"},
	} {
		_, err := r.Series(tc.rng, "x", "", "")
		if err == nil {
			t.Errorf("Series(%q) took it", tc.rng)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tc.ends+" the same commit") {
			t.Errorf("Series(%q): %s; want %q", tc.rng, msg, tc.ends)
		}
		givenRangeTaken(t, bash, r, tc.rng, "x", "(as ", ")")
	}
	// Of a root commit, HEAD~1..HEAD is unknown: no range is given.
	root := xCommits(t, 1)
	if _, err := root.Series("HEAD...HEAD", "x", "", ""); err == nil || strings.Contains(err.Error(), "(as ") || !strings.Contains(err.Error(), "HEAD and HEAD are the same commit") {
		t.Errorf("Series(HEAD...HEAD) of a root commit: %v; want the same commit, and no range given", err)
	}
}
