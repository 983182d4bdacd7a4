package snapshot

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/pagetest"
)

// TestLongHintSaidOtherwise (class e, lead a of i19): a folder a hint
// offers to paste back was written whole as a shell word, each byte of
// its Cyrillic \xd0 four bytes: "did you mean $'…'? it holds a snapshot
// of its own" of a folder ~2,200 bytes deep below the one named was
// 9 KB, past the command's line cap of 8 KB, which cut it to a word
// that named no folder and lost the rest. So the typo's "did you mean"
// of a path not there, and a tree of two tags' "for example". Past
// 2 KB the path is named cut, quoted in ASCII, with its length.
func TestLongHintSaidOtherwise(t *testing.T) {
	deep := pagetest.DeepFolder(9)
	check := func(what, line, tail string) {
		t.Helper()
		if len(line) > 4<<10 || !strings.Contains(line, "bytes, too long to show whole)") || !strings.Contains(line, tail) {
			t.Errorf("%s: %d bytes: %.300q…; want at most 4 KB, the path cut with its length, and %q", what, len(line), line, tail)
		}
	}

	// A folder below the one named that holds a snapshot.
	dir := writeTree(t, map[string]string{
		filepath.Join(deep, "_cache/develop/p1/specs.md"): simplePage("p1", "develop", 1, 1),
		"b/notes/specs.md": "no page",
	})
	_, err := Load(dir, Options{})
	var le *LoadError
	if !errors.As(err, &le) || len(le.Near) != 1 {
		t.Fatalf("%v; want a LoadError naming a folder below", err)
	}
	lines := le.Lines()
	check("near", lines[len(lines)-1], `/_cache/develop" (`)

	// Two folders below, each holding a snapshot: "did you mean X or Y?".
	both := writeTree(t, map[string]string{
		filepath.Join(deep, "a/_cache/develop/p1/specs.md"): simplePage("p1", "develop", 1, 1),
		filepath.Join(deep, "b/_cache/develop/p2/specs.md"): simplePage("p2", "develop", 2, 1),
		"c/notes/specs.md": "no page",
	})
	_, err = Load(both, Options{})
	if !errors.As(err, &le) || len(le.Near) != 2 {
		t.Fatalf("%v; want a LoadError naming two folders below", err)
	}
	lines = le.Lines()
	check("near two", lines[len(lines)-1], `/b/_cache/develop" (`)

	// A path a typo away.
	if err := os.Rename(filepath.Join(dir, deep, "_cache"), filepath.Join(dir, deep, "cache")); err != nil {
		t.Fatal(err)
	}
	_, err = Load(filepath.Join(dir, deep, "cachx"), Options{})
	if err == nil {
		t.Fatal("loaded; want an error")
	}
	check("typo", err.Error(), `/cache" (`)
	if h := NearHint(filepath.Join(dir, deep, "cachx")); !strings.HasPrefix(h, ": did you mean the path ") {
		t.Errorf("NearHint = %.100q; want the path cut", h)
	}

	// Two tags: one tag's folder, for example.
	two := writeTree(t, map[string]string{
		filepath.Join(deep, "develop/p1/specs.md"): simplePage("p1", "develop", 1, 1),
		filepath.Join(deep, "v1/p1/specs.md"):      simplePage("p1", "v1", 2, 1),
	})
	_, err = Load(two, Options{})
	if err == nil {
		t.Fatal("loaded; want an error")
	}
	check("tags", err.Error(), `/develop" (`)
}

// TestLongMirrorRootHintFits (class e): the mirror's root a hint gives
// back of a folder inside a layout-v3 mirror (ROOT/v3, its
// manifests/index) or of a spec manifest given alone was written whole
// as a shell word: a root ~2,200 bytes of Cyrillic deep was 8.6 KB, the
// message 10–13 KB, past the command's line cap of 8 KB, which cut it
// to a word that pasted named no folder. Past 2 KB it is said cut, with
// its length, as a folder's hint is (hintWord).
func TestLongMirrorRootHintFits(t *testing.T) {
	dir := filepath.Join(t.TempDir(), pagetest.DeepFolder(9))
	manifest := "v3/manifests/spec/zlib/zlib-1-" + strings.Repeat("a", 32) + ".spec.manifest.json"
	if err := os.MkdirAll(filepath.Join(dir, "v3/manifests/index"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, path.Dir(manifest)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, manifest), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"v3", "v3/manifests/index", manifest} {
		_, err := Load(filepath.Join(dir, p), Options{})
		if err == nil || len(err.Error()) > 8<<10 || !strings.Contains(err.Error(), "bytes, too long to show whole)") {
			t.Errorf("%s: %d bytes; want at most 8 KB, the root cut with its length", p, len(fmt.Sprint(err)))
		}
	}
}
