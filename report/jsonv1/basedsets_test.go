package jsonv1

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// chainUpdReport is the report of spackgen's chain of n specs, every
// version bumped (its sets are based on one another past the first few).
func chainUpdReport(t *testing.T, n int) *diff.Report {
	t.Helper()
	oldPath, newPath, err := spackgen.WriteChainUpdPair(t.TempDir(), n)
	if err != nil {
		t.Fatal(err)
	}
	return reporttest.ComparePaths(t, oldPath, newPath)
}

// chainUpdJSON is chainUpdReport's report of n specs as JSON, and the
// log over the same two snapshots as JSON.
func chainUpdJSON(t *testing.T, n int) (report, log []byte) {
	t.Helper()
	oldPath, newPath, err := spackgen.WriteChainUpdPair(t.TempDir(), n)
	if err != nil {
		t.Fatal(err)
	}
	var snaps []*snapshot.Snapshot
	for _, p := range []string{oldPath, newPath} {
		s, err := snapshot.Load(p, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, s)
	}
	return jsonOf(t, reporttest.ComparePaths(t, oldPath, newPath)), jsonLog(t, snaps).Bytes()
}

// basedSet is the first set of r with a base, and its base.
func basedSet(t *testing.T, r *diff.Report) (int, diff.SetBase) {
	t.Helper()
	for k := range r.Causes.Sets {
		if b, ok := r.Causes.Base(k); ok {
			return k, b
		}
	}
	t.Fatal("no set of the report is based on another")
	return 0, diff.SetBase{}
}

// A set written as another set plus the references it adds ({"set": j,
// "via": p} first, docs/json.md) is read back and checked: a base that
// names no set, the set itself, or a set based on it, a via that is no
// link, a cause its base holds already, a base twice, bases that share a
// set, a base after a reference, and an element that is both or neither
// form are refused with the field.
func TestDecodeBasedSets(t *testing.T) {
	const n = 60
	if _, err := DecodeBytes(jsonOf(t, chainUpdReport(t, n))); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	// setBase replaces set k's base.
	setBase := func(r *diff.Report, k int, b diff.SetBase) {
		r.Causes.Sets[k] = slices.Clone(r.Causes.Sets[k])
		r.Causes.Sets[k][0] = diff.CauseRef{SetBase: &b}
	}
	for _, tc := range []struct {
		name, want string
		edit       func(r *diff.Report, k int, b diff.SetBase)
	}{
		{"a base naming no set", "][0].set: 9999, but causes.sets has", func(r *diff.Report, k int, b diff.SetBase) {
			setBase(r, k, diff.SetBase{Set: 9999, Via: b.Via})
		}},
		{"a base on set 0", "][0].set: 0, but causes.sets has", func(r *diff.Report, k int, b diff.SetBase) {
			setBase(r, k, diff.SetBase{Set: 0, Via: b.Via})
		}},
		{"a set based on itself", "a set is not based on itself", func(r *diff.Report, k int, b diff.SetBase) {
			setBase(r, k, diff.SetBase{Set: k, Via: b.Via})
		}},
		{"sets based on each other", "the sets' bases loop", func(r *diff.Report, k int, b diff.SetBase) {
			// The base, written out, now based on k.
			r.Causes.Sets[b.Set] = append([]diff.CauseRef{{SetBase: &diff.SetBase{Set: k, Via: b.Via}}}, r.Causes.OwnRefs(b.Set)...)
		}},
		{"a via that is no link", "][0].via: 99999, but causes.paths has", func(r *diff.Report, k int, b diff.SetBase) {
			setBase(r, k, diff.SetBase{Set: b.Set, Via: 99999})
		}},
		{"a cause the base holds already", "bases hold already", func(r *diff.Report, k int, b diff.SetBase) {
			dup := r.Causes.OwnRefs(b.Set)[0]
			refs := append(slices.Clone(r.Causes.OwnRefs(k)), dup)
			slices.SortFunc(refs, func(x, y diff.CauseRef) int { return x.Cause - y.Cause })
			r.Causes.Sets[k] = append([]diff.CauseRef{{SetBase: &b}}, refs...)
		}},
		{"bases that share a group", "of a group that another base of set", func(r *diff.Report, k int, b diff.SetBase) {
			// A second base: a new set of another hash of a cause of
			// the first base, changed the same way (a group may repeat
			// down single bases, not across a set's several).
			held := r.Causes.OwnRefs(b.Set)[0]
			c := r.Causes.Table[held.Cause]
			c.NewHash += "x"
			r.Causes.Table = append(r.Causes.Table, c)
			r.Causes.Sets = append(r.Causes.Sets, []diff.CauseRef{{Cause: len(r.Causes.Table) - 1, Path: held.Path}})
			second := diff.SetBase{Set: len(r.Causes.Sets) - 1, Via: b.Via}
			r.Causes.Sets[k] = append([]diff.CauseRef{{SetBase: &second}}, r.Causes.Sets[k]...)
		}},
		{"a set twice a base", "a base of the set twice", func(r *diff.Report, k int, b diff.SetBase) {
			r.Causes.Sets[k] = append([]diff.CauseRef{{SetBase: &b}}, r.Causes.Sets[k]...)
		}},
		{"bases that share a set", "bases hold already", func(r *diff.Report, k int, b diff.SetBase) {
			// A set based on a based set, now based on that set's base
			// too.
			for k := range r.Causes.Sets {
				b, ok := r.Causes.Base(k)
				if bb, ok2 := r.Causes.Base(b.Set); ok && ok2 {
					r.Causes.Sets[k] = append([]diff.CauseRef{{SetBase: &bb}}, r.Causes.Sets[k]...)
					return
				}
			}
			t.Fatal("no set is based on a based set")
		}},
		{"a base after a reference", "a base {set, via} after a reference", func(r *diff.Report, k int, b diff.SetBase) {
			r.Causes.Sets[k] = append(slices.Clone(r.Causes.OwnRefs(k)), diff.CauseRef{SetBase: &b})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := chainUpdReport(t, n)
			k, b := basedSet(t, r)
			tc.edit(r, k, b)
			_, err := DecodeBytes(jsonOf(t, r))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("decoded with %v, want an error with %q", err, tc.want)
			}
		})
	}
	// Elements of both forms, or of neither whole, edited in the text.
	js := jsonOf(t, chainUpdReport(t, n))
	at := bytes.Index(js, []byte(`"sets": [`))
	first := at + bytes.Index(js[at:], []byte(`"set": `))
	open := bytes.LastIndexByte(js[:first], '{')
	end := first + bytes.IndexByte(js[first:], '}')
	for _, tc := range []struct{ name, from, to, fields string }{
		{"a base with a cause", `"set": `, `"cause": 0, "set": `, `with fields "cause", "set", "via": `},
		{"a base without its via", `"via": `, `"path": `, `with fields "path", "set": `},
		{"a base of a set alone", string(js[open : end+1]), `{"set": 1}`, `with field "set": `},
		{"an element of no field", string(js[open : end+1]), `{}`, `with no field: `},
	} {
		i := first + bytes.Index(js[first:], []byte(tc.from))
		if tc.from[0] == '{' {
			i = open
		}
		edited := slices.Concat(js[:i], []byte(tc.to), js[i+len(tc.from):])
		_, err := DecodeBytes(edited)
		if want := tc.fields + `it is a reference {"cause", "path"}, a base {"set", "via"} or an override {"over", "path"}`; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: decoded with %v, want an error with %q", tc.name, err, want)
		}
	}
}

