package builtin_test

import (
	"bytes"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestWhereKeepsLineAndColumn (issue 35 class a): a JSON report that
// render reads may give a warning or a skipped page a line that is not
// positive, or a column without a line, which Markdown wrote and text,
// HTML, the patch and a feed entry dropped: the skipped page "a" at
// line 0 and column 5 read as the page a with neither, and the warning
// of line -1 as the warning of no line. Each view writes what the JSON
// holds (report.SkippedWhere, report.WarningWhere), and a file that
// reads as one with such a line, "a:-1", is quoted (report.FileItem).
func TestWhereKeepsLineAndColumn(t *testing.T) {
	skips := [][2]snapshot.Skipped{
		{{File: "a", Column: 5, Reason: "bad"}, {File: "a", Reason: "bad"}},
		{{File: "a", Line: -1, Reason: "bad"}, {File: "a", Reason: "bad"}},
		{{File: "a", Line: -1, Reason: "bad"}, {File: "a:-1", Reason: "bad"}},
		// A column without a line is written after a line 0, not as a
		// line; a column not positive is written too.
		{{File: "a", Column: 5, Reason: "bad"}, {File: "a", Line: 5, Reason: "bad"}},
		{{File: "a", Line: 3, Column: -1, Reason: "bad"}, {File: "a", Line: 3, Reason: "bad"}},
	}
	warns := [][2]snapshot.Warning{
		{{File: "a", Line: -1, Message: "odd"}, {File: "a", Message: "odd"}},
		{{File: "a", Line: -1, Message: "odd"}, {File: "a:-1", Message: "odd"}},
	}
	for _, f := range report.Formats() {
		render := func(edit func(r *diff.Report)) string {
			r := reporttest.OnePackage("zlib")
			edit(r)
			var b bytes.Buffer
			if err := f.Render(&b, r, report.Options{}); err != nil {
				t.Fatal(err)
			}
			return b.String()
		}
		for _, p := range skips {
			if render(func(r *diff.Report) { r.Old.Skipped = p[:1] }) == render(func(r *diff.Report) { r.Old.Skipped = p[1:] }) {
				t.Errorf("--format %s: the skipped %+v and %+v read alike", f.Name, p[0], p[1])
			}
		}
		for _, p := range warns {
			if render(func(r *diff.Report) { r.Warnings = p[:1] }) == render(func(r *diff.Report) { r.Warnings = p[1:] }) {
				t.Errorf("--format %s: the warnings %+v and %+v read alike", f.Name, p[0], p[1])
			}
		}
	}
}
