package jsonv1

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/jsonbytes"
	"github.com/cachediff/cachediff/internal/memo"
	"github.com/cachediff/cachediff/internal/ordered"
	"github.com/cachediff/cachediff/snapshot"
)

// pkgJSON writes one diff.Package of a report as indented JSON, the bytes
// encoding/json (HTML escaping off) and indentJSON give, without reflection
// and without the second pass: a real week's JSON is every pair of the
// report, tens of MB, and this takes a quarter of the instructions and
// half the time (BenchmarkWeek/json, docs/performance.md). It knows the fields of Package and of the types
// under it, the pairs' Why (from Spack's files) included.
// TestPackageJSONFields fails when those types change, and
// TestJSONStreamed checks the bytes. A log's snapshots and timeline are
// written with it too (jsonseries.go, checked by TestSeriesJSON).
type pkgJSON struct {
	b []byte
	// out, when set, is the ordered.Buffer b belongs to: split moves a
	// full chunk there before a spec or a pair.
	out  *ordered.Buffer
	pad  []byte // "\n", the prefix, then spaces: a line break at any depth is a slice of it
	base int    // the length of "\n" and the prefix
	// enc and esc encode a string that needs escaping the way
	// encoding/json does (rare: a plain string is copied as it is).
	enc *json.Encoder
	esc bytes.Buffer
	// lists remembers how the specs' lists were written, by their
	// identity (see memo) and depth: the loader shares equal lists, so
	// most lists of a report are ones written before, and copying their
	// bytes skips writing each string. It is cleared when the prefix
	// changes.
	lists *[512]memo.Slot[listJSON]
	// keys are specKeys's, by depth; cleared with lists.
	keys []*[8][]byte
	// gen is the report it writes (pkgWriters.gen).
	gen uint64
	// hold, when not 0, keeps split from cutting: the bytes being
	// written are read back (a list's bytes that lists remembers, an old
	// spec's that its new one copies).
	hold int
}

type listJSON struct {
	depth int
	text  []byte
}

// write appends p to w.b, its first line unindented and the others under
// prefix, and reports whether it could (false: nothing was appended; it
// writes every package, the pairs' Why included, so it always can).
func (w *pkgJSON) write(p *diff.Package, prefix string) bool {
	w.begin(prefix)
	w.elemRange(p, 0, elements(p)+1)
	return true
}

// pairsPerPart is how many elements of a package's lists (added and
// removed specs, rebuilt, updated and restacked pairs) a part of it
// holds at most (partBounds): about 300 KB of a real week's JSON.
var pairsPerPart = 256

// stringsPerPart is how many strings (versions, variants, stacks) the
// specs of a part hold at most, from its second element: a real week's
// specs hold a few dozen, so its parts are cut by pairsPerPart; parts of
// specs of thousands of variants are cut by their strings. Cut by count
// alone, 64 pairs of specs of 2,000 variants each (gen's many variants,
// 3.3 MB) were one part, 7 MB of JSON held until written.
var stringsPerPart = 32 << 10

// elements is how many specs and pairs p's lists hold in all.
func elements(p *diff.Package) int {
	s := &p.Specs
	return len(s.Added) + len(s.Removed) + len(s.Rebuilt) + len(s.Updated) + len(s.Restacked)
}

// partBounds appends to dst the bounds of the parts writePart writes p
// in, and returns it: 0, where each part after the first begins, and
// elements(p)+1 (what follows the last element belongs to the last
// part). A part holds pairsPerPart elements, or fewer whose specs hold
// stringsPerPart strings; a package whose lists fit in one part has the
// bounds 0 and elements(p)+1.
func partBounds(dst []int, p *diff.Package) []int {
	dst = append(dst, 0)
	count, strs, at := 0, 0, 0
	next := func(n int) {
		if count > 0 && (count == pairsPerPart || strs+n > stringsPerPart) {
			dst = append(dst, at)
			count, strs = 0, 0
		}
		count++
		strs += n
		at++
	}
	s := &p.Specs
	for _, l := range [...][]diff.Spec{s.Added, s.Removed} {
		for i := range l {
			next(specStrings(&l[i]))
		}
	}
	for _, l := range [...][]diff.Pair{s.Rebuilt, s.Updated, s.Restacked} {
		for i := range l {
			next(specStrings(l[i].Old) + specStrings(l[i].New))
		}
	}
	return append(dst, at+1)
}

