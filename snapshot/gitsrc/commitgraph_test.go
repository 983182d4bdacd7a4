package gitsrc

import (
	"encoding/binary"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestCommitGraphNotTrusted (85th adversarial pass): the commit-graph
// file ($GIT_DIR/objects/info/commit-graph) is a cache of the commits'
// parents, which git trusts over the objects and checks only in git
// commit-graph verify. A repository whose graph gave a commit another
// parent had log --revs skip the commits between (a step, and what it
// did, merged into the next one's) and HEAD~2:PATH read a commit that is
// no ancestor's. git reads the commits' own objects
// (core.commitGraph=false), as it does under a graft.
func TestCommitGraphNotTrusted(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	for _, s := range []string{"second", "third", "fourth"} {
		if err := os.WriteFile(filepath.Join(repo, "_cache", "develop", "x.md"), []byte(s+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(repo, nil, "commit", "-qam", s); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := gittest.Git(repo, nil, "commit-graph", "write", "--reachable"); err != nil {
		t.Fatal(err)
	}
	graph := filepath.Join(repo, ".git", "objects", "info", "commit-graph")
	b, err := os.ReadFile(graph)
	if err != nil {
		t.Fatal(err)
	}
	// The chunk table: after the 8-byte header, an id and an offset
	// for each chunk and one for the end. The commits' data (CDAT),
	// in the order of their ids (OIDL), is a 20-byte tree id, then the
	// first parent's position: HEAD~1's is made the root's, which
	// skips the commit between them. (git reads the commit a revision
	// names from its object, and trusts the graph from its parents on.)
	chunk := map[string][2]uint64{}
	for i := 0; i < int(b[6]); i++ {
		e := b[8+12*i:]
		chunk[string(e[:4])] = [2]uint64{binary.BigEndian.Uint64(e[4:12]), binary.BigEndian.Uint64(e[16:24])}
	}
	ids, err := gittest.Git(repo, nil, "rev-parse", "HEAD~1", "HEAD~3")
	if err != nil {
		t.Fatal(err)
	}
	pos := map[string]uint32{}
	oidl := chunk["OIDL"]
	for i := oidl[0]; i+20 <= oidl[1]; i += 20 {
		pos[hex.EncodeToString(b[i:i+20])] = uint32((i - oidl[0]) / 20)
	}
	id := strings.Fields(ids)
	second, root := pos[id[0]], pos[id[1]]
	cdat := chunk["CDAT"][0] + 36*uint64(second) + 20
	binary.BigEndian.PutUint32(b[cdat:cdat+4], root)
	if err := os.Chmod(graph, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(graph, b, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Series(id[1]+"..HEAD", "_cache/develop", "", "")
	if err != nil {
		t.Fatalf("the series ROOT..HEAD under a lying commit-graph: %v; want the base and its 3 commits", err)
	}
	tree, err := r.Resolve("HEAD~2:_cache/develop")
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := gittest.Git(repo, nil, "-c", "core.commitGraph=false", "rev-parse", "HEAD~2"); tree.Commit != strings.TrimSpace(want) {
		t.Errorf("HEAD~2:_cache/develop under a lying commit-graph read commit %s; want %s", tree.Commit, want)
	}
	var subjects []string
	for _, c := range got {
		subjects = append(subjects, c.Subject)
	}
	if s := strings.Join(subjects, ","); s != "files,second,third,fourth" {
		t.Errorf("the series ROOT..HEAD under a lying commit-graph: %s; want files,second,third,fourth", s)
	}
}
