package snapshot_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/snapshot"
)

// TestShownPathCut (adversarial pass i25, class e): ShownPath named a
// path whole, and an argument of 28 KB (an https:// URL, input's
// ArgError) began its message with it, which the command's line cap of
// 8 KB cut before what was wrong. Past 2 KB it is cut about the mark,
// its end kept; a short one is as it was.
func TestShownPathCut(t *testing.T) {
	for _, p := range []string{"https://h/" + strings.Repeat("a", 28<<10) + "/build_cache", strings.Repeat("\u0456", 2000) + "/specs.md"} {
		got := snapshot.ShownPath(p)
		if len(got) > 2<<10+16 || !strings.Contains(got, cutmark.Of(p)) || !strings.HasSuffix(strings.TrimSuffix(got, `"`), p[len(p)-9:]) {
			t.Errorf("ShownPath of %d bytes: %d bytes, %.80q…; want at most 2 KB, cut with its mark, its end kept", len(p), len(got), got)
		}
	}
	if got := snapshot.ShownPath("_cache/x\u0430/specs.md"); got != `"_cache/x\u0430/specs.md"` {
		t.Errorf("ShownPath of a short path: %s; want it whole, quoted in ASCII", got)
	}
}