// specStrings is how many strings s's lists hold.
func specStrings(s *diff.Spec) int {
	if s == nil {
		return 0
	}
	return len(s.Versions) + len(s.Variants) + len(s.Stacks)
}

// writePart appends the part of p's JSON that holds the elements of its
// lists from lo to hi (exclusive), two neighbouring bounds of
// partBounds: those elements, and what comes before each (the package's
// head before the first, a list's key before its first element) and
// after the last (the brackets that close the lists and the package). A
// real week's largest packages are most of its JSON (27 of 256 KB to 1.4
// MB at 60k specs): written whole, one core wrote each while the other,
// having rendered as far ahead as ordered.Write allows, waited. Parts
// cut by the rebuilt pairs alone wrote a package of 256k updated pairs
// (gen.OnePackage) whole: its JSON (2.2x the input) was held until
// written, in chunks half filled, 5x the input in all.
func (w *pkgJSON) writePart(p *diff.Package, prefix string, lo, hi int) {
	w.begin(prefix)
	w.elemRange(p, lo, hi)
}

// elemRange appends the part of p's JSON that holds the elements of its
// lists from lo to hi (exclusive; elements(p) stands for what follows
// the last): each element, and what comes before it after the element
// before (the package's head, keys, brackets).
func (w *pkgJSON) elemRange(p *diff.Package, lo, hi int) {
	if lo == 0 {
		w.head(p)
	}
	s := &p.Specs
	added := func(sp *diff.Spec) { w.split(); w.spec(3, sp) }
	pair := func(pr *diff.Pair) { w.pair(2, pr) }
	at := section(w, "added", true, s.Added, 0, lo, hi, added)
	at = section(w, "removed", false, s.Removed, at, lo, hi, added)
	at = section(w, "rebuilt", false, s.Rebuilt, at, lo, hi, pair)
	at = section(w, "updated", false, s.Updated, at, lo, hi, pair)
	at = section(w, "restacked", false, s.Restacked, at, lo, hi, pair)
	if lo <= at && at < hi {
		w.end(1, '}')
		w.end(0, '}')
	}
}

// section appends what of the list l, the member k of a package's
// "specs" (its first when first), lies in the elements lo to hi
// (exclusive) of the package's lists, l's first element being element
// at: its key and opening bracket with its first element (an empty
// list's key and [], or a nil one's null, with the element after it),
// its elements, and its closing bracket with the element after it. It
// returns the element after l.
func section[T any](w *pkgJSON, k string, first bool, l []T, at, lo, hi int, elem func(*T)) int {
	if lo <= at && at < hi {
		w.key(2, k, first)
		switch {
		case l == nil:
			w.b = append(w.b, "null"...)
		case len(l) == 0:
			w.b = append(w.b, "[]"...)
		default:
			w.b = append(w.b, '[')
		}
	}
	if len(l) == 0 {
		return at
	}
	elems(w, 2, l, max(lo-at, 0), min(hi-at, len(l)), elem)
	end := at + len(l)
	if lo <= end && end < hi {
		w.end(2, ']')
	}
	return end
}

// begin starts writing a value (a package, a log's snapshots or its
// timeline) whose first line is unindented and the others under prefix.
func (w *pkgJSON) begin(prefix string) {
	if w.base > 0 && string(w.pad[1:w.base]) != prefix {
		w.forget()
	}
	w.pad = append(append(w.pad[:0], '\n'), prefix...)
	w.base = len(w.pad)
}

// forget clears what w remembers of the lists it wrote (lists, keys).
func (w *pkgJSON) forget() {
	if w.lists != nil {
		clear(w.lists[:])
	}
	w.keys = w.keys[:0]
}

