package diff

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/cachediff/cachediff/snapshot"
)

// altsLock loads a lockfile of two environments' roots of foo: each
// environment's roots written foo, one a zlib of its own, the last
// sharing the first's zlib; respelt, each but the last is written
// spellings[e][i] and rebuilt, and the last is removed (weak: its
// spelling is respelt in its environment). A root of foo on centos7
// stays on both sides.
func altsLock(t *testing.T, spellings [2][]string, respelt bool) *snapshot.Snapshot {
	t.Helper()
	var roots, specs []string
	node := func(name, hash, osName, variant, deps string) string {
		return fmt.Sprintf(`%q:{"name":%q,"version":"1","arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"namespace":"builtin","parameters":{"ssl":%s},"dependencies":[%s],"hash":%q}`,
			hash, name, osName, variant, deps, hash)
	}
	for e, osName := range []string{"rhel8", "debian11"} {
		m := len(spellings[e])
		for i := range m + 1 {
			z := spellHash('z', 10*e+i%m)
			if i < m {
				specs = append(specs, node("zlib", z, osName, "false", ""))
			}
			spelling, hash, variant := "foo", spellHash('f', 10*e+i), "false"
			if respelt {
				if i == m {
					continue
				}
				spelling, hash, variant = spellings[e][i], spellHash('g', 10*e+i), "true"
			}
			quoted, err := json.Marshal(spelling) // a NUL written \u0000
			if err != nil {
				t.Fatal(err)
			}
			roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%s}`, hash, quoted))
			specs = append(specs, node("foo", hash, osName, variant, zlibDep(z)))
		}
	}
	// A root of foo on centos7 on both sides: the new side writes foo,
	// so no spelling goes whole into foo in every environment
	// (r.wholeInto), and a weak root's zlib takes its own environment's
	// alts alone.
	root, more := centosFoo()
	return loadLock(t, append(roots, root), append(specs, more...))
}

// centosFoo is a root of foo on centos7 over a zlib of its own: its
// root and its two specs.
func centosFoo() (root string, specs []string) {
	z, k := spellHash('y', 0), spellHash('k', 0)
	node := func(name, hash, deps string) string {
		return fmt.Sprintf(`%q:{"name":%q,"version":"1","arch":{"platform":"linux","platform_os":"centos7","target":"x86_64"},"namespace":"builtin","parameters":{"ssl":false},"dependencies":[%s],"hash":%q}`,
			hash, name, deps, hash)
	}
	return fmt.Sprintf(`{"hash":%q,"spec":"foo"}`, k), []string{node("zlib", z, ""), node("foo", k, zlibDep(z))}
}

// zlibDep is a link dependency on the zlib of hash z.
func zlibDep(z string) string {
	return fmt.Sprintf(`{"name":"zlib","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, z)
}

// TestRespeltAltsHoldingNUL (class b): a weak root's alts (the
// spellings its environment's roots are respelt into) were numbered by
// the list joined by NULs, and a lockfile's root may be written with
// one ("foo@2\u0000foo@3", which the loaders keep): rhel8's alts foo@1
// and foo@2\x00foo@3 and debian11's foo@1\x00foo@2 and foo@3 were one
// list, and the zlib each environment's removed root shares took the
// other environment's, or none: its old stacks were not those of the
// same lockfiles written with \x02 for the NUL. The lists are keyed by
// listKey; the stacks are the same, each of 8 runs (map order). Since
// 9d96ef6c a weak root's alts are those that go whole into foo in its
// environment, and, the new side writing foo nowhere, all four went
// whole into foo everywhere (r.wholeInto) and each zlib took them from
// there whatever its alts: the test passed with altsID's key joined by
// NULs; centos7's foo, kept, empties r.wholeInto. The
// lockfile loader now refuses a root spelling holding a control
// character (f357a59c), so the spellings are loaded with "§" and
// respelt in memory: the engine keys no list by a separator its values
// may hold, whatever a future loader lets through.
func TestRespeltAltsHoldingNUL(t *testing.T) {
	sp := [2][]string{{"foo@2§foo@3", "foo@1"}, {"foo@3", "foo@1§foo@2"}}
	sameWithNUL(t, func(respelt bool) *snapshot.Snapshot { return altsLock(t, sp, respelt) })
}

// TestRespeltTookHoldingNUL (class b): what a spec takes of a weak
// rename's alts (weakTookKey) was written out joined by NULs, and the
// stacks were made once for each key: of rhel8's foo@1, foo@1\x00foo@2
// and foo@2, z1 takes foo@1 and foo@2, z2 foo@1\x00foo@2, one key, and
// z2 had z1's stacks or z1 z2's. Keyed by listKey they are apart.
// Since the merge of m3 (7888ade0) keyed the key's r.wholeInto part by
// listKey too, the test passed with the alts joined by NULs (that part
// told the zlibs apart): centos7's foo, kept, empties r.wholeInto, and
// it fails so once more.
func TestRespeltTookHoldingNUL(t *testing.T) {
	sameWithNUL(t, func(respelt bool) *snapshot.Snapshot { return tookLock(t, respelt) })
}

// TestRespeltKeptHoldingNUL (class c): the old spellings the new side's
// spec of a hash is in (keptOf), part of the key respellStacks makes a
// spec's stacks once for (listSet's kept), had no test that failed
// with them joined by NULs: rhel8's a foo@1, b foo@2 and c foo@1§foo@2
// (a NUL), over lib1 and lib2, respelt root by root (none whole: no
// alts, nothing taken), the old spellings still written, foo@1§foo@2
// over lib1 and foo@1 and foo@2 over lib2. Joined, lib1's kept and
// lib2's were one key over one list of roots (the loader's, shared),
// and lib2 took lib1's stacks: in foo@1§foo@2, not in foo@1 and foo@2.
func TestRespeltKeptHoldingNUL(t *testing.T) {
	sameWithNUL(t, func(respelt bool) *snapshot.Snapshot { return keptLock(t, respelt) })
}

// keptLock loads a lockfile of rhel8's roots a foo@1, b foo@2 and c
// foo@1§foo@2 over lib1 and lib2; respelt, a, b and c are written
// foo@=1, foo@=2 and foo@=3 (each beside a root added under it, so that
// none goes whole into its old spelling), and the old spellings stay
// written: foo@1§foo@2 by a root over lib1, foo@1 and foo@2 by roots
// over lib2.
func keptLock(t *testing.T, respelt bool) *snapshot.Snapshot {
	t.Helper()
	node := func(name, hash, deps string) string {
		return fmt.Sprintf(`%q:{"name":%q,"version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`,
			hash, name, deps, hash)
	}
	dep := func(name, h string) string {
		return fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, name, h)
	}
	l1, l2 := spellHash('l', 1), spellHash('l', 2)
	specs := []string{node("lib1", l1, ""), node("lib2", l2, "")}
	var roots []string
	root := func(h, spelling, deps string) {
		roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, h, spelling))
		specs = append(specs, node("foo", h, deps))
	}
	both := dep("lib1", l1) + "," + dep("lib2", l2)
	for i, sp := range [][2]string{{"foo@1", "foo@=1"}, {"foo@2", "foo@=2"}, {"foo@1§foo@2", "foo@=3"}} {
		if !respelt {
			root(spellHash('f', i), sp[0], both)
			continue
		}
		root(spellHash('f', i), sp[1], both)
		root(spellHash('x', i), sp[1], "")
	}
	if respelt {
		root(spellHash('n', 1), "foo@1§foo@2", dep("lib1", l1))
		root(spellHash('n', 2), "foo@1", dep("lib2", l2))
		root(spellHash('n', 3), "foo@2", dep("lib2", l2))
	}
	return loadLock(t, roots, specs)
}

