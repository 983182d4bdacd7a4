package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestCommitZonePast23h: git writes a commit of zone +2500 (commit-tree,
// GIT_COMMITTER_DATE="@SECS +2500") and %cI shows it as +25:00, which
// RFC 3339 cannot write (time-hour is 00-23). cachediff kept that zone:
// the feed's entry was dated 1970 (its date unreadable) and the JSON it
// saved was refused by render ("not an RFC 3339 date"). The commit's
// instant is written in UTC instead: the same in every format, and read
// back.
func TestCommitZonePast23h(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	series, err := filepath.Abs("../../testdata/real-series")
	if err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(t.TempDir(), "catalogue")
	if _, err := gittest.Commits(repo, filepath.Join(series, filepath.Base(weeks[0])), filepath.Join(series, filepath.Base(weeks[1]))); err != nil {
		t.Fatal(err)
	}
	for _, zone := range []string{"+2500", "-9959"} {
		date := []string{"GIT_COMMITTER_DATE=@1745000000 " + zone}
		if _, err := gittest.Git(repo, date, "commit", "-q", "--amend", "--no-edit", "--allow-empty"); err != nil {
			t.Fatal(err)
		}
		args := []string{"-C", repo, "HEAD~1:_cache/develop", "HEAD:_cache/develop"}
		feed := readFeed(t, runOK(t, append([]string{"-f", "atom"}, args...), 1))
		if len(feed.Items) != 1 || feed.Items[0].Updated != "2025-04-18T18:13:20Z" || feed.Updated != "2025-04-18T18:13:20Z" {
			t.Errorf("zone %s: the entry is dated %q, the feed %q; want the commit's instant, 2025-04-18T18:13:20Z", zone, feed.Items[0].Updated, feed.Updated)
		}
		saved := filepath.Join(t.TempDir(), "r.json")
		if err := os.WriteFile(saved, runOK(t, append([]string{"-f", "json"}, args...), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := run([]string{"render", "-f", "atom", saved}, &stdout, &stderr); code != 1 {
			t.Errorf("zone %s: render of the saved JSON: exit %d, want 1: %s", zone, code, strings.TrimSpace(stderr.String()))
		}
	}
}