// head appends p's JSON up to its lists of specs and pairs: up to and
// with the { of "specs".
func (w *pkgJSON) head(p *diff.Package) {
	w.b = append(w.b, '{')
	w.key(1, "name", true)
	w.str(p.Name)
	w.key(1, "status", false)
	w.str(p.Status)
	if p.OldFile != "" {
		w.key(1, "old_file", false)
		w.str(p.OldFile)
	}
	if p.NewFile != "" {
		w.key(1, "new_file", false)
		w.str(p.NewFile)
	}
	v := &p.Versions
	w.key(1, "versions", false)
	w.b = append(w.b, '{')
	for i, l := range [...]struct {
		k string
		v []string
	}{{"old", v.Old}, {"new", v.New}, {"added", v.Added}, {"removed", v.Removed}} {
		w.key(2, l.k, i == 0)
		w.strs(2, l.v)
	}
	w.key(2, "direction", false)
	w.str(v.Direction)
	w.end(1, '}')
	w.key(1, "shared_variants", false)
	w.strs(1, p.SharedVariants)
	c := &p.Counts
	w.key(1, "counts", false)
	w.b = append(w.b, '{')
	for i, n := range [...]struct {
		k string
		v int
	}{{"old", c.Old}, {"new", c.New}, {"unchanged", c.Unchanged}, {"restacked", c.Restacked},
		{"rebuilt", c.Rebuilt}, {"updated", c.Updated}, {"added", c.Added}, {"removed", c.Removed}} {
		w.key(2, n.k, i == 0)
		w.b = strconv.AppendInt(w.b, int64(n.v), 10)
	}
	w.end(1, '}')
	w.key(1, "specs", false)
	w.b = append(w.b, '{')
}

// split starts a new chunk of w.out when the one being filled is full
// (ordered.Buffer.Spill, which writes it at once when the package's
// turn has come): a package's JSON is held in chunks, however large.
// Called before a spec or a pair of the package's lists, and inside a
// list of largeElem strings or more and a long string, but not while
// hold says that what is written is read back (a pair's old spec's
// bytes for its new spec; sharedStrs: a list's bytes). A spec of many
// variants, cut only between specs, was given room for its size
// (ordered.Buffer.Reserve): its pair, 100 MB of JSON at 1.28M variants,
// was held whole until written.
func (w *pkgJSON) split() {
	if w.out != nil && w.hold == 0 && len(w.b) >= ordered.ChunkSize {
		w.out.B = w.b
		w.out.Spill()
		w.b = w.out.B
	}
}

// largeElem is how many strings a list holds from which split may cut
// it (and sharedStrs does not remember it): a real report's specs hold
// a few dozen, and a spec of fewer is at most a few KB, which a chunk's
// own growth takes.
const largeElem = 256

// line appends a line break and the indentation of depth.
func (w *pkgJSON) line(depth int) {
	n := w.base + 2*depth
	for len(w.pad) < n {
		w.pad = append(w.pad, ' ')
	}
	w.b = append(w.b, w.pad[:n]...)
}

// key appends a member's key at depth, after a comma unless first.
func (w *pkgJSON) key(depth int, k string, first bool) {
	if !first {
		w.b = append(w.b, ',')
	}
	w.line(depth)
	w.b = append(w.b, '"')
	w.b = append(w.b, k...)
	w.b = append(w.b, `": `...)
}

// end closes an object or array whose members are at depth+1.
func (w *pkgJSON) end(depth int, c byte) {
	w.line(depth)
	w.b = append(w.b, c)
}

// str appends s as a JSON string; one longer than a chunk in pieces,
// split between them (a pair's from and to list every variant that
// changed: 12 MB each at 1.28M).
func (w *pkgJSON) str(s string) {
	if !jsonbytes.Plain(s) {
		w.escaped(s)
		return
	}
	w.b = append(w.b, '"')
	for len(s) > ordered.ChunkSize {
		w.b = append(w.b, s[:ordered.ChunkSize]...)
		s = s[ordered.ChunkSize:]
		w.split()
	}
	w.b = append(w.b, s...)
	w.b = append(w.b, '"')
}

// escaped appends s as encoding/json writes it (HTML escaping off).
func (w *pkgJSON) escaped(s string) {
	if w.enc == nil {
		w.enc = newCompactEncoder(&w.esc)
	}
	w.esc.Reset()
	w.enc.Encode(s) // a string always encodes
	w.b = append(w.b, bytes.TrimSuffix(w.esc.Bytes(), []byte("\n"))...)
}

// strs appends a list of strings whose members are at depth+1, split
// between them when it holds largeElem strings or more.
func (w *pkgJSON) strs(depth int, l []string) {
	if len(l) >= largeElem {
		list(w, depth, l, func(s *string) { w.split(); w.str(*s) })
		return
	}
	list(w, depth, l, func(s *string) { w.str(*s) })
}

