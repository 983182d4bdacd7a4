package diff_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// paramRoot is a lockfile root of hdf5, of no dependency, on debian11:
// its hash's letter, version, parameters (JSON members) and spelling.
type paramRoot struct{ letter, version, params, spelling string }

// paramLock writes roots as one lockfile in dir/name and loads it.
func paramLock(t *testing.T, dir, name string, roots []paramRoot) *snapshot.Snapshot {
	t.Helper()
	var ents, specs []string
	for _, r := range roots {
		h := letterHash(r.letter[0])
		ents = append(ents, fmt.Sprintf(`{"hash":%q,"spec":%q}`, h, r.spelling))
		specs = append(specs, fmt.Sprintf(`%q:{"name":"hdf5","version":%q,"arch":{"platform":"linux","platform_os":"debian11","target":"x86_64"},"compiler":{"name":"gcc","version":"10"},"namespace":"builtin","parameters":{%s},"hash":%q}`,
			h, r.version, r.params, h))
	}
	path := filepath.Join(dir, name, "spack.lock")
	writeLock(t, path, ents, specs)
	return loadPath(t, path)
}

// TestRootFacetsHoldingNUL (class b): roots no hash pairs pair by their
// compiler and variants (rootFacets), which were joined by NULs, and a
// variant's value held one where the loaders kept "\u0000": old B's
// a="x\x00b=y" read as new E's a=x b=y, and B (first in hash order) took
// E's root while its spec was updated into Z, of B's very facets; J, of
// facets of its own, took Z's root. The Spack loaders refuse such a
// value now (cc795530), so the lockfiles are loaded with "§" and the NUL
// written in memory (diff.WriteSep): the engine keys no list by a separator
// its values may hold. Written with \x02, B's root pairs with Z's, as
// its spec.
func TestRootFacetsHoldingNUL(t *testing.T) {
	dir := t.TempDir()
	for i, sep := range []string{"\x00", "\x02"} {
		o := paramLock(t, dir, fmt.Sprint("o", i), []paramRoot{{"b", "1.0", `"a":"x§b=y"`, "hdf5@1.0"}, {"j", "1.0", `"a":"w"`, "hdf5@1.0"}})
		n := paramLock(t, dir, fmt.Sprint("n", i), []paramRoot{{"e", "2.0", `"a":"x","b":"y"`, "hdf5@2.0"}, {"z", "3.1", `"a":"x§b=y"`, "hdf5@3.1"}})
		diff.WriteSep(o, sep)
		diff.WriteSep(n, sep)
		rootsBothWays(t, fmt.Sprintf("%q", sep), o, n, []string{"changed b>z hdf5@1.0>hdf5@3.1", "changed j>e hdf5@1.0>hdf5@2.0"}, func(where string, r *diff.Report) {
			for _, p := range r.Packages {
				for _, x := range p.Specs.Updated {
					if o, n := x.Old.Hash[:1], x.New.Hash[:1]; o+n != "bz" && o+n != "zb" {
						t.Errorf("%s: spec %s updated into %s, want b's into z", where, o, n)
					}
				}
			}
		})
	}
}
