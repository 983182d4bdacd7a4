package catalog

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/cputime"
)

// TestMetaManyKeysLinear (75th adversarial pass; issue 35: a 4x input
// costs at most ~4.4x): meta's check for a key given twice (metaDupKey)
// compared each key with every key before it, without regard to case,
// so a one-line meta of 64,000 keys the catalogue does not write (821
// KB) took 9.8 s of CPU, 17 times the 16,000 keys' 0.56 s. Keys are
// found again by their folded form, in one map, by both paths; the key
// reported given twice is the same.
func TestMetaManyKeysLinear(t *testing.T) {
	page := func(keys int) []byte {
		var b strings.Builder
		b.WriteString("---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\nmeta: {")
		for i := range keys {
			fmt.Fprintf(&b, `"k%d": 1, `, i)
		}
		b.WriteString(`"num_specs": 0}` + "\nspec_details: []\n---\n")
		return []byte(b.String())
	}
	for _, parse := range pageParsers {
		cost := func(keys int) float64 {
			data := page(keys)
			best := -1.0
			for range 3 {
				runtime.GC() // not the garbage of earlier tests
				cpu0, ok0 := cputime.Process()
				err := parse.f("big/specs.md", data, false)
				cpu1, ok1 := cputime.Process()
				if !ok0 || !ok1 {
					t.Skip("no CPU time here")
				}
				if err != nil {
					t.Fatalf("%s, %d keys: %v", parse.name, keys, err)
				}
				if c := (cpu1 - cpu0).Seconds(); best < 0 || c < best {
					best = c
				}
			}
			return best
		}
		small, big := cost(8000), cost(32000)
		if big > 6*small && big > 0.25 {
			t.Errorf("%s: 32,000 keys took %.3fs of CPU, 8,000 %.3fs: %.1fx for 4x the input", parse.name, big, small, big/small)
		}
	}
}

// TestFoldKey: foldKey(a) == foldKey(b) exactly when strings.EqualFold(a,
// b), over letters whose case folding goes beyond ASCII, and a meta key
// given twice in such a case is refused as before.
func TestFoldKey(t *testing.T) {
	keys := []string{"s", "S", "ſ", "k", "K", "K", "ß", "ẞ", "ss", "Σ", "σ", "ς", "i", "I", "İ", "ı", "\xff", "\xfe", "\ufffd", "", "num_specs", "NUM_ſPECS", "Num_Specs"}
	for _, a := range keys {
		for _, b := range keys {
			if got, want := foldKey(a) == foldKey(b), strings.EqualFold(a, b); got != want {
				t.Errorf("%q, %q: foldKey says equal %v, strings.EqualFold %v", a, b, got, want)
			}
		}
	}
	page := []byte("---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\nmeta: {\"num_specs\": 0, \"num_ſpecs\": 1}\nspec_details: []\n---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		checkErr(t, err, "p.md", 5, len(`meta: {"num_specs": 0, `)+1, `meta: key "num_\u017fpecs" is given twice`)
	}
}

// TestMetaKeyCase (75th adversarial pass): encoding/json fills meta's
// fields from keys in any case ("NUM_SPECS", "num_ſpecs"), but the site
// reads them by name as written (Liquid's entry.meta.num_specs): a meta
// of {"NUM_SPECS": 1} loaded, while the site's listing of packages
// printed no num_specs and its JSON broke, every tag's listing showing no
// package. A key that is one of meta's in another case is an error at
// that key, by both paths.
func TestMetaKeyCase(t *testing.T) {
	spec := "spec_details: [{\"hash\": \"" + hashN(1) + "\"" + otherFields("") + "}]\n---\n"
	for _, tc := range []struct{ meta, key string }{
		{`{"NUM_SPECS": 1}`, "NUM_SPECS"},
		{`{"num_ſpecs": 1}`, "num_ſpecs"},
		{`{"num_specs": 1, "Versions": ["1.0"]}`, "Versions"},
		{`{"num_specs": 1, "num_specs_by_ſtack": {"root": 1}}`, "num_specs_by_ſtack"},
	} {
		page := []byte(head + "meta: " + tc.meta + "\n" + spec)
		col := len("meta: ") + strings.Index(tc.meta, `"`+tc.key+`"`) + 1
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 5, col, fmt.Sprintf("meta: key %s", strconv.QuoteToASCII(tc.key)), "as written")
		}
	}
	// Keys meta does not have, in any case, are read and ignored.
	page := []byte(head + `meta: {"num_specs": 1, "Extra": 1, "NUM": 2}` + "\n" + spec)
	for _, parse := range bothPaths {
		if _, _, _, err := parse("p.md", page, false); err != nil {
			t.Errorf("unknown keys: %v", err)
		}
	}
}
