package builtin_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestHeadlinesQuoteArrowedSides (issue 35 class a): a report's
// headline names its two snapshots joined by " → ", and wrote each as
// it is: the snapshots "a → b" and c read "cachediff: a → b → c", as a
// and "b → c" did, and the whole Markdown, text and patch reports of the
// two pairs were the same bytes; a log's title, "cachediff log: first
// → last", alike. A side's name is quoted where it holds an arrow or
// reads as ∅, as a pair's side is (report.Same, SideNames, SeriesEnds).
func TestHeadlinesQuoteArrowedSides(t *testing.T) {
	pairs := [][2]string{{"a → b", "c"}, {"a", "b → c"}, {"∅", "c"}, {`"∅"`, "c"}}
	for _, f := range report.Formats() {
		read := map[string][2]string{}
		for _, tags := range pairs {
			r := reporttest.OnePackage("zlib")
			r.Old.Tag, r.New.Tag = tags[0], tags[1]
			var buf bytes.Buffer
			if err := f.Render(&buf, r, report.Options{Width: 200}); err != nil {
				t.Fatal(err)
			}
			got := buf.String()
			if rendered[f.Name] {
				got = seen(got)
			}
			if other, ok := read[got]; ok {
				t.Errorf("--format %s: the snapshots %q and %q read alike", f.Name, tags, other)
			}
			read[got] = tags
		}
	}
	for _, name := range []string{"md", "text", "html"} {
		read := map[string][2]string{}
		for _, tags := range pairs {
			var title string
			for _, l := range strings.Split(taggedLog(t, name, tags[0], tags[1]), "\n") {
				if strings.Contains(l, "cachediff log: ") {
					title = l
					break
				}
			}
			if other, ok := read[title]; ok {
				t.Errorf("--format %s: the logs of %q and %q are titled alike: %s", name, tags, other, title)
			}
			read[title] = tags
		}
	}
}
