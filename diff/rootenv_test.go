package diff_test

import (
	"fmt"
	"os"
	"path/filepath"
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
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	osOf := map[string]string{"rhel": "rhel8", "debian": "debian11"}
	glibc := map[string]string{"rhel": h('r'), "debian": h('s')}
	// root: "env:hash-letter:version:spelling"
	lock := func(root string) (string, []byte) {
		f := strings.SplitN(root, ":", 4)
		env, hash, version, spelling := f[0], h(f[1][0]), f[2], f[3]
		node := func(name, hash, version, deps string) string {
			return fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"compiler":{"name":"gcc","version":"10"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`,
				hash, name, version, osOf[env], deps, hash)
		}
		dep := fmt.Sprintf(`{"name":"glibc","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, glibc[env])
		return env, []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
			fmt.Sprintf(`{"hash":%q,"spec":%q}`, hash, spelling) + `],"concrete_specs":{` +
			node("cmake", hash, version, dep) + "," + node("glibc", glibc[env], "2.31", "") + `}}`)
	}
	dir := t.TempDir()
	load := func(name string, roots []string) *snapshot.Snapshot {
		for _, root := range roots {
			env, data := lock(root)
			path := filepath.Join(dir, name, env, "spack.lock")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s, err := snapshot.Load(filepath.Join(dir, name), snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s
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
			rc := r.Causes.Roots
			letters := func(l []diff.RootSpec) (s []string) {
				for _, x := range l {
					s = append(s, x.Hash[:1])
				}
				return s
			}
			var got []string
			for _, x := range rc.Changed {
				got = append(got, x.Old.Hash[:1]+">"+x.New.Hash[:1])
			}
			slices.Sort(got)
			slices.Sort(changed)
			if !slices.Equal(letters(rc.Removed), removed) || !slices.Equal(letters(rc.Added), added) || !slices.Equal(got, changed) {
				t.Errorf("case %d (mirror %v): removed %v, added %v, changed %v; want %v, %v, %v",
					i, mirror, letters(rc.Removed), letters(rc.Added), got, removed, added, changed)
			}
		}
	}
}
