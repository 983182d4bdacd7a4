package gitsrc

import (
	"fmt"
	"strings"
	"testing"
)

// TestLinkChainOneRun (class d): a tree's link that leads out of it into
// a chain of links (c30/x.json to ../d/l0, d/l0 to l1, … to nothing)
// had the chain's targets read one git process a link, a round of the
// walk each: 30 links took 27 more processes than 3. Once a walk needs a
// target its folder's unread ones are read with it (unreadTargets): a
// chain of 30 costs what one of 3 does.
func TestLinkChainOneRun(t *testing.T) {
	files := map[string]string{"c3/index.json": oneLineIndex, "c30/index.json": oneLineIndex}
	links := map[string]string{"c3/x.json": "../d/l27", "c30/x.json": "../d/l0"}
	for i := range 30 {
		links[fmt.Sprintf("d/l%d", i)] = fmt.Sprintf("l%d", i+1)
	}
	repo := commitFiles(t, files, links)
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.run(nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	commit := strings.TrimSpace(string(out))
	runs := map[string]int64{}
	for _, top := range []string{"c3", "c30"} {
		out, err := r.run(nil, "ls-tree", "-r", "-t", "-z", "--full-tree", commit+":"+top)
		if err != nil {
			t.Fatal(err)
		}
		files, dirs, err := parseLsTree(out)
		if err != nil {
			t.Fatal(err)
		}
		var oid string
		for _, f := range files {
			if f.Path == "x.json" {
				oid = f.OID
			}
		}
		before := gitRuns.Load()
		got, _, err := r.resolveLinks(commit, top, files, dirs, false, []string{top + "/x.json"}, []string{oid})
		runs[top] = gitRuns.Load() - before
		if err != nil || len(got) != 1 || got[0].typ != "dangling" {
			t.Fatalf("%s/x.json: %+v, %v; want it dangling", top, got, err)
		}
	}
	if runs["c30"] != runs["c3"] || runs["c3"] > 4 {
		t.Errorf("git processes: %d for a chain of 30 links, %d for one of 3; want as many, at most 4", runs["c30"], runs["c3"])
	}
}
