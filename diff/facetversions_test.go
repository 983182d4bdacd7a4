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
