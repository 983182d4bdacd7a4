package snapshot

import (
	"fmt"
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
		"over 64 MB": func(dir string) error { return overByContent(filepath.Join(dir, "idx.json")) },
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

// TestNoPagesWarningOfASpackName: a folder whose only Spack file, an
// index named zidx.json, was over 64 MB, beside a broken symbolic link
// named README, gave "its first warning: DIR/README: broken symbolic
// link ... (and 1 more)", first by name: the warning that said why, of
// zidx.json, was hidden, and a failed load shows no other. The warning
// of a file named as Spack's may be is given.
func TestNoPagesWarningOfASpackName(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("nowhere", filepath.Join(dir, "README")); err != nil {
		t.Fatal(err)
	}
	if err := overByContent(filepath.Join(dir, "zidx.json")); err != nil {
		t.Fatal(err)
	}
	checkNoPagesWarning(t, dir, filepath.Join(dir, "zidx.json")+": not read: over 64 MB", 1)
}

// TestNoPagesWarningOfAnEmptyFolder: a _cache/<tag> folder of two
// package folders, submodules not checked out (empty), beside a broken
// symbolic link named README, gave "a warning: DIR/README: broken
// symbolic link ... (and 2 more)": the warning that said why, of an
// empty folder, was hidden. It is given.
func TestNoPagesWarningOfAnEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"openssl", "zlib"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("nowhere", filepath.Join(dir, "README")); err != nil {
		t.Fatal(err)
	}
	checkNoPagesWarning(t, dir, filepath.Join(dir, "openssl")+": an empty folder", 2)
}

// overByContent makes name a sparse file over the size read by content.
func overByContent(name string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Truncate(maxByContent + 1)
}

// checkNoPagesWarning loads dir and wants its error to give the warning
// want, and how many more there are.
func checkNoPagesWarning(t *testing.T, dir, want string, more int) {
	t.Helper()
	_, err := Load(dir, Options{})
	if err == nil || !strings.Contains(err.Error(), want) || !strings.HasSuffix(err.Error(), fmt.Sprintf(" (and %d more)", more)) {
		t.Errorf("%v; want the warning %q, and %d more", err, want, more)
	}
}

// TestNoPagesWarningOfASpackNameBeforeAnEmptyFolder: a folder whose only
// Spack file, an index named zidx.json, was over 64 MB, beside an empty
// folder named a, gave "a warning: DIR/a: an empty folder ... (and 1
// more)", first by name among the two: the warning that said why, of
// zidx.json, was hidden. A file named as Spack's goes first.
func TestNoPagesWarningOfASpackNameBeforeAnEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := overByContent(filepath.Join(dir, "zidx.json")); err != nil {
		t.Fatal(err)
	}
	checkNoPagesWarning(t, dir, filepath.Join(dir, "zidx.json")+": not read: over 64 MB", 1)
}
