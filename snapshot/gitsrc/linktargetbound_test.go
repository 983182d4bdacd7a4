package gitsrc

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/linkword"
	"github.com/cachediff/cachediff/snapshot/dirsrc"
)

// TestLinkTargetBoundAsFolder (a fresh pass over issue 35): a long target
// is cut where the checked-out folder cuts it (linkword.MaxShown). A git
// tree's walk cut at 200 bytes what the folder's cut at 2 KB: a target
// of 201 bytes, or of 1,000 Cyrillic letters, read whole from the folder
// and cut from HEAD:PATH.
func TestLinkTargetBoundAsFolder(t *testing.T) {
	targets := map[string]string{"a": strings.Repeat("x", 201), "b": strings.Repeat("\u043e", 1000), "c": strings.Repeat("y", 4000)}
	files := map[string]string{"c/index.json": oneLineIndex}
	links := map[string]string{}
	for k, to := range targets {
		links["c/"+k+".json"] = to
	}
	repo := commitFiles(t, files, links)
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	tree := walkWarnings(t, r, "HEAD:c")
	warnings, errs := dirsrc.NewFolder(filepath.Join(repo, "c")).Walk(func(dirsrc.File) {})
	disk := map[string]string{}
	for _, p := range slices.Concat(warnings, errs) {
		disk[filepath.Base(p.File)] = p.Msg
	}
	for k, to := range targets {
		w := "broken symbolic link (to " + linkword.Cut(to, linkword.MaxShown) + "), which leads to nothing"
		if got := tree["HEAD:c/"+k+".json"]; got != w {
			t.Errorf("HEAD:c/%s.json: %.80q… (%d bytes); want %.80q… (%d bytes)", k, got, len(got), w, len(w))
		}
		if got := disk[k+".json"]; got != w {
			t.Errorf("c/%s.json on disk: %.80q… (%d bytes); want %.80q… (%d bytes)", k, got, len(got), w, len(w))
		}
	}
}
