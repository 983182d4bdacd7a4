package gitsrc

import (
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestBigByContentNotJudged: the loader leaves out, with a warning, a
// file over 64 MB named unlike Spack's files (big.v7.json), from a
// folder and from REV:PATH alike, but the .gitattributes judge, which
// knew no size from a listing without spec files, asked git about it:
// "big*.json ident" above the tree refused HEAD:cache for a file nothing
// reads. A smaller one, which is read, is still refused.
func TestBigByContentNotJudged(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	if testing.Short() {
		t.Skip("a 64 MB blob")
	}
	r, err := OpenRepo(bigBlobRepo(t))
	if err != nil {
		t.Fatal(err)
	}
	// j's big.v7.json is padded past 64 MB, s's is not.
	for _, tc := range []struct {
		path    string
		refused bool
	}{{"j/cache", false}, {"s/cache", true}} {
		snap, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:"+tc.path), snapshot.Options{})
		switch {
		case tc.refused && err == nil:
			t.Errorf("%s: read %d specs, no error; want big.v7.json refused", tc.path, snap.Specs())
		case !tc.refused && err != nil:
			t.Errorf("%s: %v; want big.v7.json left out, not judged", tc.path, err)
		case !tc.refused && snap.Specs() != 2:
			t.Errorf("%s: %d specs; want index.json's 2", tc.path, snap.Specs())
		}
	}
}
