package gitsrc

import (
	"fmt"
	"strings"
	"testing"
)

// TestMirrorLinkLoopSaid (class e): a git tree's mirror file reached
// through more links than a path's lookup follows (40, Linux's
// MAXSYMLINKS), or through a loop of them (self -> self, a -> b -> a),
// was "not a regular file (a symbolic link or a submodule in the
// tree)", where a checkout's read fails with ELOOP and the folder's
// mirror says "its path leads through symbolic links in a loop, to no
// file": said so. A chain of 40 links is read, as a checkout reads it.
func TestMirrorLinkLoopSaid(t *testing.T) {
	files := map[string]string{"m/v3/layout.json": `{"signing": false}`, "m/f/r": "read"}
	links := map[string]string{"m/f/self": "self", "m/f/a": "b", "m/f/b": "a"}
	for _, chain := range []string{"c", "d"} {
		n := 40
		if chain == "d" {
			n = 41
		}
		links[fmt.Sprintf("m/f/%s%d", chain, n-1)] = "r"
		for i := range n - 1 {
			links[fmt.Sprintf("m/f/%s%d", chain, i)] = fmt.Sprintf("%s%d", chain, i+1)
		}
	}
	m := headMirror(t, commitFiles(t, files, links))
	got, errs := m.resolveEach([]string{"f/c0", "f/d0", "f/self", "f/a"})
	if errs[0] != nil || got[0].Path != "f/r" {
		t.Errorf("f/c0, a chain of 40 links: %+v, %v; want f/r read, as a checkout reads it", got[0], errs[0])
	}
	for i, err := range errs[1:] {
		// The chain of 41 as the folder's mirror says it since.
		want := ": its path leads through symbolic links in a loop, to no file"
		if i == 0 {
			want = ": its path leads through a chain of symbolic links longer than the system follows, to no file"
		}
		if !strings.HasSuffix(fmt.Sprint(err), want) {
			t.Errorf("case %d (a chain of 41 links, a link to itself, a loop of two): %v; want it to end %q", i+1, err, want)
		}
	}
}
