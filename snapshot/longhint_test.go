package snapshot

import (
	"errors"
	"os"
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
