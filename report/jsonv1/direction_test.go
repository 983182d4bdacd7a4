package jsonv1

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestDecodeDirectionAgainstVersions: a changed package's versions
// direction, which the downgrade gate is read from, must be the one its
// own old and new versions give, and its added and removed versions the
// ones on one side only. A saved report with "downgraded" edited to
// "upgraded" (its versions left as they were) passed render --fail-on
// downgrade with exit 0.
func TestDecodeDirectionAgainstVersions(t *testing.T) {
	r := enumReport(t)
	i := -1
	for j, p := range r.Packages {
		if p.Status == diff.Changed && len(p.Versions.Added)+len(p.Versions.Removed) > 0 {
			i = j
			break
		}
	}
	if i < 0 {
		t.Fatal("no changed package with a version change")
	}
	encode := func(r *diff.Report) *bytes.Buffer {
		var buf bytes.Buffer
		if err := JSON(&buf, r); err != nil {
			t.Fatal(err)
		}
		return &buf
	}
	if _, err := decodeReport(encode(r)); err != nil {
		t.Fatalf("a report cachediff wrote: %v", err)
	}
	was := r.Packages[i].Versions.Direction
	for _, d := range []string{diff.Upgraded, diff.Downgraded, diff.Other, diff.NoChange} {
		if d == was {
			continue
		}
		r := enumReport(t)
		r.Packages[i].Versions.Direction = d
		_, err := decodeReport(encode(r))
		if err == nil || !strings.Contains(err.Error(), ".versions.direction") {
			t.Errorf("direction %q edited to %q: error %v, want one naming versions.direction", was, d, err)
		} else if !strings.Contains(err.Error(), "if an older cachediff wrote this report") {
			// Not only an edit: the rules of a direction changed between
			// releases, and an honest older report is refused as well.
			t.Errorf("direction %q edited to %q: error %v, want it to say what to do with an older cachediff's report", was, d, err)
		}
	}
	// Added versions emptied, the direction made "unchanged" to match.
	r = enumReport(t)
	r.Packages[i].Versions.Added, r.Packages[i].Versions.Removed = []string{}, []string{}
	r.Packages[i].Versions.Direction = diff.NoChange
	if _, err := decodeReport(encode(r)); err == nil || !strings.Contains(err.Error(), ".versions.") {
		t.Errorf("added and removed versions emptied: error %v, want one naming the versions", err)
	}
}

// TestDecodeVersionsAddedInOrder (78th adversarial pass): a changed
// package's added and removed versions were compared as sets, so a saved
// report with them reversed ("added 12.4.0, 10.5.0") rendered in an
// order the diff never writes. They are in their side's version order.
func TestDecodeVersionsAddedInOrder(t *testing.T) {
	r := testdataReport(t, "hostile/old", "hostile/new")
	i := slices.IndexFunc(r.Packages, func(p diff.Package) bool {
		return p.Status == diff.Changed && len(p.Versions.Added) > 1
	})
	if i < 0 {
		t.Fatal("no changed package of testdata/hostile with two versions added")
	}
	v := &r.Packages[i].Versions
	slices.Reverse(v.Added)
	slices.Reverse(v.Removed)
	_, err := DecodeBytes(jsonOf(t, r))
	if err == nil || !strings.Contains(err.Error(), ".versions.") {
		t.Errorf("added and removed versions reversed: error %v, want one naming the versions", err)
	}
}
