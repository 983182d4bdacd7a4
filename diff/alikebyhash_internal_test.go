package diff

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestAlikeByHashOneSpecTakesTheFirst: pairAlikeByHash pairs a spec
// alone on its side of a group (the scan without maps) with the first by
// hash of the other side's specs alike to it one way round (its stacks
// as loaded) or the other (respelt back), as it pairs the group with a
// spec more beside it (the walk of both sides by hash): of new n1 (alike
// neither way), n2 (one way) and n3 (the other), o takes n2, whether
// its hash sorts before theirs or after. Fails with the scan taking the
// last alike (n3): 2 checks (o alone, before and after), and with the
// walk taking the later of the two it finds: 1 (o before).
func TestAlikeByHashOneSpecTakesTheFirst(t *testing.T) {
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	node := func(hash string) string {
		return fmt.Sprintf(`%q:{"name":"cmake","version":"1","arch":{"platform":"linux","platform_os":"os","target":"x86_64"},"namespace":"builtin","parameters":{},"dependencies":[],"hash":%q}`, hash, hash)
	}
	root := func(hash, spelling string) string { return fmt.Sprintf(`{"hash":%q,"spec":%q}`, hash, spelling) }
	for _, oc := range [][2]byte{{'a', 'd'}, {'z', 'y'}} { // o before the new specs by hash, and after
		o, o2 := h(oc[0]), h(oc[1]) // o2: alike to none
		n1, n2, n3 := h('k'), h('m'), h('p')
		old := loadLock(t, []string{root(o, "cmake@1"), root(o2, "cmake@=1")}, []string{node(o), node(o2)})
		cur := loadLock(t, []string{root(n1, "cmake@1.0"), root(n2, "cmake@1"), root(n3, "cmake")}, []string{node(n1), node(n2), node(n3)})
		stacksOf := func(specs []*spec, hash string) []string {
			for _, s := range specs {
				if s.Hash == hash {
					return s.Stacks
				}
			}
			t.Fatalf("no spec %s", hash)
			return nil
		}
		for _, alone := range []bool{true, false} {
			m := newMatcher(nil)
			olds := m.prepare(nil, old.Packages[0].Specs)
			news := m.prepare(nil, cur.Packages[0].Specs)
			m.other = &otherStacks{og: GraphOf(old), back: map[string][]string{
				n1: {"other"}, n2: {"elsewhere"}, n3: stacksOf(olds, o), // n3 alike the other way round
			}}
			if alone {
				olds = slices.DeleteFunc(olds, func(s *spec) bool { return s.Hash == o2 })
			}
			m.pairAlikeByHash(olds, news, -1)
			var got []string
			for _, x := range m.ms {
				got = append(got, x.o.Hash[:1]+">"+x.n.Hash[:1])
			}
			if want := []string{o[:1] + ">m"}; !slices.Equal(got, want) {
				t.Errorf("o %s, alone %v: pairs %q, want %q", o[:1], alone, got, want)
			}
			if stacksOf(news, n2)[0] != stacksOf(olds, o)[0] || stacksOf(news, n3)[0] == stacksOf(olds, o)[0] {
				t.Errorf("o %s: stacks o %q n2 %q n3 %q: n2 not alike one way round alone", o[:1], stacksOf(olds, o), stacksOf(news, n2), stacksOf(news, n3))
			}
		}
	}
}
