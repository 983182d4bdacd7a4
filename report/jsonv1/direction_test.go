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
		} else if older := strings.Contains(err.Error(), "if an older cachediff wrote this report"); older != (d != diff.NoChange) {
			// Not only an edit: the rules of a direction changed between
			// releases, and an honest older report is refused as well.
			// But every release said "unchanged" of the same versions
			// and of no other: that refusal is of an edit alone.
			t.Errorf("direction %q edited to %q: error %v, want it to say what to do with an older cachediff's report: %v", was, d, err, !older)
		}
	}
	// A package whose versions did not change made "upgraded": no
	// release said other than "unchanged" of it.
	r = enumReport(t)
	k := slices.IndexFunc(r.Packages, func(p diff.Package) bool { return p.Status == diff.Changed && !p.Versions.Changed() })
	if k < 0 {
		t.Fatal("no changed package of the same versions")
	}
	r.Packages[k].Versions.Direction = diff.Upgraded
	if _, err := decodeReport(encode(r)); err == nil || strings.Contains(err.Error(), "older cachediff") {
		t.Errorf("the same versions said upgraded: error %v, want one of an edit alone", err)
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

// TestDecodeOlderVersionOrder (133rd adversarial pass): Spack's version
// order, which cachediff lists versions and specs in, changed between
// releases (git.v2.0=2.0 was below 1.0, nightly below every number), so
// an honest report an older cachediff wrote is refused as out of order.
// The refusal read as an edited file, as the direction's did (a09e3c5):
// it says what to do with an older cachediff's report too.
func TestDecodeOlderVersionOrder(t *testing.T) {
	const hint = "if an older cachediff wrote this report"
	const oldDir, newDir = "real/develop-2025-03-23", "real/develop-2025-03-30"
	refusal := func(what string, edit func(p *diff.Package) bool) string {
		t.Helper()
		r := testdataReport(t, oldDir, newDir)
		for i := range r.Packages {
			if edit(&r.Packages[i]) {
				_, err := DecodeBytes(jsonOf(t, r))
				if err == nil {
					t.Fatalf("%s: read", what)
				}
				return err.Error()
			}
		}
		t.Fatalf("%s: no package to edit", what)
		return ""
	}
	minus := func(a, b []string) []string {
		out := []string{}
		for _, x := range a {
			if !slices.Contains(b, x) {
				out = append(out, x)
			}
		}
		return out
	}
	// Two old versions in the other order, the removed ones in it too
	// (the engine lists them in their side's order).
	msg := refusal("versions", func(p *diff.Package) bool {
		v := &p.Versions
		if p.Status != diff.Changed || len(v.Old) < 2 {
			return false
		}
		v.Old[0], v.Old[1] = v.Old[1], v.Old[0]
		v.Removed = minus(v.Old, v.New)
		return true
	})
	if !strings.Contains(msg, "versions are distinct, oldest first") || !strings.Contains(msg, hint) {
		t.Errorf("versions out of Spack's order: %s, want it to say what to do with an older cachediff's report", msg)
	}
	// Two removed specs of other versions swapped.
	msg = refusal("specs", func(p *diff.Package) bool {
		s := p.Specs.Removed
		if len(s) < 2 || slices.Equal(s[0].Versions, s[1].Versions) {
			return false
		}
		s[0], s[1] = s[1], s[0]
		return true
	})
	if !strings.Contains(msg, "specs are listed by versions") || !strings.Contains(msg, hint) {
		t.Errorf("specs out of version order: %s, want it to say what to do with an older cachediff's report", msg)
	}
}
