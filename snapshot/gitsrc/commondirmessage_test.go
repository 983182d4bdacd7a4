package gitsrc

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestCommonDirNoRepositoryNamed: with GIT_COMMON_DIR a folder without
// objects and refs (a submodule's .git file, an empty folder), git
// reads no repository, and the error said the one GIT_DIR names was
// "moved or removed", though it is there: the error names
// GIT_COMMON_DIR. A good GIT_COMMON_DIR beside a gone GIT_DIR keeps the
// old words.
func TestCommonDirNoRepositoryNamed(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/bc/specs.md": realPage(t, "bc")}, nil)
	empty := t.TempDir()
	t.Setenv("GIT_DIR", filepath.Join(repo, ".git"))
	t.Setenv("GIT_COMMON_DIR", empty)
	_, err := loadArg(repo, "HEAD:_cache/develop", snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "with GIT_COMMON_DIR "+empty) || strings.Contains(err.Error(), "moved or removed") {
		t.Errorf("GIT_COMMON_DIR an empty folder: %v; want an error naming GIT_COMMON_DIR", err)
	}
	t.Setenv("GIT_DIR", filepath.Join(empty, "gone"))
	t.Setenv("GIT_COMMON_DIR", filepath.Join(repo, ".git"))
	_, err = loadArg(repo, "HEAD:_cache/develop", snapshot.Options{})
	if err == nil || strings.Contains(err.Error(), "GIT_COMMON_DIR") {
		t.Errorf("GIT_DIR gone, GIT_COMMON_DIR good: %v; want an error not naming GIT_COMMON_DIR", err)
	}
}
