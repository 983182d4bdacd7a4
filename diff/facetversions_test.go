package diff

import (
	"strings"
	"testing"
)

// Issue 35 (class a): the "other facets" warning joined a hash's versions
// with ", ", so the two versions 1.0 and 2.0 read as the one version
// "1.0, 2.0" (a version that holds ", "): "version 1.0, 2.0 → 1.0" said
// of both. Where a version of either side holds a comma or is empty, or
// lookalike would quote it, each version is quoted; else each is
// written as it is, joined by ", ".
func TestFacetDeltaVersionsReadApart(t *testing.T) {
	seen := map[string]string{}
	for _, c := range []struct {
		old, new []string
		want     string
	}{
		{[]string{"1.0", "2.0"}, []string{"1.0"}, `version 1.0, 2.0 → 1.0`},
		{[]string{"1.0, 2.0"}, []string{"1.0"}, `version "1.0, 2.0" → "1.0"`},
		{[]string{"1.0,2.0"}, []string{"1.0"}, `version "1.0,2.0" → "1.0"`},
		{[]string{"1.0", ""}, []string{"1.0"}, `version "1.0", "" → "1.0"`},
		{[]string{"1.0"}, []string{"1.0"}, ``},
		{[]string{"1.0", "2.0"}, []string{"3.0"}, `version 1.0, 2.0 → 3.0`},
	} {
		a, b := sp("o1bb", "", "gcc@13.2.0", "x86_64_v3"), sp("o1bb", "", "gcc@13.2.0", "x86_64_v3")
		a.Versions, b.Versions = c.old, c.new
		r := compare(snap("a", a), snap("b", b))
		if c.want == "" {
			if len(r.Warnings) != 0 {
				t.Errorf("%q → %q: warnings %+v, want none", c.old, c.new, r.Warnings)
			}
			continue
		}
		if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Message, "("+c.want+")") {
			t.Errorf("%q → %q: warnings %+v, want one saying (%s)", c.old, c.new, r.Warnings, c.want)
			continue
		}
		msg := r.Warnings[0].Message
		if other, ok := seen[msg]; ok {
			t.Errorf("%q and %s warn alike: %s", c.old, other, msg)
		}
		seen[msg] = strings.Join(c.old, "|")
	}
}

// Issue 35 (class a): an updated pair's from and to joined its versions
// with ", ", so the versions ["1.0, 2.0"] updated to ["1.0", "2.0"] read
// "1.0, 2.0 → 1.0, 2.0", no change, in every view. Where a version of
// either side holds a comma or is empty, each is quoted (as the facets
// warning quotes them); plain versions are joined as they are. The laws
// hold either way, and a report saved before quoting (from and to the
// versions joined as they are) is read too.
func TestUpdatedVersionsReadApart(t *testing.T) {
	for _, c := range []struct {
		old, new []string
		from, to string
	}{
		{[]string{"1.0"}, []string{"1.1"}, "1.0", "1.1"},
		{[]string{"1.0", "2.0"}, []string{"1.1"}, "1.0, 2.0", "1.1"},
		{[]string{"1.0, 2.0"}, []string{"1.0", "2.0"}, `"1.0, 2.0"`, `"1.0", "2.0"`},
		{[]string{"1.0,2.0"}, []string{"1.1"}, `"1.0,2.0"`, `"1.1"`},
		{[]string{""}, []string{"1.0"}, `""`, `"1.0"`},
	} {
		a, b := sp("o1aa", "", "gcc@13.2.0", "x86_64_v3"), sp("n1bb", "", "gcc@13.2.0", "x86_64_v3")
		a.Versions, b.Versions = c.old, c.new
		r := compare(snap("a", a), snap("b", b))
		if len(r.Packages) != 1 || len(r.Packages[0].Specs.Updated) != 1 {
			t.Errorf("%q → %q: packages %+v, want one updated pair", c.old, c.new, r.Packages)
			continue
		}
		p := &r.Packages[0].Specs.Updated[0]
		if p.Facet != "version" || p.From != c.from || p.To != c.to {
			t.Errorf("%q → %q: %s %s → %s, want version %s → %s", c.old, c.new, p.Facet, p.From, p.To, c.from, c.to)
		}
		if err := r.CheckLaws(); err != nil {
			t.Errorf("%q → %q: %v", c.old, c.new, err)
		}
		p.From, p.To = strings.Join(c.old, ", "), strings.Join(c.new, ", ")
		for i := range r.Updates {
			r.Updates[i].From, r.Updates[i].To = p.From, p.To
		}
		if err := r.CheckLaws(); err != nil {
			t.Errorf("%q → %q saved joined as they are: %v", c.old, c.new, err)
		}
	}
}
