package jsonv1

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/shareddata"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestRenderAnyKeyOrder renders real reports re-serialized as a JSON tool
// would: decoded into maps and written again by encoding/json (every
// object's keys sorted, <, > and & written \u003c, \u003e, \u0026), and
// indented with tabs. JSON objects are unordered: render must read each
// as the report cachediff wrote, in every format. The counts objects
// (facets.*.counts, canonicalized) were read in their key order: the
// real week's compiler gone (gcc@7.5.0 after gcc@12.3.0 in version
// order, before it by bytes) was refused, "facets.compiler.removed:
// lists "gcc@7.5.0" before "gcc@12.3.0", but the counts have
// "gcc@12.3.0" first", and the weekly series' counts and rules were
// written back in another order; a lockfile's stack table was printed
// in another order.
func TestRenderAnyKeyOrder(t *testing.T) {
	reports := map[string]*diff.Report{
		"real week": testdataReport(t, "real/develop-2025-03-23", "real/develop-2025-03-30"),
		"release":   testdataReport(t, "real/v0.23.0", "real/v0.23.1"),
		"spack-gen": testdataReport(t, "spack-gen/old", "spack-gen/new"),
	}
	for i := 1; i < len(reporttest.RealWeeks); i++ {
		at := func(p string) string { return filepath.Join("..", "..", filepath.FromSlash(p)) }
		reports[reporttest.RealWeeks[i]] = reporttest.ComparePaths(t, at(reporttest.RealWeeks[i-1]), at(reporttest.RealWeeks[i]))
	}
	// Lockfiles (../shared, beside the checkout): their stacks are roots.
	if lock := shareddata.Dir("lockfiles", "viperML__spack-stack", "6f0a159"); lock != "" {
		reports["lockfiles"] = reporttest.ComparePaths(t, filepath.Join(lock, "debian-11__spack.lock"), filepath.Join(lock, "rhel-8__spack.lock"))
	} else {
		t.Log("no lockfiles beside the checkout: checked without them")
	}
	for name, r := range reports {
		formats := []string{"json", "md", "text", "patch", "html"}
		want := map[string]string{}
		for _, format := range formats {
			var b bytes.Buffer
			if err := render(&b, format, r, Options{}); err != nil {
				t.Fatal(err)
			}
			want[format] = b.String()
		}
		data := []byte(want["json"])
		var v any
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		sorted, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		var tabs bytes.Buffer
		if err := json.Indent(&tabs, data, "", "\t"); err != nil {
			t.Fatal(err)
		}
		for _, variant := range []struct {
			name string
			data []byte
		}{{"sorted keys", sorted}, {"tabs", tabs.Bytes()}} {
			back, err := DecodeBytes(variant.data)
			if err != nil {
				t.Errorf("%s, %s: %v", name, variant.name, err)
				continue
			}
			for _, format := range formats {
				var b bytes.Buffer
				if err := render(&b, format, back, Options{}); err != nil {
					t.Fatalf("%s, %s: %s: %v", name, variant.name, format, err)
				}
				if b.String() != want[format] {
					t.Errorf("%s, %s: %s differs from the report's as cachediff wrote it", name, variant.name, format)
				}
			}
		}
	}
}
