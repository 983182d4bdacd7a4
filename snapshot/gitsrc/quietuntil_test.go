package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesQuietUntilFutureAncestor (pass 119a, issue 35, class b): a
// range quiet within --since and --until, whose newest change of PATH
// below the dates is a commit dated past --until (a committer's clock
// set years ahead), logged PATH as the change before that one left it:
// git's --until hid the commit from the search for the last change,
// though every commit of the dates holds it. A change in the dates
// would have started from it (the first parent of the oldest listed);
// the quiet range's one snapshot is PATH at the newest commit up to
// --until, that commit's content.
func TestSeriesQuietUntilFutureAncestor(t *testing.T) {
	dir := datedHistory(t,
		time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2090, 1, 1, 0, 0, 0, 0, time.UTC), // a clock set ahead
	)
	if err := os.WriteFile(filepath.Join(dir, "README"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	d := "2021-06-01T00:00:00Z"
	env := []string{"GIT_AUTHOR_DATE=" + d, "GIT_COMMITTER_DATE=" + d}
	for _, args := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", "readme"}} {
		if _, err := gittest.Git(dir, env, args...); err != nil {
			t.Fatal(err)
		}
	}
	out, err := gittest.Git(dir, nil, "rev-parse", "main~1")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimSpace(out)
	got, err := r0(dir).Series("main", "a", "2021-01-01", "2022-01-01")
	if err != nil || len(got) != 1 || got[0].ID != want {
		t.Errorf("Series(main, a, since 2021-01-01, until 2022-01-01) = %+v, %v; want a at %s alone, as the commits of the dates hold it", got, err, want)
	}
}
