package gitsrc

import (
	"strings"
	"testing"
)

// TestSeriesNoCommitYet (pass 117a, issue 35, class e): in a repository
// without a commit (a new one, a CI job's checkout of an empty
// repository), `log --revs HEAD PATH` said "unknown revision HEAD",
// sending the user to look for a typo in a name git always knows. The
// error says the repository has no commit yet.
func TestSeriesNoCommitYet(t *testing.T) {
	dir, _ := newRepo(t)
	for _, rng := range []string{"HEAD", "main", "HEAD~1..HEAD"} {
		_, err := r0(dir).Series(rng, "a", "", "")
		if err == nil || !strings.Contains(err.Error(), "has no commit yet") {
			t.Errorf("Series(%q) in a repository without a commit: %v; want it to say it has no commit yet", rng, err)
		}
	}
	// A repository with a commit says nothing of the kind.
	dir = oneCommit(t)
	if _, err := r0(dir).Series("nosuch..main", "a", "", ""); err == nil || strings.Contains(err.Error(), "no commit yet") {
		t.Errorf("Series(nosuch..main): %v; want an unknown revision, and no word of a repository without commits", err)
	}
}
