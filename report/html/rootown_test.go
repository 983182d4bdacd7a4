package html

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestHTMLRootRowNamesItsOwnChange: a changed root's row says why it
// changed, its own change included (as Markdown's: diff.Causes.RootOwn). It
// named the root's facets alone, so a root whose recipe changed said
// "hash only", while the root causes named that very change.
func TestHTMLRootRowNamesItsOwnChange(t *testing.T) {
	var paths [2]string
	for i, side := range []struct{ hash, recipe string }{{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "pold"}, {"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "pnew"}} {
		lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + side.hash + `","spec":"curl"}],"concrete_specs":{
"` + side.hash + `":{"name":"curl","version":"1","package_hash":"` + side.recipe + `","dependencies":[],"hash":"` + side.hash + `"}}}`
		paths[i] = filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(paths[i], []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := reporttest.ComparePaths(t, paths[0], paths[1])
	page, _ := renderHTML(t, r, report.Options{})
	if !strings.Contains(page, "own: recipe changed") || strings.Contains(page, "hash only") {
		t.Errorf("want curl's row to say its own change, recipe changed, not hash only:\n%s", page)
	}
}
