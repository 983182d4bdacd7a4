package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestMirrorGetQuotesFile: the file of a mirror a git tree's GetMany
// names in its error (a spec manifest a partial clone lacks) is named as
// a folder's mirror.Dir names one, quoted in ASCII where it is not
// plain: it was raw, so that zlіb (its і Cyrillic) read as zlib and an
// escape code in the folder's name reached the terminal.
func TestMirrorGetQuotesFile(t *testing.T) {
	name := "m/v3/manifests/spec/zl\u0456b\x1b[31m/a.spec.manifest.json"
	src := commitFiles(t, map[string]string{"m/v3/layout.json": `{"signing": false}`, name: "{}"}, nil)
	if err := os.WriteFile(filepath.Join(src, name), []byte("{ }"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "--all"}, {"commit", "-q", "-m", "next"}} {
		if _, err := gittest.Git(src, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	clone, err := gittest.PartialClone(src, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	_, err = loadArg(clone, "HEAD~1:m", snapshot.Options{})
	want := `"v3/manifests/spec/zl\u0456b\x1b[31m/a.spec.manifest.json": git cat-file: `
	if err == nil || !strings.Contains(err.Error(), want) || strings.ContainsAny(err.Error(), "\x1b\u0456") {
		t.Errorf("HEAD~1:m, a spec manifest under zl\\u0456b\\x1b[31m missing from a partial clone: %q; want it named %s", err, want)
	}
}

// TestMirrorLongLinkNamedOnce: a committed link among regular spec
// manifests, under a folder whose name quoted is over 80 bytes, is named
// once, by "loading FILE": the listing named it quoted and cut at 200
// bytes, which the mirror, taking out the name as a folder's Dir.List
// gives it (cut at 80), left in, the file named twice. A long path is
// named as the mirror names it, its file's name kept.
func TestMirrorLongLinkNamedOnce(t *testing.T) {
	for _, dir := range []string{strings.Repeat("\u0456", 30), strings.Repeat("\u0456", 50), strings.Repeat("\u0456", 90)} {
		err := loadLinkMirror(t, map[string]string{
			"m/v3/manifests/spec/a/a.spec.manifest.json": "{}",
			"m/v3/manifests/spec/z/z.spec.manifest.json": "{}",
		}, "m/v3/manifests/spec/"+dir+"/notes.json")
		if err == nil || strings.Count(err.Error(), "notes.json") != 1 || strings.Count(err.Error(), `\u0456`) != len(dir)/2 || strings.ContainsRune(err.Error(), '\u0456') {
			t.Errorf("a link under %d Cyrillic і among manifests: %v; want it named once, whole, by loading FILE", len(dir)/2, err)
		}
	}
	// Named as the mirror names it (mirror.ShownRel, the one rule): a
	// long path cut inside its folders, its file's name kept; gitsrc's
	// own copy cut it at its head, the name lost.
	rel := "v3/manifests/spec/" + strings.Repeat("\u0456", 50) + "/a.spec.manifest.json"
	if got := shownRel(rel); got != mirror.ShownRel(rel) || !strings.HasSuffix(got, `/a.spec.manifest.json"`) {
		t.Errorf("shownRel of a spec manifest under 50 Cyrillic і = %s; want %s, its name kept, as the mirror's own", got, mirror.ShownRel(rel))
	}
}
