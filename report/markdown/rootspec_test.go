package markdown_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/html"
	"github.com/cachediff/cachediff/report/markdown"
)

// TestRootSpecWithoutVersion: Spack spells a spec without a version by
// its bare name; the roots table of Markdown and HTML wrote "openmpi@"
// for a root added, removed or changed at no version.
func TestRootSpecWithoutVersion(t *testing.T) {
	const h = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	bare := diff.RootSpec{Root: "mpi", Name: "openmpi", Hash: h}
	r := &diff.Report{
		Summary: diff.Summary{Specs: diff.Counts{Old: 2, New: 2, Added: 1, Removed: 1}},
		Causes: &diff.Causes{Roots: &diff.RootChanges{
			Added:   []diff.RootSpec{{Root: "zlib", Name: "zlib", Hash: h}},
			Removed: []diff.RootSpec{{Root: "bzip2", Name: "bzip2", Hash: h}},
			Changed: []diff.RootChange{{Root: "mpi", Old: diff.RootSpec{Root: "mpi", Name: "mpich", Version: "4.1", Hash: h}, New: bare,
				Changes: []diff.Change{}, Why: &diff.Why{Known: true, Changed: []diff.DepChange{}}}},
		}},
	}
	for name, render := range map[string]func(*bytes.Buffer) error{
		"md":   func(b *bytes.Buffer) error { return markdown.Markdown(b, r, report.Options{}) },
		"html": func(b *bytes.Buffer) error { return html.HTML(b, r, report.Options{}) },
	} {
		var b bytes.Buffer
		if err := render(&b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out := b.String()
		for _, bad := range []string{"zlib@", "bzip2@", "openmpi@"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s: says %q, a spec without a version spelled otherwise than Spack does", name, bad)
			}
		}
		if !strings.Contains(out, "mpich@4.1") || !strings.Contains(out, "openmpi") {
			t.Errorf("%s: the changed root's specs are missing:\n%s", name, out)
		}
	}
}
