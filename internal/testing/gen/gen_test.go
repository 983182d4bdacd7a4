package gen_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestOracle writes generated pairs, loads and diffs them, and requires
// the engine's counts to be the generator's truth: nightly and heavy
// churn, several seeds.
func TestOracle(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rates gen.Rates
		seeds int
	}{
		{"nightly", gen.Nightly, 4},
		{"heavy", gen.Heavy, 6},
		{"13%", gen.Churns[2].Rates, 2},
		{"40%", gen.Churns[3].Rates, 2},
		{"week", gen.Week, 4},
	} {
		specs := 1500
		if testing.Short() {
			tc.seeds, specs = 1, 120 // a quick inner loop; make test runs every seed at full size
		}
		for seed := range uint64(tc.seeds) {
			cfg := gen.Default(seed, specs)
			cfg.Rates = tc.rates
			if seed%2 == 1 {
				cfg.OldSpelling = 0.9
			}
			dir := t.TempDir()
			doc, err := gen.Write(dir, gen.Generate(cfg))
			if err != nil {
				t.Fatal(err)
			}
			before, err := snapshot.Load(filepath.Join(dir, "old"), snapshot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			after, err := snapshot.Load(filepath.Join(dir, "new"), snapshot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			r, _ := diff.CompareWith(before, after, diff.Filter{}) // the zero Filter cannot fail
			want := doc.Truth
			// A conversion, not a copy: it stops compiling if the types
			// part ways.
			if got := gen.Counts(r.Summary.Specs); got != want.Specs {
				t.Errorf("%s seed %d: spec counts\n got %+v\nwant %+v", tc.name, seed, got, want.Specs)
			}
			if got := gen.PackageCounts(r.Summary.Packages); got != want.Packages {
				t.Errorf("%s seed %d: package counts\n got %+v\nwant %+v", tc.name, seed, got, want.Packages)
			}
			by := map[string]int{}
			for _, pk := range r.Packages {
				for _, u := range pk.Specs.Updated {
					by[u.Facet]++
				}
			}
			for f, n := range want.UpdatedBy {
				if by[f] != n {
					t.Errorf("%s seed %d: %d %s updates, want %d", tc.name, seed, by[f], f, n)
				}
			}
			// Generated meta agrees with the specs, and nothing is odd.
			if len(r.Warnings) != 0 {
				t.Errorf("%s seed %d: %d warnings, first %+v", tc.name, seed, len(r.Warnings), r.Warnings[0])
			}
			if want.Specs.Old < specs*2/3 || want.Specs.Old == want.Specs.Unchanged {
				t.Errorf("%s seed %d: a degenerate pair: %+v", tc.name, seed, want.Specs)
			}
		}
	}
}

// TestDeterministic: the same config gives the same bytes.
func TestDeterministic(t *testing.T) {
	cfg := gen.Default(7, 400)
	a, b := gen.Generate(cfg), gen.Generate(cfg)
	if len(a.Packages) != len(b.Packages) || a.Truth.Specs != b.Truth.Specs {
		t.Fatal("two runs differ")
	}
	for i := range a.Packages {
		pa, pb := a.Packages[i], b.Packages[i]
		if !bytes.Equal(gen.Page(pa.Name, "t", pa.Old, pa.OldStyle, false), gen.Page(pb.Name, "t", pb.Old, pb.OldStyle, false)) {
			t.Fatalf("package %s differs", pa.Name)
		}
	}
}

// TestEnsure regenerates only when the config changed.
func TestEnsure(t *testing.T) {
	dir := t.TempDir()
	cfg := gen.Default(1, 200)
	doc, err := gen.Ensure(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	again, err := gen.Ensure(dir, cfg)
	if err != nil || again.Truth.Specs != doc.Truth.Specs || again.Bytes["old"] != doc.Bytes["old"] {
		t.Fatalf("ensure again: %v %+v", err, again)
	}
	if doc.Files["old"] == 0 || doc.Bytes["new"] == 0 {
		t.Fatalf("truth %+v", doc)
	}
}

// TestTruthFormat: the counts of truth.json keep their keys and their
// order, which are those of the report's summary, so that a truth file
// written before still reads the same.
func TestTruthFormat(t *testing.T) {
	dir := t.TempDir()
	if _, err := gen.Write(dir, gen.Generate(gen.Default(1, 200))); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, gen.TruthFile))
	if err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile(`(?s)"packages": \{\s*"old": \d+,\s*"new": \d+,\s*"added": \d+,\s*"removed": \d+,\s*"changed": \d+,\s*"unchanged": \d+\s*\},\s*` +
		`"specs": \{\s*"old": \d+,\s*"new": \d+,\s*"unchanged": \d+,\s*"restacked": \d+,\s*"rebuilt": \d+,\s*"updated": \d+,\s*"added": \d+,\s*"removed": \d+\s*\},\s*"updated_by_facet": \{`)
	if !want.Match(data) {
		t.Errorf("truth.json counts are not in the expected format:\n%s", data)
	}
}

// TestShape: pages are shaped like the real catalogue's (about 20 specs
// and 300-400 bytes a spec: real current-style spec_details take 335
// bytes a spec, ../shared/real-series/develop-2025-03-16), and the week
// churn is a real week's: 90% of the specs or more rebuilt, a few
// percent of anything else.
func TestShape(t *testing.T) {
	size := 8000
	if testing.Short() {
		// A quick inner loop: 1,000 specs, whose shape (seed 1) is
		// within the same bounds; make test checks a catalogue of 8,000.
		size = 1000
	}
	cfg := gen.Default(1, size)
	cfg.Rates = gen.Week
	p := gen.Generate(cfg)
	var bytes, specs int
	for _, pk := range p.Packages {
		if pk.New != nil {
			bytes += len(gen.Page(pk.Name, cfg.NewTag, pk.New, pk.NewStyle, false))
			specs += len(pk.New)
		}
	}
	if perPage := float64(specs) / float64(len(p.Packages)); perPage < 15 || perPage > 25 {
		t.Errorf("%.1f specs a page, want about 20", perPage)
	}
	if perSpec := float64(bytes) / float64(specs); perSpec < 280 || perSpec > 420 {
		t.Errorf("%.0f bytes a spec, want 300 to 400", perSpec)
	}
	s := p.Truth.Specs
	if share := float64(s.Rebuilt) / float64(s.Old); share < 0.9 {
		t.Errorf("a week rebuilds %.0f%% of the specs, want 90%% or more: %+v", 100*share, s)
	}
	if other := float64(s.Added+s.Removed+s.Updated+s.Restacked) / float64(s.Old); other < 0.005 || other > 0.08 {
		t.Errorf("a week changes %.1f%% of the specs otherwise, want a few: %+v", 100*other, s)
	}
}