// sharedStrs is strs for a list the loader shares between specs: the
// bytes written for it before, when w.lists has them.
//
// A list of largeElem strings or more is written as it is, not kept: the
// memo held a copy of each list's bytes, and a package of 64 specs of
// 4,000 distinct variants each, 100 KB a list, held 1.5x its input in
// them while its JSON was written.
func (w *pkgJSON) sharedStrs(depth int, l []string) {
	if len(l) == 0 || len(l) >= largeElem {
		w.strs(depth, l)
		return
	}
	if w.lists == nil {
		w.lists = new([512]memo.Slot[listJSON])
	}
	k := memo.List(l)
	e := memo.Lookup(w.lists[:], k)
	if e.Holds(k) && e.Value.depth == depth {
		w.b = append(w.b, e.Value.text...)
		return
	}
	start := len(w.b)
	w.hold++
	w.strs(depth, l)
	w.hold--
	e.Set(k, listJSON{depth: depth, text: append(e.Value.text[:0], w.b[start:]...)})
}

// list appends l, its elements each written by elem on a line of their
// own at depth+1: null when l is nil, as encoding/json writes a nil
// slice, and [] when it is empty.
func list[T any](w *pkgJSON, depth int, l []T, elem func(*T)) {
	switch {
	case l == nil:
		w.b = append(w.b, "null"...)
		return
	case len(l) == 0:
		w.b = append(w.b, "[]"...)
		return
	}
	w.b = append(w.b, '[')
	elems(w, depth, l, 0, len(l), elem)
	w.end(depth, ']')
}

// elems appends l[from:to] of a list whose members are at depth+1, as
// list writes them, but for the brackets.
func elems[T any](w *pkgJSON, depth int, l []T, from, to int, elem func(*T)) {
	for i := from; i < to; i++ {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.line(depth + 1)
		elem(&l[i])
	}
}

// spec appends one spec object whose members are at depth+1.
func (w *pkgJSON) spec(depth int, s *diff.Spec) {
	w.specHash(depth, s.Hash)
	w.specRest(depth, s)
}

// specRest appends what follows a spec's hash (specHash) to the end of
// the object.
func (w *pkgJSON) specRest(depth int, s *diff.Spec) {
	k := w.specKeys(depth + 1)
	w.b = append(w.b, k[1]...)
	w.sharedStrs(depth+1, s.Versions)
	w.b = append(w.b, k[2]...)
	w.str(s.Compiler)
	w.b = append(w.b, k[3]...)
	w.str(s.OS)
	w.b = append(w.b, k[4]...)
	w.str(s.Platform)
	w.b = append(w.b, k[5]...)
	w.str(s.Target)
	w.b = append(w.b, k[6]...)
	w.sharedStrs(depth+1, s.Variants)
	w.b = append(w.b, k[7]...)
	w.sharedStrs(depth+1, s.Stacks)
	w.end(depth, '}')
}

// specHash appends the opening of a spec object at depth, up to and with
// its hash.
func (w *pkgJSON) specHash(depth int, hash string) {
	k := w.specKeys(depth + 1)
	w.b = append(w.b, '{')
	w.b = append(w.b, k[0]...)
	w.str(hash)
}

// sameButHash reports whether the JSON of spec n is that of o but for the
// hash: every other field equal, and each list nil where the other's is
// (nil is written null). The new spec of a rebuilt pair mostly is.
func sameButHash(o, n *diff.Spec) bool {
	same := func(a, b []string) bool { return (a == nil) == (b == nil) && snapshot.EqualLists(a, b) }
	return o.Compiler == n.Compiler && o.OS == n.OS && o.Platform == n.Platform && o.Target == n.Target &&
		same(o.Versions, n.Versions) && same(o.Variants, n.Variants) && same(o.Stacks, n.Stacks)
}

// specFields are the keys of a spec object, in diff.Spec's order.
var specFields = [8]string{"hash", "versions", "compiler", "os", "platform", "target", "variants", "stacks"}

// specKeys returns what key writes before each of specFields at depth,
// made once per depth (and prefix).
func (w *pkgJSON) specKeys(depth int) *[8][]byte {
	for len(w.keys) <= depth {
		w.keys = append(w.keys, nil)
	}
	if w.keys[depth] == nil {
		k := new([8][]byte)
		b := w.b // key appends to w.b: to fresh memory here
		for i, f := range specFields {
			w.b = nil
			w.key(depth, f, i == 0)
			k[i] = w.b
		}
		w.b = b
		w.keys[depth] = k
	}
	return w.keys[depth]
}

