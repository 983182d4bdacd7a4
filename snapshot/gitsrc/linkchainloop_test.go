package gitsrc

import (
	"fmt"
	"testing"
)

// TestChainIntoLoopSaidLoop (class e): a chain of 30 links that feeds a
// loop of 20 never ends, and a folder says so ("in a loop":
// dirsrc.LoopMessage follows up to 1,024 links); a git tree's walk and
// its mirror looked for the loop only within the 40 links git follows,
// and called it "a chain of symbolic links longer than the system
// follows": two answers for one shape.
func TestChainIntoLoopSaidLoop(t *testing.T) {
	files := map[string]string{"c/index.json": oneLineIndex, "m/v3/layout.json": `{"signing": false}`}
	links := map[string]string{}
	for i := range 30 {
		links[fmt.Sprintf("c/e%d.json", i)] = fmt.Sprintf("e%d.json", i+1)
		links[fmt.Sprintf("m/f/e%d", i)] = fmt.Sprintf("e%d", i+1)
	}
	links["c/e30.json"], links["m/f/e30"] = "l0.json", "l0"
	for i := range 20 {
		links[fmt.Sprintf("c/l%d.json", i)] = fmt.Sprintf("l%d.json", (i+1)%20)
		links[fmt.Sprintf("m/f/l%d", i)] = fmt.Sprintf("l%d", (i+1)%20)
	}
	repo := commitFiles(t, files, links)
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	got := walkWarnings(t, r, "HEAD:c")
	loop := "broken symbolic link: its path leads through symbolic links in a loop"
	for _, name := range []string{"e0.json", "e29.json", "l0.json"} {
		if got["HEAD:c/"+name] != loop {
			t.Errorf("HEAD:c/%s: %q; want %q", name, got["HEAD:c/"+name], loop)
		}
	}
	m := headMirror(t, repo)
	_, merrs := m.resolveEach([]string{"f/e0", "f/l0"})
	for i, want := range []string{
		"f/e0: its path leads through symbolic links in a loop, to no file",
		"f/l0: its path leads through symbolic links in a loop, to no file",
	} {
		if got := fmt.Sprint(merrs[i]); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}
