package jsonv1

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// testdataReport is the report of the snapshots oldDir and newDir, paths
// below the project's testdata/, as cachediff makes it without flags.
func testdataReport(t *testing.T, oldDir, newDir string) *diff.Report {
	t.Helper()
	at := func(dir string) string { return filepath.Join("..", "..", "testdata", filepath.FromSlash(dir)) }
	return reporttest.ComparePaths(t, at(oldDir), at(newDir))
}

// spackGenReport is the report of the generated index pair
// (testdata/spack-gen): 62 rebuilt and updated pairs, 3 root causes.
func spackGenReport(t *testing.T) *diff.Report {
	t.Helper()
	r := testdataReport(t, "spack-gen/old", "spack-gen/new")
	if r.Causes == nil || r.Causes.Pairs != 62 || len(r.Causes.Groups) != 3 || len(r.Causes.Table) == 0 {
		t.Fatalf("the spack-gen report is not the known one: %+v", r.Causes)
	}
	return r
}

// firstWhy is the first pair with a root cause, and its package's name.
func firstWhy(r *diff.Report) (*diff.Why, string) {
	for i := range r.Packages {
		p := &r.Packages[i]
		for j := range p.Specs.Rebuilt {
			if w := p.Specs.Rebuilt[j].Why; len(r.Causes.Refs(w)) > 0 {
				return w, p.Name
			}
		}
	}
	return nil, ""
}

// viaWhy is the first pair whose paths go through a via.
func viaWhy(t *testing.T, r *diff.Report) *diff.Why {
	w, _ := viaWhyName(t, r)
	return w
}

// viaWhyName is viaWhy and its package's name.
func viaWhyName(t *testing.T, r *diff.Report) (*diff.Why, string) {
	t.Helper()
	for i := range r.Packages {
		p := &r.Packages[i]
		for j := range p.Specs.Rebuilt {
			if w := p.Specs.Rebuilt[j].Why; w != nil && w.Via != nil {
				return w, p.Name
			}
		}
	}
	t.Fatal("no pair of the spack-gen report has a via")
	return nil, ""
}

// Issue 35 item 5: render checks the causes section as it checks counts.
// Each edit of a saved report's causes is refused with the field, and the
// command exits 2 (render's errors do).
func TestDecodeCauseLaws(t *testing.T) {
	if _, err := DecodeBytes(jsonOf(t, spackGenReport(t))); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	for _, tc := range []struct {
		name, want string
		edit       func(r *diff.Report)
	}{
		{"a group counting 999 specs", "causes.groups[0]: counts 999 specs", func(r *diff.Report) { r.Causes.Groups[0].Specs = 999 }},
		{"a group's rebuilt and updated", "causes.groups[1]: counts", func(r *diff.Report) {
			r.Causes.Groups[1].Rebuilt--
			r.Causes.Groups[1].Updated++
		}},
		{"an unknown change kind", `causes.table[0].changes[0].kind: "exploit" is not a kind of change`, func(r *diff.Report) {
			r.Causes.Table[0].Changes[0].Kind = "exploit"
		}},
		{"an unknown group change kind", `causes.groups[2].changes[0].kind: "exploit"`, func(r *diff.Report) {
			r.Causes.Groups[2].Changes = []diff.Change{{Kind: "exploit"}}
		}},
		{"a path through a package of no pair", "causes.groups[0].via", func(r *diff.Report) {
			r.Causes.Groups[0].Via = []string{"not-in-the-report", r.Causes.Groups[0].Name}
		}},
		{"a link renamed", "ends at", func(r *diff.Report) {
			for i := range r.Causes.Paths {
				if r.Causes.Paths[i].Next == nil {
					r.Causes.Paths[i].Name = "evil"
					return
				}
			}
		}},
		{"emptied groups", "causes.groups: 0 groups, but the pairs' root causes make 3", func(r *diff.Report) { r.Causes.Groups = []diff.CauseGroup{} }},
		{"a group dropped", "causes.groups: 2 groups", func(r *diff.Report) { r.Causes.Groups = r.Causes.Groups[1:] }},
		{"an emptied cause", "causes.table[0].changes: empty", func(r *diff.Report) { r.Causes.Table[0].Changes = []diff.Change{} }},
		{"an emptied group", "causes.groups[0].changes: empty", func(r *diff.Report) { r.Causes.Groups[0].Changes = []diff.Change{} }},
		{"an emptied explanation", "root causes, but no changed dependency", func(r *diff.Report) {
			w, _ := firstWhy(r)
			w.Changed = []diff.DepChange{}
		}},
		{"a set out of range", "why.set: 999, but causes.sets has", func(r *diff.Report) {
			w, _ := firstWhy(r)
			w.Set = 999
		}},
		{"a cause out of range", "cause: 99, but causes.table has", func(r *diff.Report) { r.Causes.Sets[1][0].Cause = 99 }},
		{"a path that loops", "the path loops", func(r *diff.Report) {
			for i := range r.Causes.Paths {
				if r.Causes.Paths[i].Next == nil {
					k := i
					r.Causes.Paths[i].Next = &k
					return
				}
			}
		}},
		{"a link out of range", "but causes.paths has", func(r *diff.Report) {
			k := 1 << 20
			r.Causes.Paths[0].Next = &k
		}},
		{"a via out of range", "why.via: 999, but causes.paths has", func(r *diff.Report) {
			k := 999
			viaWhy(t, r).Via = &k
		}},
		{"a via that loops", "the path loops", func(r *diff.Report) {
			v := *viaWhy(t, r).Via
			r.Causes.Paths[v].Next = &v
		}},
		{"a via without a set", "why.via: a via, but no root causes", func(r *diff.Report) {
			w := viaWhy(t, r)
			w.Set, w.Changed = 0, []diff.DepChange{}
		}},
		{"a via on an unknown why", "not known, yet", func(r *diff.Report) {
			w := viaWhy(t, r)
			w.Known, w.Set, w.Changed, w.Self = false, 0, []diff.DepChange{}, nil
		}},
		{"a via beside causes written out whole", "why.via: beside causes written out whole", func(r *diff.Report) {
			w, name := viaWhyName(t, r)
			w.Causes = r.Causes.Resolve(w, name)
		}},
		{"set 0 not empty", "causes.sets[0]: 1 references", func(r *diff.Report) { r.Causes.Sets[0] = r.Causes.Sets[1][:1] }},
		{"explained miscounted", "causes.explained: 61, but the pairs' whys make it 62", func(r *diff.Report) { r.Causes.Explained-- }},
		{"own miscounted", "causes.own", func(r *diff.Report) { r.Causes.Own++ }},
		{"an unknown why with causes", "not known, yet", func(r *diff.Report) {
			w, _ := firstWhy(r)
			w.Known = false
		}},
	} {
		r := spackGenReport(t)
		tc.edit(r)
		_, err := DecodeBytes(jsonOf(t, r))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		} else if goTypeNames.MatchString(err.Error()) {
			t.Errorf("%s: %v: Go type names", tc.name, err)
		}
	}
}

