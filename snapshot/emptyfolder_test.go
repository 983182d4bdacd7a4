package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptyPackageFolderWarns (adversarial pass 78): a package folder
// with nothing in it, as a git submodule not checked out leaves, read as
// a removed package with no word (REV:PATH refuses the submodule): it is
// a warning naming the folder.
func TestEmptyPackageFolderWarns(t *testing.T) {
	dir := t.TempDir()
	page, err := os.ReadFile(filepath.Join("..", "testdata", "seeds", "py-keras.txt"))
	if err != nil {
		t.Fatal(err)
	}
	writeFilesIn(t, dir, map[string][]byte{"py-keras/specs.md": page})
	if err := os.Mkdir(filepath.Join(dir, "zlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, w := range s.Warnings {
		if w.File == filepath.Join(dir, "zlib") && strings.Contains(w.Message, "an empty folder") && strings.Contains(w.Message, "git submodule update --init") {
			found = true
		}
	}
	if !found {
		t.Errorf("an empty package folder: warnings %+v, want one naming it", s.Warnings)
	}
}
