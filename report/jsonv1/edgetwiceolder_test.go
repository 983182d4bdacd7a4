package jsonv1

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestEdgeListedTwiceOlderReportRead (issue 35 class e, over-refusal): a
// lockfile whose curl lists its edge to zlib twice, (build) and (link),
// as Spack 1.x reads it, and a new one where curl dropped zlib.
// cachediff before 3b8a0fa3 (which made two edges to one dependency one)
// wrote zlib removed twice in curl's why.changed, and in the changed
// root's, and rendered its report; render refused it ("\"zlib\" (…)
// twice: a dependency added or removed is one edge, listed once"). The
// report today's cachediff writes, with the entry written twice as the
// older one wrote it, is read.
func TestEdgeListedTwiceOlderReportRead(t *testing.T) {
	dir := t.TempDir()
	spec := func(name, h string, deps []any) map[string]any {
		s := map[string]any{"name": name, "version": "1.0", "namespace": "builtin", "hash": h, "package_hash": "aaaa",
			"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "x86_64"},
			"parameters": map[string]any{"build_system": "generic", "cflags": []string{}, "cppflags": []string{}, "cxxflags": []string{}, "fflags": []string{}, "ldflags": []string{}, "ldlibs": []string{}}}
		if deps != nil {
			s["dependencies"] = deps
		}
		return s
	}
	edge := func(types string) any {
		return map[string]any{"name": "zlib", "hash": "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", "parameters": map[string]any{"deptypes": []string{types}, "virtuals": []string{}}}
	}
	lock := func(curl string, deps []any) string {
		doc := map[string]any{
			"_meta": map[string]any{"file-type": "spack-lockfile", "lockfile-version": 6, "specfile-version": 5},
			"spack": map[string]any{"version": "1.0.0", "type": "git", "commit": "x"},
			"roots": []any{map[string]any{"hash": curl, "spec": "curl"}},
			"concrete_specs": map[string]any{
				"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz": spec("zlib", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", nil),
				curl:                               spec("curl", curl, deps),
			},
		}
		data, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, curl[:1]+".lock")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	oldPath := lock("cccccccccccccccccccccccccccccccc", []any{edge("build"), edge("link")})
	newPath := lock("dddddddddddddddddddddddddddddddd", []any{})
	r := reporttest.ComparePaths(t, oldPath, newPath)
	var whys []*diff.Why
	for i := range r.Packages {
		for j := range r.Packages[i].Specs.Updated {
			whys = append(whys, r.Packages[i].Specs.Updated[j].Why)
		}
		for j := range r.Packages[i].Specs.Rebuilt {
			whys = append(whys, r.Packages[i].Specs.Rebuilt[j].Why)
		}
	}
	if r.Causes.Roots != nil {
		for i := range r.Causes.Roots.Changed {
			whys = append(whys, r.Causes.Roots.Changed[i].Why)
		}
	}
	// A root changed shares its pair's Why (bcabb53b): each Why is
	// written twice once, and counted for each holder.
	twice := 0
	done := map[*diff.Why]bool{}
	for _, w := range whys {
		if done[w] {
			twice++
			continue
		}
		if w != nil && len(w.Changed) == 1 && w.Changed[0].Name == "zlib" && w.Changed[0].NewHash == "" {
			w.Changed = slices.Insert(w.Changed, 0, w.Changed[0])
			done[w] = true
			twice++
		}
	}
	if twice < 2 {
		t.Fatalf("%d whys with zlib removed, want curl's and its root's", twice)
	}
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Errorf("the report of cachediff before 3b8a0fa3: %v", err)
	}
}
