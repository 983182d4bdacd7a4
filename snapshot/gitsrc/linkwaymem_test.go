package gitsrc

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// TestLinkWayMemory: the names a link's walk takes (link.way, for
// clashTargets) keep of a descent through nested folders its last name
// alone, each name once for all links. They kept each folder's path, a
// link: a hundred links through a thousand nested folders took 1.2 GB and
// 7.6 s (71 MB and 0.8 s before link.way), the square of the depth in
// bytes a link. The bytes the ways hold stay within 4x the links'
// targets.
func TestLinkWayMemory(t *testing.T) {
	const depth, links = 300, 20
	deep := strings.Repeat("a/", depth)
	files, targets := map[string]string{"snap/x.md": "x\n", "deep/" + deep + "i.json": "{}\n"}, map[string]string{}
	targetBytes := 0
	for i := range links {
		target := fmt.Sprintf("../deep/%si%d.json", deep, i)
		targets[fmt.Sprintf("snap/l%d.json", i)] = target
		targetBytes += len(target)
	}
	r, err := OpenRepo(commitFiles(t, files, targets))
	if err != nil {
		t.Fatal(err)
	}
	tr := mustSource(t, r, "HEAD:snap").tree
	list, err := tr.Files()
	if err != nil {
		t.Fatal(err)
	}
	var paths, oids []string
	for _, f := range list {
		if f.Kind == Symlink {
			paths, oids = append(paths, joinTop("snap", f.Path)), append(oids, f.OID)
		}
	}
	followed, _, err := r.resolveLinks(tr.Commit, "snap", list, tr.dirs, false, paths, oids)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[*byte]bool{}
	held := 0
	for _, l := range followed {
		for _, p := range l.way {
			if d := unsafe.StringData(p); !seen[d] {
				seen[d] = true
				held += len(p)
			}
		}
	}
	if len(followed) != links || held > 4*targetBytes {
		t.Errorf("%d links followed, their ways hold %d bytes; want %d, within 4x their targets' %d bytes", len(followed), held, links, targetBytes)
	}
}
