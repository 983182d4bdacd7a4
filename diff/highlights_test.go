package diff

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// pageFacts is what an independent reader finds in a tree of catalogue
// pages: per package its versions, and per facet the values its specs
// have. It reads each page's spec_details line with encoding/json and
// canonicalizes compilers by hand, sharing no code with package snapshot.
type pageFacts struct {
	versions map[string][]string        // package → sorted versions
	values   map[string]map[string]bool // facet → values
}

func readPages(t *testing.T, dir string) pageFacts {
	t.Helper()
	f := pageFacts{versions: map[string][]string{}, values: map[string]map[string]bool{}}
	for _, facet := range coverageFacets {
		f.values[facet] = map[string]bool{}
	}
	pages, err := filepath.Glob(filepath.Join(dir, "*", "specs.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in %s: %v", dir, err)
	}
	for _, page := range pages {
		pkg := filepath.Base(filepath.Dir(page))
		file, err := os.Open(page)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(file)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			line, ok := strings.CutPrefix(sc.Text(), "spec_details: ")
			if !ok {
				continue
			}
			var specs []struct {
				Compiler, OS, Platform, Target string
				Stacks, Versions               []string
			}
			if err := json.Unmarshal([]byte(line), &specs); err != nil {
				t.Fatalf("%s: %v", page, err)
			}
			vs := map[string]bool{}
			for _, s := range specs {
				c := s.Compiler
				if name, ver, ok := strings.Cut(c, "@"); ok {
					if name == "oneapi" {
						name = "intel-oneapi-compilers"
					}
					c = name + "@" + strings.TrimLeft(ver, "=")
				}
				f.values["compiler"][c] = true
				f.values["os"][s.OS] = true
				f.values["platform"][s.Platform] = true
				f.values["target"][s.Target] = true
				for _, st := range s.Stacks {
					f.values["stack"][st] = true
				}
				for _, v := range s.Versions {
					vs[v] = true
				}
			}
			if len(specs) > 0 {
				f.versions[pkg] = slices.Sorted(func(yield func(string) bool) {
					for v := range vs {
						if !yield(v) {
							return
						}
					}
				})
			}
		}
		file.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// expectedNews lists, as "kind facet value-or-package" lines, the news an
// independent reading of two trees finds.
func expectedNews(a, b pageFacts) []string {
	var out []string
	for pkg, vs := range b.versions {
		old, ok := a.versions[pkg]
		switch {
		case !ok:
			out = append(out, HighlightNewPackage+"  "+pkg)
		case !slices.Equal(old, vs):
			out = append(out, HighlightVersion+"  "+pkg)
		}
	}
	for pkg := range a.versions {
		if _, ok := b.versions[pkg]; !ok {
			out = append(out, HighlightRemovedPackage+"  "+pkg)
		}
	}
	for _, facet := range coverageFacets {
		for v := range b.values[facet] {
			if !a.values[facet][v] {
				out = append(out, HighlightAppeared+" "+facet+" "+v)
			}
		}
		for v := range a.values[facet] {
			if !b.values[facet][v] {
				out = append(out, HighlightVanished+" "+facet+" "+v)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestNewsIndependentCount checks the highlights of every bundled real
// pair against an independent reading of the pages: each new, removed
// and re-versioned package and each facet value that came or went is an
// item, and no such item is made up (issue 34).
func TestNewsIndependentCount(t *testing.T) {
	series := []string{"develop-2025-02-16", "develop-2025-02-23", "develop-2025-03-02", "develop-2025-03-09", "develop-2025-03-16"}
	var pairs [][2]string
	for i := 1; i < len(series); i++ {
		pairs = append(pairs, [2]string{"../testdata/real-series/" + series[i-1], "../testdata/real-series/" + series[i]})
	}
	pairs = append(pairs,
		[2]string{"../testdata/real/develop-2025-03-23", "../testdata/real/develop-2025-03-30"},
		[2]string{"../testdata/real/v0.23.0", "../testdata/real/v0.23.1"})
	total := 0
	for _, p := range pairs {
		t.Run(filepath.Base(p[0])+"→"+filepath.Base(p[1]), func(t *testing.T) {
			want := expectedNews(readPages(t, p[0]), readPages(t, p[1]))
			before, err := snapshot.Load(p[0], snapshot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			after, err := snapshot.Load(p[1], snapshot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			r, err := CompareWith(before, after, Filter{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range r.Highlights {
				switch h.Kind {
				case HighlightNewPackage, HighlightRemovedPackage, HighlightVersion:
					got = append(got, h.Kind+"  "+h.Packages[0])
				case HighlightAppeared, HighlightVanished:
					got = append(got, h.Kind+" "+h.Facet+" "+h.Value)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("highlights\n  %q\nthe pages say\n  %q", got, want)
			}
			total += len(want)
		})
	}
	if total < 10 {
		t.Errorf("only %d news items over the bundled pairs: the check is too weak", total)
	}
}

// TestNewsMoves: a value on both sides is news when it halved or doubled
// by at least MoveFloor specs, and only then.
func TestNewsMoves(t *testing.T) {
	for _, c := range []struct {
		old, new int
		want     string
	}{
		{10, 5, HighlightShrank}, {10, 6, ""}, {5, 1, HighlightShrank}, {2, 1, ""}, {7, 3, HighlightShrank},
		{4, 8, HighlightGrew}, {1, 3, ""}, {2, 6, HighlightGrew}, {300, 100, HighlightShrank}, {300, 599, ""},
		{0, 9, ""}, {9, 0, ""},
	} {
		got, ok := movedBy(OldToNew{Old: c.old, New: c.new})
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%d → %d: %q %v, want %q", c.old, c.new, got, ok, c.want)
		}
	}
}

// TestNewsCoverageAndGate: coverage items name the packages whose specs
// with the value came or went (zlib's spec updated in its OS names zlib
// under the OSes, not under its platform); the gate's items follow SetGate; the items are
// sorted by kind, facet and value; a lockfile's stacks are left to its
// root items.
func TestNewsCoverageAndGate(t *testing.T) {
	spec := func(hash, os string, stacks ...string) snapshot.Spec {
		return snapshot.Spec{Hash: hash, Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: os, Platform: "linux", Target: "x86_64", Variants: []string{}, Stacks: stacks}
	}
	pkg := func(name string, specs ...snapshot.Spec) *snapshot.Package {
		return &snapshot.Package{Name: name, Line: 6, Specs: specs, Origin: &snapshot.Origin{File: name + "/specs.md"}}
	}
	var big []snapshot.Spec
	for _, h := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
		big = append(big, spec(h, "ubuntu22.04", "e4s"))
	}
	before := &snapshot.Snapshot{Path: "a", Tag: "a", Canon: snapshot.RuleCounts{}, Packages: []*snapshot.Package{
		pkg("bzip2", big...),
		pkg("zlib", spec("z1", "centos8", "hep"), spec("z2", "ubuntu22.04", "e4s")),
	}}
	after := &snapshot.Snapshot{Path: "b", Tag: "b", Canon: snapshot.RuleCounts{}, Packages: []*snapshot.Package{
		pkg("bzip2", big[0]),
		pkg("zlib", spec("z2", "ubuntu22.04", "e4s"), spec("z3", "rocky9", "hep")),
	}}
	r, err := CompareWith(before, after, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	got := highlightLines(r)
	want := []string{
		"vanished os centos8 zlib",
		"appeared os rocky9 zlib",
		"shrank stack e4s bzip2",
		"shrank platform linux bzip2", // zlib's spec moved OS, not platform
		"shrank os ubuntu22.04 bzip2",
		"shrank target x86_64 bzip2",
		"shrank compiler gcc@13.2.0 bzip2",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n  %q\nwant\n  %q", got, want)
	}
	if err := r.CheckLaws(); err != nil {
		t.Error(err)
	}
	g, err := CheckGate(r, []string{"removed-spec"})
	if err != nil {
		t.Fatal(err)
	}
	r.SetGate(g)
	r.SetGate(g) // again: replaces, never adds twice
	last := r.Highlights[len(r.Highlights)-1]
	if n := len(r.Highlights); n != len(want)+1 || last.Kind != HighlightGateTripped || last.Value != "removed-spec" {
		t.Errorf("after SetGate: %d items, last %+v", n, last)
	}
	r.SetGate(nil)
	if len(r.Highlights) != len(want) {
		t.Errorf("after SetGate(nil): %d items, want %d", len(r.Highlights), len(want))
	}

	// The laws catch a report whose highlights miss news.
	r.Highlights = r.Highlights[1:]
	if err := r.CheckLaws(); err == nil || !strings.Contains(err.Error(), "centos8") {
		t.Errorf("CheckLaws without the vanished item: %v", err)
	}
}

// TestNewsSymmetric: the news of B → A mirror those of A → B: new and
// removed packages swap, as do appeared and vanished, shrank and grew.
func TestNewsSymmetric(t *testing.T) {
	mirror := map[string]string{
		HighlightNewPackage: HighlightRemovedPackage, HighlightRemovedPackage: HighlightNewPackage,
		HighlightAppeared: HighlightVanished, HighlightVanished: HighlightAppeared,
		HighlightShrank: HighlightGrew, HighlightGrew: HighlightShrank, HighlightVersion: HighlightVersion,
	}
	g := newGenerator(7, false)
	for range 20 {
		a, b, _ := g.pair(60)
		ab, err := CompareWith(a, b, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		ba, err := CompareWith(b, a, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		key := func(h Highlight, kind string) string {
			return kind + " " + h.Facet + " " + h.Value + " " + strings.Join(h.Packages, ",")
		}
		var x, y []string
		for _, h := range ab.Highlights {
			if m, ok := mirror[h.Kind]; ok {
				if h.Kind == HighlightShrank || h.Kind == HighlightGrew {
					continue // the thresholds are not symmetric (halved is not doubled)
				}
				x = append(x, key(h, m))
			}
		}
		for _, h := range ba.Highlights {
			if _, ok := mirror[h.Kind]; ok && h.Kind != HighlightShrank && h.Kind != HighlightGrew {
				y = append(y, key(h, h.Kind))
			}
		}
		slices.Sort(x)
		slices.Sort(y)
		if !slices.Equal(x, y) {
			t.Fatalf("A→B mirrored\n  %q\nB→A\n  %q", x, y)
		}
	}
}

// TestNewsStacksOutsideSelection: under --stack e4s, a spec of e4s that
// left hep is no news of hep (a stack the view does not select: it sees
// only hep's overlap with e4s), as the lost-stack gate does not count
// hep; the selected stacks' news stay.
func TestNewsStacksOutsideSelection(t *testing.T) {
	spec := func(hash string, stacks ...string) snapshot.Spec {
		return snapshot.Spec{Hash: hash, Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu22.04", Platform: "linux", Target: "x86_64", Variants: []string{}, Stacks: stacks}
	}
	pkg := func(name string, specs ...snapshot.Spec) *snapshot.Package {
		return &snapshot.Package{Name: name, Line: 6, Specs: specs, Origin: &snapshot.Origin{File: name + "/specs.md"}}
	}
	before := &snapshot.Snapshot{Path: "a", Tag: "a", Canon: snapshot.RuleCounts{}, Packages: []*snapshot.Package{
		pkg("p", spec("p1", "e4s", "hep", "root")), pkg("q", spec("q1", "e4s", "root"), spec("q2", "ml", "root")),
	}}
	after := &snapshot.Snapshot{Path: "b", Tag: "b", Canon: snapshot.RuleCounts{}, Packages: []*snapshot.Package{
		pkg("p", spec("p1", "e4s", "root")), pkg("q", spec("q1", "e4s", "radiuss", "root"), spec("q2", "ml", "root")),
	}}
	for _, tc := range []struct {
		stacks []string
		want   []string
	}{
		{[]string{"e4s"}, nil},
		{[]string{"e4s", "hep"}, []string{"vanished stack hep p"}},
		{[]string{"ml"}, nil},
		{nil, []string{"vanished stack hep p", "appeared stack radiuss q"}},
	} {
		r, err := CompareWith(before, after, Filter{Stacks: tc.stacks})
		if err != nil {
			t.Fatal(err)
		}
		got := highlightLines(r)
		if !slices.Equal(got, tc.want) {
			t.Errorf("--stack %v: got %q, want %q", tc.stacks, got, tc.want)
		}
		if err := r.CheckLaws(); err != nil {
			t.Error(err)
		}
	}
}

// TestNewsSameHashFacetChange: a pair of one hash whose compiler differs
// (a hash names one build: the loader warns) and that left a stack is
// listed restacked; the compiler that went and the one that came name its
// package, as the stacks do.
func TestNewsSameHashFacetChange(t *testing.T) {
	spec := func(compiler string, stacks ...string) snapshot.Spec {
		return snapshot.Spec{Hash: "p1", Versions: []string{"1.0"}, Compiler: compiler, OS: "ubuntu22.04", Platform: "linux", Target: "x86_64", Variants: []string{}, Stacks: stacks}
	}
	pkg := func(s snapshot.Spec) *snapshot.Package {
		return &snapshot.Package{Name: "p", Line: 6, Specs: []snapshot.Spec{s}, Origin: &snapshot.Origin{File: "p/specs.md"}}
	}
	before := &snapshot.Snapshot{Path: "a", Tag: "a", Canon: snapshot.RuleCounts{}, Packages: []*snapshot.Package{pkg(spec("gcc@13.2.0", "e4s"))}}
	after := &snapshot.Snapshot{Path: "b", Tag: "b", Canon: snapshot.RuleCounts{}, Packages: []*snapshot.Package{pkg(spec("gcc@14", "hep"))}}
	r, err := CompareWith(before, after, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	got := highlightLines(r)
	want := []string{"vanished stack e4s p", "vanished compiler gcc@13.2.0 p", "appeared stack hep p", "appeared compiler gcc@14 p"}
	if !slices.Equal(got, want) {
		t.Errorf("got\n  %q\nwant\n  %q", got, want)
	}
}

// highlightLines are r's highlights, each as "KIND FACET VALUE PACKAGES"
// (the packages comma-separated).
func highlightLines(r *Report) []string {
	var got []string
	for _, h := range r.Highlights {
		got = append(got, h.Kind+" "+h.Facet+" "+h.Value+" "+strings.Join(h.Packages, ","))
	}
	return got
}
