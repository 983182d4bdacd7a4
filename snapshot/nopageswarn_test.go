package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoPagesNamesWhatWasLeftOut: a folder whose one Spack file was left
// out with a warning (an index named idx.json over 64 MB, a broken link
// named x.json, on disk or from REV:PATH alike) failed with "no package
// pages found under DIR: ... recognised by content in *.json ...", and
// the warning that said why, the snapshot's own file, was not shown: the
// error names it.
func TestNoPagesNamesWhatWasLeftOut(t *testing.T) {
	for name, build := range map[string]func(dir string) error{
		"over 64 MB": func(dir string) error {
			f, err := os.Create(filepath.Join(dir, "idx.json"))
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(maxByContent + 1) // sparse
		},
		"broken symbolic link": func(dir string) error {
			return os.Symlink("nowhere.json", filepath.Join(dir, "x.json"))
		},
	} {
		dir := t.TempDir()
		if err := build(dir); err != nil {
			t.Fatal(err)
		}
		_, err := Load(dir, Options{})
		if err == nil || !strings.Contains(err.Error(), "no package pages found") || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v; want no pages found, and the warning (%s)", name, err, name)
		}
	}
}
