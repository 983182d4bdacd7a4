package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestMirrorLinksOneRun (class d): a git tree's mirror read the target
// of each committed link in a git process of its own: GetMany of 40
// files, each a link to a file beside it (spec blobs committed as
// links), ran 41 git processes, one per link and one for the blobs. The
// targets of a step of all the links are read in one process: 2 in
// all, whatever the number of links, and each file is read through its
// link. And a link whose target is over 4 KB (committed so by git
// update-index: no checkout holds it) stopped that process, each link
// not read then asked alone: with it first, 41 processes to refuse it;
// one now, its error as before.
func TestMirrorLinksOneRun(t *testing.T) {
	files := map[string]string{"m/v3/layout.json": `{"signing": false}`}
	links := map[string]string{}
	var rels []string
	for i := range 40 {
		files[fmt.Sprintf("m/f/r%d", i)] = fmt.Sprint(i)
		links[fmt.Sprintf("m/f/l%d", i)] = fmt.Sprintf("r%d", i)
		rels = append(rels, fmt.Sprintf("f/l%d", i))
	}
	repo := commitFiles(t, files, links)
	big := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(big, []byte(strings.Repeat("x", 5000)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := gittest.Git(repo, nil, "hash-object", "-w", big)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"update-index", "--add", "--cacheinfo", "120000," + strings.TrimSpace(string(out)) + ",m/f/big"}, {"commit", "-q", "-m", "big"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	m := headMirror(t, repo)
	before := gitRuns.Load()
	got, err := m.GetMany(rels, 100)
	if runs := gitRuns.Load() - before; err != nil || runs > 2 {
		t.Fatalf("GetMany of 40 links: %v, %d git processes; want 2", err, runs)
	}
	for i, data := range got {
		if string(data) != fmt.Sprint(i) {
			t.Errorf("%s: %q; want %q, the file it links to", rels[i], data, fmt.Sprint(i))
		}
	}
	m = headMirror(t, repo) // none of the targets read
	before = gitRuns.Load()
	_, err = m.GetMany(append([]string{"f/big"}, rels...), 100)
	if runs := gitRuns.Load() - before; fmt.Sprint(err) != "f/big: 5000 bytes, over the limit of 4096" || runs > 1 {
		t.Errorf("GetMany of a link to 5,000 bytes and 40 links: %v, %d git processes; want its error, 1 process", err, runs)
	}
}
