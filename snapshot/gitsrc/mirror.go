package gitsrc

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/linkword"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// mirrorStore is a Spack mirror in a tree at a revision: a mirror.Store
// that reads its files from the object store.
type mirrorStore struct {
	tree  *Tree
	files map[string]File // by path in the tree
	paths []string        // sorted

	mu      sync.Mutex
	targets map[string]string // of the links read, by blob id (resolveAll)
}

// Open returns the snapshot source of the resolved REV:PATH: s itself, or
// the Spack mirror (mirror.Source, read as o says) that its tree is the
// root of. An error is a *snapshot.Error naming REV:PATH.
func (s *Source) Open(o mirror.Options) (snapshot.Source, error) {
	ms, ok, err := s.asMirror()
	if se := (*snapshot.Error)(nil); errors.As(err, &se) {
		return nil, se
	}
	if err != nil {
		return nil, &snapshot.Error{File: s.Path(), Msg: err.Error()}
	}
	if !ok {
		return s, nil
	}
	m, err := mirror.Open(ms, o)
	if err != nil {
		return nil, &snapshot.Error{File: s.Path(), Msg: err.Error()}
	}
	return m, nil
}

// asMirror returns the tree as a mirror store when it is the root of a
// Spack mirror: layout v3 (it holds v3/layout.json or an index manifest)
// or layout v2 (build_cache/index.json), as mirror.DirLayout tells a
// folder's.
func (s *Source) asMirror() (*mirrorStore, bool, error) {
	t := s.tree
	if !t.IsTree {
		return nil, false, nil
	}
	files, err := t.Files()
	if err != nil {
		return nil, false, err
	}
	m := &mirrorStore{tree: t, files: make(map[string]File, len(files))}
	for _, f := range files {
		m.files[f.Path] = f
		m.paths = append(m.paths, f.Path)
	}
	layout := mirrorLayout(files)
	if layout == "" {
		return nil, false, nil
	}
	var top []string // the paths a folder on disk is looked at by
	for _, p := range m.paths {
		if dir, base := path.Split(p); !strings.HasPrefix(p, ".") && !strings.Contains(strings.TrimSuffix(dir, "/"), "/") && (dir == "" || base == "specs.md" || base == "spack.lock") {
			top = append(top, p)
		}
	}
	if rel := mirror.NotMirrorContent(top); rel != "" {
		return nil, false, errors.New(mirror.MixedMessage(layout, rel))
	}
	if e := t.clashError(); e != nil {
		return nil, false, e
	}
	if e := t.clashBelow(files, t.dirs, true); e != nil {
		return nil, false, e
	}
	if e := t.rewrittenMirror(files); e != nil {
		return nil, false, e
	}
	slices.Sort(m.paths)
	return m, true, nil
}

// mirrorLayout is the layout of the mirror whose root is a tree of these
// files, as mirror.DirLayout tells a folder's: mirror.LayoutV3 when it
// holds v3/layout.json or an index manifest, mirror.LayoutV2 when it
// holds build_cache/index.json, "" when it is no mirror's root.
func mirrorLayout(files []File) string {
	layout := ""
	for _, f := range files {
		switch f.Path {
		case "v3/layout.json", "v3/manifests/index/index.manifest.json":
			return mirror.LayoutV3
		case "build_cache/index.json":
			layout = mirror.LayoutV2
		}
	}
	return layout
}

// Name is REV:PATH.
func (m *mirrorStore) Name() string { return m.tree.Spec }

