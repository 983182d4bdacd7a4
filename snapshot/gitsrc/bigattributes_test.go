package gitsrc

import (
	"strings"
	"testing"
)

// TestBigAttributesNamed (115th adversarial pass): a .gitattributes above
// PATH larger than maxAttributes is an error, which said "git cat-file: a
// .gitattributes of N bytes above the tree": neither which of the files
// above PATH (the top's, _cache's) nor, in a log, at which commit, and as
// git's failure, which it is not. It names the file at its revision.
func TestBigAttributesNamed(t *testing.T) {
	clone, commit := seriesClone(t)
	commit("_cache/.gitattributes", "*.c ident\n"+strings.Repeat("#", maxAttributes)+"\n")
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Resolve("HEAD:_cache/develop")
	if err == nil || !strings.Contains(err.Error(), "HEAD:_cache/.gitattributes") || strings.Contains(err.Error(), "git cat-file") {
		t.Errorf("a load: %v; want an error naming HEAD:_cache/.gitattributes", err)
	}
	_, err = r.Series("HEAD~1..HEAD", "_cache/develop", "", "")
	if err == nil || !strings.Contains(err.Error(), ":_cache/.gitattributes") || strings.Contains(err.Error(), "git cat-file") {
		t.Errorf("a log: %v; want an error naming the commit's _cache/.gitattributes", err)
	}
}
