package gitsrc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRangeOfOneRevisionNamedOnce (class e): a --revs of one revision
// git does not know was named twice, "unknown revision nope in the
// range nope", and a revision of 9 KB was quoted twice (4.2 KB); a
// reflog's revision so, "revision HEAD@{99} in the range HEAD@{99}:
// log for …". The range is named after its end only where it is more
// than that end (nope..HEAD, ^nope keep it).
func TestRangeOfOneRevisionNamedOnce(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 1)
	long := strings.Repeat("r", 9000)
	for rng, want := range map[string]string{
		"nope":      "unknown revision nope",
		"HEAD@{99}": "revision HEAD@{99}: log for 'HEAD' only has ",
		long:        `unknown revision "rrr`,
		"nope..":    "unknown revision nope in the range nope..",
		"^nope":     "unknown revision nope in the range ^nope",
	} {
		_, err := r.Series(rng, "x", "", "")
		msg := fmt.Sprint(err)
		if !strings.HasPrefix(msg, want) || strings.Count(msg, " in the range ") != strings.Count(want, " in the range ") || len(msg) > maxQuotedInput+200 {
			t.Errorf("Series(%.20q): %.300s (%d bytes); want %q, the revision named once", rng, msg, len(msg), want)
		}
	}
}
