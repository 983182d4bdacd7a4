package markdown

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestWarningsCutKeepsARow: cut to a small --max-bytes, the section of
// warnings keeps its first warning or goes whole: cut to no row it was
// "### Warnings (300)" over a blank line and "…and 300 more warnings.",
// a heading over nothing but its own count again. Each limit keeps the
// report within it.
func TestWarningsCutKeepsARow(t *testing.T) {
	r := reporttest.OnePackage("zlib")
	for i := range 300 {
		r.Warnings = append(r.Warnings, snapshot.Warning{File: "new/a", Line: i + 1, Message: "something odd"})
	}
	const heading = "### Warnings (300)\n"
	var shown, dropped int
	for limit := 600; limit <= 1100; limit += 5 {
		out, ok := cutTo(t, r, limit)
		if !ok {
			continue
		}
		if len(out) > limit {
			t.Errorf("--max-bytes %d: %d bytes", limit, len(out))
		}
		i := strings.Index(out, heading)
		if i < 0 {
			dropped++
			continue
		}
		shown++
		if !strings.HasPrefix(out[i+len(heading):], "\n- new/a:1: something odd\n") {
			t.Errorf("--max-bytes %d: the warnings' heading is not over their first:\n%s", limit, out[i:])
		}
	}
	if shown == 0 || dropped == 0 {
		t.Errorf("%d limits show the warnings, %d drop them: want some of each", shown, dropped)
	}
}
