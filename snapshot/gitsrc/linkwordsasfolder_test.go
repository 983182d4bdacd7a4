package gitsrc

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkWordsAsFolder (class e): a git tree's links that lead nowhere
// are said in a folder's words, one wording for one fact (dirsrc's walk,
// mirror.Dir). The walk said "broken symbolic link (to T): not
// followed" of a link to nothing, under a file, to itself or in a chain
// of 41, where a folder says "…, which leads to nothing", or names the
// loop or the chain. A mirror's file linked to nothing was "a symbolic
// link to f/nope, which the mirror does not hold as a file" (a path, not
// the target, nor which link of a chain broke), and one past a chain of
// 41 links "in a loop", where the folder's mirror says a chain longer
// than the system follows.
func TestLinkWordsAsFolder(t *testing.T) {
	files := map[string]string{"c/index.json": oneLineIndex, "c/file": "x", "m/v3/layout.json": `{"signing": false}`, "m/f/r": "read"}
	links := map[string]string{
		"c/gone.json": "gone", "c/nd.json": "file/x", "c/self.json": "self.json", "c/a.json": "b.json", "c/b.json": "a.json",
		"m/f/gone": "../nope", "m/f/via": "gone", "m/f/self": "self", "m/f/a": "b", "m/f/b": "a",
		"c/d40.json": "index.json", "m/f/d40": "r",
	}
	for i := range 40 {
		links[fmt.Sprintf("c/d%d.json", i)] = fmt.Sprintf("d%d.json", i+1)
		links[fmt.Sprintf("m/f/d%d", i)] = fmt.Sprintf("d%d", i+1)
	}
	repo := commitFiles(t, files, links)
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	got := walkWarnings(t, r, "HEAD:c")
	loop := "broken symbolic link: its path leads through symbolic links in a loop"
	for name, want := range map[string]string{
		"gone.json": `broken symbolic link (to gone), which leads to nothing`,
		"nd.json":   `broken symbolic link (to file/x), which leads to nothing`,
		"self.json": loop,
		"a.json":    loop,
		"b.json":    loop,
		"d0.json":   "broken symbolic link: its path leads through a chain of symbolic links longer than the system follows",
		"d1.json":   "", // a chain of 40, read
	} {
		if got["HEAD:c/"+name] != want {
			t.Errorf("HEAD:c/%s: %q; want %q", name, got["HEAD:c/"+name], want)
		}
	}
	m := headMirror(t, repo)
	_, merrs := m.resolveEach([]string{"f/gone", "f/via", "f/self", "f/a", "f/d0"})
	for i, want := range []string{
		`f/gone: a broken symbolic link (to ../nope), which leads to no file`,
		`f/via: its path leads through f/gone, a broken symbolic link (to ../nope), which leads to no file`,
		`f/self: its path leads through symbolic links in a loop, to no file`,
		`f/a: its path leads through symbolic links in a loop, to no file`,
		`f/d0: its path leads through a chain of symbolic links longer than the system follows, to no file`,
	} {
		if got := fmt.Sprint(merrs[i]); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}

// walkWarnings walks spec (REV:PATH) of r and returns its warnings'
// messages by the file each names, failing the test on an error.
func walkWarnings(t *testing.T, r *Repo, spec string) map[string]string {
	t.Helper()
	warnings, errs := mustSource(t, r, spec).Walk(func(snapshot.File) {})
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	got := map[string]string{}
	for _, w := range warnings {
		got[w.File] = w.Message
	}
	return got
}