// Get reads the blob at rel.
func (m *mirrorStore) Get(rel string, limit int64) ([]byte, error) {
	out, err := m.GetMany([]string{rel}, limit)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// GetMany reads the blobs at rels through one git cat-file process,
// refusing one over limit bytes by its size, before it is read. A blob
// over the limit stops the batch: the sizes of the blobs after it are
// asked in one process more, and those within the limit read in one
// more, each one over it refused in the BatchError returned with the
// others (three processes, where a batch started again past each
// cost one per blob over the limit).
func (m *mirrorStore) GetMany(rels []string, limit int64) ([][]byte, error) {
	files, err := m.resolveAll(rels)
	if err != nil {
		return nil, err
	}
	oids := make([]string, len(rels))
	for i, f := range files {
		oids[i] = f.OID
	}
	out := make([][]byte, len(rels))
	var errs []error
	// A blob over the limit is told as a folder's file is (mirror.Dir):
	// for a blob, the limit is the length its manifest gives.
	tooBig := func(i int, size int64) {
		if errs == nil {
			errs = make([]error, len(rels))
		}
		errs[i] = fmt.Errorf("%s: %d bytes, %w of %d", shownRel(rels[i]), size, mirror.ErrTooBig, limit)
	}
	todo := make([]int, len(rels)) // the blobs to read, by index in rels
	for i := range todo {
		todo[i] = i
	}
	for len(todo) > 0 {
		batch := make([]string, len(todo))
		for j, i := range todo {
			batch[j] = oids[i]
		}
		next := 0 // of batch: the blob git is at
		err := m.tree.repo.ReadBlobsAtMost(batch, limit, func(j int, data []byte) error {
			out[todo[j]] = data
			next = j + 1
			return nil
		})
		tb := (*TooBigError)(nil)
		if !errors.As(err, &tb) {
			if err != nil && next < len(todo) {
				// Named by the file git stopped at: a blob a partial
				// clone lacks was "git stopped early", of no file.
				return nil, fmt.Errorf("%s: %w", shownRel(rels[todo[next]]), err)
			}
			if err != nil {
				return nil, err
			}
			break
		}
		tooBig(todo[tb.I], tb.Size)
		todo = todo[tb.I+1:]
		sizes, err := m.tree.repo.blobSizes(batch[tb.I+1:])
		if err != nil {
			continue // read on, as before: git tells of a blob over the limit
		}
		var keep []int
		for j, i := range todo {
			if sizes[j] > limit {
				tooBig(i, sizes[j])
			} else {
				keep = append(keep, i)
			}
		}
		todo = keep
	}
	if errs != nil {
		return out, &mirror.BatchError{Errs: errs}
	}
	return out, nil
}

// resolve is the file rel names, through the symbolic links committed
// in the tree to a file of the mirror, as a mirror's folder on disk
// follows its links inside it (mirror.Dir): a mirror whose
// build_cache/index.json links to a file beside it was refused from
// REV:PATH ("not a regular file") where its checkout read. A link out
// of the mirror, broken, or to a folder or a submodule is an error, as
// on disk.
func (m *mirrorStore) resolve(rel string) (File, error) {
	files, err := m.resolveAll([]string{rel})
	if err != nil {
		return File{}, err
	}
	return files[0], nil
}

// resolveAll is resolve of each of rels, the error of the first that
// fails. The targets of the links on the way are read a step at a time
// for all of rels, each step in one git process (readTargets): one a
// link, 40 spec blobs committed as links were 40 git processes.
func (m *mirrorStore) resolveAll(rels []string) ([]File, error) {
	out, errs := m.resolveEach(rels)
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Resolves reports, of each of rels, whether Get reads it: a regular
// file of the tree, or a link that leads to one inside the mirror
// (mirror's views hint: a view whose index.manifest.json is a link out
// of the mirror was named among its views, and --view then refused it).
// Only the links' targets are read, a step at a time for all of rels.
func (m *mirrorStore) Resolves(rels []string) []bool {
	_, errs := m.resolveEach(rels)
	ok := make([]bool, len(rels))
	for i, err := range errs {
		ok[i] = err == nil
	}
	return ok
}

// resolveEach is resolve of each of rels, with each one's error.
func (m *mirrorStore) resolveEach(rels []string) ([]File, []error) {
	out := make([]File, len(rels))
	errs := make([]error, len(rels))
	cur := slices.Clone(rels)
	todo := make([]int, len(rels)) // of rels, the ones at a link
	for i := range todo {
		todo[i] = i
	}
	// Of each at a link, the link, and the path below it where the link
	// is a folder on the way.
	linkAt, rest := make([]string, len(rels)), make([]string, len(rels))
	written := make([]string, len(rels)) // of each, the last link's target
	last := make([]string, len(rels))    // and that link
	// Of each, the paths its links led to: one met again is a loop.
	seen := make([]map[string]bool, len(rels))
	past := make([]bool, len(rels)) // of each, past git's 40 links
	for hops := 0; len(todo) > 0; hops++ {
		var links []int
		for _, i := range todo {
			at := cur[i]
			f, ok := m.files[at]
			rest[i] = ""
			if !ok {
				// A folder on the way committed as a link (a view's
				// folder, blobs/) is followed, as a folder's mirror
				// follows it: v3/manifests/index/linkin -> gpu was "no
				// view" from REV:PATH, read from its checkout.
				if above, below, found := m.fileAbove(at); found && m.files[above].Kind == Symlink {
					at, rest[i], f, ok = above, below, m.files[above], true
				}
			}
			linkAt[i] = at
			switch {
			case past[i] && ok && f.Kind == Symlink && (seen[i][at+"\x00"+rest[i]] || hops == maxLoopSteps):
				// A link met again with the same path left below it,
				// or more links than a folder's mirror follows to tell
				// a loop (dirsrc.LoopMessage).
				errs[i] = fmt.Errorf("%s: its path leads through symbolic links in a loop, to no file", shownRel(rels[i]))
			case past[i] && (!ok || f.Kind != Symlink):
				// Past git's 40 links, where a checkout's read fails
				// with ELOOP, the chain's end is no answer.
				errs[i] = chainError(rels[i])
			case !ok && cur[i] == rels[i]:
				errs[i] = fmt.Errorf("%s: %w", shownRel(rels[i]), mirror.ErrNotFound)
			case !ok && m.isFolder(cur[i]):
				// A checkout finds a folder there: said so, with the
				// link's own target. A link to .. was "a symbolic link
				// to ., which the mirror does not hold as a file".
				at := "the mirror's top"
				if cur[i] != "." {
					at = shownRel(cur[i]) + " of the mirror"
				}
				errs[i] = fmt.Errorf("%s: a symbolic link (to %s), which leads to a folder (%s), not a file", shownRel(rels[i]), linkTarget(written[i]), at)
			case !ok:
				// In the words of a folder's mirror (mirror.Dir): "a
				// symbolic link to build_cache/gone, which the mirror
				// does not hold as a file" named a path, not the link's
				// target, nor which link of a chain was broken. The
				// target in ASCII (linkword): raw, zlіb (its і
				// Cyrillic) read as zlib, and a newline in it put a line
				// of its own in the message.
				if last[i] == rels[i] {
					errs[i] = fmt.Errorf("%s: a broken symbolic link (to %s), which leads to no file", shownRel(rels[i]), linkTarget(written[i]))
				} else {
					errs[i] = fmt.Errorf("%s: its path leads through %s, a broken symbolic link (to %s), which leads to no file", shownRel(rels[i]), shownRel(last[i]), linkTarget(written[i]))
				}
			case f.Kind == Regular:
				out[i] = f
			case f.Kind == Symlink && seen[i][at+"\x00"+rest[i]]:
				// A link met again with the same path left below it.
				errs[i] = fmt.Errorf("%s: its path leads through symbolic links in a loop, to no file", shownRel(rels[i]))
			case f.Kind == Symlink && hops == maxFollows:
				// Past the 40 links a path's lookup follows (Linux's
				// MAXSYMLINKS), a checkout's read fails with ELOOP:
				// said as the folder's mirror says it (dirsrc.
				// LoopMessage), a loop told from a chain by following
				// on up to maxLoopSteps links, as it does. It was "not
				// a regular file (a symbolic link or a submodule in the
				// tree)", where the file was neither, then "in a loop"
				// of any chain; and looking only within the 40 links,
				// a chain of 30 that feeds a loop of 20 was a chain.
				past[i] = true
				seen[i][at+"\x00"+rest[i]] = true
				links = append(links, i)
			case f.Kind != Symlink:
				// A submodule: said so, as REV:PATH says it, where
				// "(a symbolic link or a submodule in the tree)" left
				// the reader to guess what the tree says.
				errs[i] = fmt.Errorf("%s: not a regular file: a submodule (commit %s of another repository), whose files are not in this repository's objects", shownRel(rels[i]), short(f.OID))
			default:
				if seen[i] == nil {
					seen[i] = map[string]bool{}
				}
				seen[i][at+"\x00"+rest[i]] = true
				links = append(links, i)
			}
		}
		oids := make([]string, len(links))
		for k, i := range links {
			oids[k] = m.files[linkAt[i]].OID
		}
		if hops == 1 && len(links) > 0 {
			// A link to a link: a chain is read a step at a time, so
			// the tree's other links are read now, in one process (a
			// chain of 39 links took 40).
			m.readAllTargets()
		}
		targets, terrs := m.readTargets(oids)
		todo = todo[:0]
		for k, i := range links {
			if terrs[k] != nil {
				errs[i] = fmt.Errorf("%s: %w", shownRel(rels[i]), terrs[k])
				continue
			}
			target := targets[k]
			next := path.Join(path.Dir(linkAt[i]), target, rest[i])
			if past[i] && (path.IsAbs(target) || next == ".." || strings.HasPrefix(next, "../")) {
				errs[i] = chainError(rels[i])
				continue
			}
			if path.IsAbs(target) || next == ".." || strings.HasPrefix(next, "../") {
				// In ASCII (linkword): as Go quotes (%q), a Cyrillic і
				// stayed as it is, read as i, and a target of 4 KB was up to
				// 16 KB.
				errs[i] = fmt.Errorf("%s: a symbolic link out of the mirror (to %s): not followed, as it would stand in for the mirror's own file", shownRel(rels[i]), linkTarget(target))
				continue
			}
			cur[i], written[i], last[i] = next, target, linkAt[i]
			todo = append(todo, i)
		}
	}
	return out, errs
}

// chainError is the error of rel, whose path leads through more links
// than a checkout follows, none met twice: a folder's mirror's words
// (dirsrc.LoopMessage).
func chainError(rel string) error {
	return fmt.Errorf("%s: its path leads through a chain of symbolic links longer than the system follows, to no file", shownRel(rel))
}

// readTargets is the targets of the links whose blobs are oids (at most
// 4 KB each), those not read before read in one git process and kept,
// errs holding the error of each that fails: a target over 4 KB (a
// *TooBigError) or a blob the repository lacks, as each read alone
// says it. A target over 4 KB stopped the process, and each link not
// read was asked alone: 40 links, the first one's target 5,000 bytes
// (committed so by git update-index), took 41 git processes. Where the
// process fails otherwise, each not read is asked alone.
func (m *mirrorStore) readTargets(oids []string) (targets []string, errs []error) {
	targets, errs = make([]string, len(oids)), make([]error, len(oids))
	known := make([]bool, len(oids))
	m.mu.Lock()
	defer m.mu.Unlock()
	var ask []string
	var at []int // of oids, by ask
	for k, oid := range oids {
		targets[k], known[k] = m.targets[oid]
		if !known[k] {
			ask, at = append(ask, oid), append(at, k)
		}
	}
	if len(ask) == 0 {
		return targets, errs
	}
	if m.targets == nil {
		m.targets = map[string]string{}
	}
	keep := func(k int, data []byte) {
		data = cutAtNUL(data)
		targets[k], known[k] = string(data), true
		m.targets[oids[k]] = string(data)
	}
	const most = 4096
	over := func(j int, size int64, _ []byte) {
		errs[at[j]] = &TooBigError{Size: size, Limit: most}
	}
	lost := func(j int, err error) { errs[at[j]] = err }
	if err := m.tree.repo.readBlobsOver(ask, most, over, lost, func(int) []byte { return nil }, func(j int, data []byte) error {
		keep(at[j], data)
		return nil
	}); err == nil {
		return targets, errs
	}
	for _, k := range at {
		if known[k] || errs[k] != nil {
			continue
		}
		if t, ok := m.targets[oids[k]]; ok { // the same link twice
			targets[k], known[k] = t, true
			continue
		}
		errs[k] = m.tree.repo.ReadBlobsAtMost([]string{oids[k]}, most, func(_ int, data []byte) error {
			keep(k, data)
			return nil
		})
	}
	return targets, errs
}

// readAllTargets reads the targets of the tree's links not read yet, in
// one git process, as readTargets keeps them; a link it fails of (over
// 4 KB, its blob missing) is left to readTargets, which says why where
// it is on a file's way.
func (m *mirrorStore) readAllTargets() {
	m.mu.Lock()
	defer m.mu.Unlock()
	var ask []string
	for _, p := range m.paths {
		if f := m.files[p]; f.Kind == Symlink {
			if _, ok := m.targets[f.OID]; !ok {
				ask = append(ask, f.OID)
			}
		}
	}
	if len(ask) == 0 {
		return
	}
	if m.targets == nil {
		m.targets = map[string]string{}
	}
	const most = 4096
	_ = m.tree.repo.readBlobsOver(ask, most, func(int, int64, []byte) {}, func(int, error) {}, func(int) []byte { return nil }, func(j int, data []byte) error {
		m.targets[ask[j]] = string(cutAtNUL(data))
		return nil
	})
}

// cutAtNUL is a link's target as a checkout writes it (symlink(2) takes
// a C string; git reads on past a NUL), as the tree's links are
// followed (resolveLinks): "gpu<NUL>x" was no folder of the mirror from
// REV:PATH, the view gpu from its checkout.
func cutAtNUL(data []byte) []byte {
	if j := bytes.IndexByte(data, 0); j >= 0 {
		return data[:j]
	}
	return data
}

// Has reports whether the tree holds a file at rel (mirror's hasStore):
// a spec manifest whose blob is gone is told before the batch.
// A file under a folder committed as a link is held where the link
// leads (Get follows it, or names why not): a mirror whose blobs/ is a
// link to a folder beside it was "lists blob …, which the mirror does
// not have" from REV:PATH, read from its checkout.
func (m *mirrorStore) Has(rel string) bool {
	if _, ok := m.files[rel]; ok {
		return true
	}
	above, _, found := m.fileAbove(rel)
	return found && m.files[above].Kind == Symlink
}

// fileAbove is the file of the tree that a folder on the way to rel is
// (a link, or a file where a folder is looked for), and the path below
// it; found is false where none is.
func (m *mirrorStore) fileAbove(rel string) (above, below string, found bool) {
	for i := strings.IndexByte(rel, '/'); i >= 0; {
		if _, ok := m.files[rel[:i]]; ok {
			return rel[:i], rel[i+1:], true
		}
		j := strings.IndexByte(rel[i+1:], '/')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return "", "", false
}

// isFolder reports whether rel is a folder of the tree: its top (.), or
// a path that files are below.
func (m *mirrorStore) isFolder(rel string) bool {
	if rel == "." {
		return true
	}
	i, _ := slices.BinarySearch(m.paths, rel+"/")
	return i < len(m.paths) && strings.HasPrefix(m.paths[i], rel+"/")
}

// List lists the tree's files under rel.
func (m *mirrorStore) List(rel string) ([]string, error) {
	prefix := strings.TrimSuffix(rel, "/") + "/"
	var out []string
	var odd []string
	errs := map[string]error{}
	for _, p := range m.paths {
		if !strings.HasPrefix(p, prefix) || path.Clean(p) != p {
			continue
		}
		if m.files[p].Kind != Regular {
			// A committed link among the manifests would be left out
			// without a word, and its spec with it. Named as a folder's
			// Dir.List names one (shownRel): raw, one under zlіb (its
			// і Cyrillic) read as zlib's, and one under "x<newline>y" put
			// a line of its own in the message. Listed, as a folder's
			// (mirror.NotRegularError): --skip-invalid leaves its spec
			// manifest out, where it failed the whole mirror.
			odd = append(odd, p)
			// Said of manifests only among a v3 mirror's, as Dir.List
			// says it: a v2 mirror's build_cache/ holds none.
			// Named as what the tree holds, as a folder's names its
			// kind: "a symbolic link or a submodule in the tree" left
			// the reader to guess which.
			what := "a symbolic link"
			if f := m.files[p]; f.Kind == Submodule {
				what = fmt.Sprintf("a submodule (commit %s of another repository)", short(f.OID))
			}
			why := fmt.Errorf("%s: %s, not a regular file", shownRel(p), what)
			if strings.HasPrefix(p, "v3/manifests/") {
				why = fmt.Errorf("%w: a mirror's manifests are read as they are, not followed", why)
			}
			errs[p] = why
		}
		out = append(out, p)
	}
	if len(odd) > 0 {
		return out, mirror.NewNotRegularError(odd, errs)
	}
	return out, nil
}

// shownRel is rel, a path of the tree, as a folder's mirror.Dir names
// a file of the mirror in its errors (mirror.ShownRel): the mirror takes
// that name out where the loader names the file itself, so both must
// spell it alike (a name raw, zlіb with its і Cyrillic, read as zlib; one
// spelt otherwise was not taken out, the file named twice).
func shownRel(rel string) string { return mirror.ShownRel(rel) }

// quotedCut is s quoted in ASCII, cut to maxShownLink bytes (shorten)
// with the cut's mark inside the closing quote, as it is: quoted with
// the rest, it read "\u2026" and 8 digits, as a value that holds them.
func quotedCut(s string) string {
	if len(s) <= maxShownLink {
		return strconv.QuoteToASCII(s)
	}
	mark := cutmark.Of(s)
	q := strconv.QuoteToASCII(strings.TrimSuffix(shorten(s, maxShownLink), mark))
	return q[:len(q)-1] + mark + `"`
}

// linkTarget is a link's target as every message names it (linkword):
// a mirror's link in a git tree said (to "gone") where the folder's said
// (to gone), and cut at maxShownLink, 200 bytes, what the folder's cut
// at 2 KB.
func linkTarget(t string) string { return linkword.Shown(t) }

// maxShownLink bounds the bytes of a path a mirror's message names of
// the tree.
const maxShownLink = 200

// blobSizes are the sizes of the blobs oids, in their order, through one
// git cat-file --batch-check process.
func (r *Repo) blobSizes(oids []string) ([]int64, error) {
	if len(oids) == 0 {
		return nil, nil
	}
	out, err := r.run(strings.NewReader(strings.Join(oids, "\n")+"\n"), "cat-file", "--batch-check=%(objectsize)")
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(oids) {
		return nil, fmt.Errorf("git cat-file --batch-check: %d answers for %d blobs", len(lines), len(oids))
	}
	sizes := make([]int64, len(oids))
	for i, l := range lines {
		n, err := strconv.ParseInt(l, 10, 64)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("git cat-file --batch-check: unexpected size %q", l)
		}
		sizes[i] = n
	}
	return sizes, nil
}
