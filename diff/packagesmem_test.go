package diff

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// Issue 35's memory rule on a one-sided diff (every spec added, a
// package each): the report's list of packages (384 bytes each) grew by
// append, up to twice its size while copied. It is made at its size.
func TestReportPackagesAtSize(t *testing.T) {
	const n = 3000
	old := &snapshot.Snapshot{Path: "old", Packages: []*snapshot.Package{}}
	nw := &snapshot.Snapshot{Path: "new"}
	for i := range n {
		s := sp(fmt.Sprintf("h%031d", i), "1.0", "gcc@13.2.0", "x86_64_v3")
		nw.Packages = append(nw.Packages, &snapshot.Package{Name: fmt.Sprintf("p%05d", i), Specs: []snapshot.Spec{s}, Origin: &snapshot.Origin{File: "new"}})
	}
	r, err := CompareWith(old, nw, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Packages) != n || cap(r.Packages) != n {
		t.Errorf("%d new packages: a list of %d with room for %d, want %d", n, len(r.Packages), cap(r.Packages), n)
	}
}
