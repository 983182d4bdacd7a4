package atom

import (
	"bytes"
	"html"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestFeedTitleSubjectCut (issue 35 classes d, e): a feed's title names
// its subject cut as an entry names a snapshot (feedLabel, report.MaxWord
// characters and the mark of the whole): a folder of 16 KB titled its
// feed with all of it, 49 KB quoted in ASCII on one line. Two folders
// alike but in their middles still title their feeds apart, and a
// subject of a few characters reads as it did.
func TestFeedTitleSubjectCut(t *testing.T) {
	title := func(dir string) string {
		r := &diff.Report{Old: diff.Side{Path: dir + "/old", Tag: "1.0"}, New: diff.Side{Path: dir + "/new", Tag: "2.0"}}
		var b bytes.Buffer
		if err := renderAtom(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		_, t0, _ := strings.Cut(b.String(), `<title type="text">`)
		t1, _, _ := strings.Cut(t0, "</title>")
		return html.UnescapeString(t1)
	}
	const prefix = "cachediff: changes to "
	for _, n := range []int{1 << 10, 4 << 10, 16 << 10} {
		half := strings.Repeat("ѕ", n/4)
		a, b := title(half+"a"+half), title(half+"b"+half)
		if got, most := utf8.RuneCountInString(a), len(prefix)+report.MaxWord+1; got > most {
			t.Errorf("a subject of %d bytes: a title of %d characters, want %d at most: %.300s", n, got, most, a)
		}
		if a == b {
			t.Errorf("two subjects of %d bytes alike but in their middles: one title %s", n, a)
		}
	}
	if got, want := title("x"), prefix+"x"; got != want {
		t.Errorf("the subject x: title %q, want %q", got, want)
	}
}
