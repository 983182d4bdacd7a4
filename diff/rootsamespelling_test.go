package diff_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// Two roots of a lockfile may be written alike with other hashes (curl
// written twice, concretized curl@1 and curl@2). Their nodes were paired
// by position in hash order, so dropping curl@1 (hash a) of [a, b] paired
// a with b: the report said b was removed and a changed 1 → 2, although
// b stayed, and render refused the JSON it wrote ("the new side counts 2
// specs in that stack"; it reads it now, TestRootsOfOneSpellingDecode). A hash both sides list under a root is that root
// unchanged; the rest pair in hash order. And a root removed whose
// spelling stayed was paired with an added curl@3 as one root changed in
// its version, which render refused too (facets.stack.added names
// curl@3). And of two roots written curl, one written curl@2 now with
// its hash was paired with the other as changed (the first in order), so
// it was itself reported removed: a pair of one hash comes first. Roots
// of one spelling that both changed pair as their specs do.
func TestRootsOfOneSpelling(t *testing.T) {
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	lock := func(roots ...string) []byte {
		var rs, cs []string
		for _, r := range roots { // "hash-letter:version[:spelling]"
			f := strings.Split(r, ":")
			hash, version, spelling := h(f[0][0]), f[1], "curl"
			if len(f) > 2 {
				spelling = f[2]
			}
			rs = append(rs, fmt.Sprintf(`{"hash":%q,"spec":%q}`, hash, spelling))
			cs = append(cs, fmt.Sprintf(`%q:{"name":"curl","version":%q,"arch":{"platform":"linux","platform_os":"ubuntu22.04","target":"x86_64"},"namespace":"builtin","parameters":{},"hash":%q}`, hash, version, hash))
		}
		return []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
			strings.Join(rs, ",") + `],"concrete_specs":{` + strings.Join(cs, ",") + `}}`)
	}
	dir := t.TempDir()
	for i, c := range []struct {
		old, new                []string
		removed, added, changed []string // hashes' letters; changed "old>new"
		renamed                 []string
	}{
		{[]string{"a:1", "b:2"}, []string{"b:2"}, []string{"a"}, nil, nil, nil},
		{[]string{"b:2"}, []string{"a:1", "b:2"}, nil, []string{"a"}, nil, nil},
		{[]string{"a:1", "c:3"}, []string{"b:2", "c:3"}, nil, nil, []string{"a>b"}, nil},
		// As the specs pair, curl 2 → 4 updated and curl 1 added:
		// in hash order, "root curl changed 2 → 1" beside them.
		{[]string{"b:2", "c:3"}, []string{"a:1", "c:3", "d:4"}, nil, []string{"a"}, []string{"b>d"}, nil},
		// curl@3 is no rename of the curl that stayed: the old side's
		// stack curl cannot be compared under curl@3.
		{[]string{"a:1", "b:2"}, []string{"b:2", "c:3:curl@3"}, []string{"a"}, []string{"c"}, nil, nil},
		// Both spelled curl, and curl@2 now written curl@2: that root
		// renamed, of one hash, and curl@1 removed (not curl@2 removed
		// and curl changed 1 → 2).
		{[]string{"a:1", "b:2"}, []string{"b:2:curl@2"}, []string{"a"}, nil, nil, []string{"b"}},
		// Both rebuilt at their versions, the new hashes in the other
		// order: curl@1 is a → d and curl@2 b → c, as the specs pair
		// (two rebuilds), not a → c and b → d in hash order, which said
		// "curl changed 1 → 2" and "curl changed 2 → 1" of a report of
		// rebuilds alone.
		{[]string{"a:1", "b:2"}, []string{"c:2", "d:1"}, nil, nil, []string{"b>c", "a>d"}, nil},
	} {
		o := loadLockfile(t, dir, fmt.Sprintf("o%d", i), lock(c.old...))
		n := loadLockfile(t, dir, fmt.Sprintf("n%d", i), lock(c.new...))
		r, err := diff.CompareWith(o, n, diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		rc := r.Causes.Roots
		letters := func(l []diff.RootSpec) (s []string) {
			for _, x := range l {
				s = append(s, x.Hash[:1])
			}
			return s
		}
		var changed, renamed []string
		for _, x := range rc.Changed {
			changed = append(changed, x.Old.Hash[:1]+">"+x.New.Hash[:1])
		}
		for _, x := range rc.Renamed {
			renamed = append(renamed, x.New.Hash[:1])
		}
		if !slices.Equal(letters(rc.Removed), c.removed) || !slices.Equal(letters(rc.Added), c.added) || !slices.Equal(changed, c.changed) || !slices.Equal(renamed, c.renamed) {
			t.Errorf("roots curl %v → %v: removed %v, added %v, changed %v, renamed %v; want %v, %v, %v, %v",
				c.old, c.new, letters(rc.Removed), letters(rc.Added), changed, renamed, c.removed, c.added, c.changed, c.renamed)
		}
	}
}
