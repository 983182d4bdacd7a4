package gitsrc

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestLinkWalkSharedBuffer: a walker's walks share one buffer, in which
// each looked-up name is built, and the names kept (linkWalker.buf and
// names, 0fe179fc): a name kept without its copy would change under a
// later walk. Over random trees (names that are prefixes of others, snap
// and snapshot, a and a.md; targets through "..", ".", empty parts, a
// trailing or a leading "/"; chains and loops; roots that widen to the
// top), the links walked by one walker in a random order, widening and
// resuming as resolveLinks does, get the answers, ways and outs that a
// walker of their own gives each. Held over 13,000 walks (pass169b).
func TestLinkWalkSharedBuffer(t *testing.T) {
	rng := rand.New(rand.NewSource(169))
	comps := []string{"snap", "snapshot", "a", "a.md", "b", "bc"}
	tcomps := append([]string{"..", ".", "", "zz"}, comps...)
	walks := 0
	for range 5000 {
		kinds := map[string]int{} // 0 a folder, 1 a file, 2 a link
		var order []string
		var add func(p string, k int) bool
		add = func(p string, k int) bool {
			if d := parentDir(p); d != "" {
				if kd, ok := kinds[d]; ok && kd != 0 || !ok && !add(d, 0) {
					return false
				}
			}
			if kd, ok := kinds[p]; ok {
				return kd == k
			}
			kinds[p] = k
			order = append(order, p)
			return true
		}
		add("snap", 0)
		for range 3 + rng.Intn(12) {
			parts := make([]string, 1+rng.Intn(4))
			for j := range parts {
				parts[j] = comps[rng.Intn(len(comps))]
			}
			add(strings.Join(parts, "/"), rng.Intn(3))
		}
		var files []File
		var dirs, links []string
		targets, oids := map[string]string{}, map[string]string{}
		for i, p := range order {
			switch kinds[p] {
			case 0:
				dirs = append(dirs, p)
			case 1:
				files = append(files, File{Path: p, Kind: Regular, OID: "F" + p})
			case 2:
				oid := fmt.Sprintf("L%d", i)
				files = append(files, File{Path: p, Kind: Symlink, OID: oid})
				parts := make([]string, 1+rng.Intn(4))
				for j := range parts {
					parts[j] = tcomps[rng.Intn(len(tcomps))]
				}
				target := strings.Join(parts, "/")
				switch rng.Intn(8) {
				case 0:
					target += "/"
				case 1:
					target = "/" + target
				}
				targets[oid], oids[p] = target, oid
				links = append(links, p)
			}
		}
		listing := func(dir string) ([]File, []string) {
			var fs []File
			var ds []string
			for _, f := range files {
				if within(f.Path, dir) && f.Path != dir {
					f.Path = strings.TrimPrefix(f.Path[len(dir):], "/")
					fs = append(fs, f)
				}
			}
			for _, d := range dirs {
				if within(d, dir) && d != dir {
					ds = append(ds, strings.TrimPrefix(d[len(dir):], "/"))
				}
			}
			return fs, ds
		}
		// resolve walks paths with one walker, as resolveLinks does.
		resolve := func(root string, paths []string) []link {
			fs, ds := listing(root)
			w := newLinkWalker(root, fs, ds)
			got := make([]link, len(paths))
			pending := make([]int, len(paths))
			for i := range pending {
				pending[i] = i
			}
			for len(pending) > 0 {
				var next []int
				widen, wide := "", false
				for _, i := range pending {
					l, state, more := w.walk(paths[i])
					switch state {
					case walkDone:
						l.out, l.way = w.left, append([]string(nil), w.way...)
						got[i] = l
						continue
					case walkNeedTarget:
						w.targets[more] = targets[more]
					case walkWiden:
						if !wide {
							widen, wide = more, true
						} else {
							widen = commonDir(widen, more)
						}
					}
					next = append(next, i)
				}
				if wide {
					fs, ds := listing(widen)
					w.list(widen, fs, ds)
				}
				pending = next
			}
			return got
		}
		for _, root := range []string{"", "snap", "snap/a"} {
			if kinds[root] != 0 {
				continue
			}
			var mine []string
			for _, p := range links {
				if within(p, root) {
					mine = append(mine, p)
				}
			}
			rng.Shuffle(len(mine), func(i, j int) { mine[i], mine[j] = mine[j], mine[i] })
			shared := resolve(root, mine)
			for i, p := range mine {
				walks++
				if own := resolve(root, []string{p})[0]; !reflect.DeepEqual(shared[i], own) {
					t.Fatalf("root %q, %s (to %q), walked after others: %+v; walked alone: %+v", root, p, targets[oids[p]], shared[i], own)
				}
			}
		}
	}
	if walks < 10000 {
		t.Fatalf("%d walks; want at least 10,000", walks)
	}
	t.Logf("%d walks", walks)
}
