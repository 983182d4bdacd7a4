package mirror_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestMirrorLongPathFits (class e, lead c of i19): under a folder near
// PATH_MAX, ~1,800 Cyrillic characters (each \u0456 six bytes quoted),
// a folder's messages named a path of the mirror in full, uncut: the
// index a link out of the mirror named its target in 21 KB, and a link
// that is no spec manifest among the spec manifests the file in full
// after "loading ROOT/v3/manifests/spec: ", the folder twice: past the
// command's line cap of 8 KB, which cut what was wrong. A path is cut
// past 2 KB now (shownFull), and the listing names the link from the
// mirror's root.
func TestMirrorLongPathFits(t *testing.T) {
	root := filepath.Join(t.TempDir(), pagetest.DeepFolder(14))
	write := func(rel, text string) string {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	link := func(target, rel string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	check := func(what string, err error, want string) {
		t.Helper()
		// The command names the mirror before it, cut to 2 KB.
		msg := fmt.Sprint(err)
		if err == nil || len(msg) > 6<<10 || !strings.Contains(msg, want) || strings.Count(msg, `\u0456`) > 1000 {
			t.Errorf("%s: %d bytes: %.200q…; want at most 6 KB, saying %q, the root named at most once", what, len(msg), msg, want)
		}
	}
	target := write("t/index.json", "{}")
	link(target, "out/build_cache/index.json")
	_, err := mirror.Open(mirror.Dir(filepath.Join(root, "out")), mirror.Options{})
	check("a link out", err, "not followed, as it would stand in for the mirror's own file")

	write("v3/v3/layout.json", `{"signing":"gpg"}`)
	link(target, "v3/v3/manifests/spec/zlib/x.json")
	src, err := mirror.Open(mirror.Dir(filepath.Join(root, "v3")), mirror.Options{})
	if err == nil {
		_, err = snapshot.LoadFrom(src, snapshot.Options{})
	}
	check("a link among the spec manifests", err, `/v3/manifests/spec/zlib/x.json": a symbolic link, not a regular file`)
}
