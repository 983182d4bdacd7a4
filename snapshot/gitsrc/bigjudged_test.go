package gitsrc

import (
	"bytes"
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
	big := `{"database":{"version":"7","installs":{` +
		`"cccccccccccccccccccccccccccccccc":{"spec":{"name":"c","version":"1","namespace":"ns","hash":"cccccccccccccccccccccccccccccccc"},"ref_count":0,"in_buildcache":true}}}}`
	for _, tc := range []struct {
		pad     int
		refused bool
	}{{64 << 20, false}, {0, true}} {
		dir, git, write := workTree(t)
		write("cache/index.json", oneLineIndex)
		// Padded with blanks, which git compresses to nothing.
		write("cache/big.v7.json", big+string(bytes.Repeat([]byte(" "), tc.pad)))
		write(".gitattributes", "big*.json ident\n")
		git("add", ".")
		git("commit", "-qm", "index")
		r, err := OpenRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		snap, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
		switch {
		case tc.refused && err == nil:
			t.Errorf("%d bytes of padding: read %d specs, no error; want big.v7.json refused", tc.pad, snap.Specs())
		case !tc.refused && err != nil:
			t.Errorf("%d bytes of padding: %v; want big.v7.json left out, not judged", tc.pad, err)
		case !tc.refused && snap.Specs() != 2:
			t.Errorf("%d bytes of padding: %d specs; want index.json's 2", tc.pad, snap.Specs())
		}
	}
}
