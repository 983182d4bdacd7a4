package jsonv1

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// causeWhys are r's whys in the order the engine gives them out: the
// pairs' (rebuilt, then updated, package by package), then the changed
// roots'.
func causeWhys(r *diff.Report) []*diff.Why {
	var ws []*diff.Why
	for i := range r.Packages {
		p := &r.Packages[i]
		for j := range p.Specs.Rebuilt {
			ws = append(ws, p.Specs.Rebuilt[j].Why)
		}
		for j := range p.Specs.Updated {
			ws = append(ws, p.Specs.Updated[j].Why)
		}
	}
	if c := r.Causes; c.Roots != nil {
		for i := range c.Roots.Changed {
			ws = append(ws, c.Roots.Changed[i].Why)
		}
	}
	return slices.DeleteFunc(ws, func(w *diff.Why) bool { return w == nil })
}

// renumber applies f to every index of r into causes.table (what "table"),
// causes.paths ("paths") or causes.sets ("sets").
func renumber(r *diff.Report, what string, f func(int) int) {
	c := r.Causes
	ptr := func(p *int) {
		if p != nil {
			*p = f(*p)
		}
	}
	for _, w := range causeWhys(r) {
		switch what {
		case "table":
			ptr(w.Self)
		case "paths":
			ptr(w.Via)
		case "sets":
			if w.Set > 0 {
				w.Set = f(w.Set)
			}
		}
	}
	for _, set := range c.Sets {
		for i := range set {
			ref := &set[i]
			switch {
			case ref.SetBase != nil && what == "sets":
				ref.Set = f(ref.Set)
			case ref.SetBase != nil && what == "paths":
				ref.Via = f(ref.Via)
			case ref.SetBase == nil && what == "table":
				ref.Cause = f(ref.Cause)
				ptr(ref.Over)
			case ref.SetBase == nil && what == "paths":
				ref.Path = f(ref.Path)
			}
		}
	}
	if what == "paths" {
		for i := range c.Paths {
			ptr(c.Paths[i].Next)
		}
	}
}

// swapped is r with entries a and b of a causes list swapped, every
// index into the list renumbered to match: the same report, listed in
// another order.
func swapped(r *diff.Report, what string, a, b int) {
	c := r.Causes
	switch what {
	case "table":
		c.Table[a], c.Table[b] = c.Table[b], c.Table[a]
	case "paths":
		c.Paths[a], c.Paths[b] = c.Paths[b], c.Paths[a]
	case "sets":
		c.Sets[a], c.Sets[b] = c.Sets[b], c.Sets[a]
	}
	renumber(r, what, func(i int) int {
		switch i {
		case a:
			return b
		case b:
			return a
		}
		return i
	})
}

// TestCauseListsOnceInOrder forges reports whose causes.table, paths or
// sets hold an entry twice or two entries swapped (every index
// renumbered to match): they render as the report the engine wrote, so
// nothing visibly went wrong, but the engine sorts the table, numbers
// the sets and links in the order it first names them, and names each
// once. render accepted all of them; it must refuse each, naming the
// list and the index.
func TestCauseListsOnceInOrder(t *testing.T) {
	gen := func(t *testing.T) *diff.Report {
		r, err := DecodeBytes(jsonOf(t, spackGenReport(t)))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	chain := func(t *testing.T) *diff.Report {
		data, _ := chainUpdJSON(t, 40)
		r, err := DecodeBytes(data)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Causes.Sets) < 3 {
			t.Fatalf("the chain's report has %d sets", len(r.Causes.Sets))
		}
		return r
	}
	// lastWhy is the last why (in the engine's order) that has what
	// (a set, a via).
	lastWhy := func(r *diff.Report, has func(*diff.Why) bool) *diff.Why {
		ws := causeWhys(r)
		for i := len(ws) - 1; i >= 0; i-- {
			if has(ws[i]) {
				return ws[i]
			}
		}
		t.Fatal("no such why")
		return nil
	}
	for _, tc := range []struct {
		name  string
		forge func(t *testing.T) *diff.Report
		want  string
	}{
		{"table swapped", func(t *testing.T) *diff.Report {
			r := gen(t)
			swapped(r, "table", 0, 1)
			return r
		}, "causes.table[1]: "},
		{"table twice", func(t *testing.T) *diff.Report {
			// Cause 0, which sets and a pair's own change name: the
			// pair names the copy.
			r := gen(t)
			c := r.Causes
			c.Table = slices.Insert(c.Table, 1, c.Table[0])
			renumber(r, "table", func(i int) int {
				if i >= 1 {
					return i + 1
				}
				return i
			})
			for _, w := range causeWhys(r) {
				if w.Self != nil && *w.Self == 0 {
					*w.Self = 1
				}
			}
			return r
		}, "causes.table[1]: the cause of causes.table[0] again"},
		{"links swapped", func(t *testing.T) *diff.Report {
			r := gen(t)
			n := len(r.Causes.Paths)
			swapped(r, "paths", n-2, n-1)
			return r
		}, "causes.paths["},
		{"links swapped, based sets", func(t *testing.T) *diff.Report {
			r := chain(t)
			swapped(r, "paths", 0, 1)
			return r
		}, "causes.paths[1]: "},
		{"link twice", func(t *testing.T) *diff.Report {
			// The last via's link, copied to the end: named last, it
			// is in order.
			r := gen(t)
			w := lastWhy(r, func(w *diff.Why) bool { return w.Via != nil })
			c := r.Causes
			c.Paths = append(c.Paths, c.Paths[*w.Via])
			v := len(c.Paths) - 1
			w.Via = &v
			return r
		}, "again"},
		{"sets swapped", func(t *testing.T) *diff.Report {
			r := gen(t)
			n := len(r.Causes.Sets)
			swapped(r, "sets", n-2, n-1)
			return r
		}, "causes.sets["},
		{"sets swapped, based sets", func(t *testing.T) *diff.Report {
			r := chain(t)
			swapped(r, "sets", 1, 2)
			return r
		}, "causes.sets[2]: "},
		{"set twice", func(t *testing.T) *diff.Report {
			r := gen(t)
			w := lastWhy(r, func(w *diff.Why) bool { return w.Set > 0 })
			c := r.Causes
			c.Sets = append(c.Sets, slices.Clone(c.Sets[w.Set]))
			w.Set = len(c.Sets) - 1
			return r
		}, "again: cachediff names each set once"},
		{"a change twice", func(t *testing.T) *diff.Report {
			// In every cause of the package and in its group: the
			// causes still make the groups.
			r := gen(t)
			c := r.Causes
			name := c.Table[0].Name
			for i := range c.Table {
				if t := &c.Table[i]; t.Name == name {
					t.Changes = append(slices.Clone(t.Changes), t.Changes[0])
				}
			}
			for i := range c.Groups {
				if g := &c.Groups[i]; g.Name == name {
					g.Changes = append(slices.Clone(g.Changes), g.Changes[0])
				}
			}
			return r
		}, "causes.table[0].changes[1].kind: "},
		{"changed dependencies reversed", func(t *testing.T) *diff.Report {
			r := gen(t)
			for _, w := range causeWhys(r) {
				if len(w.Changed) > 1 {
					slices.Reverse(w.Changed)
					return r
				}
			}
			t.Fatal("no pair with two changed dependencies")
			return nil
		}, ".why.changed[1]: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := jsonOf(t, tc.forge(t))
			_, err := DecodeBytes(data)
			if err == nil {
				t.Fatalf("accepted")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("refused for %v, want a message with %q", err, tc.want)
			}
			t.Log(err)
		})
	}
}
