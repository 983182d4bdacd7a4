package catalog

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestCutQuoteEachSite (class c of the second pass over afabfc0c): the
// catalogue's errors that quote a value of the page cut the value, then
// quote it, the mark inside the closing quote (quoteShort); only a front
// matter key's error was tested, so that any other site put back to
// the quoted text cut (shorten of strconv.Quote, a quote never closed,
// two values alike for 60 bytes read alike) passed. Each site, a value
// of 100 bytes: a tag, categories written as one string, a version
// holding a quote, a compiler holding a space.
func TestCutQuoteEachSite(t *testing.T) {
	x := strings.Repeat("x", 100)
	cut := func(v string) string { q := strconv.Quote(v[:60]); return q[:len(q)-1] + cutmark.Of(v) + `"` }
	spec := `spec_details: [{"hash": "` + hashN(1) + `", "versions": ["1.0"]` + otherFields(`"versions": ["1.0"]`) + "}]\n---\n"
	page := func(cats, meta string) string {
		return "---\ntitle: \"zlib\"\nlayout: cache\ncategories: " + cats + "\nmeta: " + meta + "\n" + spec
	}
	const okMeta = `{"num_specs": 1, "versions": ["1.0"]}`
	for _, c := range []struct{ name, page, want string }{
		{"tag", page("[package, '<"+x+"']", okMeta), "the tag " + cut("<"+x) + " holds"},
		{"categories one string", page("'package "+x+"'", okMeta), "categories: " + cut("package "+x) + " is one string"},
		{"version holding a quote", page("[package, develop]", `{"num_specs": 1, "versions": ["\"`+x+`"]}`), "versions: " + cut(`"`+x) + " holds"},
		{"compiler holding a space", page("[package, develop]", `{"num_specs": 1, "compilers": [" `+x+`"]}`), "compilers: " + cut(" "+x) + " holds"},
	} {
		_, err := onePage(t, c.page)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want %s", c.name, err, c.want)
		}
	}
}
