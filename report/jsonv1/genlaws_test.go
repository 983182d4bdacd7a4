package jsonv1

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestGeneratedReportsRenderUnderFilters: render must take back every
// report cachediff writes. Generated reports (reporttest.GenSnapshots) under random filters — --stack, --package, --ignore of
// several facets, together — are written as --format json writes them
// and decoded as render decodes them: none may be refused.
func TestGeneratedReportsRenderUnderFilters(t *testing.T) {
	seeds := uint64(120)
	if testing.Short() {
		seeds = 20
	}
	stacks := []string{"root", "e4s", "hep", "tutorial", "ml-linux-x86_64-cuda", "développement"}
	facets := []string{"version", "compiler", "variants", "target", "os", "platform"}
	globs := []string{"py-pkg-000*", "py-pkg-00[1-3]?", "*ü*", "@team-*", "py-pkg-0*"}
	for seed := range seeds {
		r := rand.New(rand.NewPCG(seed, 65))
		some := func(pool []string) []string {
			var out []string
			for len(out) == 0 {
				for _, v := range pool {
					if r.IntN(3) == 0 {
						out = append(out, v)
					}
				}
			}
			return out
		}
		var f diff.Filter
		if r.IntN(2) == 0 {
			f.Stacks = some(stacks)
		}
		if r.IntN(2) == 0 {
			f.Ignore = some(facets)
		}
		if r.IntN(3) == 0 {
			f.Packages = some(globs)
		}
		before, after := reporttest.GenSnapshots(seed, 1+int(seed%60))
		if len(f.Unmatched(before, after)) > 0 {
			continue // the command refuses a filter that selects nothing
		}
		rep, err := diff.CompareWith(before, after, f)
		if err != nil {
			continue // nor is an empty selection a report
		}
		if err := roundTrip(rep); err != nil {
			t.Fatalf("seed %d, filter %+v: render refused a report cachediff wrote: %v", seed, f, err)
		}
	}
}

// roundTrip writes rep as cachediff does (its highlights made) and
// decodes it as render does.
func roundTrip(rep *diff.Report) error {
	rep.Highlights = diff.News(rep)
	var buf bytes.Buffer
	if err := JSON(&buf, rep); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	_, err := decodeReport(&buf)
	return err
}

// TestMovedHashPairedRenders: a hash that left one package and came
// back in another as the new spec of a pair (a rebuild there: the same
// facets as an old spec of that package) is listed on both sides, in
// two packages. render refused it: "is in the old snapshot too … a spec
// in both is unchanged or restacked". That law is of the specs of one
// package, as the engine pairs them; across packages the hash moved, and
// the report must say so in a warning.
func TestMovedHashPairedRenders(t *testing.T) {
	spec := func(hash, version string) snapshot.Spec {
		return snapshot.Spec{Hash: hash, Versions: []string{version}, Compiler: "gcc@13.2.0", OS: "ubuntu22.04",
			Platform: "linux", Target: "x86_64_v3", Variants: []string{"+shared"}, Stacks: []string{"root"}}
	}
	moved := strings.Repeat("m", 32)
	for _, kind := range []string{"rebuilt", "updated"} {
		newVersion := "2.0"
		if kind == "updated" {
			newVersion = "2.1"
		}
		before := scaleSnap("old", map[string][]snapshot.Spec{
			"a": {spec(moved, "1.0"), spec(strings.Repeat("k", 32), "1.5")},
			"b": {spec(strings.Repeat("b", 32), "2.0")},
		})
		after := scaleSnap("new", map[string][]snapshot.Spec{
			"a": {spec(strings.Repeat("k", 32), "1.5")},
			"b": {spec(moved, newVersion)},
		})
		rep, err := diff.CompareWith(before, after, diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if got := rep.Summary.Specs; got.Removed != 1 || got.Rebuilt+got.Updated != 1 {
			t.Fatalf("%s: %+v, want the moved hash removed from a and the new spec of b's pair", kind, got)
		}
		if err := roundTrip(rep); err != nil {
			t.Errorf("%s: render refused a report cachediff wrote: %v", kind, err)
		}
		// cachediff warns of the moved hash (67th adversarial pass): a
		// report with the warning deleted is refused, or a gate over it
		// would pass.
		if n, _ := diff.HashConflicts(rep); n != 1 {
			t.Fatalf("%s: %d warnings of a moved hash, want 1: %+v", kind, n, rep.Warnings)
		}
		rep.Warnings = []snapshot.Warning{}
		if err := roundTrip(rep); err == nil || !strings.Contains(err.Error(), "no warning says it moved") {
			t.Errorf("%s: render of the report without its warning: %v; want a refusal", kind, err)
		}
	}
}

// TestLogStackInSomeStepsRenders: cachediff log takes a --stack that
// some snapshot of the series has a spec in; a step between two
// snapshots without one is a report of options.stacks with no spec in
// it. render refused the log: "steps[0]: options.stacks[0]: … no spec is
// in it, which --stack refuses" (the real weeks with --stack
// developer-tools-darwin, which only the last weeks have). Each selected
// stack must be counted in some step, as the log checks it.
func TestLogStackInSomeStepsRenders(t *testing.T) {
	spec := func(hash, stack string) snapshot.Spec {
		return snapshot.Spec{Hash: hash, Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu22.04",
			Platform: "linux", Target: "x86_64_v3", Variants: []string{"+shared"}, Stacks: []string{stack}}
	}
	a, b, c := strings.Repeat("a", 32), strings.Repeat("b", 32), strings.Repeat("c", 32)
	snaps := []*snapshot.Snapshot{
		scaleSnap("s0", map[string][]snapshot.Spec{"p": {spec(a, "e4s")}}),
		scaleSnap("s1", map[string][]snapshot.Spec{"p": {spec(b, "e4s")}}),
		scaleSnap("s2", map[string][]snapshot.Spec{"p": {spec(b, "e4s"), spec(c, "hep")}}),
	}
	log := func(snaps []*snapshot.Snapshot, stacks []string) ([]byte, []diff.Unmatched) {
		var buf bytes.Buffer
		w := Format.Log(&buf, report.LogOptions{})
		s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{Stacks: stacks},
			func(_ int, r *diff.Report) error { r.Highlights = diff.News(r); return w.Step(r) })
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(s); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes(), s.Unmatched
	}
	for _, stacks := range [][]string{{"hep"}, {"e4s", "hep"}} {
		written, unmatched := log(snaps, stacks)
		if len(unmatched) > 0 {
			t.Fatalf("--stack %v: unmatched %+v", stacks, unmatched)
		}
		if _, err := DecodeLog(written); err != nil {
			t.Errorf("--stack %v: render refused a log cachediff wrote: %v", stacks, err)
		}
		// A stack no snapshot has a spec in (which cachediff log refuses)
		// is still refused.
		forged, unmatched := log(snaps[:2], stacks)
		if len(unmatched) == 0 {
			t.Fatalf("--stack %v of the first two snapshots: no stack unmatched", stacks)
		}
		if _, err := DecodeLog(forged); err == nil || !strings.Contains(err.Error(), `"hep": no spec is in it`) {
			t.Errorf("--stack %v, hep in no snapshot: %v", stacks, err)
		}
	}
}
