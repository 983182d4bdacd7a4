package mirror_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestV2RootIndexOrLockAsSpecFile (adversarial pass 207a): a layout-v2
// mirror whose build_cache/ holds an index or a lockfile under a spec
// file's name (zz.spec.json) was refused read as its root, as a folder
// of two indexes or of an index and a lockfile (exit 2, the advice to
// name build_cache/, refused too), where the same mirror at a URL,
// which cannot list its spec files, read through its index (exit 0).
// Beside the index at the root, such a file is a warning naming it, as
// a spec file that does not decode is, and the specs are the index's.
func TestV2RootIndexOrLockAsSpecFile(t *testing.T) {
	idx := index(t, "old")
	var db struct {
		Database struct {
			Installs map[string]struct{ Spec json.RawMessage }
		}
	}
	if err := json.Unmarshal(index(t, "new"), &db); err != nil {
		t.Fatal(err)
	}
	specs := map[string]json.RawMessage{}
	root := ""
	for h, r := range db.Database.Installs {
		specs[h], root = r.Spec, max(root, h)
	}
	lock, err := json.Marshal(map[string]any{
		"_meta":          map[string]any{"file-type": "spack-lockfile", "lockfile-version": 6, "specfile-version": 5},
		"roots":          []map[string]string{{"hash": root, "spec": "x"}},
		"concrete_specs": specs,
	})
	if err != nil {
		t.Fatal(err)
	}
	plain := t.TempDir()
	if err := mirrorgen.V2(plain, idx); err != nil {
		t.Fatal(err)
	}
	want := dump(t, load(t, openDir(t, plain, mirror.Options{})))
	for kind, data := range map[string][]byte{"build-cache index": index(t, "new"), "lockfile": lock} {
		dir := t.TempDir()
		if err := mirrorgen.V2(dir, idx); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "build_cache", "zz.spec.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := snapshot.LoadFrom(openDir(t, dir, mirror.Options{}), snapshot.Options{})
		if err != nil {
			t.Errorf("a %s named zz.spec.json beside the index, read as the mirror's root: %v; want the index read, with a warning", kind, err)
			continue
		}
		warned := false
		for _, w := range s.Warnings {
			warned = warned || strings.HasSuffix(w.File, "zz.spec.json") && strings.Contains(w.Message, "a "+kind+", not a spec file")
		}
		if !warned {
			t.Errorf("a %s named zz.spec.json beside the index: no warning naming it (%v)", kind, s.Warnings)
		}
		if got := dump(t, s); got != want {
			t.Errorf("a %s named zz.spec.json beside the index: other specs than the index's", kind)
		}
	}
}
