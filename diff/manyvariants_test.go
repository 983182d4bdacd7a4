package diff_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// writeManyVariants writes a spec file of one node with n variants,
// each true, or false where flip says so.
func writeManyVariants(t *testing.T, path, hash string, n int, flip func(int) bool) {
	var b strings.Builder
	b.WriteString(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"libdwarf","version":"20130729",` +
		`"arch":{"platform":"test","platform_os":"debian6","target":"core2"},"namespace":"builtin.mock",` +
		`"parameters":{"build_system":"generic"`)
	for i := range n {
		fmt.Fprintf(&b, `,"v%07d":%t`, i, !flip(i))
	}
	b.WriteString(`,"cflags":[],"cppflags":[],"cxxflags":[],"fflags":[],"ldflags":[],"ldlibs":[]},` +
		`"package_hash":"n7axrpelzl5kjuctt4yoaaf33gvgnik6cx7fjudwhc6hvywdrr4q====","hash":"` + hash + `"}]}}`)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// loadManyVariants loads two spec files of one spec of n variants, all
// off in the old one and those flip says flipped in the new, with one
// Shared between them, as the command loads a pair.
func loadManyVariants(t *testing.T, n int, flip func(int) bool) (old, nw *snapshot.Snapshot) {
	t.Helper()
	dir := t.TempDir()
	writeManyVariants(t, filepath.Join(dir, "old.spec.json"), "u5uz3dcch5if4eve4sef67o2rf2lbfgh", n, func(int) bool { return false })
	writeManyVariants(t, filepath.Join(dir, "new.spec.json"), "u5uz3dcch5if4eve4sef67o2rf2lbfgi", n, flip)
	opt := snapshot.Options{Shared: new(snapshot.Shared)}
	old, err := snapshot.Load(filepath.Join(dir, "old.spec.json"), opt)
	if err != nil {
		t.Fatal(err)
	}
	nw, err = snapshot.Load(filepath.Join(dir, "new.spec.json"), opt)
	if err != nil {
		t.Fatal(err)
	}
	return old, nw
}

// TestManyVariantsCompareAllocs (issue 35: a 4x input costs at most
// 4.4x; memory within 4x the input): one spec of many variants, every
// one flipped or just one. The variants only one side has were found
// with a map of the other side's, built for each of about eight calls a
// pair (1.28M variants: 80 MB a call, 5.4x the time of 320k), and the
// variants every spec shares counted in a map with an object a variant.
// Canonical lists are in order (by name, then whole), and both are now
// a merge: comparing allocates no object a variant, and (before: 912
// and 342 bytes a variant) at most 210 bytes a variant all flipped, 115
// one flipped.
//
// All flipped, the change (every variant, on each side) was copied
// whole into the key that groups causes by their change, into the key
// of shared causes, and into the text that orders groups of one size
// and name, made for every group: 390 bytes a variant. The keys now
// number the change's texts (changeIDs), and the text is made only for
// groups compared by it: 295. The cause's change was written again from
// the pair's lists; it is the pair's from and to (sharedDelta): 243.
// The pair wrote both lists whole (show) before writing what each side
// alone has in their place, and made a list of those to join
// (listops.Minus): 243 and 124 bytes; now MinusJoin writes the string
// alone: 191 and 104.
//
// Each side's list was joined for the interner by append, then copied
// (interner.joined), every group's from and to parsed as versions to
// order groups that did not tie (updateGroups), and the one cause's
// change joined into a sort key by a growing builder, for a table of
// one (a key of its changes, now compared field by field): now 57 and 52.
func TestManyVariantsCompareAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	for _, tc := range []struct {
		name string
		flip func(int) bool
		most float64 // bytes allocated a variant
	}{
		// Each side's variants only it has, kept by the pair, its cause
		// and the lists' interned keys.
		{"all flipped", func(int) bool { return true }, 70},
		{"one flipped", func(i int) bool { return i == 0 }, 64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			measure := func(n int) (mallocs, bytes float64) {
				old, nw := loadManyVariants(t, n, tc.flip)
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				r, err := diff.CompareReleasing(old, nw, diff.Filter{})
				runtime.ReadMemStats(&after)
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Packages) != 1 || len(r.Packages[0].Specs.Updated) != 1 {
					t.Fatalf("want one package of one updated pair")
				}
				return float64(after.Mallocs - before.Mallocs), float64(after.TotalAlloc - before.TotalAlloc)
			}
			const n = 20000
			m1, b1 := measure(n)
			m4, b4 := measure(4 * n)
			t.Logf("%d variants: %.0f mallocs, %.0f bytes; %d: %.0f mallocs, %.0f bytes (%.2fx)", n, m1, b1, 4*n, m4, b4, b4/b1)
			if per := m4 / (4 * n); per > 0.1 {
				t.Errorf("%d variants: %.2f mallocs a variant, want at most 0.1", 4*n, per)
			}
			if per := b4 / (4 * n); per > tc.most {
				t.Errorf("%d variants: %.0f bytes allocated a variant, want at most %.0f", 4*n, per, tc.most)
			}
			if b4/b1 > 4.4 {
				t.Errorf("4x the variants allocated %.2fx the bytes, want at most 4.4x", b4/b1)
			}
		})
	}
}
