package jsonv1

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// spackGenGolden is the JSON report of testdata/spack-gen, whose specs
// come in two builds (two stacks): two causes of each name, bzip2 of one
// hash and of another, each with its own paths.
func spackGenGolden(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("../../testdata/golden/spack-gen.json")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRenderCausesByHash: render followed the causes' paths by name, so
// that an edit of a reference's cause, a link's next, a pair's via or a
// reference's path to the other build's rendered Markdown, text and HTML
// as the report cachediff wrote, and render -f json wrote the edit back,
// with exit 1 and no word. Each is refused, at the field edited.
func TestRenderCausesByHash(t *testing.T) {
	data := spackGenGolden(t)
	for _, tc := range []struct {
		name string
		edit func(t *testing.T, r *diff.Report)
		want string
	}{
		{"a reference's cause", func(t *testing.T, r *diff.Report) {
			ref := &r.Causes.Sets[1][0]
			if ref.Cause != 1 {
				t.Fatalf("causes.sets[1][0].cause is %d, want 1", ref.Cause)
			}
			ref.Cause = 0
		}, "causes.sets[1][0].cause: 0, "},
		{"a link's next", func(t *testing.T, r *diff.Report) {
			l := &r.Causes.Paths[7]
			if l.Next == nil || *l.Next != 2 {
				t.Fatalf("causes.paths[7].next is not 2")
			}
			next := 1
			l.Next = &next
		}, "causes.paths[7].next: 1: "},
		{"a pair's via", func(t *testing.T, r *diff.Report) {
			w := r.Packages[8].Specs.Rebuilt[0].Why
			if w.Via == nil || *w.Via != 19 {
				t.Fatalf("packages[8].specs.rebuilt[0].why.via is not 19")
			}
			via := 20
			w.Via = &via
		}, "packages[8].specs.rebuilt[0].why.via: 20, "},
		{"a reference's path", func(t *testing.T, r *diff.Report) {
			ref := &r.Causes.Sets[9][2]
			if ref.Path != 6 {
				t.Fatalf("causes.sets[9][2].path is %d, want 6", ref.Path)
			}
			ref.Path = 5
		}, "causes.sets[9][2].path: 5, "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := DecodeBytes(bytes.Clone(data))
			if err != nil {
				t.Fatal(err)
			}
			tc.edit(t, r)
			var b bytes.Buffer
			if err := JSON(&b, r); err != nil {
				t.Fatal(err)
			}
			_, err = DecodeBytes(b.Bytes())
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want refused at %q", err, tc.want)
			}
		})
	}
}

// spackGenFiltered is the JSON report of testdata/spack-gen filtered by
// --package to pkgs: its pairs' paths go through specs it does not list.
func spackGenFiltered(t *testing.T, pkgs ...string) []byte {
	t.Helper()
	var snaps [2]*snapshot.Snapshot
	for i, side := range []string{"old", "new"} {
		s, err := snapshot.Load(filepath.Join("..", "..", "testdata", "spack-gen", side), snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		snaps[i] = s
	}
	r, err := diff.CompareWith(snaps[0], snaps[1], diff.Filter{Packages: pkgs})
	if err != nil {
		t.Fatal(err)
	}
	return jsonOf(t, r)
}

// TestRenderCauseIndexEdits: every edit by one, up or down, of a number
// of the causes (a reference's cause or path, a link's next, a base's
// set or via, an override's over) or of a pair's why (set, via, self) in
// the report of testdata/spack-gen is refused, or renders the JSON it
// was made from. Each such number names a cause, a link or a set, and
// cachediff writes each the one way: 103 of the 480 edits rendered,
// each written back as edited (two causes of each name, of two builds,
// followed by name alone). So in the report filtered by --package hdf5,
// whose paths go on through specs it does not list.
func TestRenderCauseIndexEdits(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want int
	}{
		{"whole", spackGenGolden(t), 400},
		{"--package hdf5", spackGenFiltered(t, "hdf5"), 29},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if edits := indexEdits(t, tc.data); edits < tc.want {
				t.Errorf("%d edits, want the report's %d", edits, tc.want)
			}
		})
	}
}

