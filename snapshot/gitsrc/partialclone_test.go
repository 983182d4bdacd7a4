package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// A partial clone (git clone --filter=blob:none) has no blob it has not
// needed yet, and git fetched one that cachediff read from the promisor
// remote, the way the repository's config says: its core.sshCommand, or
// its remote's uploadpack, ran (79th adversarial pass: a repository given
// with -C ran a command of its own). cachediff fetches nothing: the blob
// is an error that says why, and no command of the config runs.
func TestPartialCloneFetchesNothing(t *testing.T) {
	src := commitFiles(t, map[string]string{"_cache/develop/bc/specs.md": realPage(t, "bc")}, nil)
	if _, err := gittest.Git(src, nil, "config", "uploadpack.allowFilter", "true"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		config [][2]string
	}{
		{"core.sshCommand", [][2]string{{"remote.origin.url", "ssh://example.invalid/x"}, {"core.sshCommand", "touch MARKER; false"}}},
		{"uploadpack", [][2]string{{"remote.origin.uploadpack", "touch MARKER; git-upload-pack"}}},
	} {
		clone := filepath.Join(t.TempDir(), "clone")
		if _, err := gittest.Git(filepath.Dir(clone), nil, "clone", "-q", "--filter=blob:none", "--no-checkout", "file://"+src, clone); err != nil {
			t.Fatal(err)
		}
		for _, kv := range tc.config {
			if _, err := gittest.Git(clone, nil, "config", kv[0], strings.ReplaceAll(kv[1], "MARKER", filepath.Join(clone, "ran"))); err != nil {
				t.Fatal(err)
			}
		}
		_, err := loadArg(clone, "HEAD:_cache/develop", snapshot.Options{})
		if _, statErr := os.Stat(filepath.Join(clone, "ran")); statErr == nil {
			t.Errorf("%s: a command of the repository's config ran", tc.name)
		}
		if err == nil || !strings.Contains(err.Error(), "partial clone") || !strings.Contains(err.Error(), "cachediff fetches nothing") {
			t.Errorf("%s: %v; want an error saying the blob is missing from a partial clone", tc.name, err)
		}
	}
}

// A revision that names a path of the index (:PATH, :0:PATH) makes git
// read the index, and reading it runs the repository's core.fsmonitor, a
// command of its config (81st adversarial pass: log --revs :x ran it).
// git runs with core.fsmonitor off, whatever the repository says.
func TestIndexRevisionRunsNoFsmonitor(t *testing.T) {
	dir := commitFiles(t, map[string]string{"_cache/develop/bc/specs.md": realPage(t, "bc")}, nil)
	if _, err := gittest.Git(dir, nil, "read-tree", "HEAD"); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(dir, "ran")
	if _, err := gittest.Git(dir, nil, "config", "core.fsmonitor", "touch "+marker+"; false"); err != nil {
		t.Fatal(err)
	}
	for _, rng := range []string{":_cache/develop/bc/specs.md", "HEAD..:0:_cache/develop/bc/specs.md"} {
		r, err := OpenRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.Series(rng, "_cache/develop", "", "")
		if _, statErr := os.Stat(marker); statErr == nil {
			t.Errorf("Series(%q): the repository's core.fsmonitor ran", rng)
			os.Remove(marker)
		}
		if err == nil {
			t.Errorf("Series(%q) = nil error; want one (a blob is no commit)", rng)
		}
	}
}
