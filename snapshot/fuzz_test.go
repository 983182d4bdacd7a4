package snapshot

import (
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var fuzzFacets = []string{"compiler", "version", "variant"}

// FuzzCanonical: Canonical never panics and is idempotent; a canonical
// string is counted by no rule.
func FuzzCanonical(f *testing.F) {
	for _, tc := range canonCases {
		for i, facet := range fuzzFacets {
			if facet == tc.facet {
				f.Add(byte(i), tc.in)
			}
		}
	}
	for i := range fuzzFacets {
		f.Add(byte(i), "")
	}
	// Every distinct compiler, version and variant of the real pages, as
	// written (raw).
	for i, facet := range fuzzFacets {
		for _, s := range realStrings(f, facet) {
			f.Add(byte(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, b byte, s string) {
		facet := fuzzFacets[int(b)%len(fuzzFacets)]
		once := Canonical(facet, s)
		if twice := Canonical(facet, once); twice != once {
			t.Fatalf("%s %q: %q, then %q", facet, s, once, twice)
		}
		c := newCanonicalizer()
		if c.str(facet, once); len(c.counts) != 0 {
			t.Fatalf("%s %q: canonical %q counted by %v", facet, s, once, c.counts)
		}
		// And as a list: canonicalizing again changes nothing.
		c = newCanonicalizer()
		l := c.list(facet, []string{s, once, s}, compareVariants)
		c = newCanonicalizer()
		if again := c.list(facet, append([]string(nil), l...), compareVariants); !reflect.DeepEqual(again, l) || len(c.counts) != 0 {
			t.Fatalf("%s %q: list %q, then %q (counts %v)", facet, s, l, again, c.counts)
		}
		if facet == "compiler" && strings.TrimSpace(once) == "" {
			t.Fatalf("%q: empty canonical compiler %q", s, once)
		}
	})
}

// realStrings returns the distinct strings of one facet (compiler, version
// or variant) over the real pages and seeds, as written, sorted.
func realStrings(f *testing.F, facet string) []string {
	files, _ := filepath.Glob(filepath.Join(realDir, "*", "*", "specs.md"))
	seeds, _ := filepath.Glob("../testdata/seeds/*.txt")
	seen := map[string]bool{}
	for _, file := range append(files, seeds...) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		pkg, _, _, err := parsePage(f, file, data, true)
		if err != nil {
			f.Fatalf("%s: %v", file, err)
		}
		for _, s := range pkg.Specs {
			switch facet {
			case "compiler":
				seen[s.Compiler] = true
			case "version":
				for _, v := range s.Versions {
					seen[v] = true
				}
			case "variant":
				for _, v := range s.Variants {
					seen[v] = true
				}
			}
		}
	}
	if len(seen) == 0 {
		f.Fatalf("no %s found in the real pages", facet)
	}
	return slices.Sorted(maps.Keys(seen))
}
