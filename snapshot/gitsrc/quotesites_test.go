package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestQuoteSitesInASCII (class c): six sites of 6dddfff7 that quote a
// name in ASCII (%+q, quotedInput) were each undone, alone, with no
// test failing: a name there written as Go quotes it (%q) keeps its
// Cyrillic а (read as a), or written whole, past the line cap. Each is
// asked here of a name holding a Cyrillic letter: the refusal of a
// word that is no REV:PATH, follow's and existAnswers' of a line
// break, the reflog's warning of a date before it, and a ref's
// ambiguity, said of a revision and of one beginning with -. So are
// the names about them that were raw: the revision (the reflog's
// "revision dеv@{…}") and the refs of an ambiguous name, each way to
// write it and each written whole.
func TestQuoteSitesInASCII(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r, _ := xCommitsGit(t, 2,
		[]string{"branch", "d\u0435v"},
		[]string{"branch", "m\u0430in"}, []string{"tag", "m\u0430in"},
		[]string{"update-ref", "refs/heads/-m\u0430in", "HEAD"}, []string{"update-ref", "refs/tags/-m\u0430in", "HEAD"})
	errText := func(err error) string {
		if err == nil {
			return "<nil>"
		}
		return err.Error()
	}
	for _, c := range []struct{ name, got, want string }{
		{"Resolve of no REV:PATH", errText(func() error { _, err := r.Resolve("m\u0430in" + strings.Repeat("x", 4<<10)); return err }()), `"m\u0430inxxx`},
		{"follow of a line break", errText(func() error { _, err := r.follow("HEAD", []string{"zl\u0456b\nx"}, nil); return err }()), `path "zl\u0456b\nx" has a line break`},
		{"existAnswers of a line break", errText(func() error { _, err := r.exist([]string{"HEAD:zl\u0456b\nx"}); return err }()), `bad object name "HEAD:zl\u0456b\nx"`},
		{"the reflog's warning", errText(func() error { _, err := r.Resolve("d\u0435v@{10.years.ago}:x"); return err }()), `the reflog of "d\u0435v" only goes back to`},
		{"the ambiguity of a revision", errText(func() error { _, err := r.Resolve("m\u0430in~1:x"); return err }()), `revision "m\u0430in~1" is ambiguous: "m\u0430in" is the name of more than one ref ("refs/tags/m\u0430in", "refs/heads/m\u0430in"), and git reads the first, warning; name the one meant: "refs/tags/m\u0430in", or "refs/heads/m\u0430in"; written whole, $'refs/tags/m\xd0\xb0in~1' or`},
		{"the ambiguity of a range", errText(func() error { _, err := r.Series("HEAD~1..m\u0430in", "x", "", ""); return err }()), `the range "HEAD~1..m\u0430in" is ambiguous: "m\u0430in" is the name`},
		{"Ambiguity", func() string { names, _, _ := r.Ambiguity("m\u0430in~1"); return names }(), `"m\u0430in" is the name of more than one ref`},
		{"dashHint", r.dashHint("-m\u0430in", shellword.ShownASCIIWithin, maxQuotedInput), `"-m\u0430in" is the name of more than one ref`},
	} {
		if !strings.Contains(c.got, c.want) || strings.ContainsAny(c.got, "\u0430\u0435\u0456\n") || len(c.got) > 4<<10 {
			t.Errorf("%s: %.300q; want %s, in ASCII, within 4 KB", c.name, c.got, c.want)
		}
	}
}
