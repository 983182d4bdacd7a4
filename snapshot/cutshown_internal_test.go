package snapshot

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestCutShownPieces (class c): two rules of CutShown that no test held,
// each undone alone (fd8cef39). Its tail starts at a character's start:
// from the byte at the cut, the 2-byte і's last byte, it was quoted as
// "\x96", a byte the path does not hold so. And a head and tail that
// would overlap (the path shown over n only quoted) are not shown: of a
// path of 2,047 bytes holding " and " about the join, head and tail
// were the whole path and its d again about the mark, "… and…d bbb",
// raw, read as cut where nothing was.
func TestCutShownPieces(t *testing.T) {
	p := strings.Repeat("\u0456", 1200) + "a"
	if got := loadingPath(p, false); strings.Contains(got, `\x`) || !strings.HasSuffix(got, `\u0456a"`) {
		t.Errorf("cut of %d bytes of \\u0456 and a: …%s; want its tail from a character's start", len(p), got[max(0, len(got)-60):])
	}

	p = strings.Repeat("a", 1532) + " and " + strings.Repeat("b", 510)
	got := loadingPath(p, false)
	head, tail, ok := strings.Cut(got, cutmark.Of(p))
	head, tail = strings.TrimPrefix(head, `"`), strings.TrimSuffix(tail, `"`)
	if !ok || len(head)+len(tail) >= len(p) || !strings.HasPrefix(p, head) || !strings.HasSuffix(p, tail) {
		t.Errorf("cut of %d bytes: %q…%q; want a head and a tail of the path about the mark", len(p), got[:min(20, len(got))], got[max(0, len(got)-40):])
	}
}
