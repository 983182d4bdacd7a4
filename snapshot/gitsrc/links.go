package gitsrc

import (
	"bytes"
	"slices"
	"strings"
	"sync/atomic"
)

// Following the symbolic links of a tree in its listing.
//
// git cat-file --follow-symlinks looks each name up from the commit's top
// folder, reading every folder on its way whole: its cost grows with the
// folders a link passes through, so following one link per page of a
// snapshot whose targets share a folder was quadratic (1,000 linked
// pages took 0.33 s, 4,000 took 3.7 s). resolveLinks follows them in the
// listing Walk already has (git ls-tree -r -t), reading the links'
// targets through one git cat-file --batch, and lists a folder above the
// tree (once) when links lead there. It gives git's answers, step by step
// as git's get_tree_entry_follow_symlinks takes them, but for ".", which
// git knows no more than any name and a checkout reads as the folder
// (the checkout's answer is kept, as a folder on disk would give), and
// for targets no checkout makes as git reads them: a target is
// followed up to a NUL (symlink(2), which a checkout makes links with,
// takes a C string; git reads on past it), and one longer than maxTarget
// is "toolong" (no system makes it). ".." at the top leads out of the
// repository, as does an absolute target, a file followed by "/" is
// "notdir", a missing name is "dangling" (but "gitdir" for the top's
// .git, which every checkout has; a submodule too, to git; but
// "submodule" here, what a checkout holds there, and a folder when ".."
// follows it, as on disk), and the 41st
// link followed is a "loop". git is asked about none: its lookup reads
// every folder on a name's way, so that names through one link into a
// big folder would cost the square of their number again.

// maxFollows is how many links git follows on one name before it calls
// it a loop (GET_TREE_ENTRY_FOLLOW_SYMLINKS_MAX_LINKS).
const maxFollows = 40

// maxLoopSteps bounds the links a walk that tells a loop from a chain
// follows (linkWalker.loopWalk), as dirsrc.LoopMessage's on disk: a
// chain that long is taken to be endless.
const maxLoopSteps = 1 << 10

// maxTarget is the longest link target followed: no system makes a
// longer link (PATH_MAX), so that a checkout has none there, and the
// target of one longer is not kept.
const maxTarget = 4096

// gitFollowed counts the names given to git cat-file --follow-symlinks,
// for the tests: each costs git a read of every folder on its way.
var gitFollowed atomic.Int64

// linkSteps counts the names looked up in listings (linkWalker.walk), for
// the tests: following links costs a few each.
var linkSteps atomic.Int64

// entry is an object of a listing: its kind, id and size (-1 unknown).
type entry struct {
	kind Kind
	dir  bool
	oid  string
	size int64
}

// linkWalker follows links in the listing of one folder of a commit (root,
// a path from the top; "" for the top), which holds the links' own.
type linkWalker struct {
	root string
	// top is the root the walker was made for (PATH, from the top),
	// which list does not change; left is set by a walk that looked up
	// a name out of it (not on the way to it), or out of the repository:
	// what the link leads to can change at a commit that changes no
	// file of PATH (link.out).
	top     string
	left    bool
	entries map[string]entry  // by path from the top
	targets map[string]string // a link's blob id → its target
	// long are links' blob ids whose targets are longer than
	// maxTarget: no system makes them (targets holds their first KiB).
	long  map[string]bool
	steps int // the names looked up, for the tests
	// way is the names looked up in the listing by the last walk, from
	// the top, in order: the way a link took, through the links of a
	// chain, to a name the listing may not have.
	way []string
	// names holds each name looked up once, for the walks to share;
	// buf is where a walk builds the next.
	names map[string]string
	buf   []byte
	// seen, when not nil, holds the links a walk met, each with the
	// names it had left to look up (loopWalk).
	seen map[string]bool
	// needIn is the folder of the link whose target the last walk
	// needed (walkNeedTarget); linksIn the blob ids of the listing's
	// links by folder, made when a walk first needs one (unreadTargets).
	needIn  string
	linksIn map[string][]string
}

func newLinkWalker(root string, files []File, dirs []string) *linkWalker {
	w := &linkWalker{top: root, targets: map[string]string{}, long: map[string]bool{}, names: map[string]string{}}
	w.list(root, files, dirs)
	return w
}

