package markdown

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestWarningsCutKeepsARow: cut to a small --max-bytes, the section of
// warnings keeps its first warning or goes whole: cut to no row it was
// "### Warnings (300)" over a blank line and "…and 300 more warnings.",
// a heading over nothing but its own count again. Each limit keeps the
// report within it.
func TestWarningsCutKeepsARow(t *testing.T) {
	r := reporttest.OnePackage("zlib")
	for i := range 300 {
		r.Warnings = append(r.Warnings, snapshot.Warning{File: "new/a", Line: i + 1, Message: "something odd"})
	}
	cutKeepsARow(t, r, "### Warnings (300)\n", "\n- new/a:1: something odd\n", 600, 1100)
}

// TestCountedTablesCutKeepARow: a table whose heading counts its rows
// (new and removed packages here; version changes, the rebuilt-only
// table, a log step's coverage and a lockfile's roots alike) keeps its
// first row or goes whole, as the warnings do: cut to no row it was
// "### New packages (30)" over "…and 30 more new packages.", its own
// count again (lead a of v17).
func TestCountedTablesCutKeepARow(t *testing.T) {
	for _, c := range []struct {
		status diff.Status
		title  string
	}{{diff.Added, "New packages"}, {diff.Removed, "Removed packages"}} {
		r := reporttest.OnePackage("zlib")
		for i := range 30 {
			v := diff.VersionChange{Old: []string{}, New: []string{"1.0"}, Added: []string{"1.0"}, Removed: []string{}, Direction: diff.NoChange}
			n := diff.Counts{New: 1, Added: 1}
			if c.status == diff.Removed {
				v.Old, v.New, v.Added, v.Removed = v.New, v.Old, v.Removed, v.Added
				n = diff.Counts{Old: 1, Removed: 1}
			}
			r.Packages = append(r.Packages, diff.Package{Name: fmt.Sprintf("p%02d", i), Status: c.status, Versions: v, Counts: n})
		}
		cutKeepsARow(t, r, "### "+c.title+" (30)\n", "\n| package | versions | specs |\n|---|---|--:|\n| p00 | 1.0 | 1 |\n", 500, 1100)
	}
}

// cutKeepsARow cuts r to each limit from..to (by 5) and wants the
// section of heading either gone or over its first row, first; some
// limits of each, and each report within its limit.
func cutKeepsARow(t *testing.T, r *diff.Report, heading, first string, from, to int) {
	t.Helper()
	var shown, dropped int
	for limit := from; limit <= to; limit += 5 {
		out, ok := cutTo(t, r, limit)
		if !ok {
			continue
		}
		if len(out) > limit {
			t.Errorf("--max-bytes %d: %d bytes", limit, len(out))
		}
		i := strings.Index(out, heading)
		if i < 0 {
			dropped++
			continue
		}
		shown++
		if !strings.HasPrefix(out[i+len(heading):], first) {
			t.Errorf("--max-bytes %d: the heading %q is not over its first row:\n%s", limit, heading, out[i:])
		}
	}
	if shown == 0 || dropped == 0 {
		t.Errorf("%s: %d limits show the section, %d drop it: want some of each", heading, shown, dropped)
	}
}