// sameWithNUL fails unless the old side's stacks, lock's spellings
// respelt (on either side) with "§" written as a NUL, are those written
// with \x02, each of 8 runs (map order).
func sameWithNUL(t *testing.T, lock func(respelt bool) *snapshot.Snapshot) {
	t.Helper()
	stacksOf := func(sep string) []string {
		old, cur := lock(false), lock(true)
		WriteSep(old, sep)
		WriteSep(cur, sep)
		s, _ := respellStacksBytes(old, cur, func(*respelling) {})
		var out []string
		for _, p := range s.Packages {
			for _, x := range p.Specs {
				out = append(out, fmt.Sprintf("%s %s %s %q", p.Name, x.OS, x.Hash, strings.ReplaceAll(strings.Join(x.Stacks, " "), sep, "+")))
			}
		}
		slices.Sort(out)
		return out
	}
	want := stacksOf("\x02")
	for range 8 {
		if got := stacksOf("\x00"); !slices.Equal(got, want) {
			t.Fatalf("the old side's stacks, spellings holding a NUL:\n%q\nwant, written with \\x02:\n%q", got, want)
		}
	}
}

// WriteSep rewrites the "§" of s's spellings as sep, a character the
// Spack loaders refuse (cc795530): each spec's stacks, root, variants
// and compiler. The tests of keys that values may hold any byte in load
// "§" and write the byte in memory; exported for the external tests.
func WriteSep(s *snapshot.Snapshot, sep string) {
	// A list the loader shares between specs (a lockfile's nodes share
	// their list of roots) is rewritten once and shared still: the
	// engine keys lists by identity (memo.List).
	written := map[*string][]string{}
	each := func(l []string) []string {
		if len(l) == 0 {
			return l
		}
		if out, ok := written[unsafe.SliceData(l)]; ok && len(out) == len(l) {
			return out
		}
		out := make([]string, len(l))
		for j, v := range l {
			out[j] = strings.ReplaceAll(v, "§", sep)
		}
		written[unsafe.SliceData(l)] = out
		return out
	}
	for _, p := range s.Packages {
		for i := range p.Specs {
			x := &p.Specs[i]
			x.Stacks, x.Variants = each(x.Stacks), each(x.Variants)
			x.Compiler = strings.ReplaceAll(x.Compiler, "§", sep)
			if x.More != nil {
				x.More.Root = strings.ReplaceAll(x.More.Root, "§", sep)
			}
		}
	}
}

