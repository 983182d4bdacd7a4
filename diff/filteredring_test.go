package diff_test

import (
	"encoding/json"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// ringTop is brokenRing (an old ring of n specs of same@1 against a
// ring of n+1, or a chain) with a spec of package top over one of the
// ring's specs, each side: the one over zlib (at 0) or the first by
// hash of the others.
func ringTop(t *testing.T, n int, shape string, atZlib bool) (o, nw *snapshot.Snapshot) {
	t.Helper()
	oi, ni := brokenRing(t, n, shape)
	var idx [2]string
	for side, in := range []string{oi, ni} {
		var m map[string]any
		if err := json.Unmarshal([]byte(in), &m); err != nil {
			t.Fatal(err)
		}
		inst := m["database"].(map[string]any)["installs"].(map[string]any)
		dep := ""
		for h, v := range inst {
			sp := v.(map[string]any)["spec"].(map[string]any)
			if sp["name"] != "same" {
				continue
			}
			overZlib := false
			deps, _ := sp["dependencies"].([]any)
			for _, d := range deps {
				if n := d.(map[string]any)["name"]; n == "zlib" || n == "zlib-ng" {
					overZlib = true
				}
			}
			if overZlib == atZlib && (dep == "" || h < dep) {
				dep = h
			}
		}
		h := fakeHash("tu"[side], "top")
		inst[h] = map[string]any{"ref_count": 0, "in_buildcache": true, "spec": map[string]any{
			"name": "top", "version": "1", "hash": h, "namespace": "builtin",
			"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "x86_64_v3"},
			"compiler":   map[string]any{"name": "gcc", "version": "13.2.0"},
			"parameters": map[string]any{"build_system": "generic"},
			"dependencies": []any{map[string]any{"name": "same", "hash": dep,
				"parameters": map[string]any{"deptypes": []string{"build", "link"}, "virtuals": []string{}}}}}}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		idx[side] = string(b)
	}
	dir := t.TempDir()
	o = loadWritten(t, filepath.Join(dir, "old", "index.json"), idx[0], false)
	nw = loadWritten(t, filepath.Join(dir, "new", "index.json"), idx[1], false)
	return o, nw
}

// The explainer matches the edges of a spec paired in a cycle (bad
// input) along the cycle's pairs (Report.cyclePairs), but under a
// filter it had those of the view's packages alone: top over a ring of
// same@1 against one one longer (or a chain), same left out by
// --package top, was said rebuilt for the zlib swap along 50 of the
// ring's edges, or for "same@1 removed" alone, where the unfiltered
// report says "same@1 added" and "same@1 removed". Narrowed to top,
// top's causes are the unfiltered ones, both ways, and 4x the ring
// costs at most 4.4x the pairs of nodes.
func TestFilteredRingCausesAsWhole(t *testing.T) {
	for _, shape := range []string{"ringlen", "ringchain"} {
		for _, atZlib := range []bool{true, false} {
			o, nw := ringTop(t, 50, shape, atZlib)
			for w, way := range [][2]*snapshot.Snapshot{{o, nw}, {nw, o}} {
				got := topCausesWholeAndNarrowed(t, way[0], way[1])
				if got[0] != got[1] {
					t.Errorf("%s, top over the spec over zlib %v, way %d: top's causes narrowed to top:\n%s\nwant the unfiltered report's:\n%s", shape, atZlib, w, got[1], got[0])
				}
			}
		}
	}
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	for _, shape := range []string{"ringlen", "ringchain"} {
		measure := func(n int) (pairs int) {
			o, nw := ringTop(t, n, shape, false)
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
			diff.SetExplainedHook(func(p int) { pairs = p })
			defer diff.SetExplainedHook(nil)
			if _, err := diff.CompareWith(o, nw, diff.Filter{Packages: []string{"top"}}); err != nil {
				t.Fatal(err)
			}
			return pairs
		}
		small, big := measure(100), measure(400)
		if r := float64(big) / float64(small); small == 0 || r > 4.4 {
			t.Errorf("%s: 4x the ring narrowed to top: pairs of nodes %d → %d, want at most 4.4x", shape, small, big)
		}
	}
}
