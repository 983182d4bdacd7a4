package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRangeLinkTarget: a commit that adds "*.txt ident" to the
// repository's .gitattributes, and changes nothing under cache, makes a
// checkout drop the specs between a "$Id:" and the next '$' of
// data/idx.txt, which cache/other.json leads to. HEAD:cache was refused
// for it (Tree.rewrittenTargets), but a log over that commit, which
// judges the attributes of a commit that changed them without loading
// PATH there (attributesInRange), asked git only about the files of the
// tree, not what its links lead to: the log passed with both specs of
// the commit before. A line that gives the target nothing still passes.
func TestRangeLinkTarget(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	for _, tc := range []struct {
		attrs   string
		refused bool
	}{
		{"*.txt ident\n", true},
		{"*.txt -ident\n", false},
	} {
		dir, git, write := linkedIndexTree(t)
		r := commitAttributes(t, dir, git, write, ".gitattributes", tc.attrs)
		_, err := r.Series("HEAD~1..HEAD", "cache", "", "")
		switch {
		case tc.refused && err == nil:
			t.Errorf("%q: the log passed; want other.json refused", tc.attrs)
		case tc.refused && !strings.Contains(err.Error(), ":cache/other.json: a symbolic link to ") || tc.refused && !strings.Contains(err.Error(), ":data/idx.txt: git check-attr says"):
			t.Errorf("%q: %v; want other.json refused, naming data/idx.txt", tc.attrs, err)
		case !tc.refused && err != nil:
			t.Errorf("%q: %v; want no error", tc.attrs, err)
		}
	}
}
