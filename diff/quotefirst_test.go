package diff

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestFacetDeltaReadsApart (issue 35 class a): the warning of a hash with
// other facets names two new facet values as two texts. A compiler
// spelled "g\u0441c@13.2.0", quotes and backslash its own, was written
// as it is, and read as gсc@13.2.0 (its с Cyrillic) quoted in ASCII; a
// variant that starts with a quote read as a variant quoted for its
// space. The variants are quoted once, each as an element of their
// list: quoted again as a whole, v=x and +w read as the one variant
// "v=x +w" (TestVariantWithSpaceQuoted).
func TestFacetDeltaReadsApart(t *testing.T) {
	newSide := func(s snapshot.Spec) string {
		r := compare(snap("a", sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")), snap("b", s))
		if len(r.Warnings) != 1 {
			t.Fatalf("%+v: warnings %+v, want one", s, r.Warnings)
		}
		m := r.Warnings[0].Message
		_, after, _ := strings.Cut(m, " → ")
		v, _, ok := strings.Cut(after, ")"+hashOneBuild)
		if !ok {
			t.Fatalf("%+v: no value in %s", s, m)
		}
		return v
	}
	seen := map[string]string{}
	for _, c := range []string{"g\u0441c@13.2.0", `"g\u0441c@13.2.0"`, "gcc@14", `"gcc@14"`, "gcc@14 ", `"gcc@14 "`, "gcc@14\x01", `"gcc@14\x01"`, `gcc@14\x01`} {
		got := newSide(sp("o1bb", "1.0", c, "x86_64_v3"))
		if other, ok := seen[got]; ok {
			t.Errorf("compilers %q and %q both read %s", c, other, got)
		}
		seen[got] = c
	}
	clear(seen)
	for _, vs := range [][]string{
		{"v=x +w"}, {"v=x", "+w"}, {`"v=x +w"`}, {"v=x +\u0461"}, {`"v=x +\u0461"`},
		{"+a b\x01"}, {"+a", "b\x01"}, {`"+a b\x01"`}, {"none"}, {`"none"`}, {""}, {`""`},
	} {
		s := sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")
		s.Variants = vs
		got := newSide(s)
		if other, ok := seen[got]; ok {
			t.Errorf("variants %q and %s both read %s", vs, other, got)
		}
		seen[got] = strings.Join(vs, "|")
	}
	s := sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")
	s.Variants = []string{"+shared", "v=x +w", `"v"`}
	if got, want := newSide(s), `"v=x +w" "\"v\""`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestMovedHashReadsApart: a hash that moved to a package named
// "b\u0441", quotes and backslash its own, or "bd ", read as one that
// moved to bс quoted in ASCII, or to bd.
func TestMovedHashReadsApart(t *testing.T) {
	seen := map[string]string{}
	for _, name := range []string{"b\u0441", `"b\u0441"`, "bd ", "bd", `"bd"`, "bd\x01", `"bd\x01"`} {
		before := &snapshot.Snapshot{Path: "a", Tag: "a", Canon: snapshot.RuleCounts{},
			Packages: []*snapshot.Package{{Name: "bc", Specs: []snapshot.Spec{sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")}, Origin: &snapshot.Origin{File: "a/bc/specs.md"}}}}
		after := &snapshot.Snapshot{Path: "b", Tag: "b", Canon: snapshot.RuleCounts{},
			Packages: []*snapshot.Package{{Name: name, Specs: []snapshot.Spec{sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")}, Origin: &snapshot.Origin{File: "b/bc/specs.md"}}}}
		r := compare(before, after)
		if len(r.Warnings) != 1 {
			t.Fatalf("%q: warnings %+v, want one", name, r.Warnings)
		}
		m := r.Warnings[0].Message
		_, after2, _ := strings.Cut(m, " to ")
		got, _, ok := strings.Cut(after2, hashOnePackage)
		if !ok {
			t.Fatalf("%q: no name in %s", name, m)
		}
		if other, ok := seen[got]; ok {
			t.Errorf("packages %q and %q both read %s", name, other, got)
		}
		seen[got] = name
	}
}