// list has w follow links in the listing of root (files and dirs, with
// paths from root).
func (w *linkWalker) list(root string, files []File, dirs []string) {
	w.root = root
	w.linksIn = nil
	w.entries = make(map[string]entry, len(files)+len(dirs)+1)
	if root != "" {
		// The folder itself, which its listing leaves out: a link
		// may climb out and come back through it by its name.
		w.entries[root] = entry{dir: true}
	}
	for _, f := range files {
		w.entries[joinTop(root, f.Path)] = entry{kind: f.Kind, oid: f.OID, size: f.Size}
	}
	for _, d := range dirs {
		w.entries[joinTop(root, d)] = entry{dir: true}
	}
}

func joinTop(dir, name string) string {
	if dir == "" {
		return name
	}
	return dir + "/" + name
}

// parentDir is the folder that holds p ("" for the top).
func parentDir(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}

// within reports whether p is root or under it.
func within(p, root string) bool {
	return root == "" || p == root || above(root, p)
}

// above reports whether p is a folder that holds q, without the copy of
// p+"/" (a walk's names are as long as its depth, each step's).
func above(p, q string) bool {
	return len(q) > len(p) && q[len(p)] == '/' && strings.HasPrefix(q, p)
}

// walkState is what a walk needs to go on: nothing (done), a link's
// target (need), or a listing of a folder above the root (widen).
type walkState int

const (
	walkDone walkState = iota
	walkNeedTarget
	walkWiden
)

// walk follows the link at p (a path from the top, in the listing) as
// git does. With walkNeedTarget, more is the blob id of a link whose
// target is to be read; with walkWiden, the folder (above the root) to
// list.
func (w *linkWalker) walk(p string) (l link, state walkState, more string) {
	cur := parentDir(p)
	w.left = false
	// names is the name left to look up, as a stack of parts, the next
	// on top, each followed by "/" and the one below: a link's target is
	// pushed, not joined to the rest, which would copy the name, grown
	// by a target of up to maxTarget bytes a link, once a link followed.
	names := append(make([]string, 0, 8), strings.TrimPrefix(p[len(cur):], "/"))
	follows := maxFollows
	if w.seen != nil {
		follows = maxLoopSteps
	}
	w.way = w.way[:0]
	for {
		top := len(names) - 1
		name := strings.TrimLeft(names[top], "/")
		if name == "" && top > 0 {
			names = names[:top]
			continue
		}
		first, rest, hasRest := strings.Cut(name, "/")
		hasRest = hasRest || top > 0
		names[top] = rest
		if first == ".." {
			if cur == "" {
				w.left = true
				return link{typ: "symlink"}, walkDone, ""
			}
			cur = parentDir(cur)
			continue
		}
		if first == "." {
			// Where git's lookup says "dangling": "." names the
			// folder on disk, in the checkout the site is built
			// from, whose answer is the one kept.
			continue
		}
		if name == "" {
			return link{typ: "tree", dir: cur}, walkDone, ""
		}
		w.steps++
		// Each name once for all walks (names): built in buf, found
		// there without a copy. Joined anew, each step's name would
		// cost its length, the depth: links through a deep folder
		// would allocate their number times the square of its depth.
		w.buf = append(w.buf[:0], cur...)
		if cur != "" {
			w.buf = append(w.buf, '/')
		}
		w.buf = append(w.buf, first...)
		full, seen := w.names[string(w.buf)]
		if !seen {
			full = string(w.buf)
			w.names[full] = full
		}
		if !within(full, w.top) && !above(full, w.top) {
			w.left = true
		}
		e, ok := w.entries[full]
		if !ok {
			if !within(full, w.root) {
				if above(full, w.root) {
					e, ok = entry{dir: true}, true // a folder on the way to the root
				} else {
					return link{}, walkWiden, cur
				}
			}
		}
		// A missing name too, and of a descent the last alone, which
		// holds the folders above it (clashTargets walks up them):
		// each folder's path kept would be the square of the depth in
		// bytes a link.
		if n := len(w.way); n > 0 && w.way[n-1] == cur {
			w.way[n-1] = full
		} else {
			w.way = append(w.way, full)
		}
		switch {
		case !ok && cur == "" && first == ".git":
			// The repository's own folder, which every checkout has
			// and no tree holds: where git's lookup says "dangling", a
			// checkout, and the site built from it, reads what is
			// there (_cache/develop/bc/g to ../../../.git was "broken",
			// a warning, while the checked-out folder refused the
			// files below bc/g).
			l := link{typ: "gitdir"}
			if !slices.ContainsFunc(names, named) {
				l.dir = full // .git itself, a folder to a checkout
			}
			return l, walkDone, ""
		case !ok:
			return link{typ: "dangling"}, walkDone, ""
		case e.kind == Submodule && upNext(names):
			// "sub/..": the folder that holds it, as on disk, where a
			// checkout makes a folder of every submodule (an empty one
			// when it is not checked out), though git's lookup says
			// "dangling".
			cur = full
		case e.kind == Submodule:
			// Where git's lookup says "dangling": a checkout holds the
			// submodule's files there, which are another repository's.
			l := link{typ: "submodule"}
			if !slices.ContainsFunc(names, named) {
				l.dir = full // the submodule itself, a folder to a checkout
			}
			return l, walkDone, ""
		case e.dir:
			if !hasRest {
				return link{typ: "tree", dir: full}, walkDone, ""
			}
			cur = full
		case e.kind == Regular:
			if hasRest {
				return link{typ: "notdir"}, walkDone, ""
			}
			return link{typ: "blob", oid: e.oid, size: e.size, path: full}, walkDone, ""
		default: // a link
			if w.seen != nil {
				key := full + "\x00" + strings.Join(names, "\x00")
				if w.seen[key] {
					return link{typ: "loop"}, walkDone, ""
				}
				w.seen[key] = true
			}
			if follows == 0 {
				return link{typ: "loop"}, walkDone, ""
			}
			follows--
			if w.long[e.oid] {
				return link{typ: "toolong"}, walkDone, ""
			}
			target, ok := w.targets[e.oid]
			if !ok {
				w.needIn = cur
				return link{}, walkNeedTarget, e.oid
			}
			if strings.HasPrefix(target, "/") {
				w.left = true
				return link{typ: "symlink"}, walkDone, ""
			}
			if hasRest {
				names = append(names, target)
			} else {
				names[top] = target
			}
		}
	}
}

