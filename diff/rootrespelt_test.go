package diff_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// respeltLock writes, under dir/name, one lockfile per root ("env:hash
// letter:glibc version:spelling"; env rhel, debian or ubuntu, each its
// own os) of zlib 1.3 over a glibc, and loads the folder. A glibc other
// than 2.31 has the hash of the letter after the root's.
func respeltLock(t *testing.T, dir, name string, roots []string) *snapshot.Snapshot {
	t.Helper()
	glibc := map[string]string{"rhel": letterHash('r'), "debian": letterHash('s'), "ubuntu": letterHash('u')}
	var l []envRoot
	for _, root := range roots {
		f := strings.SplitN(root, ":", 4)
		env, libc := f[0], f[2]
		gh := glibc[env]
		if libc != "2.31" {
			gh = letterHash(f[1][0] + 1)
		}
		l = append(l, envRoot{env: env, hash: letterHash(f[1][0]), pkg: "zlib", version: "1.3", spelling: f[3], glibcHash: gh, glibcVersion: libc})
	}
	return loadEnvLocks(t, dir, name, l)
}

// Two environments' lockfiles, rhel8's and debian11's, each rooting
// zlib@1.3, each its own spec; rhel8's alone is written zlib@=1.3 in the
// new snapshot, debian11's stays zlib@1.3. rhel8's root is that root
// respelt, as it is where no other environment writes zlib@1.3: renamed
// (of one hash) or changed (rebuilt, as its spec pairs), never "1 root
// removed (zlib@1.3); 1 root added (zlib@=1.3)", which said one spec gone
// and another come, and its specs "restacked". Either way round (the
// mirror: a root respelt into a spelling another environment's root
// wrote already, Joined), beside debian11's root changed, with a third
// environment, and the whole rename (both respelt) and one respelt while
// the other environment's root is removed, which stay as they were.
func TestRootRespeltInOneEnvironment(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		old, new                []string
		removed, added, changed []string // hashes' letters; changed "old>new"
		renamed                 []string // "old spelling>new spelling"
		kept                    int      // Kept of each respelt root (Joined, mirrored)
	}{
		// Respelt, of one hash: renamed.
		{[]string{"rhel:a:2.31:zlib@1.3", "debian:b:2.31:zlib@1.3"},
			[]string{"rhel:a:2.31:zlib@=1.3", "debian:b:2.31:zlib@1.3"},
			nil, nil, nil, []string{"zlib@1.3>zlib@=1.3"}, 1},
		// Respelt and rebuilt over a new glibc: changed.
		{[]string{"rhel:a:2.31:zlib@1.3", "debian:b:2.31:zlib@1.3"},
			[]string{"rhel:c:2.35:zlib@=1.3", "debian:b:2.31:zlib@1.3"},
			nil, nil, []string{"a>c"}, nil, 1},
		// Both rebuilt, one respelt: each changed in its environment.
		{[]string{"rhel:a:2.31:zlib@1.3", "debian:b:2.31:zlib@1.3"},
			[]string{"rhel:c:2.35:zlib@=1.3", "debian:e:2.35:zlib@1.3"},
			nil, nil, []string{"a>c", "b>e"}, nil, 1},
		// Respelt alone, the other rebuilt.
		{[]string{"rhel:a:2.31:zlib@1.3", "debian:b:2.31:zlib@1.3"},
			[]string{"rhel:a:2.31:zlib@=1.3", "debian:e:2.35:zlib@1.3"},
			nil, nil, []string{"b>e"}, []string{"zlib@1.3>zlib@=1.3"}, 1},
		// Three environments, two respelt: one root keeps the spelling.
		{[]string{"rhel:a:2.31:zlib@1.3", "debian:b:2.31:zlib@1.3", "ubuntu:g:2.31:zlib@1.3"},
			[]string{"rhel:a:2.31:zlib@=1.3", "debian:b:2.31:zlib@=1.3", "ubuntu:g:2.31:zlib@1.3"},
			nil, nil, nil, []string{"zlib@1.3>zlib@=1.3", "zlib@1.3>zlib@=1.3"}, 1},
		// Both respelt: a whole rename.
		{[]string{"rhel:a:2.31:zlib@1.3", "debian:b:2.31:zlib@1.3"},
			[]string{"rhel:a:2.31:zlib@=1.3", "debian:b:2.31:zlib@=1.3"},
			nil, nil, nil, []string{"zlib@1.3>zlib@=1.3", "zlib@1.3>zlib@=1.3"}, 0},
		// One respelt, the other environment's root removed: the old
		// spelling is gone, respelt whole, and debian11's root removed.
		{[]string{"rhel:a:2.31:zlib@1.3", "debian:b:2.31:zlib@1.3"},
			[]string{"rhel:a:2.31:zlib@=1.3"},
			[]string{"b"}, nil, nil, []string{"zlib@1.3>zlib@=1.3"}, 0},
	} {
		o, n := respeltLock(t, dir, fmt.Sprintf("o%d", i), c.old), respeltLock(t, dir, fmt.Sprintf("n%d", i), c.new)
		for _, mirror := range []bool{false, true} {
			a, b := o, n
			removed, added, changed, renamed := c.removed, c.added, slices.Clone(c.changed), slices.Clone(c.renamed)
			if mirror {
				a, b, removed, added = n, o, c.added, c.removed
				for k, x := range changed {
					changed[k] = x[2:] + ">" + x[:1]
				}
				for k, x := range renamed {
					f := strings.SplitN(x, ">", 2)
					renamed[k] = f[1] + ">" + f[0]
				}
			}
			r, err := diff.CompareWith(a, b, diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if err := r.CheckLaws(); err != nil {
				t.Errorf("case %d (mirror %v): %v", i, mirror, err)
			}
			rc := r.Causes.Roots
			gotRemoved, gotAdded, got := rootLetters(rc)
			var gotRenamed []string
			for _, x := range rc.Renamed {
				gotRenamed = append(gotRenamed, x.Old.Root+">"+x.New.Root)
			}
			slices.Sort(got)
			if !slices.Equal(gotRemoved, removed) || !slices.Equal(gotAdded, added) || !slices.Equal(got, changed) || !slices.Equal(gotRenamed, renamed) {
				t.Errorf("case %d (mirror %v): removed %v, added %v, changed %v, renamed %v; want %v, %v, %v, %v",
					i, mirror, gotRemoved, gotAdded, got, gotRenamed, removed, added, changed, renamed)
			}
			// What the respelt roots say of the others: the roots that
			// keep the old spelling, or wrote the new one already.
			want := diff.Respelt{Kept: c.kept}
			if mirror {
				want = diff.Respelt{Joined: c.kept}
			}
			for _, x := range rc.Changed {
				if x.Old.Root != x.Root && x.Respelt != want {
					t.Errorf("case %d (mirror %v): root %s → %s says %+v, want %+v", i, mirror, x.Old.Root, x.Root, x.Respelt, want)
				}
			}
			for _, x := range rc.Renamed {
				if x.Respelt != want {
					t.Errorf("case %d (mirror %v): root %s → %s says %+v, want %+v", i, mirror, x.Old.Root, x.Root, x.Respelt, want)
				}
			}
			// A spec the respelt root keeps is unchanged, in its stack
			// under the new spelling on both sides: never restacked.
			if r.Summary.Specs.Restacked != 0 {
				t.Errorf("case %d (mirror %v): %d specs restacked, want none", i, mirror, r.Summary.Specs.Restacked)
			}
		}
	}
}
