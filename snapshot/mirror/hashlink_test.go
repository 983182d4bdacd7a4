package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHashLinkAstrayIgnored (class b): a v2 mirror's
// build_cache/index.json.hash that is a broken symbolic link, or a link
// in a loop, was refused since 6551375e ("a broken symbolic link (to
// gone), which leads to no file") and the mirror not read at all, where
// Spack reads index.json without a .hash it cannot read, and so did
// cachediff before. It is read so, with a warning naming the link, from
// a folder and as file://.
func TestHashLinkAstrayIgnored(t *testing.T) {
	idx := index(t, "new")
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, idx); err != nil {
		t.Fatal(err)
	}
	want := dump(t, load(t, openDir(t, dir, mirror.Options{})))
	hash := filepath.Join(dir, "build_cache", "index.json.hash")
	for _, c := range []struct{ to, why string }{
		{"gone", "a broken symbolic link (to gone), which leads to no file"},
		{"index.json.hash", "its path leads through symbolic links in a loop, to no file"},
	} {
		if err := os.Remove(hash); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if err := os.Symlink(c.to, hash); err != nil {
			t.Fatal(err)
		}
		for _, from := range []string{"folder", "file://"} {
			var src *mirror.Source
			var err error
			if from == "folder" {
				src, err = mirror.Open(mirror.Dir(dir), mirror.Options{})
			} else {
				src, err = (&mirror.HTTP{NoCache: true}).Open("file://"+dir, mirror.Options{})
			}
			if err != nil {
				t.Errorf("%s, a link to %s: %v; want it read without the .hash", from, c.to, err)
				continue
			}
			s, err := snapshot.LoadFrom(src, snapshot.Options{})
			if err != nil {
				t.Fatalf("%s, a link to %s: %v", from, c.to, err)
			}
			if got := dump(t, s); got != want {
				t.Errorf("%s, a link to %s: read\n%s\nwant\n%s", from, c.to, got, want)
			}
			found := false
			for _, w := range s.Warnings {
				found = found || strings.HasSuffix(w.File, "build_cache/index.json.hash") && strings.HasPrefix(w.Message, c.why+"; ignored, as Spack ignores")
			}
			if !found {
				t.Errorf("%s, a link to %s: warnings %v; want one of index.json.hash saying %q", from, c.to, s.Warnings, c.why)
			}
		}
	}
}
