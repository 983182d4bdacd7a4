package jsonv1

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// bigChangeReport is the report of one spec of n variants, every one
// flipped: one updated pair whose from and to list every variant, as
// do its update group, its cause's group and the causes' table.
func bigChangeReport(n int) *diff.Report {
	var from, to strings.Builder
	old, nw := make([]string, n), make([]string, n)
	for i := range n {
		old[i], nw[i] = fmt.Sprintf("+v%07d", i), fmt.Sprintf("~v%07d", i)
		if i > 0 {
			from.WriteByte(' ')
			to.WriteByte(' ')
		}
		from.WriteString(old[i])
		to.WriteString(nw[i])
	}
	change := []diff.Change{{Kind: "variants", From: from.String(), To: to.String()}}
	self := 0
	r := &diff.Report{
		Packages: []diff.Package{{Name: "libdwarf", Status: "changed", Specs: diff.SpecChanges{Updated: []diff.Pair{{
			Old:   &diff.Spec{Hash: "u5uz3dcch5if4eve4sef67o2rf2lbfgh", Versions: []string{"1"}, Variants: old, Stacks: []string{}},
			New:   &diff.Spec{Hash: "u5uz3dcch5if4eve4sef67o2rf2lbfgi", Versions: []string{"1"}, Variants: nw, Stacks: []string{}},
			Facet: "variants", From: change[0].From, To: change[0].To,
			Why: &diff.Why{Known: true, Changed: []diff.DepChange{}, Self: &self},
		}}}}},
		Updates: []diff.UpdateGroup{{Facet: "variants", From: change[0].From, To: change[0].To, Specs: 1, Packages: []string{"libdwarf"}}},
		Causes: &diff.Causes{Pairs: 1, Known: 1, Explained: 1, Own: 1,
			Groups: []diff.CauseGroup{{Name: "libdwarf", Changes: change, Specs: 1, Updated: 1, Own: 1, Via: []string{"libdwarf"}}},
			Table:  []diff.Cause{{Name: "libdwarf", OldHash: "u5uz3dcch5if4eve4sef67o2rf2lbfgh", NewHash: "u5uz3dcch5if4eve4sef67o2rf2lbfgi", Changes: change}},
		},
	}
	r.Highlights = diff.News(r)
	return r
}

// leastJSONAlloc writes r as JSON three times and returns the least
// bytes a writing allocated, and the bytes it wrote: what the pools
// (encoding/json's, the chunks of ordered) still hold from a run before
// varies.
func leastJSONAlloc(t *testing.T, r *diff.Report) (alloc, out float64) {
	t.Helper()
	for range 3 {
		var w countingDiscard
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := JSON(&w, r); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if a := float64(after.TotalAlloc - before.TotalAlloc); alloc == 0 || a < alloc {
			alloc = a
		}
		out = float64(w.n)
	}
	return alloc, out
}

// countingDiscard counts the bytes written to it.
type countingDiscard struct{ n int64 }

func (c *countingDiscard) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// TestBigChangeJSONAllocs (issue 35: memory within 4x the input): the
// members after the packages (the updates, the causes) were encoded
// with the rest of the document before the packages were written,
// compact and then indented into a buffer of twice its size, and held
// until the end; the highlights were indented into a buffer of their
// own, and a pair's from and to appended past the room reserved for its
// specs, doubling the chunk. One spec of 1.28M variants, every one
// flipped (a 40 MB pair of spec.json): 570 MB peak RSS for the JSON, 341
// MB for Markdown. Now each member after the packages, and each element
// of its long lists, is encoded after the packages, one at a time, and
// indented into the stream: writing allocates at most 2x the bytes it
// writes (before: 2.9x at 50k variants, 3.8-4.1x at 200k; now 0.3-1.1x,
// and 1.53x with no pool kept, as under -race).
func TestBigChangeJSONAllocs(t *testing.T) {
	measure := func(n int) (alloc, out float64) { return leastJSONAlloc(t, bigChangeReport(n)) }
	const n = 50000
	a1, o1 := measure(n)
	a4, o4 := measure(4 * n)
	t.Logf("%d variants: %.0f bytes written, %.0f allocated (%.2fx); %d: %.0f written, %.0f allocated (%.2fx)", n, o1, a1, a1/o1, 4*n, o4, a4, a4/o4)
	// Bytes written grow with the variants: a bound on what writing them
	// allocates a byte written holds 4x the variants to 4x the bytes.
	// (A bound on the ratio of the two sizes' allocations alone is at the
	// mercy of what the pools kept.)
	for _, m := range [][3]float64{{n, a1, o1}, {4 * n, a4, o4}} {
		if r := m[1] / m[2]; r > 2 {
			t.Errorf("%.0f variants: writing the JSON allocated %.2fx the bytes written, want at most 2x", m[0], r)
		}
	}
}

// largestWrite records the longest write made to it.
type largestWrite struct{ n, most int }

func (l *largestWrite) Write(p []byte) (int, error) {
	l.n += len(p)
	l.most = max(l.most, len(p))
	return len(p), nil
}

// TestBigChangeJSONStreamed (issue 35: memory within 4x the input): a
// package whose one pair is tens of MB of JSON (200k variants a side,
// every one flipped: 12 MB) is written as it is rendered, in writes of
// about a chunk, not held whole and written at once. A spec of many
// variants was given room for its size and cut only between specs and
// pairs: at 1.28M variants the pair's 100 MB were held until written
// (the JSON's peak RSS: 317-328 MB, against 243-263 now).
func TestBigChangeJSONStreamed(t *testing.T) {
	r := bigChangeReport(200000)
	// The package alone: the members after it are written an element
	// at a time (writeTail), each element compact (TestBigChangeJSONAllocs).
	r.Highlights, r.Updates, r.Causes = []diff.Highlight{}, nil, nil
	var w largestWrite
	if err := JSON(&w, r); err != nil {
		t.Fatal(err)
	}
	if w.most > 256<<10 {
		t.Errorf("the JSON (%d bytes) was written in writes of up to %d bytes, want at most 256 KB: a part held whole", w.n, w.most)
	}
}
