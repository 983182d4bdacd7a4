package builtin_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestLongNamesCutApart (issue 35 class a): a name longer than
// report.MaxWord is cut, and two names that differ only where they were
// cut read alike: Markdown and HTML keep a word's first MaxWord
// characters, so the tags of 400 characters that differ at the 250th
// named one headline; text and the feed keep a label's first and last
// characters, so tags that differ at the 150th named one feed entry.
// Ids and JSON keep them whole. A cut name now ends with, or holds, 8
// digits of its digest (report.Shorten, report.CutLabel): every format
// tells each pair apart, whole.
func TestLongNamesCutApart(t *testing.T) {
	long := func(head string, at int, c string) string {
		return strings.Repeat(head, at) + c + strings.Repeat("z", 400-at)
	}
	for _, at := range []int{50, 150, 250, 350} {
		for _, field := range []string{"tag", "package"} {
			var outs [2]map[string]string
			for k, c := range []string{"x", "y"} {
				r := reporttest.OnePackage("zlib")
				if field == "tag" {
					r.Old.Tag = long("t", at, c)
				} else {
					r = reporttest.OnePackage(long("p", at, c))
				}
				outs[k] = map[string]string{}
				for _, f := range report.Formats() {
					if f.Name == "json" {
						continue
					}
					var buf bytes.Buffer
					if err := f.Render(&buf, r, report.Options{Width: 200}); err != nil {
						t.Fatalf("%s: %v", f.Name, err)
					}
					outs[k][f.Name] = buf.String()
				}
			}
			for name, out := range outs[0] {
				if name == "atom" && field == "package" {
					continue // a feed entry names news, and a rebuild is none
				}
				if outs[1][name] == out {
					t.Errorf("--format %s: two %ss of 401 characters that differ at the %dth read alike", name, field, at+1)
				}
			}
		}
	}
}
