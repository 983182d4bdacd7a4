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

// splitRoot is a lockfile root of hdf5 over zlib: its environment (a
// folder, and its os), its hash's letter, hdf5's version and how the
// root is written.
type splitRoot struct{ env, letter, version, spelling string }

// splitLocks writes one lockfile per environment of roots, each hdf5
// over its environment's zlib (a spec rooted twice listed once), and
// loads the folder dir/name.
func splitLocks(t *testing.T, dir, name string, roots []splitRoot) *snapshot.Snapshot {
	t.Helper()
	osOf := map[string]string{"rhel": "rhel8", "ubuntu": "ubuntu22.04"}
	zlib := map[string]string{"rhel": letterHash('r'), "ubuntu": letterHash('u')}
	var envs []string
	rootsOf, specsOf, seen := map[string][]string{}, map[string][]string{}, map[string]bool{}
	node := func(env, pkg, hash, version, deps string) string {
		return fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"compiler":{"name":"gcc","version":"10"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`,
			hash, pkg, version, osOf[env], deps, hash)
	}
	for _, r := range roots {
		if rootsOf[r.env] == nil {
			envs = append(envs, r.env)
			specsOf[r.env] = []string{node(r.env, "zlib", zlib[r.env], "1.3", "")}
		}
		h := letterHash(r.letter[0])
		rootsOf[r.env] = append(rootsOf[r.env], fmt.Sprintf(`{"hash":%q,"spec":%q}`, h, r.spelling))
		if seen[h] {
			continue // a spec rooted twice is listed once
		}
		seen[h] = true
		dep := fmt.Sprintf(`{"name":"zlib","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, zlib[r.env])
		specsOf[r.env] = append(specsOf[r.env], node(r.env, "hdf5", h, r.version, dep))
	}
	for _, env := range envs {
		writeLock(t, filepath.Join(dir, name, env, "spack.lock"), rootsOf[env], specsOf[env])
	}
	return loadPath(t, filepath.Join(dir, name))
}

// writeLock writes a spack.lock of these roots and concrete specs (JSON
// members, written by the caller) at path, its folders made.
func writeLock(t *testing.T, path string, roots, specs []string) {
	t.Helper()
	data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
		strings.Join(roots, ",") + `],"concrete_specs":{` + strings.Join(specs, ",") + `}}`
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// loadPath loads the snapshot at path (a file or a folder).
func loadPath(t *testing.T, path string) *snapshot.Snapshot {
	t.Helper()
	s, err := snapshot.Load(path, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Roots of one spelling, hdf5, for A (1.0, rhel8), B (2.0, rhel8) and
// C (1.0, ubuntu), now written hdf5@1.0 (A and C) and hdf5@2.0 (B): the
// old spelling is split across two new ones. Each root whose hash
// holds keeps its root, renamed into the spelling of its hash, and a
// root rebuilt is changed within it, both ways round (two spellings now
// one) and whatever the hashes' order: taken whole into the first new
// spelling by hash order, B was said removed and added with an
// unchanged hash (and its spec restacked), and the other way A and C.
func TestRootSplitAcrossSpellings(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		a, b, c, a2 string // hashes' letters: A, B, C, and A's new one
		changed     []string
	}{
		{"a", "b", "c", "a", nil},
		{"c", "a", "b", "c", nil},
		{"b", "c", "a", "b", nil},
		{"a", "b", "c", "d", []string{"a>d"}},
		{"c", "a", "b", "d", []string{"c>d"}},
	} {
		o := splitLocks(t, dir, fmt.Sprintf("o%d", i), []splitRoot{
			{"rhel", c.a, "1.0", "hdf5"}, {"rhel", c.b, "2.0", "hdf5"}, {"ubuntu", c.c, "1.0", "hdf5"}})
		n := splitLocks(t, dir, fmt.Sprintf("n%d", i), []splitRoot{
			{"rhel", c.a2, "1.0", "hdf5@1.0"}, {"rhel", c.b, "2.0", "hdf5@2.0"}, {"ubuntu", c.c, "1.0", "hdf5@1.0"}})
		// Each root renamed, old spelling > new, by its hash's letter.
		renamed := map[string]string{c.b: "hdf5>hdf5@2.0", c.c: "hdf5>hdf5@1.0"}
		if c.a == c.a2 {
			renamed[c.a] = "hdf5>hdf5@1.0"
		}
		for _, mirror := range []bool{false, true} {
			a, b := o, n
			changed := slices.Clone(c.changed)
			if mirror {
				a, b = n, o
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
			removed, added, got := rootLetters(rc)
			var want, gotRenamed []string
			for letter, x := range renamed {
				if mirror {
					f := strings.SplitN(x, ">", 2)
					x = f[1] + ">" + f[0]
				}
				want = append(want, letter+":"+x)
			}
			for _, x := range rc.Renamed {
				gotRenamed = append(gotRenamed, x.Old.Hash[:1]+":"+x.Old.Root+">"+x.New.Root)
				if x.Respelt != (diff.Respelt{}) {
					t.Errorf("case %d (mirror %v): root %s → %s says %+v, want neither kept nor joined", i, mirror, x.Old.Root, x.Root, x.Respelt)
				}
			}
			slices.Sort(want)
			slices.Sort(gotRenamed)
			if len(removed)+len(added) > 0 || !slices.Equal(got, changed) || !slices.Equal(gotRenamed, want) {
				t.Errorf("case %d (mirror %v): removed %v, added %v, changed %v, renamed %v; want none, none, %v, %v",
					i, mirror, removed, added, got, gotRenamed, changed, want)
			}
			// zlib and every hash kept is unchanged, in the stacks of
			// its roots' new spellings on both sides: never restacked.
			if s := r.Summary.Specs; s.Restacked != 0 || s.Added+s.Removed != 0 {
				t.Errorf("case %d (mirror %v): specs %+v, want none restacked, added or removed", i, mirror, s)
			}
		}
	}
}

// rootLines says each root change of r, one a line: "removed b hdf5",
// "added d hdf5@2.0", "changed b>d hdf5>hdf5@2.0", "renamed a
// hdf5>hdf5@1.0" (hashes by their letter), sorted.
func rootLines(r *diff.Report) []string {
	var out []string
	if rc := r.Causes.Roots; rc != nil {
		for _, x := range rc.Removed {
			out = append(out, "removed "+x.Hash[:1]+" "+x.Root)
		}
		for _, x := range rc.Added {
			out = append(out, "added "+x.Hash[:1]+" "+x.Root)
		}
		for _, x := range rc.Changed {
			out = append(out, "changed "+x.Old.Hash[:1]+">"+x.New.Hash[:1]+" "+x.Old.Root+">"+x.New.Root)
		}
		for _, x := range rc.Renamed {
			out = append(out, "renamed "+x.Old.Hash[:1]+" "+x.Old.Root+">"+x.New.Root)
		}
	}
	slices.Sort(out)
	return out
}

// mirrorRootLines is rootLines' lines of the diff the other way round.
func mirrorRootLines(lines []string) []string {
	out := make([]string, 0, len(lines))
	swap := func(s string) string {
		a, b, _ := strings.Cut(s, ">")
		return b + ">" + a
	}
	for _, l := range lines {
		f := strings.SplitN(l, " ", 3) // a spelling may hold spaces, never ">"
		switch f[0] {
		case "removed":
			f[0] = "added"
		case "added":
			f[0] = "removed"
		case "changed":
			f[1], f[2] = swap(f[1]), swap(f[2])
		case "renamed":
			f[2] = swap(f[2])
		}
		out = append(out, strings.Join(f, " "))
	}
	slices.Sort(out)
	return out
}

// rootsBothWays compares o with n and n with o, each report holding its
// laws and saying the root lines want (mirrored the other way round),
// and hands each to more, where a test checks more of it (nil: none).
func rootsBothWays(t *testing.T, tag string, o, n *snapshot.Snapshot, want []string, more func(tag string, r *diff.Report)) {
	t.Helper()
	for _, mirror := range []bool{false, true} {
		a, b, w := o, n, want
		if mirror {
			a, b, w = n, o, mirrorRootLines(want)
		}
		where := fmt.Sprintf("%s (mirror %v)", tag, mirror)
		r, err := diff.CompareWith(a, b, diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.CheckLaws(); err != nil {
			t.Errorf("%s: %v", where, err)
		}
		if got := rootLines(r); !slices.Equal(got, w) {
			t.Errorf("%s: roots %q, want %q", where, got, w)
		}
		if more != nil {
			more(where, r)
		}
	}
}

// An old spelling split across new spellings with a root rebuilt:
// hdf5 for A (1.0) and B (2.0), now hdf5@1.0 for A (one hash) and
// hdf5@2.0 for D (B rebuilt). One new spelling holds a hash of the old
// one, so it was taken whole, and B was said removed and D added, both
// ways round: B is changed into D under hdf5@2.0, and A renamed. So
// too where B's version was bumped (hdf5@2.1), where every root was
// rebuilt (no hash held: the old spelling took the first new one by
// environment), where A and B are of two environments, and the other
// way round (two old spellings, one rebuilt, joined in one new).
func TestRootSplitOneRebuilt(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		old, new []splitRoot
		want     []string
	}{
		{[]splitRoot{{"rhel", "a", "1.0", "hdf5"}, {"rhel", "b", "2.0", "hdf5"}},
			[]splitRoot{{"rhel", "a", "1.0", "hdf5@1.0"}, {"rhel", "d", "2.0", "hdf5@2.0"}},
			[]string{"changed b>d hdf5>hdf5@2.0", "renamed a hdf5>hdf5@1.0"}},
		{[]splitRoot{{"rhel", "a", "1.0", "hdf5"}, {"rhel", "b", "2.0", "hdf5"}},
			[]splitRoot{{"rhel", "a", "1.0", "hdf5@1.0"}, {"rhel", "d", "2.1", "hdf5@2.1"}},
			[]string{"changed b>d hdf5>hdf5@2.1", "renamed a hdf5>hdf5@1.0"}},
		{[]splitRoot{{"rhel", "a", "1.0", "hdf5"}, {"rhel", "b", "2.0", "hdf5"}},
			[]splitRoot{{"rhel", "c", "1.0", "hdf5@1.0"}, {"rhel", "d", "2.0", "hdf5@2.0"}},
			[]string{"changed a>c hdf5>hdf5@1.0", "changed b>d hdf5>hdf5@2.0"}},
		{[]splitRoot{{"rhel", "a", "1.0", "hdf5"}, {"ubuntu", "b", "2.0", "hdf5"}},
			[]splitRoot{{"rhel", "a", "1.0", "hdf5@1.0"}, {"ubuntu", "d", "2.0", "hdf5@2.0"}},
			[]string{"changed b>d hdf5>hdf5@2.0", "renamed a hdf5>hdf5@1.0"}},
		{[]splitRoot{{"rhel", "a", "1.0", "hdf5"}, {"rhel", "x", "2.0", "hdf5"}, {"rhel", "c", "3.0", "hdf5"}},
			[]splitRoot{{"rhel", "a", "1.0", "hdf5@1.0"}, {"rhel", "d", "2.0", "hdf5@2.0"}, {"rhel", "e", "3.0", "hdf5@3.0"}},
			[]string{"changed c>e hdf5>hdf5@3.0", "changed x>d hdf5>hdf5@2.0", "renamed a hdf5>hdf5@1.0"}},
	} {
		o := splitLocks(t, dir, fmt.Sprintf("o%d", i), c.old)
		n := splitLocks(t, dir, fmt.Sprintf("n%d", i), c.new)
		// zlib is needed by a root of each new spelling on both sides:
		// unchanged, never restacked.
		rootsBothWays(t, fmt.Sprintf("case %d", i), o, n, c.want, func(where string, r *diff.Report) {
			if s := r.Summary.Specs; s.Restacked != 0 || s.Added+s.Removed != 0 {
				t.Errorf("%s: specs %+v, want none restacked, added or removed", where, s)
			}
		})
	}
}

// A spec rooted twice in one environment, hdf5 and hdf5@1.0, now once,
// hdf5@=1.0, while another environment roots a new hdf5@=1.0: the
// second old root is gone, its spec still rooted, never "changed" into
// the other environment's new spec (os ubuntu22.04 → rhel8), which is
// added; and so both ways round (the other way, the root written
// hdf5@1.0 was added, and the other environment's root removed).
func TestRootTwiceNotChangedAcross(t *testing.T) {
	dir := t.TempDir()
	o := splitLocks(t, dir, "o", []splitRoot{{"ubuntu", "e", "1.0", "hdf5"}, {"ubuntu", "e", "1.0", "hdf5@1.0"}})
	n := splitLocks(t, dir, "n", []splitRoot{{"ubuntu", "e", "1.0", "hdf5@=1.0"}, {"rhel", "a", "1.0", "hdf5@=1.0"}})
	want := []string{"added a hdf5@=1.0", "removed e hdf5@1.0", "renamed e hdf5>hdf5@=1.0"}
	rootsBothWays(t, "twice", o, n, want, nil)
}