// indexEdits makes every edit by one of a number of data's causes and
// whys, and fails t for each that renders other JSON than data; it
// returns how many it made.
func indexEdits(t *testing.T, data []byte) int {
	t.Helper()
	re := regexp.MustCompile(`"(cause|next|via|path|set|self|over)": ([0-9]+)`)
	edits := 0
	for _, m := range re.FindAllSubmatchIndex(data, -1) {
		n, err := strconv.Atoi(string(data[m[4]:m[5]]))
		if err != nil {
			t.Fatal(err)
		}
		line := 1 + bytes.Count(data[:m[0]], []byte("\n"))
		for _, d := range []int{-1, 1} {
			if n+d < 0 {
				continue
			}
			edits++
			edited := append(append(append([]byte{}, data[:m[4]]...), strconv.Itoa(n+d)...), data[m[5]:]...)
			r, err := DecodeBytes(edited)
			if err != nil {
				continue
			}
			var b bytes.Buffer
			if err := JSON(&b, r); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), data) {
				t.Errorf("line %d: %q %d → %d rendered, and render -f json writes the edit", line, data[m[2]:m[3]], n, n+d)
			}
		}
	}
	return edits
}

// TestRenderCausesSwappedThroughUnlisted: in a report filtered by
// --package autoconf --package berkeley-db, each pair reaches bzip2's
// change through nghttp2, which the report does not list, autoconf's
// by berkeley-db first. The causes of the two builds of bzip2 swapped
// between berkeley-db's two sets rendered: the paths were followed no
// further than nghttp2. Autoconf's path goes on from the same nghttp2
// by the same link, to the other build's bzip2: refused.
func TestRenderCausesSwappedThroughUnlisted(t *testing.T) {
	data := spackGenFiltered(t, "autoconf", "berkeley-db")
	r, err := DecodeBytes(bytes.Clone(data))
	if err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	s := r.Causes.Sets
	if len(s) != 5 || len(s[3]) == 0 || len(s[4]) == 0 || s[3][0].Cause != 1 || s[4][0].Cause != 0 || s[3][0].Path != s[4][0].Path {
		t.Fatalf("causes.sets[3][0] and [4][0] are not bzip2's two builds by one path: %+v", s)
	}
	s[3][0].Cause, s[4][0].Cause = 0, 1
	_, err = DecodeBytes(jsonOf(t, r))
	if err == nil || !strings.Contains(err.Error(), "a spec the report does not list") {
		t.Errorf("got %v, want refused: the paths go on from one spec to two causes", err)
	}
}

// TestRenderCausesFilteredSwaps: of the causes of two builds of one
// package swapped between two sets of a report filtered by --package
// (each package, and each two), those that render are of references
// whose paths go on from a spec the report does not list (docs/json.md:
// what render cannot check there); none does in the whole report.
func TestRenderCausesFilteredSwaps(t *testing.T) {
	whole := spackGenGolden(t)
	full, err := DecodeBytes(bytes.Clone(whole))
	if err != nil {
		t.Fatal(err)
	}
	filters := [][]string{nil}
	for i := range full.Packages {
		filters = append(filters, []string{full.Packages[i].Name})
		if i > 0 {
			filters = append(filters, []string{full.Packages[i-1].Name, full.Packages[i].Name})
		}
	}
	swaps, rendered := 0, 0
	for _, f := range filters {
		data := whole
		if f != nil {
			data = spackGenFiltered(t, f...)
		}
		r, err := DecodeBytes(bytes.Clone(data))
		if err != nil {
			t.Fatalf("%v: the report as written: %v", f, err)
		}
		starts := setStarts(r)
		sets := r.Causes.Sets
		for a := range sets {
			for b := a + 1; b < len(sets); b++ {
				for i, x := range sets[a] {
					for j, y := range sets[b] {
						if x.SetBase != nil || y.SetBase != nil || x.Cause == y.Cause || r.Causes.Table[x.Cause].Name != r.Causes.Table[y.Cause].Name {
							continue
						}
						swaps++
						// The swap is written from r itself and undone
						// after: r is the report as written, decoded
						// once (JSON reads it, changing nothing).
						r.Causes.Sets[a][i].Cause, r.Causes.Sets[b][j].Cause = y.Cause, x.Cause
						swapped := jsonOf(t, r)
						r.Causes.Sets[a][i].Cause, r.Causes.Sets[b][j].Cause = x.Cause, y.Cause
						if _, err := DecodeBytes(swapped); err != nil {
							continue
						}
						rendered++
						if f == nil || !throughUnlisted(r, starts[a], x.Path) || !throughUnlisted(r, starts[b], y.Path) {
							t.Errorf("%v: causes.sets[%d][%d].cause %d and causes.sets[%d][%d].cause %d swapped rendered", f, a, i, x.Cause, b, j, y.Cause)
						}
					}
				}
			}
		}
	}
	if swaps < 600 || rendered == swaps {
		t.Errorf("%d swaps, %d rendered: want the reports' 600 and more, some refused", swaps, rendered)
	}
}

