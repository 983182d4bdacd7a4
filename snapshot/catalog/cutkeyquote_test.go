package catalog

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestCutValueQuoteClosed (lead (b) of the pass over the loaders: a name
// cut in a message reads apart from one alike in its first bytes): the
// catalogue's errors that quote a value of the page (a front matter key,
// a title, a tag, a YAML scalar) cut the quoted text, so that its quote
// never closed, `"xxxx…: a page's front matter has title, …`, and the
// keys of 100 x's and a 1 and of 100 x's and a 2 read alike. The cut is
// of the value, marked with cutmark.Of (the digest of the whole value,
// which tells the two apart) inside the closing quote.
func TestCutValueQuoteClosed(t *testing.T) {
	for _, end := range []string{"1", "2"} {
		key := strings.Repeat("x", 100) + end
		_, err := onePage(t, head+key+": false\nspec_details: []\n---\n")
		want := `"` + strings.Repeat("x", 60) + cutmark.Of(key) + `": a page's front matter has title`
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("key x…%s: %v; want %s", end, err, want)
		}
	}
}
