package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/intern"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// TestEscapedListsFast: a list's strings with escapes are read by the
// fast path, as encoding/json reads them; an escape encoding/json
// refuses still goes to the general path.
func TestEscapedListsFast(t *testing.T) {
	for _, v := range []string{
		`a\u0026b`, `\/x`, `q\"q`, `b\\s`, `\uD83D\uDE00`, `\uD800`, `x\uDC00y`, `\u00e9\u0301`, `é\u0041`, `\n`, `\u0000`,
	} {
		data := []byte(fullSpecs(`[{"hash": "a", "versions": ["1` + v + `"], "variants": ["+x", "` + v + `"], "stacks": ["` + v + `"]}]`))
		if !checkFastSpecs(t, data) {
			t.Errorf("%s: the fast path gave up on a list's string with escapes", v)
		}
	}
	for _, v := range []string{`\x`, `\u12`, `\u12G4`, `\U0041`} {
		data := []byte(fullSpecs(`[{"hash": "a", "versions": ["1"], "variants": ["` + v + `"]}]`))
		if checkFastSpecs(t, data) {
			t.Errorf("%s: the fast path read what encoding/json refuses", v)
		}
		var slow specList
		if json.Unmarshal(data, &slow) == nil {
			t.Errorf("%s: encoding/json reads it", v)
		}
	}
}

// TestEscapedVariantsFast (issue 35 class c): one string with an escape
// in a page ("\u0076000100=1" for "v000100=1", or "a\u0026b" as Go's
// encoding/json writes "a&b") sent the
// whole page down the general path (encoding/json), whose strings are
// each an allocation of their own and not interned: a pair of pages of
// 64 specs of 2,000 variants, one escaped in each spec, allocated 24.8x
// their input where the same pages without the escape allocate 8.0x,
// and held 4.34x in live heap (3.84x without). The fast path reads
// such strings now: the page costs what it does without the escape.
func TestEscapedVariantsFast(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations are not measured under the race detector")
	}
	const specs, n = 8, 3000
	page := func(escaped bool) []byte {
		var list []map[string]any
		for s := range specs {
			variants := make([]string, n)
			for j := range variants {
				variants[j] = fmt.Sprintf("v%06d=%d", j, s)
			}
			list = append(list, map[string]any{"hash": pagetest.HashN(s), "versions": []string{"1.0"},
				"compiler": "gcc@=13.2.0", "os": "ubuntu22.04", "platform": "linux",
				"target": "x86_64_v3", "variants": variants, "stacks": []string{"root"}, "size": "-"})
		}
		data := []byte(pagetest.Page("p", "develop", nil, list...))
		if escaped {
			// Each spec's variant n/2 written with an escape: the
			// same page read.
			data = bytes.ReplaceAll(data, []byte(fmt.Sprintf(`"v%06d=`, n/2)), []byte(fmt.Sprintf(`"\u0076%06d=`, n/2)))
		}
		return data
	}
	cost := func(data []byte) (mallocs, bytes uint64) {
		var before, after runtime.MemStats
		st := &state{in: intern.New()}
		runtime.GC()
		runtime.ReadMemStats(&before)
		p, _, _, err := decodeWith("p/specs.md", data, snapshot.Options{}, st)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Specs) != specs || len(p.Specs[0].Variants) != n {
			t.Fatalf("%d specs, %d variants", len(p.Specs), len(p.Specs[0].Variants))
		}
		return after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
	}
	plain, escaped := page(false), page(true)
	pm, pb := cost(plain)
	em, eb := cost(escaped)
	t.Logf("plain: %d allocations, %d bytes; one variant a spec escaped: %d, %d", pm, pb, em, eb)
	if float64(em) > 1.2*float64(pm) || float64(eb) > 1.2*float64(pb) {
		t.Errorf("a page whose specs each have one variant with an escape: %d allocations and %d bytes, want at most 1.2x the %d and %d of the page without", em, eb, pm, pb)
	}
}
