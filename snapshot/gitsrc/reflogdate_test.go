package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestReflogShortRefused (class b): a revision of a date before the
// reflog's first entry (HEAD@{1.year.ago}, HEAD@{1.week.ago} in a fresh
// clone, whose reflog holds the clone alone) is git's oldest entry, with
// a warning cachediff dropped: REV:PATH read that commit as the one of
// the date, and a diff of the week against HEAD was one of no change (or
// of a day), exit 0. It is refused, naming the reflog and how far it
// goes back, as a snapshot and as a log's range; a date the reflog
// reaches is read.
func TestReflogShortRefused(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 2)
	const want = `the reflog of "HEAD" only goes back to `
	if _, err := r.Resolve("HEAD@{1.year.ago}:x"); err == nil || !strings.Contains(err.Error(), "revision HEAD@{1.year.ago}: "+want) {
		t.Errorf("HEAD@{1.year.ago}:x: %v; want %q", err, want)
	}
	if _, err := r.Series("HEAD@{1.year.ago}..HEAD", "x", "", ""); err == nil || !strings.Contains(err.Error(), "the range HEAD@{1.year.ago}..HEAD: "+want) {
		t.Errorf("log --revs HEAD@{1.year.ago}..HEAD: %v; want %q", err, want)
	}
	if _, err := r.Resolve("HEAD@{1}:x"); err != nil {
		t.Errorf("HEAD@{1}:x, in the reflog: %v", err)
	}
}
