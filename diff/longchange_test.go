package diff_test

import (
	"testing"
	"unsafe"

	"github.com/cachediff/cachediff/diff"
)

// TestLongChangeSharedWithPair (issue 35: memory within 4x the input):
// a spec whose variants changed is its own cause, and the cause's change
// is the pair's from and to. With every variant of a spec of many
// flipped, both are as long as its variants (12 MB each at 1.28M): the
// cause's were a copy, written again from the same lists. They are now
// the pair's strings, and explaining allocates less than a copy of them.
func TestLongChangeSharedWithPair(t *testing.T) {
	const n = 50000
	old, nw := loadManyVariants(t, n, func(int) bool { return true })
	r, err := diff.CompareReleasing(old, nw, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	p := r.Packages[0].Specs.Updated[0]
	if p.Facet != "variants" || len(p.From) < n*9 {
		t.Fatalf("the pair's change is %s of %d bytes, want every variant", p.Facet, len(p.From))
	}
	if r.Causes == nil || len(r.Causes.Table) != 1 || len(r.Causes.Table[0].Changes) != 1 {
		t.Fatalf("causes %+v, want the pair's own change alone", r.Causes)
	}
	ch := r.Causes.Table[0].Changes[0]
	if ch.From != p.From || ch.To != p.To {
		t.Fatalf("the cause's change differs from the pair's")
	}
	if unsafe.StringData(ch.From) != unsafe.StringData(p.From) || unsafe.StringData(ch.To) != unsafe.StringData(p.To) {
		t.Errorf("the cause's from and to (%d and %d bytes) are copies of the pair's, not its strings", len(ch.From), len(ch.To))
	}
}
