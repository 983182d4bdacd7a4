package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestPartialClonePresentListedOnce (adversarial pass q6's lead, issue
// 35 class c): each snapshot of a partial clone that lacks a blob asked
// git which blobs the clone holds by listing every object of the
// repository (git cat-file --batch-all-objects), so a log of a snapshot
// a day over a long history cost its days times its objects. The blobs
// held are listed once a repository: loading the second and later
// revisions starts one git process fewer than the first.
func TestPartialClonePresentListedOnce(t *testing.T) {
	names := []string{"aida", "bc", "ccache", "curl"}
	files := map[string]string{}
	for _, n := range names {
		files["_cache/develop/"+n+"/specs.md"] = realPage(t, n)
	}
	src := commitFiles(t, files, nil)
	const revs = 4
	for i := range revs {
		// aida changes at each commit: the clone lacks it at each
		// revision but HEAD.
		p := filepath.Join(src, "_cache/develop/aida/specs.md")
		if err := os.WriteFile(p, []byte(files["_cache/develop/aida/specs.md"]+strings.Repeat("\n", i+1)), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(src, nil, "commit", "-q", "-a", "-m", fmt.Sprint("next ", i)); err != nil {
			t.Fatal(err)
		}
	}
	clone, err := gittest.PartialClone(src, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	repo, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	var runs []int64
	for k := revs; k >= 1; k-- {
		before := gitRuns.Load()
		s, err := repo.Source(fmt.Sprintf("HEAD~%d:_cache/develop", k))
		if err != nil {
			t.Fatal(err)
		}
		src, err := s.Open(mirror.Options{})
		if err != nil {
			t.Fatal(err)
		}
		snap, err := snapshot.LoadFrom(src, snapshot.Options{SkipInvalid: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(snap.Skipped) != 1 || len(snap.Packages) != 3 {
			t.Fatalf("HEAD~%d: %d skipped, %d loaded; want aida skipped, the 3 others loaded", k, len(snap.Skipped), len(snap.Packages))
		}
		runs = append(runs, gitRuns.Load()-before)
	}
	t.Logf("git processes a revision: %v", runs)
	for i := 2; i < len(runs); i++ {
		if runs[i] != runs[1] {
			t.Errorf("git processes a revision: %v; want the same for each after the first", runs)
		}
	}
	if runs[0] != runs[1]+1 {
		t.Errorf("git processes a revision: %v; want the first to list the blobs held, once, and no later one", runs)
	}
}

// oidSet files SHA-1 or SHA-256 ids, whichever comes first, and finds
// them by their hex; anything else is in no set.
func TestOIDSet(t *testing.T) {
	for _, width := range []int{20, 32} {
		var s oidSet
		var ids []string
		for i := range 300 {
			id := fmt.Sprintf("%0*x", 2*width, (i*7919)%1000+1)
			ids = append(ids, id)
			s.add([]byte(id))
		}
		s.add([]byte("not hex at all, but forty bytes long...."))
		s.add([]byte(strings.Repeat("a", 2*(52-width)))) // the other width
		s.sort()
		for _, id := range ids {
			if !s.has(id) {
				t.Errorf("width %d: %s not found", width, id)
			}
		}
		for _, id := range []string{fmt.Sprintf("%0*x", 2*width, 5000), strings.Repeat("a", 2*(52-width)), "", "zz", strings.Repeat("g", 2*width)} {
			if s.has(id) {
				t.Errorf("width %d: %q found", width, id)
			}
		}
	}
}
