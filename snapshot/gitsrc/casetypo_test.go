package gitsrc

import (
	"strings"
	"testing"
)

// TestLogPathCaseTypo (adversarial pass q6, issue 35 class e): a log's
// PATH typed in another case (_cache/Develop, _CACHE/develop), which no
// commit holds as written, was refused as a name that a case-insensitive
// checkout merges with another: "writes both into one folder ... rename
// one", where the repository has one folder, and the path meant went
// unnamed, while the pair HEAD~1:_cache/Develop HEAD:... said "did you
// mean". It is a PATH that does not exist, and the one meant is named.
func TestLogPathCaseTypo(t *testing.T) {
	repo, _ := series(t)
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ rng, since, p string }{
		{"HEAD~2..HEAD", "", "_cache/Develop"},
		{"HEAD~2..HEAD", "", "_CACHE/develop"},
		{"HEAD", "2000-01-01", "_cache/DEVELOP"},
	} {
		c, err := r.Series(tc.rng, tc.p, tc.since, "")
		if err == nil || strings.Contains(err.Error(), "in another case") || !strings.Contains(err.Error(), "did you mean _cache/develop?") {
			t.Errorf("log --revs %s (since %q) %s: %d commits, %v; want PATH said not to exist, and _cache/develop named", tc.rng, tc.since, tc.p, len(c), err)
		}
	}
}