// tookLock loads a lockfile of rhel8's roots of foo over two zlibs, z1
// and z2; respelt, the first three are written foo@1, foo@1§foo@2 and
// foo@2 and rebuilt, foo@1 and foo@2 over z1 alone and foo@1§foo@2
// over z2 alone, and the last is removed (weak). A root of foo on
// centos7 stays on both sides (centosFoo): the new side writing foo
// nowhere, the three spellings went whole into foo everywhere
// (r.wholeInto), and each zlib's key held what of them it takes, by
// listKey, whatever weakTookKey made of its alts.
func tookLock(t *testing.T, respelt bool) *snapshot.Snapshot {
	t.Helper()
	node := func(name, hash, variant, deps string) string {
		return fmt.Sprintf(`%q:{"name":%q,"version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"namespace":"builtin","parameters":{"ssl":%s},"dependencies":[%s],"hash":%q}`,
			hash, name, variant, deps, hash)
	}
	z1, z2 := spellHash('z', 1), spellHash('z', 2)
	roots := []string{}
	specs := []string{node("zlib", z1, "false", ""), node("zlib", z2, "false", "")}
	for i, spelling := range []string{"foo@1", "foo@1§foo@2", "foo@2", ""} {
		hash, variant, deps := spellHash('f', i), "false", zlibDep(z1)+","+zlibDep(z2)
		if !respelt {
			spelling = "foo"
		} else if spelling == "" {
			continue
		} else {
			hash, variant, deps = spellHash('g', i), "true", zlibDep(z1)
			if i == 1 {
				deps = zlibDep(z2)
			}
		}
		roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, hash, spelling))
		specs = append(specs, node("foo", hash, variant, deps))
	}
	root, more := centosFoo()
	return loadLock(t, append(roots, root), append(specs, more...))
}
