package diff

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/cachediff/cachediff/snapshot"
)

// Filter narrows a comparison to some packages and stacks, and loosens its
// matching. The zero Filter compares everything.
//
// The filters apply to both snapshots before they are compared, so that
// every count is of what they keep and the conservation laws hold: a spec
// outside the stacks is left out on its side, so a spec that leaves a
// selected stack shows as removed and one that joins it as added.
type Filter struct {
	// Packages are path.Match patterns (py-*, llvm); when any is given,
	// only packages whose name matches one are compared.
	Packages []string
	// Stacks are stack names; when any is given, only specs in at least
	// one of them are compared, and a package with no such spec is left
	// out of that snapshot.
	Stacks []string
	// Ignore are facets (FacetNames) that the matching keys leave out:
	// specs that differ only in them pair as rebuilt, and an update may
	// differ in them besides its one facet.
	Ignore []string
}

// FacetNames are the facets that identify a build, in the order of the
// updated passes: the values of Pair.Facet and of Filter.Ignore.
func FacetNames() []string { return slices.Clone(facetNames[:]) }

// Check reports the first invalid pattern or unknown facet of f.
func (f Filter) Check() error {
	_, err := f.normalize()
	return err
}

// normalize checks f and returns it sorted and de-duplicated: patterns and
// stacks in byte order, facets in pass order, every list non-nil.
func (f Filter) normalize() (Filter, error) {
	for _, p := range f.Packages {
		if _, err := path.Match(p, ""); err != nil {
			return f, fmt.Errorf("package pattern %q: %w", p, err)
		}
	}
	for _, name := range f.Ignore {
		if !slices.Contains(facetNames[:], name) {
			return f, fmt.Errorf("unknown facet %q: want one of %s", name, strings.Join(facetNames[:], ", "))
		}
	}
	var out Filter
	out.Packages = orEmpty(slices.Compact(slices.Sorted(slices.Values(f.Packages))))
	out.Stacks = orEmpty(slices.Compact(slices.Sorted(slices.Values(f.Stacks))))
	out.Ignore = []string{}
	for _, name := range facetNames {
		if slices.Contains(f.Ignore, name) {
			out.Ignore = append(out.Ignore, name)
		}
	}
	return out, nil
}

// apply returns s narrowed by f's packages and stacks; s itself when f
// keeps everything. It does not modify s.
func (f Filter) apply(s *snapshot.Snapshot) *snapshot.Snapshot {
	if len(f.Packages) == 0 && len(f.Stacks) == 0 {
		return s
	}
	out := *s
	out.Packages = nil
	for _, p := range s.Packages {
		if len(f.Packages) > 0 && !slices.ContainsFunc(f.Packages, func(pat string) bool {
			ok, _ := path.Match(pat, p.Name) // patterns are checked
			return ok
		}) {
			continue
		}
		if len(f.Stacks) > 0 {
			kept := *p
			kept.Specs = nil
			for _, sp := range p.Specs {
				if slices.ContainsFunc(sp.Stacks, func(st string) bool { return slices.Contains(f.Stacks, st) }) {
					kept.Specs = append(kept.Specs, sp)
				}
			}
			if len(kept.Specs) == 0 {
				continue
			}
			p = &kept
		}
		out.Packages = append(out.Packages, p)
	}
	return &out
}