// legacy turns r into a report of cachediff before issue 35: each pair's
// causes written out whole, no paths or sets. It keeps the table, which
// the pairs' own changes (why.self, issue 34) index: a report of that
// time had neither, and its groups counted no own change.
func legacy(r *diff.Report) {
	c := r.Causes
	fix := func(w *diff.Why, name string) {
		if w == nil || !w.Known {
			return
		}
		w.Causes = c.Resolve(w, name)
		if w.Causes == nil {
			w.Causes = []diff.Cause{}
		}
		w.Set, w.Via = 0, nil
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		for j := range p.Specs.Rebuilt {
			fix(p.Specs.Rebuilt[j].Why, p.Name)
		}
		for j := range p.Specs.Updated {
			fix(p.Specs.Updated[j].Why, p.Name)
		}
	}
	if c.Roots != nil {
		for i := range c.Roots.Changed {
			fix(c.Roots.Changed[i].Why, c.Roots.Changed[i].New.Name)
		}
	}
	c.Paths, c.Sets = nil, nil
}

// A report saved by cachediff before issue 35 (each pair's causes
// written out whole) still renders, as its causes did, and is checked
// the same way.
func TestDecodeOlderCauses(t *testing.T) {
	r := spackGenReport(t)
	var want bytes.Buffer
	if err := Markdown(&want, r, Options{}); err != nil {
		t.Fatal(err)
	}
	old := spackGenReport(t)
	legacy(old)
	data := jsonOf(t, old)
	if !bytes.Contains(data, []byte(`"path": [`)) || bytes.Contains(data, []byte(`"sets"`)) {
		t.Fatal("the older form has no paths written out, or has sets")
	}
	back, err := DecodeBytes(data)
	if err != nil {
		t.Fatalf("an older report: %v", err)
	}
	var got bytes.Buffer
	if err := Markdown(&got, back, Options{}); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("an older report renders otherwise:\n%s\nwant\n%s", got.String(), want.String())
	}
	// Checked as today's: a group miscounted, a path not from its pair.
	old = spackGenReport(t)
	legacy(old)
	old.Causes.Groups[0].Specs = 999
	if _, err := DecodeBytes(jsonOf(t, old)); err == nil || !strings.Contains(err.Error(), "causes.groups[0]: counts 999") {
		t.Errorf("an older report with a group of 999 specs: %v", err)
	}
	old = spackGenReport(t)
	legacy(old)
	w, _ := firstWhy(r)
	_ = w
	for i := range old.Packages {
		p := &old.Packages[i]
		if len(p.Specs.Rebuilt) > 0 && p.Specs.Rebuilt[0].Why != nil && len(p.Specs.Rebuilt[0].Why.Causes) > 0 {
			p.Specs.Rebuilt[0].Why.Causes[0].Path[0] = "elsewhere"
			break
		}
	}
	if _, err := DecodeBytes(jsonOf(t, old)); err == nil || !strings.Contains(err.Error(), `a path starts at the pair's package`) {
		t.Errorf("an older report with a path from elsewhere: %v", err)
	}
}

// TestDecodeCauseGroupOrder (78th adversarial pass): render checked
// causes.groups as a set. A saved report with its groups reversed led
// its causes with the smallest ("mpi provider … (30 specs), curl …,
// bzip2 1.0.8 → 1.0.9 (62 specs)"), and one with two groups of as many
// specs swapped named them in another order; under --max-bytes the
// causes kept are the first. The groups are in the engine's order.
func TestDecodeCauseGroupOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(g []diff.CauseGroup)
	}{
		{"reversed", func(g []diff.CauseGroup) {
			for i, j := 0, len(g)-1; i < j; i, j = i+1, j-1 {
				g[i], g[j] = g[j], g[i]
			}
		}},
		{"two of as many specs swapped", func(g []diff.CauseGroup) {
			if g[1].Specs != g[2].Specs {
				t.Fatalf("groups 1 and 2 count %d and %d specs: want as many", g[1].Specs, g[2].Specs)
			}
			g[1], g[2] = g[2], g[1]
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := spackGenReport(t)
			tc.edit(r.Causes.Groups)
			_, err := DecodeBytes(jsonOf(t, r))
			if err == nil || !strings.Contains(err.Error(), "is listed after") {
				t.Errorf("got %v, want an error with %q", err, "is listed after")
			}
		})
	}
}
