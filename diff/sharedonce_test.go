package diff_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSharedVariantsOnce (issue 35, class a): a --no-canonicalize page
// keeps a spec's variants as written, ~ipo twice among them; the report
// listed ~ipo twice as a shared variant ("Every spec has … ~ipo ~ipo"),
// and render refused the report cachediff wrote, exit 2: "shared_variants[4]:
// "~ipo" is there twice". A shared variant is listed once, long lists too.
func TestSharedVariantsOnce(t *testing.T) {
	long := []string{"~ipo"}
	for i := range 20 {
		long = append(long, "v"+strings.Repeat("x", i)+"=1")
	}
	for _, variants := range [][]string{{"build_system=cmake", "~ipo", "~ipo"}, append(long, "~ipo")} {
		spec := func(hash, stack string) snapshot.Spec {
			return snapshot.Spec{Hash: strings.Repeat(hash, 32), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "rhel8",
				Platform: "linux", Target: "aarch64", Variants: slices.Clone(variants), Stacks: []string{stack}}
		}
		snap := func(path string, s snapshot.Spec) *snapshot.Snapshot {
			return &snapshot.Snapshot{Path: path, Raw: true, Canon: snapshot.RuleCounts{},
				Packages: []*snapshot.Package{{Name: "astyle", Specs: []snapshot.Spec{s}, Origin: &snapshot.Origin{File: path + "/astyle/specs.md"}}}}
		}
		r, err := diff.CompareWith(snap("old", spec("a", "e4s")), snap("new", spec("b", "root")), diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Packages[0].SharedVariants; len(got) != len(variants)-1 {
			t.Errorf("variants %d, the last twice: shared %q, want each once", len(variants), got)
		}
		if err := r.CheckLaws(); err != nil {
			t.Errorf("variants %d, the last twice: the report cachediff wrote breaks its laws: %v", len(variants), err)
		}
	}
}
