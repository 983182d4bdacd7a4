package diff_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRootLabelsOneAKey (issue 35 class c, r35): RootsApart.Labels gives
// the roots of one key (both hashes: one spec written as two roots,
// "zlib" and "zlib@1.3") one label, made of that key's spec once, and
// the facet that tells the keys apart is found among the keys, not the
// roots: of the key spelt twice (gcc@9) and a third root alike of
// another key (gcc@10), the labels are %gcc@9, %gcc@9 and %gcc@10. Each
// root its own label, the compiler told no two roots apart (the key's
// two are one spec) and the labels fell to hashes, "/aaaaaaa → /ccccccc"
// twice beside "/bbbbbbb → /ddddddd": no test held the rule.
func TestRootLabelsOneAKey(t *testing.T) {
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	spec := func(hash, version, compiler string) *diff.Spec {
		return &diff.Spec{Hash: hash, Versions: []string{version}, Compiler: compiler}
	}
	o9, n9 := spec(h('a'), "1.3", "gcc@9"), spec(h('c'), "1.5", "gcc@9")
	o10, n10 := spec(h('b'), "1.3", "gcc@10"), spec(h('d'), "1.5", "gcc@10")
	r := &diff.Report{Packages: []diff.Package{{Name: "zlib", Specs: diff.SpecChanges{
		Updated: []diff.Pair{{Old: o9, New: n9}, {Old: o10, New: n10}},
	}}}}
	rs := func(root string, s *diff.Spec) diff.RootSpec {
		return diff.RootSpec{Root: root, Name: "zlib", Version: s.Versions[0], Hash: s.Hash}
	}
	for _, c := range []struct {
		name  string
		roots []diff.RootChange
		want  []string
	}{
		{"the key's two spellings first", []diff.RootChange{
			{Root: "zlib", Old: rs("zlib", o9), New: rs("zlib", n9)},
			{Root: "zlib@1.3", Old: rs("zlib@1.3", o9), New: rs("zlib@1.3", n9)},
			{Root: "zlib", Old: rs("zlib", o10), New: rs("zlib", n10)},
		}, []string{"%gcc@9", "%gcc@9", "%gcc@10"}},
		{"the other key between them", []diff.RootChange{
			{Root: "zlib", Old: rs("zlib", o9), New: rs("zlib", n9)},
			{Root: "zlib", Old: rs("zlib", o10), New: rs("zlib", n10)},
			{Root: "zlib@1.3", Old: rs("zlib@1.3", o9), New: rs("zlib@1.3", n9)},
		}, []string{"%gcc@9", "%gcc@10", "%gcc@9"}},
	} {
		r.Causes = &diff.Causes{Roots: &diff.RootChanges{Changed: c.roots, Added: []diff.RootSpec{}, Removed: []diff.RootSpec{}}}
		got := diff.NewRootsApart(r).Labels(c.roots, []int{0, 1, 2})
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: labels %q, want %q (one label a key)", c.name, got, c.want)
		}
	}
}
