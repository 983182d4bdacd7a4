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

// TestMirrorListSubmoduleSaid (class e): a git tree's mirror listing
// (List) said of a submodule among its files "a symbolic link or a
// submodule in the tree, not a regular file", though the tree says
// which: a submodule, with its commit; a link, a symbolic link
// (TestMirrorListQuotesLink), as a folder's mirror names its kind.
func TestMirrorListSubmoduleSaid(t *testing.T) {
	repo := commitFiles(t, map[string]string{"m/v3/layout.json": `{"signing": false}`, "m/v3/manifests/spec/a/a.spec.manifest.json": "{}"}, nil)
	gitlinkTo(t, repo, "m/v3/manifests/spec/z/z.spec.manifest.json", "a blob\n")
	m := headMirror(t, repo)
	_, err := m.List("v3/manifests")
	if err == nil || !strings.Contains(err.Error(), "v3/manifests/spec/z/z.spec.manifest.json: a submodule (commit ") || !strings.Contains(err.Error(), " of another repository), not a regular file") || strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a submodule among the manifests: %v; want it named a submodule, with its commit", err)
	}
}
