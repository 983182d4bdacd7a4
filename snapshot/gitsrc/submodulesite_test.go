package gitsrc

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSubmoduleSitePath: a catalogue whose _cache is a submodule, read
// from the submodule's own repository (-C _cache, git:HEAD:develop), is
// held to the rules of _cache's tag folders, as the checked-out folder
// is: the superproject's Jekyll builds the submodule's files as its own.
// Measured from the submodule's top (/develop), a page below a package
// folder, which the site shows at another package's address, loaded. A
// submodule with a _config.yml of its own is its own site, as on disk.
func TestSubmoduleSitePath(t *testing.T) {
	pages := map[string]string{
		"develop/bc/specs.md":     realPage(t, "bc"),
		"develop/a/curl/specs.md": realPage(t, "curl"),
	}
	sub := commitFiles(t, pages, nil)
	pages["_config.yml"] = ""
	own := commitFiles(t, pages, nil)
	super := commitFiles(t, map[string]string{"_config.yml": ""}, nil)
	for _, args := range [][]string{
		{"-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "_cache"},
		{"-c", "protocol.file.allow=always", "submodule", "add", "-q", own, "own"},
	} {
		if _, err := gittest.Git(super, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(filepath.Join(super, "_cache"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := r.Source("HEAD:develop")
	if err != nil {
		t.Fatal(err)
	}
	if got := src.SitePath(); got != "/_cache/develop" {
		t.Errorf("site path %q, want /_cache/develop", got)
	}
	_, err = src.Load(snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), `is in folder "a/curl" below its tag's package folders`) {
		t.Errorf("a page below a package folder of the submodule _cache: %v", err)
	}
	r, err = OpenRepo(filepath.Join(super, "own"))
	if err != nil {
		t.Fatal(err)
	}
	src, err = r.Source("HEAD:develop")
	if err != nil {
		t.Fatal(err)
	}
	if got := src.SitePath(); got != "/develop" {
		t.Errorf("a submodule with a _config.yml: site path %q, want /develop", got)
	}
}
