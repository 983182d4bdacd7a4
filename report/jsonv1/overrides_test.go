package jsonv1

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// chainHubReport is the report of spackgen's chain of n specs each also
// on the same hubs changed leaves, every version bumped: past the first
// few, each set is based on the one below, and overrides the leaves'
// causes, which the spec links directly.
func chainHubReport(t *testing.T, n, hubs int) *diff.Report {
	t.Helper()
	oldPath, newPath, err := spackgen.WriteDAGPair(t.TempDir(), spackgen.ChainHubDAG(n, hubs))
	if err != nil {
		t.Fatal(err)
	}
	return reporttest.ComparePaths(t, oldPath, newPath)
}

// overrideSet is the first set of r with an override, and the index of
// its first override.
func overrideSet(t *testing.T, r *diff.Report) (int, int) {
	t.Helper()
	for k, set := range r.Causes.Sets {
		for i, ref := range set {
			if ref.Over != nil {
				return k, i
			}
		}
	}
	t.Fatal("no set of the report overrides a cause of its base")
	return 0, 0
}

// A set of one base that holds a cause of its base by a path of its own
// ({"over": c, "path": p}, docs/json.md) is written as such, listed in
// "features", read back to the same causes, and checked: an override of
// a cause the base does not hold, twice, out of order, beside a
// reference of its cause, in a set without a base or of several, and an
// element of "over" with "cause", without "path", or null, are refused
// with the field.
func TestDecodeSetOverrides(t *testing.T) {
	const n = 60
	r := chainHubReport(t, n, 2)
	js := jsonOf(t, r)
	if !bytes.Contains(js, []byte("\"features\": [\n    \"based-sets\",\n    \"set-overrides\"\n  ],")) {
		t.Fatalf("the report does not list set-overrides in its features:\n%.300s", js)
	}
	back, err := DecodeBytes(js)
	if err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	if got := report.FeaturesOf(back); !slices.Equal(got, []string{report.FeatureBasedSets, report.FeatureSetOverrides}) {
		t.Errorf("read back, its features are %q", got)
	}
	for i := range r.Packages {
		for j := range r.Packages[i].Specs.Updated {
			w, v := r.Packages[i].Specs.Updated[j].Why, back.Packages[i].Specs.Updated[j].Why
			name := r.Packages[i].Name
			got, want := back.Causes.Resolve(v, name), r.Causes.Resolve(w, name)
			if len(got) != len(want) {
				t.Fatalf("%s: %d causes read back, %d written", name, len(got), len(want))
			}
			for c := range got {
				if got[c].Name != want[c].Name || !slices.Equal(got[c].Path, want[c].Path) {
					t.Fatalf("%s: cause %d read back %s by %q, written %s by %q", name, c, got[c].Name, got[c].Path, want[c].Name, want[c].Path)
				}
			}
		}
	}
	over := func(c, p int) diff.CauseRef { return diff.CauseRef{Cause: c, Path: p, Over: &c} }
	for _, tc := range []struct {
		name, want string
		edit       func(r *diff.Report, k, i int)
	}{
		{"an override of a cause the base does not hold", "base does not hold: an override holds a cause of its base", func(r *diff.Report, k, i int) {
			// Another hash of the cause overridden, a new cause of the
			// table (the last: the set's order holds).
			ref := r.Causes.Sets[k][i]
			c := r.Causes.Table[ref.Cause]
			c.NewHash += "x"
			r.Causes.Table = append(r.Causes.Table, c)
			set := slices.Delete(slices.Clone(r.Causes.Sets[k]), i, i+1)
			r.Causes.Sets[k] = append(set, over(len(r.Causes.Table)-1, ref.Path))
		}},
		{"an override twice", "a set lists each cause once, in order", func(r *diff.Report, k, i int) {
			r.Causes.Sets[k] = slices.Insert(slices.Clone(r.Causes.Sets[k]), i, r.Causes.Sets[k][i])
		}},
		{"an override out of order", "a set lists each cause once, in order", func(r *diff.Report, k, i int) {
			set := slices.Clone(r.Causes.Sets[k])
			if set[i-1].SetBase != nil {
				set[i], set[i+1] = set[i+1], set[i]
			} else {
				set[i], set[i-1] = set[i-1], set[i]
			}
			r.Causes.Sets[k] = set
		}},
		{"an override beside a reference of its cause", "a set lists each cause once, in order", func(r *diff.Report, k, i int) {
			ref := r.Causes.Sets[k][i]
			r.Causes.Sets[k] = slices.Insert(slices.Clone(r.Causes.Sets[k]), i+1, diff.CauseRef{Cause: ref.Cause, Path: ref.Path})
		}},
		{"an override in a set without a base", "an override {over, path} in a set without a base", func(r *diff.Report, k, i int) {
			for s := 1; s < len(r.Causes.Sets); s++ {
				if _, ok := r.Causes.Base(s); !ok && len(r.Causes.Sets[s]) > 0 {
					set := slices.Clone(r.Causes.Sets[s])
					set[0] = over(set[0].Cause, set[0].Path)
					r.Causes.Sets[s] = set
					return
				}
			}
			t.Fatal("every set is based")
		}},
		{"an override in a set of two bases", "an override {over, path} in a set of 2 bases", func(r *diff.Report, k, i int) {
			// A second base: a new set of a new cause, of a name of its
			// own.
			ref := r.Causes.Sets[k][i]
			c := r.Causes.Table[ref.Cause]
			c.Name, c.NewHash = "zz", c.NewHash+"x"
			r.Causes.Table = append(r.Causes.Table, c)
			r.Causes.Paths = append(r.Causes.Paths, diff.PathLink{Name: "zz"})
			r.Causes.Sets = append(r.Causes.Sets, []diff.CauseRef{{Cause: len(r.Causes.Table) - 1, Path: len(r.Causes.Paths) - 1}})
			b, _ := r.Causes.Base(k)
			second := diff.SetBase{Set: len(r.Causes.Sets) - 1, Via: b.Via}
			r.Causes.Sets[k] = append([]diff.CauseRef{{SetBase: &second}}, r.Causes.Sets[k]...)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := chainHubReport(t, n, 2)
			k, i := overrideSet(t, r)
			tc.edit(r, k, i)
			_, err := DecodeBytes(jsonOf(t, r))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("decoded with %v, want an error with %q", err, tc.want)
			}
		})
	}
	// Elements of "over" with another form, edited in the text.
	first := bytes.Index(js, []byte(`"over": `))
	open := bytes.LastIndexByte(js[:first], '{')
	end := first + bytes.IndexByte(js[first:], '}')
	for _, tc := range []struct{ name, from, to, want string }{
		{"an override with a cause", `"over": `, `"cause": 0, "over": `, `with fields "cause", "path", "over": it is a reference`},
		{"an override without its path", string(js[open : end+1]), `{"over": 1}`, `with field "over": it is a reference`},
		{"an override of a set", `"over": `, `"set": 1, "over": `, `with fields "path", "set", "over": it is a reference`},
		{"an override of null", `"over": `, `"over": null, "x": `, `.over: want a count (a whole number, 0 or more), not null`},
		{"an override of no count", `"over": `, `"over": -`, `.over: want a count`},
	} {
		i := first
		if tc.from[0] == '{' {
			i = open
		}
		edited := slices.Concat(js[:i], []byte(tc.to), js[i+len(tc.from):])
		_, err := DecodeBytes(edited)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: decoded with %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}
