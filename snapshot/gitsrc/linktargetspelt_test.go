package gitsrc

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/snapshot/dirsrc"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestLinkTargetSpeltAsFolder (classes a and e): a link's target is
// spelt one way in every message (linkword): a git tree's walk and its
// mirror wrote (to "gone") where the checked-out folder and its mirror
// (mirror.Dir) wrote (to gone); and on disk a target holding "), fine
// (" was named raw, writing the message's own words. Plain ASCII without
// a parenthesis, a quote, a space or a backslash as it is now, any other
// quoted in ASCII, from the tree and from its checkout alike.
func TestLinkTargetSpeltAsFolder(t *testing.T) {
	targets := map[string]string{"p": "gone", "q": "a), fine (b", "s": "sp ace", "u": "g\u043ene"}
	want := map[string]string{"p": "gone", "q": `"a), fine (b"`, "s": `"sp ace"`, "u": `"g\u043ene"`}
	files := map[string]string{"c/index.json": oneLineIndex, "m/v3/layout.json": `{"signing": false}`}
	links := map[string]string{}
	for k, to := range targets {
		links["c/"+k+".json"] = to
		links["m/f/"+k] = "../" + to
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
	m := headMirror(t, repo)
	var rels []string
	for k := range targets {
		rels = append(rels, "f/"+k)
	}
	slices.Sort(rels)
	_, merrs := m.resolveEach(rels)
	for i, rel := range rels {
		k := rel[len("f/"):]
		w := "broken symbolic link (to " + want[k] + "), which leads to nothing"
		if got := tree["HEAD:c/"+k+".json"]; got != w {
			t.Errorf("HEAD:c/%s.json: %q; want %q", k, got, w)
		}
		if got := disk[k+".json"]; got != w {
			t.Errorf("c/%s.json on disk: %q; want %q", k, got, w)
		}
		to := `"../` + want[k][1:]
		if want[k][0] != '"' {
			to = "../" + want[k]
		}
		mw := rel + ": a broken symbolic link (to " + to + "), which leads to no file"
		if got := fmt.Sprint(merrs[i]); got != mw {
			t.Errorf("HEAD:m's %s: %q; want %q", rel, got, mw)
		}
		if _, err := mirror.Dir(filepath.Join(repo, "m")).Get(rel, 1<<20); fmt.Sprint(err) != mw {
			t.Errorf("m/%s on disk: %v; want %q", rel, err, mw)
		}
	}
}
