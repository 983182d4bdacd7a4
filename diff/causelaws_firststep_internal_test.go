package diff

import (
	"strings"
	"testing"
)

// TestCauseLawsFirstStep: a pair's paths to its root causes go first to
// one of its changed dependencies (why.changed). render took a report
// edited so that a path started elsewhere (a link renamed, a changed
// dependency renamed, a via dropped so that the set's paths started two
// names down): each named a way to the causes that the pair has not.
func TestCauseLawsFirstStep(t *testing.T) {
	if err := checkCauseSets(twinLinkReport(4)); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	for _, tt := range []struct {
		name, want string
		edit       func(r *Report)
	}{
		{"a path's first link renamed", "packages[0].specs.rebuilt[0].why.set: a path starts at \"elsewhere\"", func(r *Report) {
			r.Causes.Paths[0].Name = "elsewhere"
		}},
		{"the changed dependency renamed", "packages[0].specs.rebuilt[0].why.set: a path starts at \"c00001\"", func(r *Report) {
			r.Packages[0].Specs.Rebuilt[0].Why.Changed[0].Name = "c00009"
		}},
		{"a via that starts elsewhere", "packages[0].specs.rebuilt[0].why.via: starts at \"c00002\"", func(r *Report) {
			via := 1 // chain A's second link
			r.Packages[0].Specs.Rebuilt[0].Why.Via = &via
		}},
	} {
		r := twinLinkReport(4)
		tt.edit(r)
		err := checkCauseSets(r)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "no changed dependency of the pair") {
			t.Errorf("%s: %v; want an error containing %q", tt.name, err, tt.want)
		}
	}
	// A via that starts at the changed dependency holds: the pair's
	// paths then go on along the set's references.
	r := twinLinkReport(4)
	via := 4 // chain B's first link, c00001
	r.Packages[0].Specs.Rebuilt[0].Why.Via = &via
	if err := checkCauseSets(r); err != nil && strings.Contains(err.Error(), "no changed dependency") {
		t.Errorf("a via to the changed dependency: %v", err)
	}
}
