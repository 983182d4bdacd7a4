package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

// changedVariantsPair writes two catalogue trees of n specs of 500
// variants each, 64 specs a page, every variant of every spec distinct
// and changed between the sides: each spec an update of one facet, its
// variants, whose values (the spec's variants joined, 5.5 KB) are one
// update group each. The pages are those pagetest.Page writes of
// changedVariantsSpec (TestChangedVariantsPairPages), their spec_details
// appended directly: encoding/json's reflection over the 4,096 specs of
// TestManyChangedVariantsMarkdownMemory (2M variants a side) was a second
// of CPU of its own. Each size is written once per test binary
// (sharedPair): TestManyChangedVariantsMemory and
// TestManyChangedVariantsMarkdownMemory diff the same sizes.
func changedVariantsPair(t *testing.T, n int) (paths []string, size int64) {
	t.Helper()
	return sharedPair(t, "changedvariants-"+strconv.Itoa(n), func(dir string) ([]string, int64) {
		return writeChangedVariantsPair(t, dir, n)
	})
}

// writeChangedVariantsPair writes changedVariantsPair(n) into dir.
func writeChangedVariantsPair(t *testing.T, dir string, n int) (paths []string, size int64) {
	t.Helper()
	var page []byte
	for side, tag := range []string{"old", "new"} {
		for p := 0; p*64 < n; p++ {
			first, end := p*64, min(n, (p+1)*64)
			// The meta lists what every spec shares but for the count.
			metaSpecs := make([]map[string]any, 0, end-first)
			for s := first; s < end; s++ {
				spec := changedVariantsSpec(s, side, 0)
				delete(spec, "variants")
				metaSpecs = append(metaSpecs, spec)
			}
			name := fmt.Sprintf("p%04d", p)
			page = fmt.Appendf(page[:0], "---\ntitle: %q\nlayout: cache\ncategories: [package, %s]\nmeta: %s\nspec_details: [",
				name, tag, pagetest.MustJSON(pagetest.MetaOf(metaSpecs)))
			for s := first; s < end; s++ {
				if s > first {
					page = append(page, ',')
				}
				page = append(page, `{"compiler":"gcc@=13.2.0","hash":"`+spackgen.TinyHash(side<<30|s)+
					`","os":"ubuntu22.04","platform":"linux","size":"-","stacks":["root"],"target":"x86_64_v3","variants":[`...)
				for j := range changedVariants {
					if j > 0 {
						page = append(page, ',')
					}
					page = appendChangedVariant(append(page, '"'), j, s, side)
					page = append(page, '"')
				}
				page = append(page, `],"versions":["1.0"]}`...)
			}
			page = append(page, "]\n---\n"...)
			if err := os.MkdirAll(filepath.Join(dir, tag, name), 0o755); err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(dir, tag, name), "specs.md", page)
			size += int64(len(page))
		}
		paths = append(paths, filepath.Join(dir, tag))
	}
	return paths, size
}

// changedVariants is the number of variants of each spec of
// changedVariantsPair.
const changedVariants = 500

// changedVariantsSpec is spec s of side (0 old, 1 new) of
// changedVariantsPair, with its first variants variants.
func changedVariantsSpec(s, side, variants int) map[string]any {
	list := make([]string, variants)
	for j := range list {
		list[j] = string(appendChangedVariant(nil, j, s, side))
	}
	return map[string]any{
		"hash": spackgen.TinyHash(side<<30 | s), "versions": []string{"1.0"},
		"compiler": "gcc@=13.2.0", "os": "ubuntu22.04", "platform": "linux",
		"target": "x86_64_v3", "variants": list, "stacks": []string{"root"}, "size": "-",
	}
}

// appendChangedVariant appends variant j of spec s of side:
// v<j, 5 digits>=<s>_<side>.
func appendChangedVariant(b []byte, j, s, side int) []byte {
	b = append(b, 'v')
	for d := 10000; d > 0; d /= 10 {
		b = append(b, byte('0'+j/d%10))
	}
	b = strconv.AppendInt(append(b, '='), int64(s), 10)
	return strconv.AppendInt(append(b, '_'), int64(side), 10)
}

// TestChangedVariantsPairPages: the pages changedVariantsPair writes are
// those pagetest.Page writes of its specs, a full page and a part of one
// a side.
func TestChangedVariantsPairPages(t *testing.T) {
	const n = 70
	paths, size := changedVariantsPair(t, n)
	var total int64
	for side, tag := range []string{"old", "new"} {
		for p, name := range []string{"p0000", "p0001"} {
			var specs []map[string]any
			for s := p * 64; s < min(n, (p+1)*64); s++ {
				specs = append(specs, changedVariantsSpec(s, side, changedVariants))
			}
			want := pagetest.Page(name, tag, nil, specs...)
			got, err := os.ReadFile(filepath.Join(paths[side], name, "specs.md"))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want {
				t.Errorf("%s/%s/specs.md differs from pagetest.Page's:\n%.300s\nwant\n%.300s", tag, name, got, want)
			}
			total += int64(len(got))
		}
	}
	if total != size {
		t.Errorf("size %d, want the pages' %d bytes", size, total)
	}
}

// Catalogue pages whose specs have hundreds of distinct variants, every
// spec changed (the last round's class (c) lead): 1,024 specs of 500
// variants a side (17 MB) peaked at 112–122 MB RSS (7.2x) with --format
// json or md, 4,096 at 462 MB (6.5x). Three things held more than the
// snapshots and the report:
//   - version.Sort, which orders the values of the update groups (here a
//     spec's variants joined), parsed every value at once, 12 bytes a
//     component: 48 MB of scratch at 1,024 specs. It keeps 16 components
//     a value now (version.TestSortScratchBounded).
//   - The matcher's interner kept every spec's variants joined to the end
//     of the comparison (0.8x the input); the joins past 1 KB are
//     forgotten once their package is matched (diff's TestLocalLists*).
//   - The loader's table of list texts kept a copy of each list's text
//     (under 16 KB) until the Load ended (0.5x a side); a list of more
//     than 256 strings is kept the second time it is read
//     (catalog's TestSeenKeepsListsOfFewStrings).
//
// json then peaks at 68 MB at 1,024 (4.0x) and 234 MB at 4,096 (3.3x).
// The live heap, as diffCost measures it, read 6.2x and 6.0x the input at
// 512 and 2,048 specs before, 4.1x and 3.8x with the sort alone, and 3.2x
// and 2.9x now (3.6x and 3.0x on a machine loaded by seven other jobs:
// the bound is the budget, 4x): the snapshots (a string header in a spec's list and the
// bytes of each variant: 1.8x the input) and the report's from and to,
// the variants joined (0.8x). --format md is still over 4x of RSS: 87
// MB at 1,024 (5.1x), 287 MB at 4,096 (4.3x); its view holds its rows
// until it is written. Its builder no more remembers the escaped cells
// over 1 KB beside them (TestManyChangedVariantsMarkdownMemory: 306 MB
// at 4,096 before).
func TestManyChangedVariantsMemory(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	perInput := checkShape(t, "changed variants", 512, changedVariantsPair, 4.0)
	if r := perInput[1]; r > 10 {
		t.Errorf("changed variants %d: allocated %.1fx the input, want at most 10x (every value of the update groups parsed whole?)", 4*512, r)
	}
}
