package gitsrc

import (
	"fmt"
	"testing"
)

// TestMirrorLinkToFolderSaid (class e): a git tree's mirror file
// committed as a link to a folder (build_cache/index.json -> .., or ->
// ../build_cache) was "a symbolic link to ., which the mirror does not
// hold as a file", naming the path it led to as "." and not the link's
// target, where a checkout finds a folder: the target and the folder
// said. A link to nothing is said as a folder's mirror says it
// (TestLinkWordsAsFolder).
func TestMirrorLinkToFolderSaid(t *testing.T) {
	files := map[string]string{"m/v3/layout.json": `{"signing": false}`, "m/f/r": "read"}
	links := map[string]string{"m/f/top": "..", "m/f/self": "../f", "m/f/deep": "../f/../v3", "m/f/gone": "../nope"}
	m := headMirror(t, commitFiles(t, files, links))
	_, errs := m.resolveEach([]string{"f/top", "f/self", "f/deep", "f/gone"})
	for i, want := range []string{
		`f/top: a symbolic link (to ..), which leads to a folder (the mirror's top), not a file`,
		`f/self: a symbolic link (to ../f), which leads to a folder (f of the mirror), not a file`,
		`f/deep: a symbolic link (to ../f/../v3), which leads to a folder (v3 of the mirror), not a file`,
		`f/gone: a broken symbolic link (to ../nope), which leads to no file`,
	} {
		if got := fmt.Sprint(errs[i]); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}
