package gitsrc

import (
	"bufio"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLongNameAnswer (class e): git cat-file gives a name it does not
// know back, "NAME missing", and an answer longer than the reader's
// 4 KB buffer was refused as "git cat-file: bufio: buffer full":
// git:<5,000 letters>:_cache said so, not that git knows no such
// revision. Such an answer is read to its end, the next one after it in
// step; one that ends in neither missing nor ambiguous is a bad answer.
func TestLongNameAnswer(t *testing.T) {
	long := strings.Repeat("r", 5000)
	br := bufio.NewReader(strings.NewReader(long + " missing\n" + long + "~1 ambiguous\n" + strings.Repeat("0", 40) + " blob 3\nxyz\n" + long + " what\n"))
	for _, want := range []string{"missing", "ambiguous", "blob"} {
		a, err := readAnswer(br, nil, true)
		if err != nil || a.typ != want {
			t.Fatalf("an answer of %d bytes: %+v, %v; want %s", len(long), a, err, want)
		}
	}
	if _, err := readAnswer(br, nil, false); err == nil || !strings.Contains(err.Error(), "bad answer") || len(err.Error()) > 200 {
		t.Errorf("a long answer that says nothing git says: %v; want a short bad answer", err)
	}
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 1)
	_, err := r.Resolve(long + ":x")
	if err == nil || !strings.Contains(err.Error(), "unknown revision") || strings.Contains(err.Error(), "buffer full") {
		t.Errorf("Resolve of a revision of 5,000 letters: %.200v; want unknown revision", err)
	}
}
