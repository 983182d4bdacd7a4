package report_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// TestUnchangedButNamesTheConflict: a headline of no changes beside a
// hash that names two builds said "but 1 hash has other facets" of a hash
// whose facets are the same, and whose dependencies or recipe changed
// (or that moved to another package): the warning's own words are then
// "names another build".
func TestUnchangedButNamesTheConflict(t *testing.T) {
	h := strings.Repeat("c", 32)
	for _, c := range []struct {
		msg, want string
	}{
		{"hash " + h + " of curl has other facets than in the old snapshot (version 1 → 2); a hash names one build", ", but 1 hash has other facets than in the old snapshot (see the warnings)"},
		{"hash " + h + " of curl has other link or run dependencies than in the old snapshot (zlib/zzzzzzz → zlib/yyyyyyy); a hash names one build", ", but 1 hash names another build than in the old snapshot (see the warnings)"},
		{"hash " + h + " of curl has another recipe than in the old snapshot (package_hash a → b); a hash names one build", ", but 1 hash names another build than in the old snapshot (see the warnings)"},
	} {
		r := &diff.Report{Warnings: []snapshot.Warning{{Message: c.msg}}}
		if got := report.UnchangedBut(r); got != c.want {
			t.Errorf("beside %q: %q, want %q", c.msg, got, c.want)
		}
	}
}
