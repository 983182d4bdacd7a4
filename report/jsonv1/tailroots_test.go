package jsonv1

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestTailRootsAsValue: tailRoots writes the causes' roots as value
// wrote them whole (encoding/json, compacted, indented): empty lists,
// nil ones, strings to escape (HTML escaping off), renamed roots and
// the counts present or absent.
func TestTailRootsAsValue(t *testing.T) {
	spec := func(s string) diff.RootSpec {
		return diff.RootSpec{Root: s + "@1 <a&b>", Name: s, Version: "1\n\u2028", Hash: "h\xff" + s}
	}
	for _, rc := range []*diff.RootChanges{
		{},
		{Added: []diff.RootSpec{}, Removed: []diff.RootSpec{}, Changed: []diff.RootChange{}},
		{Added: []diff.RootSpec{spec("a"), spec("b")}, Removed: []diff.RootSpec{spec("c")}, Changed: []diff.RootChange{}, Unchanged: 3},
		{
			Added: []diff.RootSpec{}, Removed: []diff.RootSpec{spec("\"q\"")},
			Changed:   []diff.RootChange{{Root: "x", Old: spec("x"), New: spec("y"), Changes: []diff.Change{}, Why: &diff.Why{}, Respelt: diff.Respelt{Kept: 2}}},
			Renamed:   []diff.RootRename{{Root: "z", Old: spec("z"), New: spec("z"), Respelt: diff.Respelt{Joined: 1}}},
			Unchanged: 1, FewerRoots: 2, MoreRoots: 3, OtherRoots: -4,
		},
	} {
		checkTailAsValue(t, rc, func(tw *tailWriter, prefix string) { tailRoots(tw, rc, prefix) })
	}
}

// TestTailRootsBytes (issue 35, class d): a report's causes' roots are
// written a root at a time (writeTail, tailRoots): written whole, a
// lockfile pair's 32,000 roots (6.6 MB of compact JSON) were held twice
// at once, the encoder's buffer and the writer's, each grown a quarter
// at a time, and allocated 32 MB at the end of the diff, its heap at its
// fullest. Now writing them allocates a small part of what is written.
func TestTailRootsBytes(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	const n = 20_000
	rc := &diff.RootChanges{Added: make([]diff.RootSpec, n), Removed: []diff.RootSpec{}, Changed: []diff.RootChange{}}
	for i := range rc.Added {
		rc.Added[i] = diff.RootSpec{Root: fmt.Sprintf("p%d@1", i), Name: fmt.Sprintf("p%d", i), Version: "1", Hash: fmt.Sprintf("%032x", i)}
	}
	out, alloc := tailAlloc(t, &diff.Report{Causes: &diff.Causes{Roots: rc}})
	ratio := float64(alloc) / float64(out)
	t.Logf("%d roots: %d bytes written, %d allocated (%.3fx)", n, out, alloc, ratio)
	if ratio > 0.5 {
		t.Errorf("%d roots: writing %d bytes allocated %d, %.2fx; want at most 0.5x (the roots written whole?)", n, out, alloc, ratio)
	}
}
