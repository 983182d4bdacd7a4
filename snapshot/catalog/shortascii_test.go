package catalog

import (
	"strings"
	"testing"
)

// TestQuoteShortInASCII (issue 35, classes a and e): what quoteShort
// quotes (a page's categories, a front matter key, a meta value, a
// title, a tag) and the key of a spec or of meta given twice were quoted
// as strconv.Quote quotes, a lookalike left as it is: categories:
// ["package", "develop", "dеvelop"] (its е Cyrillic) named the tag
// twice, and "permаlink" the key Jekyll moves a page by. Each is quoted
// in ASCII.
func TestQuoteShortInASCII(t *testing.T) {
	const head = "---\ntitle: zlib\nlayout: cache\ncategories: [package, develop]\n"
	for fm, want := range map[string]string{
		"---\ntitle: zlib\nlayout: cache\ncategories: [package, develop, dеvelop]\nspec_details: []\n---\n": `categories: ["package", "develop", "d\u0435velop"]: a page's categories`,
		head + "permаlink: x\nspec_details: []\n---\n":                                                      `"perm\u0430link": a page's front matter`,
		head + "meta: {\"num_specs\": 0, \"oss\": [\"а\\\"b\"]}\nspec_details: []\n---\n":                   `oss: "\u0430\"b" holds`,
		head + "meta: {\"num_specs\": 0}\nspec_details: [{\"hаsh\": 1, \"hаsh\": 2}]\n---\n":                `spec 1: key "h\u0430sh" is given twice`,
	} {
		_, err := onePage(t, fm)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v; want %s", fm, err, want)
		}
	}
}
