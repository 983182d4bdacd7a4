package diff_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// TestHashOtherRecipe: Spack's hash covers the spec's recipe
// (package_hash), and Load refuses one hash of two recipes within one
// snapshot; between the snapshots it was silent: "no changes", exit 0,
// and a gate passed. It is a conflict, as one hash of other facets is;
// a side without a recipe hash (an older format) is none.
func TestHashOtherRecipe(t *testing.T) {
	const curl = "cccccccccccccccccccccccccccccccc"
	index := func(recipe string) string {
		field := ""
		if recipe != "" {
			field = fmt.Sprintf(`"package_hash":%q,`, recipe)
		}
		return fmt.Sprintf(`{"database":{"version":"7","installs":{%q:{"spec":{"name":"curl","version":"8","arch":{"platform":"linux","platform_os":"ubuntu22.04","target":"x86_64"},"compiler":{"name":"gcc","version":"13"},"namespace":"builtin","parameters":{},%s"hash":%q},"ref_count":0,"in_buildcache":true}}}}`, curl, field, curl)
	}
	dir := t.TempDir()
	load := func(name, data string) *snapshot.Snapshot {
		t.Helper()
		return loadWritten(t, filepath.Join(dir, name, "index.json"), data, false)
	}
	a, b := strings.Repeat("a", 52), strings.Repeat("b", 52)
	base := load("base", index(a))
	for _, c := range []struct {
		name, recipe string
		want         bool
	}{{"other", b, true}, {"same", a, false}, {"none", "", false}} {
		other := load(c.name, index(c.recipe))
		for _, way := range [][2]*snapshot.Snapshot{{base, other}, {other, base}} {
			r, err := diff.CompareWith(way[0], way[1], diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if err := r.CheckLaws(); err != nil {
				t.Fatal(err)
			}
			n, first := diff.HashConflicts(r)
			if !c.want {
				if n != 0 {
					t.Errorf("recipe %s, %s → %s: %d conflicts (%q); want none", c.name, way[0].Path, way[1].Path, n, first)
				}
				continue
			}
			if n != 1 || !strings.Contains(first, "hash "+curl+" of curl has another recipe than in the old snapshot") {
				t.Errorf("recipe %s, %s → %s: %d conflicts (%q); want one of curl's recipe", c.name, way[0].Path, way[1].Path, n, first)
			}
			if _, err := diff.CheckGate(r, []string{"any"}); err == nil {
				t.Errorf("recipe %s, %s → %s: the gate passed", c.name, way[0].Path, way[1].Path)
			}
		}
	}
}
