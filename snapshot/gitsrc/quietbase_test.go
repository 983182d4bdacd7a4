package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesQuietRangeBaseOffTheLine (pass 118a, issue 35, class b): a
// range A..B with --since, where no first-parent commit of it changed
// PATH, logged PATH "as commit A left it": A, a commit a merge brought
// in (here with -s ours, keeping none of it), or one of another branch
// altogether, is not where B's line left PATH. The one snapshot is PATH
// at the first parent of the range's oldest first-parent commit, the
// line's own.
func TestSeriesQuietRangeBaseOffTheLine(t *testing.T) {
	dir, commitTo := newRepo(t)
	commitTo("main", "x", "1")
	line, err := gittest.Git(dir, nil, "rev-parse", "main")
	if err != nil {
		t.Fatal(err)
	}
	commitTo("side", "x", "pr")
	commitTo("other", "x", "other")
	if _, err := gittest.Git(dir, nil, "checkout", "-q", "main"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(dir, nil, "merge", "-q", "--no-ff", "-s", "ours", "-m", "merge", "side"); err != nil {
		t.Fatal(err)
	}
	for _, rng := range []string{"side..main", "other..main"} {
		got, err := r0(dir).Series(rng, "a", "2000-01-01", "")
		if err != nil || len(got) != 1 || got[0].ID != strings.TrimSpace(line) {
			t.Errorf("Series(%q, since 2000-01-01) = %+v, %v; want a at %s alone, as main's line left it", rng, got, err, strings.TrimSpace(line))
		}
	}
}
