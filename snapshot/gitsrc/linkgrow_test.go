package gitsrc

import (
	"runtime"
	"strings"
	"testing"
)

// TestLinkWalkCopiesNoName: following a link pushes its target on the
// name left to look up, never joins the two. Joined, the name grew by a
// target a link followed and was copied whole each time: a link "y" to
// y/y/.../y (4 KiB) cost 40 copies of up to 160 KiB, 3.2 MB, a name
// through it, so that 4,000 linked pages through y took 14 s (1,000
// linked pages plainly, under 1 s). Measured in bytes allocated.
func TestLinkWalkCopiesNoName(t *testing.T) {
	w := newLinkWalker("", []File{{Path: "y", Kind: Symlink, OID: "Y"}}, nil)
	w.targets["Y"] = strings.Repeat("y/", maxTarget/2-1) + "y"
	const walks = 20
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range walks {
		if l, state, _ := w.walk("y"); state != walkDone || l.typ != "loop" {
			t.Fatalf("y to y/y/.../y: %s; want a loop", l.typ)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / walks; per > 4*maxTarget {
		t.Errorf("a walk through a link of %d bytes allocated %d bytes; want at most %d (no name copied)", maxTarget-1, per, 4*maxTarget)
	}
}