// setStarts maps each set of r that a pair's why names without a via to
// that pair's why.
func setStarts(r *diff.Report) map[int]*diff.Why {
	out := map[int]*diff.Why{}
	for i := range r.Packages {
		p := &r.Packages[i]
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for j := range l {
				if w := l[j].Why; w != nil && w.Set > 0 && w.Via == nil {
					out[w.Set] = w
				}
			}
		}
	}
	return out
}

// throughUnlisted reports whether the path from link, from the pair of
// why w, goes on from a changed dependency that r does not list as a
// pair (or w is nil: no pair starts the set).
func throughUnlisted(r *diff.Report, w *diff.Why, link int) bool {
	whys := map[[2]string]*diff.Why{}
	for i := range r.Packages {
		p := &r.Packages[i]
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for j := range l {
				whys[[2]string{l[j].Old.Hash, l[j].New.Hash}] = l[j].Why
			}
		}
	}
	for ; w != nil; link = *r.Causes.Paths[link].Next {
		l := r.Causes.Paths[link]
		if l.Next == nil {
			return false
		}
		k := slices.IndexFunc(w.Changed, func(d diff.DepChange) bool { return d.Name == l.Name })
		if k < 0 {
			return false
		}
		w = whys[[2]string{w.Changed[k].OldHash, w.Changed[k].NewHash}]
	}
	return true
}

// TestRenderWhyChangedEdited: a pair's why.changed edited by hand, its
// entry copied beside itself or its hashes made up, turned off the walk
// of the pair's paths by hash through it, so that gmake's via, edited to
// another of its dependencies that brings the same set, rendered (a
// pair whose causes all come through dependencies of one set goes
// through the first of them). An entry alike another is one dependency;
// hashes of no spec of a package whose every spec the report lists are
// refused.
func TestRenderWhyChangedEdited(t *testing.T) {
	data := spackGenGolden(t)
	for _, tc := range []struct {
		name string
		edit func(w *diff.Why, k int)
		want string
	}{
		{"an entry twice", func(w *diff.Why, k int) {
			w.Changed = slices.Insert(w.Changed, k, w.Changed[k])
		}, "packages[8].specs.rebuilt[0].why.via: 20, "},
		{"hashes made up", func(w *diff.Why, k int) {
			w.Changed[k].OldHash, w.Changed[k].NewHash = strings.Repeat("a", 32), strings.Repeat("b", 32)
		}, "packages[8].specs.rebuilt[0].why.changed[0]: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := DecodeBytes(bytes.Clone(data))
			if err != nil {
				t.Fatal(err)
			}
			w := r.Packages[8].Specs.Rebuilt[0].Why
			if r.Packages[8].Name != "gmake" || w.Via == nil || *w.Via != 19 || r.Causes.Paths[19].Name != "gdbm" || w.Changed[0].Name != "gdbm" {
				t.Fatalf("packages[8].specs.rebuilt[0] is not gmake through gdbm (via 19)")
			}
			tc.edit(w, 0)
			via := 20
			w.Via = &via
			_, err = DecodeBytes(jsonOf(t, r))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want refused at %q", err, tc.want)
			}
		})
	}
}

// TestRenderCauseLongerPath: hdf5 reaches bzip2's change by gdbm, two
// names; its reference edited to a link that goes there too, through
// berkeley-db and nghttp2 (three names), or through nghttp2 (two, but
// after gdbm by name), rendered: the walk by hashes found each path
// real. cachediff writes a cause's shortest path, the first by name:
// each is refused, as is gdbm's own, by libxml2, edited to nghttp2.
func TestRenderCauseLongerPath(t *testing.T) {
	data := spackGenGolden(t)
	for _, tc := range []struct {
		set, elem, from, to int
		want                string
	}{
		{9, 0, 8, 0, "a path of 3 names"},
		{9, 0, 8, 1, `through "nghttp2"`},
		{10, 0, 8, 0, "a path of 3 names"},
		{14, 0, 10, 1, `through "nghttp2"`},
	} {
		r, err := DecodeBytes(bytes.Clone(data))
		if err != nil {
			t.Fatal(err)
		}
		ref := &r.Causes.Sets[tc.set][tc.elem]
		if ref.Path != tc.from {
			t.Fatalf("causes.sets[%d][%d].path is %d, want %d", tc.set, tc.elem, ref.Path, tc.from)
		}
		ref.Path = tc.to
		at := fmt.Sprintf("causes.sets[%d][%d].path: %d, ", tc.set, tc.elem, tc.to)
		_, err = DecodeBytes(jsonOf(t, r))
		if err == nil || !strings.HasPrefix(err.Error(), at) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("path %d → %d: got %v, want refused at %q, %s", tc.from, tc.to, err, at, tc.want)
		}
	}
}
