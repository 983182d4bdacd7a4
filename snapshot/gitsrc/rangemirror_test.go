package gitsrc

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRangeMirror: a commit that adds "*.hash working-tree-encoding=
// UTF-16LE" to the repository's .gitattributes, and changes nothing in
// the mirror at m, re-encodes its build_cache/index.json.hash in a
// checkout, which the mirror reads (a folder's copy then warns that the
// .hash is no sha256). HEAD:m was refused for it (rewrittenMirror asks
// git about each file a mirror reads), but a log over that commit judged
// the tree as a catalogue's (rewrittenAbove: its pages and Spack files
// alone) and passed. A line that gives the file nothing still passes.
func TestRangeMirror(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	sum := sha256.Sum256([]byte(oneLineIndex))
	for _, tc := range []struct {
		attrs   string
		refused bool
	}{
		{"*.hash working-tree-encoding=UTF-16LE\n", true},
		{"*.hash -text\n", false},
	} {
		dir, git, write := workTree(t)
		write("m/build_cache/index.json", oneLineIndex)
		write("m/build_cache/index.json.hash", hex.EncodeToString(sum[:])+"\n")
		git("add", ".")
		git("commit", "-qm", "mirror")
		r := commitAttributes(t, dir, git, write, ".gitattributes", tc.attrs)
		_, err := r.Series("HEAD~1..HEAD", "m", "", "")
		switch {
		case tc.refused && err == nil:
			t.Errorf("%q: the log passed; want index.json.hash refused", tc.attrs)
		case tc.refused && !strings.Contains(err.Error(), ":m/build_cache/index.json.hash: git check-attr says a checkout gives this file the working-tree-encoding attribute"):
			t.Errorf("%q: %v; want index.json.hash refused", tc.attrs, err)
		case !tc.refused && err != nil:
			t.Errorf("%q: %v; want no error", tc.attrs, err)
		}
	}
}
