package gitsrc

import (
	"fmt"
	"testing"
)

// TestMirrorLinksOneRun (class d): a git tree's mirror read the target
// of each committed link in a git process of its own: GetMany of 40
// files, each a link to a file beside it (spec blobs committed as
// links), ran 41 git processes, one per link and one for the blobs. The
// targets of a step of all the links are read in one process: 2 in
// all, whatever the number of links, and each file is read through its
// link.
func TestMirrorLinksOneRun(t *testing.T) {
	files := map[string]string{"m/v3/layout.json": `{"signing": false}`}
	links := map[string]string{}
	var rels []string
	for i := range 40 {
		files[fmt.Sprintf("m/f/r%d", i)] = fmt.Sprint(i)
		links[fmt.Sprintf("m/f/l%d", i)] = fmt.Sprintf("r%d", i)
		rels = append(rels, fmt.Sprintf("f/l%d", i))
	}
	m := headMirror(t, commitFiles(t, files, links))
	before := gitRuns.Load()
	out, err := m.GetMany(rels, 100)
	if runs := gitRuns.Load() - before; err != nil || runs > 2 {
		t.Fatalf("GetMany of 40 links: %v, %d git processes; want 2", err, runs)
	}
	for i, data := range out {
		if string(data) != fmt.Sprint(i) {
			t.Errorf("%s: %q; want %q, the file it links to", rels[i], data, fmt.Sprint(i))
		}
	}
}
