package diff

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestRestByHashOrder (class c) holds restByHash (the rest of a group
// where a side is respelt, pairGroup) to its order: by facets and then
// hashes, and in the version pass newest first, the hashes reversed
// too, as that pass's groups come. With the reversal undone, or the
// hashes left out (the group's order kept among equal facets), no
// other test failed: the mirror holds either way, both sides sorted
// alike, but the version pass's rest then took a group's oldest specs
// first, and leftovers of equal facets in the group's order. Of cmake
// 1 (hash c) and two builds of cmake 2 (b, a), given c b a: the
// version pass wants b a c, any other pass c a b, packed ranks or not.
// Fails with the reversal undone (2 checks) or the hashes left out (4).
func TestRestByHashOrder(t *testing.T) {
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	node := func(hash, version string) string {
		return fmt.Sprintf(`%q:{"name":"cmake","version":%q,"arch":{"platform":"linux","platform_os":"os","target":"x86_64"},"namespace":"builtin","parameters":{},"dependencies":[],"hash":%q}`, hash, version, hash)
	}
	root := func(hash string) string { return fmt.Sprintf(`{"hash":%q,"spec":"cmake"}`, hash) }
	s := loadLock(t, []string{root(h('c')), root(h('b')), root(h('a'))}, []string{node(h('c'), "1"), node(h('b'), "2"), node(h('a'), "2")})
	for _, packed := range []bool{true, false} {
		m := newMatcher(nil)
		specs := m.prepare(nil, s.Packages[0].Specs)
		m.rankSpecs(specs)
		byHash := map[byte]*spec{}
		for _, x := range specs {
			if !packed {
				x.packed = false
			}
			byHash[x.Hash[0]] = x
		}
		if packed && !byHash['a'].packed {
			t.Fatal("the specs' ranks are not packed")
		}
		given := []*spec{byHash['c'], byHash['b'], byHash['a']}
		for _, c := range []struct {
			skip int
			want string
		}{{fVersion, "cba"}, {fOS, "cab"}, {-1, "cab"}} {
			c.want = map[string]string{"cba": "bac", "cab": "cab"}[c.want] // 2b 2a 1 / 1 2a 2b
			var got []byte
			for _, x := range m.restByHash(slices.Clone(given), c.skip) {
				got = append(got, x.Hash[0])
			}
			if string(got) != c.want {
				t.Errorf("packed %v, skip %d: restByHash gives %s (hash letters; c is cmake 1, a and b cmake 2), want %s", packed, c.skip, got, c.want)
			}
		}
	}
}
