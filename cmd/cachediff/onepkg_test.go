package main

import (
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
)

// TestOnePackageAlloc: issue 35's rule (a 4x input costs at most about
// 4.4x) on one package of n specs per side, every spec updated, each
// with variants of its own (gen.OnePackage), counted in the bytes
// `cachediff OLD NEW` allocates in this process (not in time: tests
// never time anything). It failed past thresholds in absolute numbers:
// compareSpecs' ranks packed in 16 bits (65,537 variant lists compared
// strings and matched through a map), and a loading state shared with
// the new tree's Load up to 2^17 strings (256k specs read and
// canonicalized every string again, into tables and a read buffer of
// their own): 64k → 256k allocated 4.97x.
func TestOnePackageAlloc(t *testing.T) {
	sizes := []int{4000, 16000, 64000}
	if !testing.Short() {
		sizes = append(sizes, 256000)
	}
	var allocs []uint64
	for _, n := range sizes {
		oldDir, newDir, input, err := gen.WriteOnePackage(t.TempDir(), n)
		if err != nil {
			t.Fatal(err)
		}
		c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		code := c.run([]string{oldDir, newDir})
		runtime.ReadMemStats(&after)
		if code != 1 {
			t.Fatalf("%d specs: exit %d, want 1", n, code)
		}
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%d specs a side: input %d bytes, allocated %d (%.1fx)", n, input, alloc, float64(alloc)/float64(input))
		allocs = append(allocs, alloc)
	}
	for i := 1; i < len(allocs); i++ {
		if r := float64(allocs[i]) / float64(allocs[i-1]); r > allocBound {
			t.Errorf("%d → %d specs: 4x the input allocates %.2fx the bytes (%d → %d), want at most %.2fx", sizes[i-1], sizes[i], r, allocs[i-1], allocs[i], allocBound)
		}
	}
}

// TestOnePackageTruth: the report of gen.OnePackage counts what its
// truth says (every spec updated by its compiler).
func TestOnePackageTruth(t *testing.T) {
	const n = 3000
	oldDir, newDir, _, err := gen.WriteOnePackage(t.TempDir(), n)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if code := run([]string{"--format", "json", oldDir, newDir}, &out, io.Discard); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var doc struct {
		Summary struct {
			Packages gen.PackageCounts `json:"packages"`
			Specs    gen.Counts        `json:"specs"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out.String()), &doc); err != nil {
		t.Fatal(err)
	}
	want := gen.OnePackageTruth(n)
	if doc.Summary.Specs != want.Specs || doc.Summary.Packages != want.Packages {
		t.Errorf("summary %+v %+v, want %+v %+v", doc.Summary.Packages, doc.Summary.Specs, want.Packages, want.Specs)
	}
}