// loopWalk is the walk of p, which met more links than git follows
// ("loop" to git and to a checkout, whose read fails with ELOOP),
// remembering each link met with the names left to look up: it is a
// "loop" when it meets one twice, or more than maxLoopSteps links, and
// else a chain longer than maxFollows that ends, as dirsrc.LoopMessage
// tells them apart on disk. Looking only within git's 40 links, a chain
// of 30 that feeds a loop of 20 was called a chain, where a folder calls
// it a loop. Past those 40 it may need targets not read yet
// (walkNeedTarget) or a wider listing (walkWiden), as walk does.
func (w *linkWalker) loopWalk(p string) (link, walkState, string) {
	w.seen = map[string]bool{}
	defer func() { w.seen = nil }()
	l, state, more := w.walk(p)
	if state == walkDone && l.typ != "loop" {
		l = link{typ: "chain"}
	}
	return l, state, more
}

// unreadTargets is the blob ids of the links listed in the folders in
// (as walk's needIn names them; every folder when in is nil) whose
// targets are not read yet: where a walk needs one, those of its folder
// are read with it, so that a chain of up to maxLoopSteps links in a
// folder costs a git process, not one a link. Not the whole listing's
// at first: a folder above the tree may be the repository's top, whose
// links elsewhere (4,000 of 4 KB beside a chain of 3) were read and
// kept, 36.9 MB, for a walk that reaches none. The second time walks
// need targets (a chain that crosses folders), the whole listing's are
// read, as a folder a round would cost a git process a folder.
func (w *linkWalker) unreadTargets(in map[string]bool) []string {
	if w.linksIn == nil {
		w.linksIn = map[string][]string{}
		for p, e := range w.entries {
			if e.dir || e.kind == Regular || e.kind == Submodule {
				continue
			}
			d := parentDir(p)
			w.linksIn[d] = append(w.linksIn[d], e.oid)
		}
	}
	var oids []string
	for d, ids := range w.linksIn {
		if in != nil && !in[d] {
			continue
		}
		for _, oid := range ids {
			if _, ok := w.targets[oid]; !ok && !w.long[oid] {
				oids = append(oids, oid)
			}
		}
	}
	return oids
}

// named reports whether the name left to look up, n, names anything but
// the folder it starts from: a part other than "" and "." ("..", and
// "...", a file's name).
func named(n string) bool {
	for part := range strings.SplitSeq(n, "/") {
		if part != "" && part != "." {
			return true
		}
	}
	return false
}

