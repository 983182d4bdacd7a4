package html

import (
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
	r := reporttest.RootRecipeChanged(t, "curl", "curl")
	page, _ := renderHTML(t, r, report.Options{})
	if !strings.Contains(page, "own: recipe changed") || strings.Contains(page, "hash only") {
		t.Errorf("want curl's row to say its own change, recipe changed, not hash only:\n%s", page)
	}
}
