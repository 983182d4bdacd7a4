package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLogLinkTargetAttributes: a checkout gives the file a link of PATH
// leads to out of it the attributes of the .gitattributes above that
// file, which need not be above PATH: a commit that added "idx.txt
// ident" to data/.gitattributes, beside the data/idx.txt that
// cache/other.json leads to (alone, or with a line of the repository's
// .gitattributes that names no ident), was refused by loading
// git:HEAD:cache, while `log --revs HEAD~1..HEAD cache` said no commit
// changed cache and passed. The log now refuses it as the load does, and
// passes one whose line gives ident to no file the link leads to.
func TestLogLinkTargetAttributes(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	for _, tc := range []struct {
		files   map[string]string
		refused bool
	}{
		{map[string]string{"data/.gitattributes": "idx.txt ident\n"}, true},
		{map[string]string{"data/.gitattributes": "idx.txt ident\n", ".gitattributes": "*.png binary\n"}, true},
		{map[string]string{"data/.gitattributes": "other.txt ident\n", ".gitattributes": "*.png binary\n"}, false},
	} {
		dir, git, write := linkedIndexTree(t)
		var pairs []string
		for name, text := range tc.files {
			pairs = append(pairs, name, text)
		}
		r := commitAttributes(t, dir, git, write, pairs...)
		_, logErr := r.Series("HEAD~1..HEAD", "cache", "", "")
		_, loadErr := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
		switch {
		case (loadErr != nil) != tc.refused:
			t.Errorf("%v: loading git:HEAD:cache: %v; want refused: %v", tc.files, loadErr, tc.refused)
		case tc.refused && logErr == nil:
			t.Errorf("%v: the log passed; want it refused, as loading git:HEAD:cache is", tc.files)
		case tc.refused && !strings.Contains(logErr.Error(), "a symbolic link to ") || !tc.refused && logErr != nil:
			t.Errorf("%v: %v; want refused: %v, naming the link", tc.files, logErr, tc.refused)
		}
	}
}
