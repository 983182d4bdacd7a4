package gitsrc

import (
	"strings"
	"testing"
)

// TestMirrorSubmoduleSaid (class e): a git tree's mirror whose
// build_cache/index.json is a submodule said "not a regular file (a
// symbolic link or a submodule in the tree)", where the tree says which:
// a submodule, named with its commit as REV:PATH names one.
func TestMirrorSubmoduleSaid(t *testing.T) {
	repo := commitFiles(t, map[string]string{"m/v3/layout.json": `{"signing": false}`}, nil)
	gitlinkTo(t, repo, "m/build_cache/index.json", "a blob\n")
	m := headMirror(t, repo)
	_, err := m.resolveAll([]string{"build_cache/index.json"})
	if err == nil || !strings.HasPrefix(err.Error(), "build_cache/index.json: not a regular file: a submodule (commit ") || strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a submodule at build_cache/index.json: %v; want it named a submodule, with its commit", err)
	}
}
