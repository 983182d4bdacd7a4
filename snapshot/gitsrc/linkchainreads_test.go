package gitsrc

import (
	"fmt"
	"strings"
	"testing"
)

// TestLinkChainReadsItsFolders (class d): a tree's link into a chain out
// of it (c/x.json to ../d/l0, l0 to l1, l1 to l2, l2 to nothing) had every
// link of the listing read once the walk needed a target, the links of
// folders it never reaches too: beside N links of 4 KB in other/, N=1,000
// took 9.6 MB and N=4,000 36.9 MB, all 4,002 targets kept. Only the
// targets of links in the folders the walk reaches are read: as many for
// 4x the links elsewhere, in as many git processes.
func TestLinkChainReadsItsFolders(t *testing.T) {
	measure := func(n int) (targets int, runs int64) {
		links := map[string]string{"c/x.json": "../d/l0", "d/l0": "l1", "d/l1": "l2", "d/l2": "gone"}
		for i := range n {
			links[fmt.Sprintf("other/o%d", i)] = strings.Repeat("y", 4000) + fmt.Sprint(i)
		}
		repo := commitFiles(t, map[string]string{"c/index.json": oneLineIndex}, links)
		r, err := OpenRepo(repo)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.run(nil, "rev-parse", "HEAD")
		if err != nil {
			t.Fatal(err)
		}
		commit := strings.TrimSpace(string(out))
		out, err = r.run(nil, "ls-tree", "-r", "-t", "-z", "--full-tree", commit+":c")
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
		got, w, err := r.resolveLinks(commit, "c", files, dirs, false, []string{"c/x.json"}, []string{oid})
		runs = gitRuns.Load() - before
		if err != nil || len(got) != 1 || got[0].typ != "dangling" {
			t.Fatalf("c/x.json beside %d links: %+v, %v; want it dangling", n, got, err)
		}
		return len(w.targets), runs
	}
	t1, r1 := measure(10)
	t4, r4 := measure(40)
	if t1 != t4 || t4 > 4 || r4 != r1 {
		t.Errorf("targets read: %d beside 10 links elsewhere, %d beside 40; git processes %d, %d; want at most the chain's 4, as many, in as many processes", t1, t4, r1, r4)
	}
}

// TestLinkChainAcrossFoldersRuns (class d): a chain out of the tree
// through a folder a link (c/x.json to ../d0/l, d0/l to ../d1/l, … to
// nothing) costs as many git processes for 24 folders as for 6: reading
// the needed link's folder alone (TestLinkChainReadsItsFolders), it
// would cost one a folder; the second time a walk needs a target, the
// listing's unread ones are read.
func TestLinkChainAcrossFoldersRuns(t *testing.T) {
	runs := func(n int) int64 {
		links := map[string]string{"c/x.json": "../d0/l"}
		for i := range n {
			links[fmt.Sprintf("d%d/l", i)] = fmt.Sprintf("../d%d/l", i+1)
		}
		repo := commitFiles(t, map[string]string{"c/index.json": oneLineIndex}, links)
		r, err := OpenRepo(repo)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.run(nil, "rev-parse", "HEAD")
		if err != nil {
			t.Fatal(err)
		}
		commit := strings.TrimSpace(string(out))
		out, err = r.run(nil, "ls-tree", "-r", "-t", "-z", "--full-tree", commit+":c")
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
		got, _, err := r.resolveLinks(commit, "c", files, dirs, false, []string{"c/x.json"}, []string{oid})
		if err != nil || len(got) != 1 || got[0].typ != "dangling" {
			t.Fatalf("c/x.json into a chain of %d folders: %+v, %v; want it dangling", n, got, err)
		}
		return gitRuns.Load() - before
	}
	if r6, r24 := runs(6), runs(24); r24 != r6 || r24 > 5 {
		t.Errorf("git processes: %d for a chain across 24 folders, %d for one across 6; want as many, at most 5", r24, r6)
	}
}
