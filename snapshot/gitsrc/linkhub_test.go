package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkHubFollowedInLinearTime (issue 35's rule: a 4x input costs at
// most ~4.4x): a link whose target holds a NUL, or is longer than any
// system makes, is judged in the listing too, as a checkout makes it.
// git cat-file --follow-symlinks was asked about every name whose way
// went through one, and reads every folder on each name's way: N linked
// pages through one such link into a store of N files took 1.3 s at
// 1,000 and 10.9 s at 4,000 (8.6x), before an answer. A checkout writes
// a target up to its NUL (symlink(2) takes a C string), and cannot make
// a link longer than PATH_MAX: the first is followed so, the other is
// broken, never asked of git.
func TestLinkHubFollowedInLinearTime(t *testing.T) {
	files, links := map[string]string{}, map[string]string{}
	for i := range 50 {
		files[fmt.Sprintf("store/pkg%d.spec.json", i)] = specFile(i)
		links[fmt.Sprintf("nul/build_cache/pkg%d.json", i)] = fmt.Sprintf("../../viaNUL/pkg%d.spec.json", i)
		links[fmt.Sprintf("long/build_cache/pkg%d.json", i)] = fmt.Sprintf("../../viaLong/pkg%d.spec.json", i)
	}
	files["long/build_cache/real.spec.json"] = specFile(99)
	repo := commitFiles(t, files, links)
	for name, target := range map[string]string{"viaNUL": "store\x00x", "viaLong": strings.Repeat("./", maxTarget) + "store"} {
		f := filepath.Join(t.TempDir(), "target")
		if err := os.WriteFile(f, []byte(target), 0o644); err != nil {
			t.Fatal(err)
		}
		oid, err := gitIn(repo, f+"\n", "hash-object", "-w", "--stdin-paths")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gitIn(repo, "120000 "+strings.TrimSpace(oid)+"\t"+name+"\n", "update-index", "--add", "--index-info"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := gitIn(repo, "", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "hubs"); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	followed := gitFollowed.Load()
	snap, err := r.Load("HEAD:nul/build_cache", snapshot.Options{})
	if err != nil || snap.Specs() != 50 {
		t.Errorf("through a link to store\\0x: %.300v; want its 50 specs, as the checkout's link to store leads", err)
	}
	snap, err = r.Load("HEAD:long/build_cache", snapshot.Options{})
	if err != nil || snap.Specs() != 1 || len(snap.Warnings) != 50 || !strings.Contains(snap.Warnings[0].Message, "longer than") {
		t.Errorf("through a link of %d bytes: %v, %d specs, warnings %.300v; want 50 broken links named too long, as no checkout makes them, and the one spec", maxTarget+5, err, specsOf(snap), warningsOf(snap))
	}
	if n := gitFollowed.Load() - followed; n != 0 {
		t.Errorf("names git was asked to follow: %d; want none (each costs git the folders on its way)", n)
	}
}

func specsOf(s *snapshot.Snapshot) int {
	if s == nil {
		return 0
	}
	return s.Specs()
}
