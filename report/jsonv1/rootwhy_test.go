package jsonv1

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// rootWhyLocks writes two lockfiles of one root, app, whose spec is
// concretized anew (another version, compiler, os and target: the report
// lists it removed and added, no pair, as a lockfile of another machine
// does) over zlib rebuilt, a dependency dropped (bzip2) and one gained
// (xz), each side's dependencies written in the file's order.
func rootWhyLocks(t *testing.T) (old, cur string) {
	t.Helper()
	h := func(c string) string { return strings.Repeat(c, 32) }
	spec := func(hash, name, version, os, target string, deps ...string) string {
		var ds []string
		for _, d := range deps {
			n, c, _ := strings.Cut(d, "/")
			ds = append(ds, fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}}`, n, h(c)))
		}
		return fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":%q,"target":%q},"compiler":{"name":"gcc","version":%q},"hash":%q,"dependencies":[%s]}`,
			h(hash), name, version, os, target, version, h(hash), strings.Join(ds, ","))
	}
	dir := t.TempDir()
	old, cur = filepath.Join(dir, "old"), filepath.Join(dir, "new")
	writeLock(t, old, fmt.Sprintf(`{"hash":%q,"spec":"app"}`, h("a")), strings.Join([]string{
		spec("a", "app", "1", "ubuntu20.04", "zen2", "bzip2/b", "zlib/z"),
		spec("b", "bzip2", "1", "ubuntu20.04", "zen2"),
		spec("z", "zlib", "1", "ubuntu20.04", "zen2"),
	}, ","))
	writeLock(t, cur, fmt.Sprintf(`{"hash":%q,"spec":"app"}`, h("c")), strings.Join([]string{
		spec("c", "app", "2", "rhel8", "x86_64", "xz/x", "zlib/y"),
		spec("x", "xz", "5", "rhel8", "x86_64"),
		spec("y", "zlib", "2", "rhel8", "x86_64"),
	}, ","))
	return old, cur
}

// TestForgedChangedRootWhy: a changed root's why.changed was checked by
// no law when the root's spec is no pair of the report (concretized
// anew: removed and added), nor a pair's own list: an entry appended
// again, the list reversed, an entry without a hash or one of a
// dependency the root never had rendered, and render -f json wrote them
// back. Each is refused now, naming the entry; the reports as written,
// both ways, are read. (An entry twice in place is read: cachediff
// wrote an edge listed twice so, TestEdgeListedTwiceOlderReportRead.)
func TestForgedChangedRootWhy(t *testing.T) {
	old, cur := rootWhyLocks(t)
	for _, dirs := range [][2]string{{old, cur}, {cur, old}} {
		r := reporttest.ComparePaths(t, dirs[0], dirs[1])
		if len(r.Causes.Roots.Changed) != 1 {
			t.Fatalf("roots changed %v; want app", r.Causes.Roots.Changed)
		}
		rc := &r.Causes.Roots.Changed[0]
		for i := range r.Packages {
			p := &r.Packages[i]
			for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
				for _, pr := range l {
					if pr.Old.Hash == rc.Old.Hash {
						t.Fatalf("the root's spec %s is a pair of the report: want it removed and added", p.Name)
					}
				}
			}
		}
		w := rc.Why
		if w == nil || len(w.Changed) != 3 {
			t.Fatalf("the root's why %+v: want bzip2 removed, xz added, zlib changed", w)
		}
		if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
			t.Fatalf("the report as written: %v", err)
		}
		orig := slices.Clone(w.Changed)
		for _, c := range []struct {
			name string
			edit func([]diff.DepChange) []diff.DepChange
			at   int
			msg  string
		}{
			{"an entry again", func(l []diff.DepChange) []diff.DepChange { return append(l, l[0]) }, 3, "sorted by name"},
			{"reversed", func(l []diff.DepChange) []diff.DepChange { slices.Reverse(l); return l }, 1, "sorted by name"},
			{"without a hash", func(l []diff.DepChange) []diff.DepChange { l[2] = diff.DepChange{Name: l[2].Name}; return l }, 2, "without"},
			{"invented, added", func(l []diff.DepChange) []diff.DepChange {
				return slices.Insert(l, 0, diff.DepChange{Name: "aaa", NewHash: strings.Repeat("q", 32)})
			}, 0, "no path of the pair's root causes starts at it"},
			{"invented, removed", func(l []diff.DepChange) []diff.DepChange {
				return append(l, diff.DepChange{Name: "zzz", OldHash: strings.Repeat("q", 32)})
			}, 3, "no path of the pair's root causes starts at it"},
		} {
			w.Changed = c.edit(slices.Clone(orig))
			_, err := DecodeBytes(jsonOf(t, r))
			want := fmt.Sprintf("causes.roots.changed[0].why.changed[%d]", c.at)
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("%s → %s: %s: got %v, want an error at %s (%q)", dirs[0], dirs[1], c.name, err, want, c.msg)
			}
		}
		w.Changed = orig
	}
}

// TestEngineRootWhysRead: the reports cachediff writes of every ordered
// pair of the real lockfiles (read in place, skipped when absent) are
// read, their changed roots' whys among them.
func TestEngineRootWhysRead(t *testing.T) {
	dir := "/work/shared/lockfiles"
	var locks []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lock") {
			locks = append(locks, p)
		}
		return nil
	})
	if len(locks) < 2 {
		t.Skip("no lockfiles in " + dir)
	}
	roots := 0
	for _, a := range locks {
		for _, b := range locks {
			if a == b {
				continue
			}
			r := reporttest.ComparePaths(t, a, b)
			if r.Causes.Roots != nil {
				roots += len(r.Causes.Roots.Changed)
			}
			if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
				t.Errorf("%s → %s: %v", a, b, err)
			}
		}
	}
	if roots == 0 {
		t.Errorf("no changed root in %d reports", len(locks)*(len(locks)-1))
	}
}

// TestTwoProviderSwapsOfOneHashRead: cachediff writes a changed
// dependency twice where two edges of one hash under other names are
// each swapped for a provider of one virtual (spec files whose
// dependencies are not in them): the law on why.changed's order lets
// two alike with both hashes be, and the report is read.
func TestTwoProviderSwapsOfOneHashRead(t *testing.T) {
	h := func(c string) string { return strings.Repeat(c, 32) }
	dir := t.TempDir()
	write := func(name, hash, dep1, dep2, depHash string) string {
		p := filepath.Join(dir, name+".spec.json")
		edge := func(n string) string {
			return fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":["mpi"]}}`, n, depHash)
		}
		data := fmt.Sprintf(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"app","version":"1","arch":{"platform":"linux","platform_os":"ubuntu24.04","target":"x86_64"},"namespace":"builtin","parameters":{"build_system":"generic"},"hash":%q,"dependencies":[%s,%s]}]}}`,
			hash, edge(dep1), edge(dep2))
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	old, cur := write("old", h("a"), "p1", "p2", h("h")), write("new", h("b"), "q1", "q2", h("g"))
	for _, paths := range [][2]string{{old, cur}, {cur, old}} {
		r := reporttest.ComparePaths(t, paths[0], paths[1])
		var w *diff.Why
		for i := range r.Packages {
			for _, pr := range r.Packages[i].Specs.Rebuilt {
				w = pr.Why
			}
		}
		if w == nil || len(w.Changed) != 2 || w.Changed[0] != w.Changed[1] {
			t.Fatalf("app's why %+v: want mpi swapped twice", w)
		}
		if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
			t.Errorf("the report as written: %v", err)
		}
	}
}
