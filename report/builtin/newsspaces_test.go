package builtin_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestNewsShowsOnlyValuesSpaces (issue 35 class a): Markdown, the HTML
// page and the feed escaped a highlight's words as a whole
// (VisibleSpaces), so a root " e " removed read
// "root\x20\x20e\x20\x20removed": the sentence's own spaces beside the
// name's edge spaces were shown escaped too, as if they were the
// name's. Each value is written visible on its own (report.NewsShown):
// "root \x20e\x20 removed".
func TestNewsShowsOnlyValuesSpaces(t *testing.T) {
	for _, c := range []struct {
		name string
		h    diff.Highlight
		want string // the words, values as VisibleSpaces writes them
	}{
		{"root", diff.Highlight{Kind: diff.HighlightRootRemoved, Value: " e "}, `root \x20e\x20 removed`},
		{"root, runs", diff.Highlight{Kind: diff.HighlightRootRemoved, Value: "e  f"}, `root e\x20\x20f removed`},
		{"package", diff.Highlight{Kind: diff.HighlightNewPackage, Packages: []string{"zlib "},
			Versions: &diff.VersionChange{New: []string{" 1.0"}}}, `new package zlib\x20 \x201.0`},
		{"cause", diff.Highlight{Kind: diff.HighlightCause, Value: "zlib ", Count: 1,
			Changes: []diff.Change{{Kind: "version", From: "1.0", To: "2.0"}}}, `cause: zlib\x20 1.0 → 2.0 (1 spec)`},
	} {
		if got := report.NewsShown(c.h, -1); got != c.want {
			t.Errorf("%s: NewsShown = %q, want %q", c.name, got, c.want)
		}
		for _, f := range report.Formats() {
			if f.Name != "md" && f.Name != "html" && f.Name != "atom" {
				continue
			}
			r := reporttest.OnePackage("zlib")
			r.Highlights = []diff.Highlight{c.h}
			var buf bytes.Buffer
			if err := f.Render(&buf, r, report.Options{Width: 200}); err != nil {
				t.Fatal(err)
			}
			doc := buf.String()
			want := c.want
			if f.Name == "md" {
				want = strings.ReplaceAll(want, `\`, `\\`) // Markdown escapes a backslash
			}
			if !strings.Contains(doc, want) {
				t.Errorf("--format %s, %s: no %q in\n%s", f.Name, c.name, want, doc)
			}
		}
	}
	// A cause's words in Markdown's Why rebuilt table: its versions
	// holding a space quoted, as a one-for-one move's are
	// (TestViewsTellCauseVersionsApart).
	if got, want := report.CauseShown("zlib ", []diff.Change{{Kind: "version", From: "1.0", To: "2.0"}}), `zlib\x20 1.0 → 2.0`; got != want {
		t.Errorf("CauseShown = %q, want %q", got, want)
	}
	r := reporttest.OnePackage("zlib")
	r.Causes = &diff.Causes{Pairs: 1, Known: 1, Groups: []diff.CauseGroup{{Name: "zlib", Specs: 1, Rebuilt: 1, Via: []string{"zlib"},
		Changes: []diff.Change{{Kind: "version", From: "1.0 ", To: " 2.0"}}}}}
	md, _ := report.Lookup("md")
	var buf bytes.Buffer
	if err := md.Render(&buf, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if want := `| "1.0 " → " 2.0" |`; !strings.Contains(buf.String(), want) {
		t.Errorf("--format md: no %q in\n%s", want, buf.String())
	}
}
