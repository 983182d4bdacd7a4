package atom

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSkippedNounAsOtherViews: a feed entry called the entries skipped
// under --skip-invalid "invalid pages" whatever they were, though two
// Spack files (a lockfile, an index) are no pages, and text and the patch
// say "invalid files" of them (snapshot.SkippedNoun). It names them as
// they do: pages when each is a page, else files.
func TestSkippedNounAsOtherViews(t *testing.T) {
	for _, c := range []struct {
		files []string
		want  string
		old   []string // skipped on the old side
	}{
		{[]string{"a/spack.lock", "b/index.json"}, "2 invalid files skipped", nil},
		{[]string{"zlib/specs.md", "b/index.json"}, "2 invalid files skipped", nil},
		{[]string{"zlib/specs.md", "curl/specs.md"}, "2 invalid pages skipped", nil},
		// The old side's files count too: a lockfile skipped there.
		{[]string{"zlib/specs.md"}, "2 invalid files skipped", []string{"a/spack.lock"}},
	} {
		r := reporttest.OnePackage("zlib")
		for _, f := range c.old {
			r.Old.Skipped = append(r.Old.Skipped, snapshot.Skipped{File: f, Line: 1, Reason: "bad"})
		}
		for _, f := range c.files {
			r.New.Skipped = append(r.New.Skipped, snapshot.Skipped{File: f, Line: 1, Reason: "bad"})
		}
		var b bytes.Buffer
		if err := Format.Render(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("skipped %q: the entry does not say %q:\n%s", c.files, c.want, b.String())
		}
	}
}
