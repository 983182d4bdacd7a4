package diff_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// A folder of two environments' lockfiles, rhel8's and debian11's, each
// rooting cmake over its own glibc. A root pairs within its own
// environment first, and a spec is counted once:
//   - rhel8's cmake@3.31.6 is now cmake@3.31.7, debian11's cmake is
//     written cmake %gcc@10 of one hash: debian11's cmake took
//     cmake@3.31.7 (first by name), "changed" into rhel8's spec (os
//     debian11 → rhel8) while its own hash was said added;
//   - both written cmake@3.31.6, now both cmake@3.31.7: paired in hash
//     order, each was said changed into the other environment's spec;
//   - both written cmake, debian11's gone and rhel8's bumped: paired in
//     hash order, debian11's was said changed into rhel8's new spec
//     (os debian11 → rhel8), and rhel8's own said removed.
func TestRootsPairWithinTheirEnvironment(t *testing.T) {
	glibc := map[string]string{"rhel": letterHash('r'), "debian": letterHash('s')}
	dir := t.TempDir()
	// root: "env:hash-letter:version:spelling"
	load := func(name string, roots []string) *snapshot.Snapshot {
		var l []envRoot
		for _, root := range roots {
			f := strings.SplitN(root, ":", 4)
			l = append(l, envRoot{env: f[0], hash: letterHash(f[1][0]), pkg: "cmake", version: f[2], spelling: f[3], glibcHash: glibc[f[0]], glibcVersion: "2.31"})
		}
		return loadEnvLocks(t, dir, name, l)
	}
	for i, c := range []struct {
		old, new                []string
		removed, added, changed []string // hashes' letters; changed "old>new"
	}{
		{[]string{"rhel:a:3.31.6:cmake@3.31.6", "debian:b:3.31.6:cmake"},
			[]string{"rhel:c:3.31.7:cmake@3.31.7", "debian:b:3.31.6:cmake %gcc@10"},
			[]string{"b"}, []string{"b"}, []string{"a>c"}},
		{[]string{"rhel:a:3.31.6:cmake@3.31.6", "debian:b:3.31.6:cmake@3.31.6"},
			[]string{"rhel:d:3.31.7:cmake@3.31.7", "debian:c:3.31.7:cmake@3.31.7"},
			nil, nil, []string{"a>d", "b>c"}},
		// Both written cmake, debian11's gone and rhel8's bumped: one
		// new root, paired in hash order with debian11's (os debian11
		// → rhel8), and rhel8's own was said removed.
		{[]string{"rhel:b:3.31.6:cmake", "debian:a:3.31.6:cmake"},
			[]string{"rhel:c:3.31.7:cmake"},
			[]string{"a"}, nil, []string{"b>c"}},
	} {
		o, n := load(fmt.Sprintf("o%d", i), c.old), load(fmt.Sprintf("n%d", i), c.new)
		for _, mirror := range []bool{false, true} {
			a, b := o, n
			removed, added, changed := c.removed, c.added, slices.Clone(c.changed)
			if mirror {
				a, b, removed, added = n, o, c.added, c.removed
				for k, x := range changed {
					changed[k] = x[2:] + ">" + x[:1]
				}
			}
			r, err := diff.CompareWith(a, b, diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if err := r.CheckLaws(); err != nil {
				t.Errorf("case %d (mirror %v): %v", i, mirror, err)
			}
			gotRemoved, gotAdded, got := rootLetters(r.Causes.Roots)
			slices.Sort(got)
			slices.Sort(changed)
			if !slices.Equal(gotRemoved, removed) || !slices.Equal(gotAdded, added) || !slices.Equal(got, changed) {
				t.Errorf("case %d (mirror %v): removed %v, added %v, changed %v; want %v, %v, %v",
					i, mirror, gotRemoved, gotAdded, got, removed, added, changed)
			}
		}
	}
}
