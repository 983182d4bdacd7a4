package catalog

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestCategoriesListCutQuoteClosed (as TestCutValueQuoteClosed, for
// categories of more than [package, <tag>]): the error quoted each
// entry and cut the list so written to 80 bytes as one text, so that a
// cut inside an entry left its quote open, `["package", "develop",
// "xx…x…12345678]`, the mark read as the entry's. Each entry is cut
// inside its own quotes (its mark inside the closing quote), and a list
// still too long keeps the entries that fit and ends with the mark of
// the whole after the last closing quote: two lists that differ past
// the cut read apart.
func TestCategoriesListCutQuoteClosed(t *testing.T) {
	const specs = "spec_details: []\n---\n"
	msgOf := func(cats string) string {
		_, err := onePage(t, "---\ntitle: zlib\nlayout: cache\ncategories: ["+cats+"]\n"+specs)
		if err == nil {
			t.Fatalf("categories [%s]: no error", cats)
		}
		return err.Error()
	}
	var got []string
	for _, end := range []string{"1", "2"} {
		long := strings.Repeat("x", 100) + end
		want := `categories: ["package", "develop", "` + strings.Repeat("x", 40) + cutmark.Of(long) + `"]: a page's categories`
		if m := msgOf("package, develop, " + long); !strings.Contains(m, want) {
			t.Errorf("an entry x…%s: %s; want %s", end, m, want)
		}
		letters := "a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z" + end
		m := msgOf("package, develop, " + letters)
		want = `categories: ["package", "develop", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", …`
		if !strings.Contains(m, want) || !strings.Contains(m, `]: a page's categories`) {
			t.Errorf("26 entries: %s; want it to hold %s and the mark after the last quote", m, want)
		}
		got = append(got, m)
	}
	// Categories written as one string, which the site splits at
	// spaces, were cut alike: a word quoted (shownScalar) past the
	// list's 60 bytes left its quote open.
	word := "a\u202eb" + strings.Repeat("x", 40)
	_, err := onePage(t, "---\ntitle: zlib\nlayout: cache\ncategories: \"package develop "+word+" "+word+"\"\n"+specs)
	want := `splits at spaces into [package, develop, "a\u202eb` + strings.Repeat("x", 40) + `", …`
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "]; write categories") {
		t.Errorf("categories one string: %v; want %s and the mark after the last quote", err, want)
	}
	if got[0] == got[1] {
		t.Errorf("lists of 28 categories that differ in their last read alike: %s", got[0])
	}
}
