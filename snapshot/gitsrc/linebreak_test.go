package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkNameWithLineBreak: a symbolic link whose name holds a line
// break is read from git:REV:PATH as from the checked-out folder: the
// file it leads to is loaded, and a broken one is the same warning. From
// git it was "a symbolic link whose name has a line break: not
// followed", and the spec file it led to was left out, where the listing
// (git ls-tree -z) names it safely and links are followed in it.
func TestLinkNameWithLineBreak(t *testing.T) {
	files := map[string]string{
		"snap/build_cache/pkg0.spec.json": specFile(0),
		"store/pkg1.spec.json":            specFile(1),
		"store/pkg2.spec.json":            specFile(2),
	}
	links := map[string]string{
		"snap/build_cache/pkg\n1.json":   "../../store/pkg1.spec.json",
		"snap/build_cache/pkg\r\n2.json": "../../store/pkg2.spec.json",
		"snap/build_cache/gone\n.json":   "../../store/gone.spec.json",
	}
	repo := commitFiles(t, files, links)
	onDisk, err := snapshot.Load(filepath.Join(repo, "snap", "build_cache"), snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fromGit, err := loadArg(repo, "HEAD:snap/build_cache", snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if onDisk.Specs() != 3 || fromGit.Specs() != onDisk.Specs() {
		t.Errorf("specs: %d from git, %d on disk; want 3 both (the two linked files read)", fromGit.Specs(), onDisk.Specs())
	}
	warnings := func(s *snapshot.Snapshot, prefix string) string {
		var out []string
		for _, w := range s.Warnings {
			msg := w.Message
			if strings.HasPrefix(msg, "broken symbolic link") {
				msg = "broken symbolic link" // git names the target, disk the error
			}
			out = append(out, strings.TrimPrefix(w.File, prefix)+": "+msg)
		}
		return fmt.Sprintf("%q", out)
	}
	disk, git := warnings(onDisk, filepath.Join(repo, "snap", "build_cache")+"/"), warnings(fromGit, "HEAD:snap/build_cache/")
	if git != disk {
		t.Errorf("warnings from git %s; want those on disk, %s", git, disk)
	}
}

// TestLinkNameWithLineBreakLongTarget: a link whose target is longer
// than any checkout can make is a warning, not followed, whatever its
// name holds (git cat-file, which takes a name on a line, is never asked
// about it): the others load.
func TestLinkNameWithLineBreakLongTarget(t *testing.T) {
	repo := commitFiles(t, map[string]string{"snap/build_cache/pkg0.spec.json": specFile(0)}, nil)
	target := filepath.Join(t.TempDir(), "target")
	if err := os.WriteFile(target, []byte(strings.Repeat("x/", 2500)), 0o644); err != nil {
		t.Fatal(err)
	}
	oid, err := gittest.Git(repo, nil, "hash-object", "-w", target)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"update-index", "--add", "--cacheinfo", "120000," + strings.TrimSpace(string(oid)) + ",snap/build_cache/long\n.json"},
		{"commit", "-q", "-m", "a long link"},
	} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := loadArg(repo, "HEAD:snap/build_cache", snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `[{HEAD:snap/build_cache/long` + "\n" + `.json 0 a symbolic link whose target is longer than 4096 bytes, which no checkout can make`
	if got := fmt.Sprint(snap.Warnings); snap.Specs() != 1 || !strings.HasPrefix(got, want) || len(snap.Warnings) != 1 {
		t.Errorf("%d specs, warnings %q; want 1 and one beginning %q", snap.Specs(), got, want)
	}
}