// upNext reports whether the next part of the name left to look up
// (names, a stack: the next part on top), past "" and "." parts, is "..".
func upNext(names []string) bool {
	for i := len(names) - 1; i >= 0; i-- {
		for part := range strings.SplitSeq(names[i], "/") {
			if part != "" && part != "." {
				return part == ".."
			}
		}
	}
	return false
}

// resolveLinks follows the links at paths (from the top of the
// repository; oids their blobs) of the tree listed as files and dirs
// (paths from its folder, top), as follow does, but in the listing: git
// is asked only the targets of the links, through one git cat-file
// --batch a round (with a target needed, those of the other links in its
// folder: unreadTargets), a listing of the folder
// above the tree where links lead (git ls-tree, with sizes when sizes is
// set).
func (r *Repo) resolveLinks(commit, top string, files []File, dirs []string, sizes bool, paths, oids []string) ([]link, *linkWalker, error) {
	w := newLinkWalker(top, files, dirs)
	links := make([]link, len(paths))
	pending := make([]int, len(paths))
	for i := range pending {
		pending[i] = i
	}
	// The links' own targets, for the messages, are read with the first
	// round.
	need := map[string]bool{}
	for _, oid := range oids {
		need[oid] = true
	}
	// Of paths, those walked again to tell a loop from a chain.
	looping := map[int]bool{}
	needed := 0 // the rounds in which walks needed targets
	for {
		if len(need) > 0 {
			var batch []string
			for oid := range need {
				batch = append(batch, oid)
			}
			long := func(i int, _ int64, head []byte) {
				w.long[batch[i]] = true
				w.targets[batch[i]] = string(head)
			}
			err := r.readBlobsOver(batch, maxTarget, long, nil, func(int) []byte { return nil }, func(i int, data []byte) error {
				if j := bytes.IndexByte(data, 0); j >= 0 {
					data = data[:j] // as a checkout writes it
				}
				w.targets[batch[i]] = string(data)
				return nil
			})
			if err != nil {
				return nil, nil, err
			}
			clear(need)
		}
		if len(pending) == 0 {
			break
		}
		widen, wide := "", false
		// The folders of the links whose targets walks need: their
		// folders' unread ones are read with them.
		reached := map[string]bool{}
		var next []int
		for _, i := range pending {
			var l link
			var state walkState
			var more string
			if looping[i] {
				l, state, more = w.loopWalk(paths[i])
			} else {
				l, state, more = w.walk(paths[i])
			}
			switch {
			case state == walkDone && looping[i]:
				links[i].typ = l.typ // "loop" or "chain"
			case state == walkDone:
				l.out = w.left
				links[i] = l
				links[i].way = append([]string(nil), w.way...)
				if l.typ == "loop" {
					// Told from a chain by a walk of its own, next
					// round (loopWalk).
					looping[i] = true
					next = append(next, i)
				}
			case state == walkNeedTarget:
				need[more] = true
				reached[w.needIn] = true
				next = append(next, i)
			case state == walkWiden:
				if !wide {
					widen, wide = more, true
				} else {
					widen = commonDir(widen, more)
				}
				next = append(next, i)
			}
		}
		// The other links of those folders too, once a round: a chain
		// out of the tree (x.json to ../d/l0, l0 to l1, …) was read a
		// round, and a git process, a link.
		if len(reached) > 0 {
			needed++
			if needed > 1 {
				reached = nil // a chain across folders: every one's
			}
			for _, oid := range w.unreadTargets(reached) {
				need[oid] = true
			}
		}
		if wide {
			args := []string{"ls-tree", "-r", "-t", "-z"}
			if sizes {
				args = append(args, "-l")
			}
			args = append(args, "--full-tree", commit+":"+widen)
			out, err := r.run(nil, args...)
			if err != nil {
				return nil, nil, err
			}
			f, d, err := parseLsTree(out)
			if err != nil {
				return nil, nil, err
			}
			w.list(widen, f, d)
		}
		pending = next
	}
	linkSteps.Add(int64(w.steps))
	// Whole (at most maxTarget bytes, or the head of a longer one), as
	// a folder's readlink gives it to its messages (linkword.Shown): cut
	// to 1 KB here, a target of 4,000 bytes was named by its first 1,024
	// and the cut's mark of those, where the checkout named 2 KB of it.
	for i, oid := range oids {
		links[i].target = w.targets[oid]
	}
	return links, w, nil
}

// commonDir is the deepest folder that holds a and b (paths from the top).
func commonDir(a, b string) string {
	for !within(b, a) {
		a = parentDir(a)
	}
	return a
}
