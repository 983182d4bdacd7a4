package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestInvalidUTF8FoldersNotSame (86th adversarial pass): two folders
// whose names differ in bytes that are not UTF-8 (d\xff and d\xfe) are
// two snapshots, which a gate judges: both are d\uFFFD in the report (as
// its JSON holds them), and the gate refused them as "the same snapshot"
// (exit 2) where it found a removed package. The same folder given twice
// is still refused.
func TestInvalidUTF8FoldersNotSame(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		t.Skip("the file system takes only UTF-8 names")
	}
	dir := t.TempDir()
	oldDir, newDir := filepath.Join(dir, "d\xff"), filepath.Join(dir, "d\xfe")
	if err := os.CopyFS(oldDir, os.DirFS("../../testdata/hostile/old")); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(newDir, os.DirFS("../../testdata/hostile/new")); err != nil {
		t.Fatal(err)
	}
	for _, pre := range [][]string{nil, {"log"}} {
		var out, serr bytes.Buffer
		if code := run(append(pre, "-q", "--fail-on", "removed-package", oldDir, newDir), &out, &serr); code != exitDiffers {
			t.Errorf("%q --fail-on removed-package d\\xff d\\xfe: exit %d (%s); want %d, a package removed", pre, code, serr.String(), exitDiffers)
		}
	}
	var out, serr bytes.Buffer
	if code := run([]string{"-q", "--fail-on", "removed-package", oldDir, oldDir}, &out, &serr); code != exitTrouble || !strings.Contains(serr.String(), "same snapshot") {
		t.Errorf("--fail-on d\\xff d\\xff: exit %d (%s); want %d, the same snapshot", code, serr.String(), exitTrouble)
	}
}
