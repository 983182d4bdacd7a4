package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSpacedRangeDashedEnd (class e): a spaced range whose second end
// begins with - was left to the ends' check: 'HEAD~1 .. -main' said
// unknown revision "HEAD~1 " (a commit git knows) in the range, and
// 'HEAD~1 -main' unknown revision "HEAD~1 -main", where refs/heads/-main
// is a branch and HEAD~1..-main a range the log reads. Such an end is
// asked of git after --end-of-options: the range as one argument is
// given, or the end git knows no commit of named (git's reason of a
// reflog's, -main@{5}, asked so too); an option is no
// option there (--output=zz writes no file).
func TestSpacedRangeDashedEnd(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r, _ := xCommitsGit(t, 2, []string{"update-ref", "refs/heads/-main", "HEAD"})
	for _, c := range []struct{ rng, want string }{
		{"HEAD~1 .. -main", `revision range "HEAD~1 .. -main" has spaces: a range is one argument, 'HEAD~1..-main'`},
		{"HEAD~1 -main", `revision range "HEAD~1 -main" is two revisions: a range is one argument, 'HEAD~1..-main'`},
		{"HEAD~1 .. -main@{5}", `has spaces: a range is one argument (A..B), and revision -main@{5}: log for '-main' only has 1 entries`},
		{"HEAD~1 .. -nope", `revision range "HEAD~1 .. -nope" has spaces: a range is one argument (A..B), and git knows no commit "-nope"`},
		{"HEAD~1 --output=zz", `is two revisions: a range is one argument (A..B), and git knows no commit "--output=zz"`},
		{"HEAD~1 .. --output=zz@{1}", `has spaces: a range is one argument (A..B), and git knows no commit "--output=zz@{1}"`},
	} {
		_, err := r.Series(c.rng, "x", "", "")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), `"HEAD~1 "`) {
			t.Errorf("Series(%q): %v; want %s", c.rng, err, c.want)
		}
	}
	if _, err := os.Lstat(filepath.Join(r.dir, "zz")); err == nil {
		t.Errorf("--output=zz, an end of a spaced range, wrote a file zz")
	}
}
