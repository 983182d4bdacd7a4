package gitsrc

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestDotPathNamed (class e): HEAD:. (and HEAD:..), which git reads as
// a name in the tree at the top, not a folder, said "path . does not
// exist at HEAD" alone, where HEAD: and HEAD:./ are read. It names what
// to write for the top and for the folder meant, each of which the shell
// reads back as one word and cachediff reads. At the top, HEAD:.. was
// told HEAD:../, a folder outside the repository, refused in turn: it
// is told that the current folder is the top, HEAD:, and no folder above.
func TestDotPathNamed(t *testing.T) {
	bash := gittest.GitAndBash(t)
	repo := commitFiles(t, map[string]string{"_cache/develop/bc/specs.md": realPage(t, "bc")}, nil)
	for _, tc := range []struct{ sub, arg, top, here string }{
		{".", "HEAD:.", "HEAD:", "HEAD:./"},
		{"_cache/develop", "HEAD:.", "HEAD:", "HEAD:./"},
		{"_cache/develop/bc", "HEAD:..", "HEAD:", "HEAD:../"},
		{".", "HEAD:..", "HEAD:", ""}, // nothing above the top
	} {
		dir := filepath.Join(repo, tc.sub)
		_, err := loadArg(dir, tc.arg, snapshot.Options{})
		if err == nil {
			t.Errorf("%s in %s: read; git reads no such path", tc.arg, tc.sub)
			continue
		}
		msg := err.Error()
		wants, words := []string{"the top of the repository is " + tc.top + ",", " is " + tc.here}, []string{tc.top, tc.here}
		if tc.here == "" {
			wants, words = []string{"the current folder is the top of the repository, " + tc.top + ",", "outside the repository"}, []string{tc.top}
			if strings.Contains(msg, tc.arg+"/") {
				t.Errorf("%s in %s: %v; want no %s/, outside the repository", tc.arg, tc.sub, err, tc.arg)
			}
		}
		for _, want := range wants {
			if !strings.Contains(msg, want) {
				t.Errorf("%s in %s: %v; want %q", tc.arg, tc.sub, err, want)
			}
		}
		for _, word := range words {
			got, ok := shellWord(t, bash, word)
			if !ok {
				continue
			}
			if _, err := loadArg(dir, got, snapshot.Options{}); err != nil && (strings.Contains(err.Error(), "does not exist") || word == tc.here) {
				t.Errorf("%s in %s gives %s, which is refused: %v", tc.arg, tc.sub, word, err)
			}
		}
	}
}
