package gitsrc

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkReportedNotJudgedAgain: a link the walk reports (broken, out of
// the repository, to a folder), named as a page may be (x.md, a
// dot-named .y.md too), was yielded all the same, and the loader judged
// it again, a page that is no regular file: with --skip-invalid, a
// warning "not a regular file (a symbolic link): not read" beside the
// skip, which a folder on disk, yielding no broken link, has not (the
// report differed between git and disk). A link to a folder is yielded
// as one, as on disk.
func TestLinkReportedNotJudgedAgain(t *testing.T) {
	repo := commitFiles(t, map[string]string{"snap/bc/specs.md": realPage(t, "bc"), "data/i.txt": "x\n"}, map[string]string{
		"snap/x.md":  "../nowhere.md",
		"snap/.y.md": "../nowhere.md",
		"snap/o.md":  "/nonexistent/o.md",
		"snap/d.md":  "../data",
	})
	opts := snapshot.Options{SkipInvalid: true}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	got, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range got.Warnings {
		if strings.Contains(w.Message, "not a regular file") {
			t.Errorf("%s: warning %q beside its skip", w.File, w.Message)
		}
	}
	if len(got.Skipped) != 4 {
		t.Errorf("%d skips, want the 4 links: %v", len(got.Skipped), got.Skipped)
	}
	// On disk, the broken ones (the folder link is entered there).
	want, err := snapshot.Load(filepath.Join(repo, "snap"), opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range want.Warnings {
		if strings.Contains(w.Message, "not a regular file") {
			t.Errorf("disk: %s: warning %q", w.File, w.Message)
		}
	}
}
