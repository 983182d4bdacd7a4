package diff_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// Two packages whose compiler changes join by NULs into one string
// (gcc@1\x00x → gcc@2 and gcc@1 → x\x00gcc@2, "\u0000" being valid
// JSON in a Spack index), beside a change two packages share: the laws
// filed shared changes by the NUL-joined strings, counted one change of
// two groups that is no shared change, and refused the report
// ("causes.shared: 1 shared changes, but the groups share 2"), so that
// cachediff render refused the report cachediff wrote. Spack files'
// loaders refuse a NUL since cc795530, but a report given to render
// holds what it holds: the compilers are loaded with "§" and written
// with the NUL in memory (diff.WriteSep).
func TestSharedLawKeepsNULJoinedApart(t *testing.T) {
	spec := func(name, h, cname, cver string) map[string]any {
		return map[string]any{"spec": map[string]any{"name": name, "version": "1", "hash": h, "namespace": "builtin",
			"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "core2"},
			"compiler":   map[string]any{"name": cname, "version": cver},
			"parameters": map[string]any{"build_system": "generic"}}, "ref_count": 0, "in_buildcache": true}
	}
	index := func(specs ...map[string]any) string {
		installs := map[string]any{}
		for _, s := range specs {
			installs[s["spec"].(map[string]any)["hash"].(string)] = s
		}
		b, err := json.Marshal(map[string]any{"database": map[string]any{"version": "7", "installs": installs}})
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	h := func(c byte) string { return fakeHash(c, "") }
	oldIdx := index(spec("pa", h('a'), "gcc", "1§x"), spec("pb", h('b'), "gcc", "1"),
		spec("pc", h('c'), "gcc", "3"), spec("pd", h('d'), "gcc", "3"))
	newIdx := index(spec("pa", h('e'), "gcc", "2"), spec("pb", h('f'), "x§gcc", "2"),
		spec("pc", h('g'), "gcc", "4"), spec("pd", h('h'), "gcc", "4"))
	dir := t.TempDir()
	o := loadWritten(t, filepath.Join(dir, "old", "index.json"), oldIdx, false)
	n := loadWritten(t, filepath.Join(dir, "new", "index.json"), newIdx, false)
	diff.WriteSep(o, "\x00")
	diff.WriteSep(n, "\x00")
	r, err := diff.CompareWith(o, n, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Causes.Shared) != 1 || len(r.Causes.Groups) != 4 {
		t.Errorf("%d shared changes and %d groups, want 1 (gcc@3 → gcc@4) and 4", len(r.Causes.Shared), len(r.Causes.Groups))
	}
	if err := r.CheckLaws(); err != nil {
		t.Fatalf("the report breaks its laws: %v", err)
	}
}
