package diff_test

import (
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRootOwnProviderSwap: a root now another package's (a provider
// swap) names the swap as its own change in its Markdown and HTML row,
// as the headline and the highlight do: the row named the two packages'
// facets, "own: 4.1 → 5.0" for mpich@4.1 → openmpi@5.0 (one package
// upgraded, to read), and "own: hash changed" for openblas@1.0 →
// blis@1.0. Its other facets stay.
func TestRootOwnProviderSwap(t *testing.T) {
	c := &diff.Causes{}
	for _, tc := range []struct {
		old, new diff.RootSpec
		changes  []diff.Change
		want     []diff.Change
	}{
		{diff.RootSpec{Root: "mpi", Name: "mpich", Version: "4.1"}, diff.RootSpec{Root: "mpi", Name: "openmpi", Version: "5.0"},
			[]diff.Change{{Kind: "version", From: "4.1", To: "5.0"}, {Kind: "compiler", From: "gcc@12", To: "gcc@13"}},
			[]diff.Change{{Kind: "provider", From: "mpich@4.1", To: "openmpi@5.0"}, {Kind: "compiler", From: "gcc@12", To: "gcc@13"}}},
		{diff.RootSpec{Root: "blas", Name: "openblas", Version: "1.0"}, diff.RootSpec{Root: "blas", Name: "blis", Version: "1.0"},
			[]diff.Change{},
			[]diff.Change{{Kind: "provider", From: "openblas@1.0", To: "blis@1.0"}}},
		{diff.RootSpec{Root: "zlib", Name: "zlib", Version: "1.2"}, diff.RootSpec{Root: "zlib", Name: "zlib", Version: "1.3"},
			[]diff.Change{{Kind: "version", From: "1.2", To: "1.3"}},
			[]diff.Change{{Kind: "version", From: "1.2", To: "1.3"}}},
	} {
		r := diff.RootChange{Root: tc.old.Root, Old: tc.old, New: tc.new, Changes: tc.changes}
		if got := c.RootOwn(&r); !slices.Equal(got, tc.want) {
			t.Errorf("%s %s → %s: own %v; want %v", r.Root, r.Old.SpecText(), r.New.SpecText(), got, tc.want)
		}
	}
}
