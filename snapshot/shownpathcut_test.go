package snapshot_test

import (
	"regexp"
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

// TestShownPathCutKeepsEscapes (adversarial pass i26, class e): a long
// URL was cut inside a %-escape, in an argument's message (ShownPath)
// and a mirror's file's (CutShown): "…/a%20a%2…bb2d926ca%20…", and
// "…59df8bd8a…" after a cut "%2", the 0 of a %20 read after the mark's
// digits. Each escape is kept whole or left out.
func TestShownPathCutKeepsEscapes(t *testing.T) {
	cut := regexp.MustCompile(`(.)(.)…[0-9a-f]{8}(.)`)
	for shift := range 4 {
		p := "https://h/" + strings.Repeat("a", shift) + strings.Repeat("a%20", 1500) + strings.Repeat("b", shift) + "/build_cache"
		m := cut.FindStringSubmatch(snapshot.ShownPath(p))
		if m == nil || m[1] == "%" || m[2] == "%" || !strings.Contains("a%b", m[3]) {
			t.Errorf("ShownPath of %d bytes of a%%20: %q about its mark; want no escape cut", len(p), m)
		}
	}
	// A % that begins no escape is cut as any byte: as long as "!z"
	// cut (class c, i27: taken for an escape, each % at a cut's end
	// with the byte after it was left out, and no check failed).
	p := strings.Repeat("%z", 3000)
	got, like := snapshot.ShownPath(p), snapshot.ShownPath(strings.Repeat("!z", 3000))
	if len(got) > 2<<10+16 || !strings.Contains(got, cutmark.Of(p)) || len(got) != len(like) {
		t.Errorf("ShownPath of 3,000 %%z: %d bytes; want at most 2 KB, cut, as long as 3,000 !z cut (%d)", len(got), len(like))
	}
}
