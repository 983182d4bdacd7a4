package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkToFolderAlreadyRead: a committed link to the folder that holds
// it, or to a folder above it in the snapshot ("self" → ".", "up" → ".."
// inside a package folder), leads nowhere new: the folder on disk is read
// with a warning ("already read ... not followed") and the report goes
// on. REV:PATH said the same tree's pages "would be lost" and failed
// (Adversarial pass 76: exit 1 on disk, 2 from git, for one tree). A
// link to a folder not yet read (a sibling) is still an error.
func TestLinkToFolderAlreadyRead(t *testing.T) {
	pages := map[string]string{
		"_cache/develop/bc/specs.md":     realPage(t, "bc"),
		"_cache/develop/astyle/specs.md": realPage(t, "astyle"),
	}
	links := map[string]string{
		"_cache/develop/bc/self":     ".",
		"_cache/develop/bc/top":      "..",
		"_cache/develop/astyle/back": "../../develop/astyle/",
	}
	repo := commitFiles(t, pages, links)
	onDisk := t.TempDir()
	for p, text := range pages {
		os.MkdirAll(filepath.Join(onDisk, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(onDisk, p), []byte(text), 0o644)
	}
	for p, target := range links {
		os.Symlink(target, filepath.Join(onDisk, p))
	}
	disk, err := loadArg(repo, filepath.Join(onDisk, "_cache/develop"), snapshot.Options{})
	if err != nil {
		t.Fatalf("on disk: %v", err)
	}
	git, err := loadArg(repo, "HEAD:_cache/develop", snapshot.Options{})
	if err != nil {
		t.Fatalf("from git: %v; want the snapshot read, as on disk", err)
	}
	if len(git.Packages) != len(disk.Packages) || len(git.Warnings) != len(disk.Warnings) || len(git.Warnings) != 3 {
		t.Errorf("from git: %d packages, warnings %v; on disk: %d packages, warnings %v", len(git.Packages), git.Warnings, len(disk.Packages), disk.Warnings)
	}
	for _, w := range git.Warnings {
		if !strings.Contains(w.Message, "already read") {
			t.Errorf("warning %s: %s; want it said the folder is already read", w.File, w.Message)
		}
	}
	// A sibling, not yet read where the link is: an error, as before.
	repo = commitFiles(t, pages, map[string]string{"_cache/develop/bc/sib": "../astyle"})
	if _, err := loadArg(repo, "HEAD:_cache/develop", snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "a symbolic link to a folder") {
		t.Errorf("a link to a sibling folder: %v; want an error", err)
	}
}
