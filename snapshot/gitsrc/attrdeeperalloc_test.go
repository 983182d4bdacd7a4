package gitsrc

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestRewritingAboveDeeperLinear: each .gitattributes above a tree is
// judged with the lines of those below it (rewritingAbove), within a
// budget of 4x their size in all (past it, a line counts as it did), so
// that 4x as many folders, each with a .gitattributes of lines that the
// last overrides, allocate at most
// 4.4x the bytes, not 16x.
func TestRewritingAboveDeeperLinear(t *testing.T) {
	allocs := func(depth int) float64 {
		var attrs []attrFile
		text := []byte(strings.Repeat("*.md ident\n", 200))
		for i := range depth {
			attrs = append(attrs, attrFile{path: strings.Repeat("d/", i) + ".gitattributes", data: text})
		}
		attrs = append(attrs, attrFile{path: "last/.gitattributes", data: []byte("*.md -ident\n" + strconv.Itoa(depth))})
		tr := &Tree{attrs: attrs}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		tr.encodingAbove()
		runtime.ReadMemStats(&after)
		return float64(after.TotalAlloc - before.TotalAlloc)

	}
	small, big := allocs(50), allocs(200)
	if big > 4.4*small {
		t.Errorf("4x the folders: %.0f bytes allocated, %.1fx those of %.0f; want at most 4.4x", big, big/small, small)
	}
}
