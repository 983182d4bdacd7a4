package diff_test

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// overTwoBuildsTop is overTwoBuilds (n specs of app, each over two
// earlier builds of app, spec 0 over zlib -> zlib-ng) and a spec of
// package top over the last two builds of app.
func overTwoBuildsTop(t *testing.T, n int) (o, nw *snapshot.Snapshot) {
	t.Helper()
	sides, hash := overTwoBuildsSpecs(n)
	for side := range sides {
		sides[side] = append(sides[side], indexSpec{name: "top", version: "1", hash: fakeHash("tu"[side], "top"),
			deps: [][2]string{{"app", hash[side](n - 1)}, {"app", hash[side](n - 2)}}})
	}
	dir := t.TempDir()
	o = loadWritten(t, filepath.Join(dir, "old", "index.json"), indexJSON(t, sides[0]), false)
	nw = loadWritten(t, filepath.Join(dir, "new", "index.json"), indexJSON(t, sides[1]), false)
	return o, nw
}

// topCauses are the causes of top's rebuilt spec in r.
func topCauses(t *testing.T, r *diff.Report) string {
	t.Helper()
	for _, p := range r.Packages {
		if p.Name == "top" && len(p.Specs.Rebuilt) == 1 {
			return fmt.Sprint(r.Causes.Resolve(p.Specs.Rebuilt[0].Why, "top"))
		}
	}
	t.Fatal("top is not rebuilt")
	return ""
}

// A report narrowed by --package still follows edges through the
// packages it leaves out (causes.go), but the explainer matched a
// spec's several edges of one name along the report's pairs alone: top
// over two builds of app, app left out, matched them in hash order,
// crossed, and top was said rebuilt for "app@1 added" and "app@1
// removed" besides the zlib swap the unfiltered report gives, and the
// explainer walked N² pairs of nodes. Narrowed, top's causes are the
// unfiltered ones, both ways, and 4x N costs at most 4.4x the pairs of
// nodes.
func TestFilteredOverTwoBuilds(t *testing.T) {
	o, nw := overTwoBuildsTop(t, 40)
	for _, way := range [][2]*snapshot.Snapshot{{o, nw}, {nw, o}} {
		got := topCausesWholeAndNarrowed(t, way[0], way[1])
		if got[0] != got[1] {
			t.Errorf("top's causes narrowed to top:\n%s\nwant the unfiltered report's:\n%s", got[1], got[0])
		}
	}
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	measure := func(n int) (pairs int) {
		o, nw := overTwoBuildsTop(t, n)
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
		diff.SetExplainedHook(func(p int) { pairs = p })
		defer diff.SetExplainedHook(nil)
		if _, err := diff.CompareWith(o, nw, diff.Filter{Packages: []string{"top"}}); err != nil {
			t.Fatal(err)
		}
		return pairs
	}
	small, big := measure(100), measure(400)
	if r := float64(big) / float64(small); r > 4.4 {
		t.Errorf("4x N narrowed to top: pairs of nodes %.2fx (%d → %d), want at most 4.4x", r, small, big)
	}
}

// topCausesWholeAndNarrowed are top's causes (topCauses) from a to b in
// the whole report and narrowed to top, each report held to its laws.
func topCausesWholeAndNarrowed(t *testing.T, a, b *snapshot.Snapshot) [2]string {
	t.Helper()
	var got [2]string
	for k, f := range []diff.Filter{{}, {Packages: []string{"top"}}} {
		r := compareLawful(t, a, b, f)
		got[k] = topCauses(t, r)
	}
	return got
}
