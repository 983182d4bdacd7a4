package gitsrc

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestShallowCloneUnknownRefHint (round 3 of issue 35, class e): in a
// shallow clone (actions/checkout's), a branch or tag that was not
// fetched (git:main:_cache/develop, log --revs main..HEAD) was "unknown
// revision main (this is a shallow clone, whose history stops short:
// fetch more of it, e.g. git fetch --deepen=N ...)": deepening fetches
// no ref, so the fix it named was the wrong one. A name no ref has is
// told to be fetched as a ref (origin/main as main from origin); a
// revision past the history (HEAD~5, an abbreviated id) keeps the
// hint of depth.
func TestShallowCloneUnknownRefHint(t *testing.T) {
	repo, _ := series(t)
	dir := t.TempDir()
	shallow := filepath.Join(dir, "shallow")
	if _, err := gittest.Git(dir, nil, "clone", "-q", "--depth", "1", "file://"+filepath.ToSlash(repo), shallow); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(shallow)
	if err != nil {
		t.Fatal(err)
	}
	for spec, want := range map[string]string{
		"nosuch:_cache/develop":          "(this shallow clone has no ref named nosuch: a clone such as actions/checkout's fetches the one ref it checks out; fetch it, git fetch --depth=N origin 'refs/*/nosuch:refs/*/nosuch', or name a revision the clone has)",
		"origin/nosuch~1:_cache/develop": "no ref named origin/nosuch: a clone such as actions/checkout's fetches the one ref it checks out; fetch it, git fetch --depth=N origin refs/heads/nosuch:refs/remotes/origin/nosuch,",
		"HEAD~5:_cache/develop":          "this is a shallow clone, whose history stops short: fetch more of it",
		"abcd123:_cache/develop":         "this is a shallow clone, whose history stops short: fetch more of it",
	} {
		_, err := r.Resolve(spec)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Resolve(%q) in a shallow clone: %v; want %q", spec, err, want)
		}
	}
	if _, err := r.Series("nosuch..HEAD", "_cache/develop", "", ""); err == nil || !strings.Contains(err.Error(), "no ref named nosuch") {
		t.Errorf("Series(nosuch..HEAD) in a shallow clone: %v; want the ref named", err)
	}
}
