package diff

import (
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestCheckRollupMessages: a roll-up whose list of the values counted on
// one side only disagrees with its counts is refused with a message that
// says how: a value listed twice, listed but not counted on that side
// only, counted so but not listed, or listed out of the counts' order
// (which had "lists 2 values, but 2 are counted in old only").
func TestCheckRollupMessages(t *testing.T) {
	counts := ValueCounts{{"gcc@13", OldToNew{Old: 1, New: 2}}, {"gcc@11", OldToNew{Old: 1}}, {"gcc@12", OldToNew{Old: 1}}, {"clang@18", OldToNew{New: 1}}}
	for _, tc := range []struct {
		added, removed []string
		want           string
	}{
		{[]string{"clang@18"}, []string{"gcc@12", "gcc@11"}, `facets.compiler.removed: lists "gcc@12" before "gcc@11", but the counts have "gcc@11" first: the list follows the counts' order`},
		{[]string{"clang@18"}, []string{"gcc@11", "gcc@13"}, `facets.compiler.removed: lists "gcc@13", which the counts do not have in old only`},
		{[]string{"clang@18"}, []string{"gcc@11"}, `facets.compiler.removed: does not list "gcc@12", which the counts have in old only`},
		{[]string{"clang@18", "clang@18"}, []string{"gcc@11", "gcc@12"}, `facets.compiler.added: "clang@18" is there twice`},
		{nil, []string{"gcc@11", "gcc@12"}, `facets.compiler.added: does not list "clang@18", which the counts have in new only`},
		{[]string{"clang@18"}, []string{"gcc@11", "gcc@12"}, ""},
	} {
		r := &Rollup{Added: tc.added, Removed: tc.removed, Counts: counts}
		got := ""
		if err := checkRollup("facets.compiler", r, false, Counts{}); err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("added %q, removed %q:\n got %s\nwant %s", tc.added, tc.removed, got, tc.want)
		}
	}
}

// TestLawsRawReportCanonicalizedNothing: a report made with
// --no-canonicalize (options.canonicalize false) rewrote no string, so
// docs/json.md has every canonicalized count zero; an edited one that
// says otherwise was rendered, and its counts carried into render's JSON.
func TestLawsRawReportCanonicalizedNothing(t *testing.T) {
	a, b := snapOf("a", pkg("zlib", sp("a1aa", "1.0", "gcc@13.2.0", "x86_64_v3"))), snapOf("b", pkg("zlib", sp("b1bb", "1.1", "gcc@13.2.0", "x86_64_v3")))
	a.Raw, b.Raw = true, true
	r, err := CompareWith(a, b, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckLaws(); err != nil {
		t.Fatalf("the report as made: %v", err)
	}
	r.Canonicalized[0].New = 3
	err = r.CheckLaws()
	want := `canonicalized["` + r.Canonicalized[0].Value + `"].new: 3, but options.canonicalize is false: a report made with --no-canonicalize rewrote no string`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestCheckRollupEmptyValue: a facet value that no spec has on either
// side (0 old, 0 new) is never in a report cachediff writes; an edited
// one was rendered as one more value "unchanged" ("2 other values
// unchanged" where the report had 1).
func TestCheckRollupEmptyValue(t *testing.T) {
	r := &Rollup{Added: []string{}, Removed: []string{}, Counts: ValueCounts{{"gcc@1", OldToNew{}}, {"gcc@13", OldToNew{Old: 1, New: 1}}}}
	err := checkRollup("facets.compiler", r, false, Counts{})
	want := `facets.compiler.counts: "gcc@1" has 0 old and 0 new specs: a value is counted where a spec has it`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestLawsPageOfMissingSide (second end-to-end pass, issue 35): an
// edited report whose added package had an old_file (or removed package
// a new_file) was rendered, and written back by render -f json, where
// docs/json.md says the field is absent: refused, with its path.
func TestLawsPageOfMissingSide(t *testing.T) {
	z := sp("a1aa", "1.0", "gcc@13.2.0", "x86_64_v3")
	for _, tc := range []struct {
		old, new *snapshot.Snapshot
		edit     func(p *Package)
		want     string
	}{
		{snapOf("a"), snapOf("b", pkg("zlib", z)), func(p *Package) { p.OldFile = "a/zlib/specs.md" },
			`packages[0].old_file: "a/zlib/specs.md", but an added package has no page in the old snapshot: cachediff writes no old_file for it`},
		{snapOf("a", pkg("zlib", z)), snapOf("b"), func(p *Package) { p.NewFile = "b/zlib/specs.md" },
			`packages[0].new_file: "b/zlib/specs.md", but a removed package has no page in the new snapshot: cachediff writes no new_file for it`},
	} {
		r, err := CompareWith(tc.old, tc.new, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.CheckLaws(); err != nil {
			t.Fatalf("the report as made: %v", err)
		}
		tc.edit(&r.Packages[0])
		if err := r.CheckLaws(); err == nil || err.Error() != tc.want {
			t.Errorf("got %v\nwant %s", err, tc.want)
		}
	}
}
