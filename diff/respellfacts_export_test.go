package diff

import (
	"fmt"
	"slices"

	"github.com/cachediff/cachediff/snapshot"
)

// RespellFacts checks, both ways round, the three facts of respell's
// respelling that alikeOtherWay's oldNamed rests on (it spares a
// spelling of byRoot whole): each root of stack takes a spelling other
// than its old one; a spelling of whole is one the new side writes for
// no root; kept counts, for each old spelling of part, every new root
// written so. It returns each fact broken, sorted, and how many roots
// of part, stack and spellings of whole it read.
func RespellFacts(before, after *snapshot.Snapshot) (broken []string, part, stack, whole int) {
	_, _, roots := graphsOf(before, after)
	for way, r := range [2]*respelling{respell(roots[0], roots[1]), respell(roots[1], roots[0])} {
		n := roots[1-way]
		for k, y := range r.stack {
			stack++
			if y == k.root {
				broken = append(broken, fmt.Sprintf("way %d: stack's root %s/%s keeps its spelling", way, k.root, k.hash))
			}
		}
		for x := range r.whole {
			whole++
			if len(n[x]) > 0 {
				broken = append(broken, fmt.Sprintf("way %d: %s is respelt whole, and the new side writes it for %d roots", way, x, len(n[x])))
			}
		}
		for k := range r.part {
			part++
			if r.kept[k.root] != len(n[k.root]) {
				broken = append(broken, fmt.Sprintf("way %d: part's %s/%s: kept %d, the new side writes it for %d roots", way, k.root, k.hash, r.kept[k.root], len(n[k.root])))
			}
		}
	}
	slices.Sort(broken)
	return slices.Compact(broken), part, stack, whole
}
