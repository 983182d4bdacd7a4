package html

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// TestHTMLRootRowNamesItsOwnChange: a changed root's row says why it
// changed, its own change included (as Markdown's: report.RootOwn). It
// named the root's facets alone, so a root whose recipe changed said
// "hash only", while the root causes named that very change.
func TestHTMLRootRowNamesItsOwnChange(t *testing.T) {
	var snaps [2]*snapshot.Snapshot
	for i, side := range []struct{ hash, recipe string }{{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "pold"}, {"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "pnew"}} {
		lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + side.hash + `","spec":"curl"}],"concrete_specs":{
"` + side.hash + `":{"name":"curl","version":"1","package_hash":"` + side.recipe + `","dependencies":[],"hash":"` + side.hash + `"}}}`
		p := filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(p, []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := snapshot.Load(p, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		snaps[i] = s
	}
	r, err := diff.CompareWith(snaps[0], snaps[1], diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	page, _ := renderHTML(t, r, report.Options{})
	if !strings.Contains(page, "own: recipe changed") || strings.Contains(page, "hash only") {
		t.Errorf("want curl's row to say its own change, recipe changed, not hash only:\n%s", page)
	}
}