// pair appends one pair of a list whose members are at depth+1.
func (w *pkgJSON) pair(depth int, p *diff.Pair) {
	d := depth + 2
	w.split()
	w.b = append(w.b, '{')
	w.key(d, "old", true)
	w.specHash(d, p.Old.Hash)
	// A rebuilt pair's new spec copies the old one's bytes, unless the
	// old one is large enough to be split: then it is written again.
	same := sameButHash(p.Old, p.New) && specStrings(p.Old) < largeElem
	if same {
		w.hold++
	}
	rest := len(w.b) // the old spec after its hash
	w.specRest(d, p.Old)
	end := len(w.b)
	if same {
		w.hold--
	}
	w.key(d, "new", false)
	if same {
		// A rebuilt pair's new spec: its hash, then the old one's
		// bytes after the hash (a real week's pairs are most of its
		// JSON).
		w.specHash(d, p.New.Hash)
		w.b = append(w.b, w.b[rest:end]...)
	} else {
		w.spec(d, p.New)
	}
	for _, f := range [...]struct{ k, v string }{{"facet", p.Facet}, {"from", p.From}, {"to", p.To}} {
		if f.v != "" {
			w.key(d, f.k, false)
			w.str(f.v)
		}
	}
	if len(p.StacksJoined) > 0 {
		w.key(d, "stacks_joined", false)
		w.strs(d, p.StacksJoined)
	}
	if len(p.StacksLeft) > 0 {
		w.key(d, "stacks_left", false)
		w.strs(d, p.StacksLeft)
	}
	if p.Why != nil {
		w.key(d, "why", false)
		w.why(d, p.Why)
	}
	w.end(depth+1, '}')
}

// why appends a pair's Why, the value of a key at depth (its members at
// depth+1): a rebuilt pair's, from Spack's files, is most of such a
// report's pairs.
func (w *pkgJSON) why(depth int, y *diff.Why) {
	d := depth + 1
	w.b = append(w.b, '{')
	w.key(d, "known", true)
	w.b = strconv.AppendBool(w.b, y.Known)
	w.key(d, "changed", false)
	list(w, d, y.Changed, func(c *diff.DepChange) {
		w.b = append(w.b, '{')
		w.key(d+2, "name", true)
		w.str(c.Name)
		w.optStr(d+2, "old_hash", c.OldHash)
		w.optStr(d+2, "new_hash", c.NewHash)
		w.end(d+1, '}')
	})
	if y.Set != 0 {
		w.key(d, "set", false)
		w.b = strconv.AppendInt(w.b, int64(y.Set), 10)
	}
	if y.Via != nil {
		w.key(d, "via", false)
		w.b = strconv.AppendInt(w.b, int64(*y.Via), 10)
	}
	if y.Self != nil {
		w.key(d, "self", false)
		w.b = strconv.AppendInt(w.b, int64(*y.Self), 10)
	}
	if y.Cut {
		w.key(d, "cut", false)
		w.b = strconv.AppendBool(w.b, true)
	}
	if len(y.Causes) > 0 {
		w.key(d, "causes", false)
		list(w, d, y.Causes, func(c *diff.Cause) { w.cause(d+1, c) })
	}
	w.end(depth, '}')
}

// cause appends one cause object of a list whose members are at depth.
func (w *pkgJSON) cause(depth int, c *diff.Cause) {
	d := depth + 1
	w.b = append(w.b, '{')
	w.key(d, "name", true)
	w.str(c.Name)
	w.optStr(d, "old_hash", c.OldHash)
	w.optStr(d, "new_hash", c.NewHash)
	w.key(d, "changes", false)
	list(w, d, c.Changes, func(ch *diff.Change) {
		w.b = append(w.b, '{')
		w.key(d+2, "kind", true)
		w.str(ch.Kind)
		w.optStr(d+2, "from", ch.From)
		w.optStr(d+2, "to", ch.To)
		w.end(d+1, '}')
	})
	if len(c.Path) > 0 {
		w.key(d, "path", false)
		w.strs(d, c.Path)
	}
	w.end(depth, '}')
}

// optStr appends the member k: s at depth, not first, unless s is ""
// (a field tagged omitempty).
func (w *pkgJSON) optStr(depth int, k, s string) {
	if s != "" {
		w.key(depth, k, false)
		w.str(s)
	}
}
