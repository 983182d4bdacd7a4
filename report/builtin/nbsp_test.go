package builtin_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestViewsShowNonASCIISpaces (issue 35 class a): a version ending in
// U+00A0 ("1.0\u00a0") read as "1.0" in every view, the space at the
// end of a line or a cell unseen; U+3000 and U+2009 read as a space. Each
// view but JSON writes such a space as an escape (or, in a patch,
// percent-encoded), as it writes other invisible characters.
func TestViewsShowNonASCIISpaces(t *testing.T) {
	for _, sp := range []string{"\u00a0", "\u2009", "\u3000", "\u202f"} {
		for _, f := range report.Formats() {
			if f.Name == "json" {
				continue
			}
			r := reporttest.OnePackage("zlib")
			p := &r.Packages[0]
			v := "1.0" + sp
			p.Versions = diff.VersionChange{Old: []string{"1.0"}, New: []string{v}, Added: []string{v}, Removed: []string{"1.0"}, Direction: diff.Other}
			p.Specs.Rebuilt[0].New.Versions = []string{v}
			var buf bytes.Buffer
			if err := f.Render(&buf, r, report.Options{Width: 200}); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(buf.String(), sp) {
				t.Errorf("--format %s writes %+q raw", f.Name, sp)
			}
		}
	}
}
