package markdown

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// writeRootOwnPair writes two lockfiles of one root, curl, whose hash
// changes with a change of its own that is no facet: its recipe
// (package_hash), or the deptypes of its edge to a zlib that kept its
// hash. It returns their paths.
func writeRootOwnPair(t *testing.T, recipe bool) (string, string) {
	t.Helper()
	const z = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	write := func(side, hash, packageHash, types string) string {
		lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + hash + `","spec":"curl"}],"concrete_specs":{
"` + hash + `":{"name":"curl","version":"1","package_hash":"` + packageHash + `","dependencies":[{"name":"zlib","hash":"` + z + `","parameters":{"deptypes":[` + types + `],"virtuals":[]}}],"hash":"` + hash + `"},
"` + z + `":{"name":"zlib","version":"1","hash":"` + z + `"}}}`
		p := filepath.Join(t.TempDir(), side, "spack.lock")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if recipe {
		return write("old", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "pold", `"build","link"`), write("new", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "pnew", `"build","link"`)
	}
	return write("old", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "p", `"build"`), write("new", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "p", `"build","link"`)
}

// TestRootRowNamesItsOwnChange: a changed root's row says why it
// changed, its own change included. The row named its facets alone, so a
// root whose recipe changed, or whose edge to a zlib that kept its hash
// changed its deptypes, said "hash only", while the root cause table
// below named that very change.
func TestRootRowNamesItsOwnChange(t *testing.T) {
	for _, c := range []struct {
		recipe bool
		want   string
	}{
		{true, "| changed | curl | curl@1 `aaaaaaa` → `bbbbbbb` | own: recipe changed |"},
		{false, "| changed | curl | curl@1 `aaaaaaa` → `bbbbbbb` | own: dependency zlib (build) → dependency zlib (build, link) |"},
	} {
		var b bytes.Buffer
		old, nu := writeRootOwnPair(t, c.recipe)
		if err := Markdown(&b, reporttest.ComparePaths(t, old, nu), report.Options{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("recipe %v: want the row %q in\n%s", c.recipe, c.want, b.String())
		}
	}
}

// TestRootHighlightNamesItsOwnChange: a changed root's highlight says
// its own change as its row does (TestRootRowNamesItsOwnChange). The
// highlight, and the "changes" of its JSON record (json.md: "the root's
// own"), named its facets alone: a root whose recipe changed, or whose
// edge to a zlib that kept its hash changed its deptypes, was "root curl
// changed" and nothing more, beside a row and a root cause naming it.
func TestRootHighlightNamesItsOwnChange(t *testing.T) {
	for _, c := range []struct {
		recipe bool
		want   string
	}{
		{true, "- root curl changed: recipe changed\n"},
		{false, "- root curl changed: dependency zlib (build) → dependency zlib (build, link)\n"},
	} {
		var b bytes.Buffer
		old, nu := writeRootOwnPair(t, c.recipe)
		if err := Markdown(&b, reporttest.ComparePaths(t, old, nu), report.Options{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("recipe %v: want the highlight %q in\n%s", c.recipe, c.want, b.String())
		}
	}
}