// A chain's report, written as JSON and read back, renders the
// Markdown, text and HTML of the report itself: the based sets expand to
// the same causes (TestChainUpdLinear compares the whole command's).
func TestBasedSetsRoundTrip(t *testing.T) {
	r := chainUpdReport(t, 80)
	back, err := DecodeBytes(jsonOf(t, r))
	if err != nil {
		t.Fatal(err)
	}
	basedSet(t, back)
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
}

// A report with based sets lists "based-sets" in its "features", next to
// its schema, so that a consumer written before bases (which would read
// a base {set, via} as {cause: 0, path: 0}) can tell; a report without
// bases has no "features", as before. render reads a listed feature it
// knows, refuses one it does not (a newer cachediff's), and reads a
// based report saved before "features" was written.
func TestBasedSetsFeature(t *testing.T) {
	based := jsonOf(t, chainUpdReport(t, 60))
	head := "{\n  \"schema\": \"cachediff/v1\",\n  \"features\": [\n    \"based-sets\"\n  ],\n  \"old\": {"
	if !bytes.HasPrefix(based, []byte(head)) {
		t.Fatalf("a report with based sets starts\n%.120s\nwant\n%s", based, head)
	}
	flat := jsonOf(t, chainUpdReport(t, 4))
	if bytes.Contains(flat, []byte(`"features"`)) || !bytes.HasPrefix(flat, []byte("{\n  \"schema\": \"cachediff/v1\",\n  \"old\": {")) {
		t.Errorf("a report without based sets lists features:\n%.200s", flat)
	}
	back, err := DecodeBytes(based)
	if err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	if again := jsonOf(t, back); !bytes.Equal(again, based) {
		t.Errorf("the report read back writes other JSON:\n%.300s", again)
	}
	// Saved before "features": read as before.
	old := bytes.Replace(based, []byte("\n  \"features\": [\n    \"based-sets\"\n  ],"), nil, 1)
	if _, err := DecodeBytes(old); err != nil {
		t.Errorf("a based report without features: %v", err)
	}
	// A feature of a newer cachediff.
	newer := bytes.Replace(based, []byte(`"based-sets"`), []byte(`"based-sets", "sparse-paths"`), 1)
	_, err = DecodeBytes(newer)
	if err == nil || !strings.Contains(err.Error(), `features[1]: "sparse-paths" is not a feature this cachediff reads (want based-sets`) {
		t.Errorf("an unknown feature: %v", err)
	}
	wrong := bytes.Replace(based, []byte(`"based-sets"`), []byte(`7`), 1)
	if _, err := DecodeBytes(wrong); err == nil || !strings.Contains(err.Error(), "features") {
		t.Errorf("a feature that is no string: %v", err)
	}
}
