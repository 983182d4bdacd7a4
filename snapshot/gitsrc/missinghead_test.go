package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRangeHeadAtAMissingObject (pass 119a, issue 35, class e): a HEAD
// detached at a commit the repository's objects lack (a clone cut short,
// objects pruned) made log --revs HEAD PATH say "unknown revision HEAD",
// as for a typo, where cachediff HEAD:PATH said HEAD names a commit that
// is not in the objects. A range names it the same way, for the revision
// or the name a ~, ^ or : follows.
func TestRangeHeadAtAMissingObject(t *testing.T) {
	dir, commitTo := newRepo(t)
	commitTo("main", "x", "1")
	commitTo("main", "x", "2")
	missing := strings.Repeat("1", 40)
	if err := os.WriteFile(filepath.Join(dir, ".git", "HEAD"), []byte(missing+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := r0(dir)
	want := "HEAD names 111111111111, which is not in this repository's objects"
	for _, rng := range []string{"HEAD", "main..HEAD", "HEAD~1..HEAD", "HEAD^!"} {
		if _, err := r.Series(rng, "a", "", ""); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Series(%q) with HEAD at a missing commit: %v; want it to say %q", rng, err, want)
		}
	}
	if _, err := r.Series("nosuch..main", "a", "", ""); err == nil || !strings.Contains(err.Error(), "unknown revision nosuch") {
		t.Errorf("Series(nosuch..main): %v; want an unknown revision nosuch", err)
	}
}

// TestRangeMissingCommitID (pass 120a, issue 35, class e): a range from
// a commit id the objects lack (the nightly's BEFORE in a clone cut
// short) said "X in the range X..main: X names X's first 12 digits,
// which is not in ...", as if the id were a name for another; an id is
// the object it is not here, and a message says so once.
func TestRangeMissingCommitID(t *testing.T) {
	dir, commitTo := newRepo(t)
	commitTo("main", "x", "1")
	missing := strings.Repeat("1", 40)
	r := r0(dir)
	for _, rng := range []string{missing + "..main", missing, missing + "~1..main"} {
		_, err := r.Series(rng, "a", "", "")
		if err == nil || strings.Contains(err.Error(), " names ") || !strings.Contains(err.Error(), "is not in this repository's objects") {
			t.Errorf("Series(%q): %v; want it to say the commit is not in the objects, naming it once", rng, err)
		}
	}
	_, err := r.commit(missing)
	if err == nil || strings.Contains(err.Error(), " names ") || !strings.Contains(err.Error(), missing+" is not in this repository's objects") {
		t.Errorf("commit(%s): %v; want it to say the commit is not in the objects, naming it once", missing, err)
	}
}
