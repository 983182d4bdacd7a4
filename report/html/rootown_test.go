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
	lock := func(hash, recipe string) string {
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + hash + `","spec":"curl"}],"concrete_specs":{
"` + hash + `":{"name":"curl","version":"1","package_hash":"` + recipe + `","dependencies":[],"hash":"` + hash + `"}}}`
	}
	r := compareLockfiles(t, lock("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "pold"), lock("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "pnew"))
	page, _ := renderHTML(t, r, report.Options{})
	if !strings.Contains(page, "own: recipe changed") || strings.Contains(page, "hash only") {
		t.Errorf("want curl's row to say its own change, recipe changed, not hash only:\n%s", page)
	}
}

// TestHTMLRootRowSpellsNoVersion: a root's spec without a version is its
// name alone, as Spack spells it (report.Spelled): the Environment roots
// rows wrote "toola@", "curl@" (note 61's lead).
func TestHTMLRootRowSpellsNoVersion(t *testing.T) {
	lock := func(hash, tool, th, recipe string) string {
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + hash + `","spec":"curl"},{"hash":"` + th + `","spec":"` + tool + `"}],"concrete_specs":{
"` + hash + `":{"name":"curl","package_hash":"` + recipe + `","hash":"` + hash + `"},"` + th + `":{"name":"` + tool + `","hash":"` + th + `"}}}`
	}
	r := compareLockfiles(t, lock("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "toola", "cccccccccccccccccccccccccccccccc", "pold"),
		lock("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "toolb", "dddddddddddddddddddddddddddddddd", "pnew"))
	page, _ := renderHTML(t, r, report.Options{})
	_, rows, _ := strings.Cut(page, "<caption>Environment roots</caption>")
	rows, _, _ = strings.Cut(rows, "</table>")
	if strings.Contains(rows, "@") {
		t.Errorf("a spec without a version is written name@:\n%s", rows)
	}
	for _, want := range []string{"<td>toola ccccccc</td>", "<td>toolb ddddddd</td>", "<td>curl aaaaaaa → bbbbbbb</td>"} {
		if !strings.Contains(rows, want) {
			t.Errorf("want %q in the roots' rows:\n%s", want, rows)
		}
	}
}

// compareLockfiles loads two lockfiles of the given text and compares
// them.
func compareLockfiles(t *testing.T, oldText, newText string) *diff.Report {
	t.Helper()
	var snaps [2]*snapshot.Snapshot
	for i, text := range []string{oldText, newText} {
		p := filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
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
	return r
}
