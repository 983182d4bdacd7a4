package diff

import (
	"cmp"
	"container/heap"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"iter"
	"maps"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/internal/scc"
	"github.com/cachediff/cachediff/snapshot"
)

// Rebuild causes (issue 13). Spack's own files (build-cache indexes,
// lockfiles, spec files) keep each spec's dependency edges; catalogue
// pages drop them. With edges on both sides, a rebuilt or updated pair is
// explained: the dependencies whose hash changed, and among them the root
// causes, the changed dependencies that did not merely rebuild because of
// their own dependencies.

// Graph is one side's dependency graph: every node by hash, the nodes
// that are counted as specs and those only depended upon (an index's
// records outside the build cache, an external compiler). The zero Graph
// is empty; Add files a node.
//
// A node is filed under its own hash, in an open table of 8 bytes a slot
// (linear probing, at most three quarters full) that holds the top half
// of the hash's maphash beside the node's number, so that a probe reads
// another node's spec only when those agree. A map of strings took 52
// bytes a node at a tiny lockfile's sizes (a 24-byte slot, its tables
// half full): with the nodes, the graphs were a quarter of the heap
// while a tiny lockfile was compared (issue 35 item 19).
type Graph struct {
	nodes []*GraphNode // in the order filed
	slots []uint64     // hash>>32<<32 | number+1; 0 is empty
	// asLoaded holds, by place, the stacks as loaded of each node whose
	// spec compareSnapshots respelt in place (respeltInPlace), nil for
	// the others; nil when none was.
	asLoaded [][]string
}

// stacks is the stacks of n, g's node at place at (its place in Nodes()),
// as its snapshot wrote them: its spec's, or the list they held before
// they were respelt in place (asLoaded).
func (g Graph) stacks(n *GraphNode, at int) []string {
	if at >= 0 && at < len(g.asLoaded) {
		if l := g.asLoaded[at]; l != nil {
			return loadedList(l)
		}
	}
	return n.spec().Stacks
}

// graphSeed seeds the hashes of every Graph: only look-ups read the
// table, never its order.
var graphSeed = maphash.MakeSeed()

// Len is how many nodes g has.
func (g Graph) Len() int { return len(g.nodes) }

// same reports whether g and h are one graph (the same nodes and table).
func (g Graph) same(h Graph) bool {
	return len(g.nodes) == len(h.nodes) && len(g.slots) == len(h.slots) &&
		(len(g.nodes) == 0 || &g.nodes[0] == &h.nodes[0]) && (len(g.slots) == 0 || &g.slots[0] == &h.slots[0])
}

// Nodes are g's nodes, in the order they were first filed; the caller
// must not modify the slice.
func (g Graph) Nodes() []*GraphNode { return g.nodes }

// Node returns the node of hash h, or nil.
func (g Graph) Node(h string) *GraphNode {
	if len(g.slots) == 0 {
		return nil
	}
	n, _ := g.find(h, maphash.String(graphSeed, h))
	return n
}

// place returns the node of hash h and its place in Nodes(), or nil
// and -1.
func (g Graph) place(h string) (*GraphNode, int) {
	if len(g.slots) == 0 {
		return nil, -1
	}
	n, i := g.find(h, maphash.String(graphSeed, h))
	if n == nil {
		return nil, -1
	}
	return n, int(uint32(g.slots[i])) - 1
}

// find returns the node of hash h, whose maphash is hh, or nil, and its
// slot (or the empty one where it goes).
func (g Graph) find(h string, hh uint64) (*GraphNode, int) {
	mask := len(g.slots) - 1
	top := hh >> 32 << 32
	for i := int(hh) & mask; ; i = (i + 1) & mask {
		v := g.slots[i]
		if v == 0 {
			return nil, i
		}
		if v>>32<<32 == top {
			if n := g.nodes[uint32(v)-1]; n.Hash() == h {
				return n, i
			}
		}
	}
}

// Add files node n under its hash, in place of a node filed under that
// hash before (as a map's assignment would).
func (g *Graph) Add(n *GraphNode) { g.add(n, true) }

// add files node n under its hash; a node filed under it before stays
// when !replace.
func (g *Graph) add(n *GraphNode, replace bool) {
	h := n.Hash()
	hh := maphash.String(graphSeed, h)
	if len(g.slots) == 0 {
		g.sized(8)
	}
	old, i := g.find(h, hh)
	if old != nil {
		if replace {
			g.nodes[uint32(g.slots[i])-1] = n
		}
		return
	}
	g.nodes = append(g.nodes, n)
	g.slots[i] = hh>>32<<32 | uint64(len(g.nodes))
	if len(g.nodes)*4 >= len(g.slots)*3 {
		g.sized(2 * len(g.nodes))
	}
}

// sized makes g's table room for n nodes, and files its nodes again.
func (g *Graph) sized(n int) {
	size := 8
	for size*3 < n*4 {
		size *= 2
	}
	g.slots = make([]uint64, size)
	mask := size - 1
	for k, nd := range g.nodes {
		hh := maphash.String(graphSeed, nd.Hash())
		i := int(hh) & mask
		for g.slots[i] != 0 {
			i = (i + 1) & mask
		}
		g.slots[i] = hh>>32<<32 | uint64(k+1)
	}
}

// GraphNode is one concrete spec with its edges. Deps nil means the node's
// edges are unknown (a catalogue page): nothing about it is guessed.
//
// A graph has a node per spec of a snapshot, so a node is its package's
// name and a pointer to the loaded spec, and reads everything else from
// it (Hash, Version, Deps, the facets, the recipe's hash and the root):
// copies would cost more than the whole record of a tiny lockfile
// (issue 35). The spec is read, never written, but for its stacks, which
// CompareReleasing respells in place (respeltInPlace): read them through
// Graph.stacks, which keeps them as loaded. A node made by hand (in
// tests, by NewNode) has a spec of its own.
type GraphNode struct {
	Name string
	// Spec is the snapshot's spec the node is; nil: a node with none of
	// its facets (its hash "", its edges unknown).
	Spec *snapshot.Spec
}

// NewNode returns a node made by hand, for a graph not read from a
// snapshot: a spec of the given hash, version and edges (nil: unknown),
// of the package name.
func NewNode(hash, name, version string, deps []Edge) *GraphNode {
	sp := &snapshot.Spec{Hash: hash}
	if version != "" {
		sp.Versions = []string{version}
	}
	if deps != nil {
		sp.More = &snapshot.SpecMore{Deps: deps}
	}
	return &GraphNode{Name: name, Spec: sp}
}

// noSpec stands for the spec of a node without one.
var noSpec snapshot.Spec

func (n *GraphNode) spec() *snapshot.Spec {
	if n.Spec == nil {
		return &noSpec
	}
	return n.Spec
}

// Hash is the node's hash.
func (n *GraphNode) Hash() string { return n.spec().Hash }

// Version is the node's versions, joined by ",".
func (n *GraphNode) Version() string {
	v := n.spec().Versions
	if len(v) == 1 {
		return v[0]
	}
	return strings.Join(v, ",")
}

// Deps are the node's edges; nil when they are unknown.
func (n *GraphNode) Deps() []Edge { return n.spec().Deps() }

// Compiler is the node's compiler (name@version, "none" without one).
func (n *GraphNode) Compiler() string { return n.spec().Compiler }

// OS is the node's operating system.
func (n *GraphNode) OS() string { return n.spec().OS }

// Platform is the node's platform.
func (n *GraphNode) Platform() string { return n.spec().Platform }

// Target is the node's target.
func (n *GraphNode) Target() string { return n.spec().Target }

// Variants are the node's variants, canonical and sorted.
func (n *GraphNode) Variants() []string { return n.spec().Variants }

// PackageHash is the recipe's hash, "" when the file has none.
func (n *GraphNode) PackageHash() string { return n.spec().Recipe() }

// Root names the lockfile root this node is ("" when it is none).
func (n *GraphNode) Root() string { return n.spec().Root(n.Name) }

// Edge is a dependency edge.
// It is the snapshot's own edge type, so that a graph shares the loaded
// specs' edges rather than copying them.
type Edge = snapshot.Dep

// Why explains one rebuilt or updated pair.
type Why struct {
	// Known is false when a side has no edges (a catalogue page): the
	// cause cannot be known and nothing is guessed.
	Known bool `json:"known"`
	// Changed are the direct dependencies whose hash changed (or that
	// came, went or were swapped for another provider), by name (a
	// provider swap by the virtual).
	Changed DepChanges `json:"changed"`
	// Set is the pair's root causes, each with the path to it: an index
	// into the report's Causes.Sets, 0 (the empty set, and absent from
	// the JSON) when it has none. Pairs with the same causes by the same
	// paths share a set: the M dependents of a hub with K changed leaves
	// share one set of K, where listing them cost M·K (issue 35).
	Set int `json:"set,omitempty"`
	// Via, when present, is where the pair's paths go first: an index
	// into Causes.Paths. The pair's path to each cause of its set is its
	// own package's name, then the names along Via, then the names along
	// the reference's path. A pair that reaches all its causes through
	// one dependency shares that dependency's set (the N specs of a chain
	// over a hub with K changed leaves share the hub's set of K, each
	// with its own via), where writing each pair's paths out cost N·K.
	Via *int `json:"via,omitempty"`
	// Self is the pair's own change, its first root cause: an index into
	// Causes.Table of the cause named after the pair's package, with its
	// hashes and the changes of the spec itself (its facets, or its
	// recipe, or "other" when its hash changed and nothing the files
	// show did); absent when the pair changed only through its
	// dependencies (and in reports of cachediff before issue 34). A
	// compiler that is a dependency (Spack 1.x) is that dependency's
	// change, not the spec's own.
	Self *int `json:"self,omitempty"`
	// Cut says the pair's set holds only some of its root causes: the
	// report's causes would have been larger than its budget (see
	// CauseBudget), or a changed dependency's causes were cut. A cut
	// pair keeps its causes of one name (its edge changes and its
	// changed dependencies' own changes) when it was cut itself (with
	// none, its nearest dependency's causes, through it), or what its
	// dependencies' cut sets give it.
	Cut bool `json:"cut,omitempty"`
	// Causes is the older form of the root causes, each written out
	// whole with its path (cachediff before issue 35): read from such a
	// report, where AdoptCauses moves it into Set, and filled by Explain,
	// which resolves one pair alone; Report.Explain never writes it.
	Causes []Cause `json:"causes,omitempty"`
}

// DepChange is a direct dependency of a pair whose hash changed. Old or
// New is "" for a dependency added or removed.
type DepChange struct {
	Name    string `json:"name"`
	OldHash string `json:"old_hash,omitempty"`
	NewHash string `json:"new_hash,omitempty"`
}

// Cause is one root cause: a dependency that changed for a reason of its
// own, or an edge that came, went or changed provider.
type Cause struct {
	// Name is the package (or, for a provider change, the virtual) the
	// cause is about.
	Name    string   `json:"name"`
	OldHash string   `json:"old_hash,omitempty"`
	NewHash string   `json:"new_hash,omitempty"`
	Changes []Change `json:"changes"`
	// Path names the specs from the pair's own (first) to the cause
	// (last): set in a resolved cause (Causes.Resolve, Explain) and in
	// the older form of Why.Causes, never in Causes.Table.
	Path []string `json:"path,omitempty"`
}

// CauseRef is one root cause of a pair: the cause, an index into
// Causes.Table, and its path after the pair's own name, an index into
// Causes.Paths.
//
// A set's first elements may instead be its bases (SetBase, written
// {"set": j, "via": p}): every reference of another set, each path
// after the names along a via (see Causes.Bases).
type CauseRef struct {
	Cause int `json:"cause"`
	Path  int `json:"path"`
	// SetBase, in a set's first elements only, makes the set hold
	// another set's references too (Cause and Path are then 0).
	*SetBase
	// Over, when not nil, makes the reference an override, written
	// {"over": c, "path": p}: in a set of one base, whose base's
	// expansion holds cause c (*Over, the same as Cause), the set holds
	// it by path p instead (a spec that links a changed leaf directly
	// and through the dependency it is based on: gcc-runtime).
	Over *int `json:"over"`
}

// MarshalJSON writes r as the JSON does: {"cause": c, "path": p}, a
// base {"set": j, "via": v}, or an override {"over": c, "path": p} (the
// report's writer, jsonv1, writes the sets itself; this is for other
// encoders of a report: templates).
func (r CauseRef) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 32)
	if r.Over != nil {
		b = append(b, `{"over":`...)
		b = strconv.AppendInt(b, int64(*r.Over), 10)
		b = append(b, `,"path":`...)
		b = strconv.AppendInt(b, int64(r.Path), 10)
		return append(b, '}'), nil
	}
	if r.SetBase != nil {
		b = append(b, `{"set":`...)
		b = strconv.AppendInt(b, int64(r.SetBase.Set), 10)
		b = append(b, `,"via":`...)
		b = strconv.AppendInt(b, int64(r.SetBase.Via), 10)
		return append(b, '}'), nil
	}
	b = append(b, `{"cause":`...)
	b = strconv.AppendInt(b, int64(r.Cause), 10)
	b = append(b, `,"path":`...)
	b = strconv.AppendInt(b, int64(r.Path), 10)
	return append(b, '}'), nil
}

// SetBase is the base of a set: every reference of set Set, each path
// going first along the names of link Via, then the reference's own.
type SetBase struct {
	Set int `json:"set"`
	Via int `json:"via"`
}

// PathLink is one name of a path and where the path goes on: paths are
// linked lists that share their tails, so that a chain of N pairs keeps N
// links rather than N²/2 names. Next is absent at the last name, the
// cause's.
type PathLink struct {
	Name string `json:"name"`
	Next *int   `json:"next,omitempty"`
}

// Change is one reason of a cause.
type Change struct {
	// Kind is a facet that changed (version, compiler, variants, target,
	// os, platform), or added, removed, provider (a virtual now provided by
	// another package), recipe (the package's recipe hash changed and
	// nothing else did), or other (the hash changed, nothing visible did;
	// or an edge to a dependency that kept its hash changed its deptypes
	// or virtuals: From and To write the edge, "dependency zlib (build)").
	Kind string `json:"kind"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// Causes is the report's roll-up of rebuild causes, present when at least
// one side has dependency edges.
type Causes struct {
	// Pairs counts the rebuilt and updated pairs; Known those with edges
	// on both sides; Explained those with at least one root cause; Own
	// those whose dependencies all kept their hash (the change is the
	// spec's own).
	Pairs     int `json:"pairs"`
	Known     int `json:"known"`
	Explained int `json:"explained"`
	Own       int `json:"own"`
	// Cut counts the pairs whose root causes were cut (Why.Cut): the
	// groups count the causes the sets hold, over those pairs a lower
	// bound. Absent when none.
	Cut    int          `json:"cut,omitempty"`
	Groups []CauseGroup `json:"groups"`
	// Shared are the changes that the groups of several packages share
	// (SharedCause), most specs first; absent when none (and in reports
	// of cachediff before issue 34).
	Shared []SharedCause `json:"shared,omitempty"`
	// Roots is the lockfile view: roots added, removed and changed.
	Roots *RootChanges `json:"roots,omitempty"`
	// Table names each root cause of the report once (without a path);
	// Paths are the links of the paths to them; Sets are the pairs' sets
	// of root causes (Why.Set), Sets[0] the empty one; a set's first
	// elements may be its bases (CauseRef.SetBase: other sets'
	// references, after a via; see Bases, OwnRefs), so that a chain of N
	// specs each with its own change keeps N small sets, not N²/2
	// references. All three are absent when no pair has a root cause
	// (and in reports of cachediff before issue 35, whose pairs write
	// their causes out whole).
	Table []Cause      `json:"table,omitempty"`
	Paths []PathLink   `json:"paths,omitempty"`
	Sets  [][]CauseRef `json:"sets,omitempty"`
}

// Refs returns the references set w.Set itself lists (not its base's,
// see Base): none for a set out of range (a report read back is checked
// before it is used, see diff.Report.CheckLaws).
func (c *Causes) Refs(w *Why) []CauseRef {
	if w == nil {
		return nil
	}
	return c.OwnRefs(w.Set)
}

// OwnRefs returns the references set s lists itself, without its bases.
func (c *Causes) OwnRefs(s int) []CauseRef {
	if c == nil || s <= 0 || s >= len(c.Sets) {
		return nil
	}
	set := c.Sets[s]
	i := 0
	for i < len(set) && set[i].SetBase != nil {
		i++
	}
	return set[i:]
}

// Bases returns the bases of set s (its first elements), none when it
// has none: the set is then every reference of each base's Set, each
// path after the names along its Via, and its own references (OwnRefs).
func (c *Causes) Bases(s int) []SetBase {
	if c == nil || s <= 0 || s >= len(c.Sets) {
		return nil
	}
	var out []SetBase
	for _, r := range c.Sets[s] {
		if r.SetBase == nil {
			break
		}
		out = append(out, *r.SetBase)
	}
	return out
}

// numBases counts the bases of set s (its first elements).
func (c *Causes) numBases(s int) int {
	if c == nil || s <= 0 || s >= len(c.Sets) {
		return 0
	}
	n := 0
	for n < len(c.Sets[s]) && c.Sets[s][n].SetBase != nil {
		n++
	}
	return n
}

// numOver counts the overrides (CauseRef.Over) of set s.
func (c *Causes) numOver(s int) int {
	n := 0
	for _, r := range c.OwnRefs(s) {
		if r.Over != nil {
			n++
		}
	}
	return n
}

// eachBase yields the bases of set s with their indexes, as Bases lists
// them, without the list: the walks over a set of K bases made it at
// each step (about 85 MB over a report of 62,500 sets based on one).
func (c *Causes) eachBase(s int) iter.Seq2[int, SetBase] {
	return func(yield func(int, SetBase) bool) {
		if c == nil || s <= 0 || s >= len(c.Sets) {
			return
		}
		for i, r := range c.Sets[s] {
			if r.SetBase == nil || !yield(i, *r.SetBase) {
				return
			}
		}
	}
}

// baseAt returns set s's i-th element as a base, if it is one (a walk
// over a set's bases that called Bases at each step copied them all:
// a set of K bases cost K²).
func (c *Causes) baseAt(s, i int) (SetBase, bool) {
	if c == nil || s <= 0 || s >= len(c.Sets) || i >= len(c.Sets[s]) || c.Sets[s][i].SetBase == nil {
		return SetBase{}, false
	}
	return *c.Sets[s][i].SetBase, true
}

// Base returns the first base of set s, if it has one (see Bases).
func (c *Causes) Base(s int) (SetBase, bool) {
	if c == nil || s <= 0 || s >= len(c.Sets) || len(c.Sets[s]) == 0 || c.Sets[s][0].SetBase == nil {
		return SetBase{}, false
	}
	return *c.Sets[s][0].SetBase, true
}

// HasCauses reports whether w has a root cause, in either form, its own
// change included.
func (c *Causes) HasCauses(w *Why) bool {
	if w == nil {
		return false
	}
	_, based := c.Base(w.Set)
	return len(w.Causes) > 0 || len(c.Refs(w)) > 0 || based || c.SelfCause(w) != nil // a base holds a cause (CheckLaws)
}

// Distinct counts the report's root causes with each shared change
// (Shared) once rather than once per package: a lockfile whose specs
// all moved target has one, not one per package.
func (c *Causes) Distinct() int {
	if c == nil {
		return 0
	}
	n := len(c.Groups)
	for _, s := range c.Shared {
		n -= len(s.Groups) - 1
	}
	return n
}

// SelfCause returns w's own change (Why.Self) from the table, without a path;
// nil when it has none or it is out of range.
func (c *Causes) SelfCause(w *Why) *Cause {
	if c == nil || w == nil || w.Self == nil || *w.Self < 0 || *w.Self >= len(c.Table) {
		return nil
	}
	return &c.Table[*w.Self]
}

// RootOwn returns what changed in a changed root itself: its facets
// (RootChange.Changes) and the rest of its own change in the causes
// table (Why.Self: an edge to a dependency that kept its hash changed
// its deptypes or virtuals, or its recipe changed), each once. The
// facets alone left such a root "hash only" in its row, beside a root
// cause table naming its recipe, and its highlight named its facets
// alone.
//
// A root now another package's (Swapped) names the swap, as the headline
// does, with its facets but the version: the two packages' facets said
// "own: 4.1 → 5.0" of mpich@4.1 → openmpi@5.0 (one package upgraded, to
// read), and "own: hash changed" of openblas@1.0 → blis@1.0; its own
// change in the table is the new package's, of the old one's hash.
func (c *Causes) RootOwn(r *RootChange) []Change {
	if r.Swapped() {
		own := []Change{{Kind: "provider", From: r.Old.SpecText(), To: r.New.SpecText()}}
		for _, ch := range r.Changes {
			if ch.Kind != "version" {
				own = append(own, ch)
			}
		}
		return own
	}
	own := r.Changes
	self := c.SelfCause(r.Why)
	if self == nil {
		return own
	}
	for _, ch := range self.Changes {
		if !slices.Contains(r.Changes, ch) {
			own = append(slices.Clip(own), ch)
		}
	}
	return own
}

// PathNames returns the path of link i after first: first, then each
// link's name. It stops at a link out of range and after len(Paths)
// links (a loop, in a report edited by hand).
func (c *Causes) PathNames(first string, i int) []string {
	return c.appendLinks([]string{first}, i)
}

// appendLinks appends the names along link i to out, as PathNames.
func (c *Causes) appendLinks(out []string, i int) []string {
	return c.appendLinksUpTo(out, i, -1)
}

// appendLinksUpTo is appendLinks, stopping once out holds most names
// (-1: no bound).
func (c *Causes) appendLinksUpTo(out []string, i, most int) []string {
	for n := 0; i >= 0 && i < len(c.Paths) && n <= len(c.Paths) && len(out) != most; n++ {
		out = append(out, c.Paths[i].Name)
		if c.Paths[i].Next == nil {
			break
		}
		i = *c.Paths[i].Next
	}
	return out
}

// Path returns w's path to a cause whose reference's path is link i:
// name (the pair's package), then the names along w.Via, then those
// along i.
func (c *Causes) Path(w *Why, name string, i int) []string {
	return c.pathUpTo(w, name, i, -1)
}

// pathUpTo is Path, its first most names (-1: all).
func (c *Causes) pathUpTo(w *Why, name string, i, most int) []string {
	return c.itemPath(w, name, causeItem{ref: CauseRef{Path: i}}, most)
}

// itemPath is the path of a reference of w's set through the vias of its
// bases: name, the names along w.Via, along each via, then along the
// reference's path; its first most names (-1: all).
func (c *Causes) itemPath(w *Why, name string, it causeItem, most int) []string {
	out := []string{name}
	if w != nil && w.Via != nil {
		out = c.appendLinksUpTo(out, *w.Via, most)
	}
	for v := it.vias; v != nil && len(out) != most; v = v.next {
		out = c.appendLinksUpTo(out, v.link, most)
	}
	return c.appendLinksUpTo(out, it.ref.Path, most)
}

// causeItem is a reference of a set's expansion: the reference, and the
// vias of the bases it comes through, the outermost first.
type causeItem struct {
	ref  CauseRef
	vias *linkCons
}

// linkCons is a list of links.
type linkCons struct {
	link int
	next *linkCons
}

// expansion returns every reference of set s (its own, then its
// bases', and so on), each with the vias it comes through, a cause
// overridden at a level (CauseRef.Over) by that level's path alone; it
// stops at a reference out of range, and walks len(c.Sets) sets at most
// (a report edited by hand: one read back is checked first).
func (c *Causes) expansion(s int) []causeItem {
	type level struct {
		set  int
		vias []int // outermost first
	}
	var out []causeItem
	// The causes overridden so far: the walk goes down from s, each
	// level before the sets it is based on (an override is in a set of
	// one base, and several bases share no cause).
	var over map[int]bool
	stack := []level{{s, nil}}
	for walked := 0; len(stack) > 0 && walked <= len(c.Sets); walked++ {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var vias *linkCons
		for i := len(t.vias) - 1; i >= 0; i-- {
			vias = &linkCons{t.vias[i], vias}
		}
		for _, r := range c.OwnRefs(t.set) {
			if r.Cause < 0 || r.Cause >= len(c.Table) || over[r.Cause] {
				continue
			}
			if r.Over != nil {
				if over == nil {
					over = map[int]bool{}
				}
				over[r.Cause] = true
			}
			out = append(out, causeItem{r, vias})
		}
		for _, b := range c.Bases(t.set) {
			stack = append(stack, level{b.Set, append(slices.Clip(t.vias), b.Via)})
		}
	}
	return out
}

// Resolve returns w's root causes written out whole, each with its path
// from name (the pair's package), sorted by name, hashes, changes (the
// table's order) and path.
func (c *Causes) Resolve(w *Why, name string) []Cause {
	return c.resolveUpTo(w, name, -1)
}

// resolveUpTo is Resolve, each path its first most names (-1: all).
func (c *Causes) resolveUpTo(w *Why, name string, most int) []Cause {
	if w == nil {
		return nil
	}
	if len(w.Causes) > 0 {
		return w.Causes
	}
	items := c.expansion(w.Set)
	out := make([]Cause, 0, len(items))
	ids := make([]int, 0, len(items))
	for _, it := range items {
		cs := c.Table[it.ref.Cause]
		cs.Path = c.itemPath(w, name, it, most)
		out = append(out, cs)
		ids = append(ids, it.ref.Cause)
	}
	sortCausesByID(out, ids)
	return out
}

// CauseOrder keeps the first causes of the sets that ResolveFirst has
// sorted, for the pairs that share a set, and for the sets based on it.
type CauseOrder struct {
	sets map[int]*orderedSet
}

// orderedSet is a set's first n causes in order, and how many it has.
type orderedSet struct {
	n, all int
	first  []causeItem
}

// NewCauseOrder returns an empty CauseOrder.
func NewCauseOrder() *CauseOrder { return &CauseOrder{sets: map[int]*orderedSet{}} }

// cmpRef orders references by their causes' names and hashes, then cause
// and path.
func (c *Causes) cmpRef(a, b CauseRef) int {
	x, y := &c.Table[a.Cause], &c.Table[b.Cause]
	return cmp.Or(strings.Compare(x.Name, y.Name), strings.Compare(x.OldHash, y.OldHash),
		strings.Compare(x.NewHash, y.NewHash), cmp.Compare(a.Cause, b.Cause), cmp.Compare(a.Path, b.Path))
}

// firstOf returns set s's first n causes in order, and how many it has:
// a based set's from its own references and its bases' first n (kept in
// order), so that a chain of N based sets costs N·n, not N²/2.
func (c *Causes) firstOf(s, n int, order *CauseOrder) *orderedSet {
	if order == nil {
		order = NewCauseOrder()
	}
	known := func(t int) bool {
		o, ok := order.sets[t]
		return ok && o.n == n
	}
	// The sets below s not known yet, bases first (a walk that stops at
	// a set it has seen: a loop, in a report edited by hand).
	var todo []int
	seen := map[int]bool{}
	type frame struct {
		set  int
		next int
	}
	stack := []frame{{s, 0}}
	seen[s] = true
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if base, ok := c.baseAt(f.set, f.next); ok {
			b := base.Set
			f.next++
			if b > 0 && b < len(c.Sets) && !seen[b] && !known(b) {
				seen[b] = true
				stack = append(stack, frame{b, 0})
			}
			continue
		}
		if f.set > 0 && f.set < len(c.Sets) && !known(f.set) {
			todo = append(todo, f.set)
		}
		stack = stack[:len(stack)-1]
	}
	for _, t := range todo {
		var own []CauseRef
		for _, r := range c.OwnRefs(t) {
			if r.Cause >= 0 && r.Cause < len(c.Table) {
				own = append(own, r)
			}
		}
		slices.SortFunc(own, c.cmpRef)
		// The causes t overrides: its base's references of them are
		// skipped, each where t's own sorts (the same cause), so that
		// the base's first n still give t's first n.
		var over map[int]bool
		for _, r := range own {
			if r.Over != nil {
				if over == nil {
					over = map[int]bool{}
				}
				over[r.Cause] = true
			}
		}
		o := &orderedSet{n: n, all: len(own) - len(over)}
		first := make([]causeItem, 0, min(n, len(own)))
		for _, r := range own[:min(n, len(own))] {
			first = append(first, causeItem{ref: r})
		}
		for _, b := range c.Bases(t) {
			bo, ok := order.sets[b.Set]
			if !ok || bo.n != n {
				continue
			}
			o.all += bo.all
			merged := make([]causeItem, 0, min(n, len(first)+len(bo.first)))
			for j, k := 0, 0; len(merged) < n && (j < len(first) || k < len(bo.first)); {
				if k < len(bo.first) && over[bo.first[k].ref.Cause] {
					k++
					continue
				}
				if k == len(bo.first) || j < len(first) && c.cmpRef(first[j].ref, bo.first[k].ref) < 0 {
					merged = append(merged, first[j])
					j++
				} else {
					it := bo.first[k]
					merged = append(merged, causeItem{it.ref, &linkCons{b.Via, it.vias}})
					k++
				}
			}
			first = merged
		}
		o.first = first
		order.sets[t] = o
	}
	if known(s) {
		return order.sets[s]
	}
	return &orderedSet{n: n}
}

// ResolveFirst returns the first n of w's root causes in Resolve's
// order, each with its path from name, and how many it has in all. Only
// those n paths are written out, each its first names names at most
// (-1: all; a text shortened to a few thousand characters shows no more,
// and a report edited so that R roots each go through a via of D names
// wrote R·D names out); the order of a set's first causes is kept in
// order (nil: not kept), so that the pairs that share a set (the R roots
// of an environment that reach the same K changed leaves) sort it once:
// R·K log K, and R·K paths, for lists that show n.
func (c *Causes) ResolveFirst(w *Why, name string, n, names int, order *CauseOrder) ([]Cause, int) {
	if w == nil {
		return nil, 0
	}
	if len(w.Causes) > 0 {
		return w.Causes[:min(n, len(w.Causes))], len(w.Causes)
	}
	o := c.firstOf(w.Set, n, order)
	out := make([]Cause, 0, len(o.first))
	ids := make([]int, 0, len(o.first))
	for _, it := range o.first {
		cs := c.Table[it.ref.Cause]
		cs.Path = c.itemPath(w, name, it, names)
		out = append(out, cs)
		ids = append(ids, it.ref.Cause)
	}
	sortCausesByID(out, ids)
	return out, o.all
}

// sortCausesByID sorts a set's causes, each of table id ids[i], as
// firstOf does (cmpRef): by name and hashes, then by id (the table's
// order of their changes), then by path. Causes of one name and hashes
// that differ in their changes (a dependency added at one spec, removed
// at another) sorted by path here and by id there, and ResolveFirst's
// first cause was not Resolve's.
func sortCausesByID(cs []Cause, ids []int) {
	type byID struct {
		c  Cause
		id int
	}
	l := make([]byID, len(cs))
	for i := range cs {
		l[i] = byID{cs[i], ids[i]}
	}
	slices.SortFunc(l, func(a, b byID) int {
		return cmp.Or(strings.Compare(a.c.Name, b.c.Name), strings.Compare(a.c.OldHash, b.c.OldHash),
			strings.Compare(a.c.NewHash, b.c.NewHash), cmp.Compare(a.id, b.id), slices.Compare(a.c.Path, b.c.Path))
	})
	for i := range l {
		cs[i] = l[i].c
	}
}

// CauseGroup is one root cause over the whole report: the same package
// changing the same way (on every OS and target it was built for).
type CauseGroup struct {
	Name    string   `json:"name"`
	Changes []Change `json:"changes"`
	// Specs counts the pairs it is a root cause of; Rebuilt and Updated
	// split them. Own counts those whose own change it is (Why.Self),
	// absent when 0.
	Specs   int `json:"specs"`
	Rebuilt int `json:"rebuilt"`
	Updated int `json:"updated"`
	Own     int `json:"own,omitempty"`
	// Via is the shortest path to it from one of those pairs (the first
	// by package name): an example of how it reaches them; a pair's own
	// change is reached by the pair's name alone.
	Via []string `json:"via"`
}

// SharedCause is one change that the root causes of several packages
// share (causes.groups of one change, the same in each): every spec's
// target moved from one microarchitecture to another, every spec's
// compiler was bumped, the recipes changed (a package repository pinned
// to another commit). It is one cause with a count, where the groups are
// one per package.
type SharedCause struct {
	// Kind, From and To are the change (a recipe change has neither
	// From nor To, as its groups).
	Kind string `json:"kind"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Specs counts the pairs with at least one of the groups as a root
	// cause (each pair once); Rebuilt and Updated split them.
	Specs   int `json:"specs"`
	Rebuilt int `json:"rebuilt"`
	Updated int `json:"updated"`
	// Packages are the groups' packages, sorted; Groups the groups, by
	// index into Causes.Groups, in order.
	Packages []string `json:"packages"`
	Groups   []int    `json:"groups"`
}

// groupOrderBy orders causes.groups but for their changes' text
// (changeOrder), which breaks the ties: own changes first (ownRank),
// then most specs first, then by name.
func groupOrderBy(a, b CauseGroup) int {
	return cmp.Or(cmp.Compare(ownRank(a), ownRank(b)), cmp.Compare(b.Specs, a.Specs), strings.Compare(a.Name, b.Name))
}

// groupOrder is the order of causes.groups, as the engine sorts them
// and the laws check it.
func groupOrder(a, b CauseGroup) int {
	if c := groupOrderBy(a, b); c != 0 {
		return c
	}
	return strings.Compare(changeOrder(a.Changes), changeOrder(b.Changes))
}

// sharedOrder is the order of causes.shared: most specs first, then most
// groups, then by kind, from and to.
func sharedOrder(a, b SharedCause) int {
	return cmp.Or(cmp.Compare(b.Specs, a.Specs), cmp.Compare(len(b.Groups), len(a.Groups)),
		strings.Compare(a.Kind, b.Kind), strings.Compare(a.From, b.From), strings.Compare(a.To, b.To))
}

// ownRank orders cause groups: 0 for one that is only its specs' own
// change, 1 for an own change that other pairs inherit, 2 for an edge's.
func ownRank(g CauseGroup) int {
	switch {
	case g.Own > 0 && g.Own == g.Specs:
		return 0
	case g.Own > 0:
		return 1
	}
	return 2
}

// sharedKinds are the kinds of change a SharedCause gathers: those that
// say the same of any package (a version, or a dependency added, removed
// or swapped, is the package's own).
var sharedKinds = map[string]bool{"compiler": true, "variants": true, "target": true, "os": true, "platform": true, "recipe": true, "other": true}

// RootChanges lists a lockfile's roots (by their spec as written) that
// were added, removed or concretized differently. A root whose spec as
// written changed only in its own version (llvm@21 → llvm@22) is the
// same root, changed.
type RootChanges struct {
	Added   []RootSpec   `json:"added"`
	Removed []RootSpec   `json:"removed"`
	Changed []RootChange `json:"changed"`
	// Renamed lists the roots written otherwise only in their package's
	// own version (python@3.13 → python) and concretized the same: the
	// same root, unchanged, whose old side the engine compared under the
	// new spelling (rootrename.go), as it does for a changed one. Absent
	// when none, and in reports of cachediff before it was written.
	Renamed []RootRename `json:"renamed,omitempty"`
	// Unchanged counts the specs whose hash both sides hold (the
	// report's unchanged and restacked specs). FewerRoots, MoreRoots and
	// OtherRoots count those among them that are now needed by fewer
	// roots, by more, or by as many but others (a lockfile's stacks are
	// the roots that need a spec; a root changed only in its version is
	// the same root). All four are absent when 0, and in reports of
	// cachediff before issue 34.
	Unchanged  int `json:"unchanged,omitempty"`
	FewerRoots int `json:"fewer_roots,omitempty"`
	MoreRoots  int `json:"more_roots,omitempty"`
	OtherRoots int `json:"other_roots,omitempty"`
}

// RootSpec is a root: its spec as written, and the concrete node.
type RootSpec struct {
	Root    string `json:"root"`
	Name    string `json:"name"`
	Version string `json:"version"`
	Hash    string `json:"hash"`
}

// Swapped reports whether the root is now another package's (a provider
// swap: mpi from mpich@4.1 to openmpi@5.0), both sides named.
func (r *RootChange) Swapped() bool {
	return r.Old.Name != r.New.Name && r.Old.Name != "" && r.New.Name != ""
}

// SpecText spells the root's spec as Spack spells a spec: name@version,
// or the bare name when it has no version (never "openmpi@").
func (s RootSpec) SpecText() string {
	if s.Version == "" {
		return s.Name
	}
	return s.Name + "@" + s.Version
}

// RootChangeKeys are keys of changed: roots of one key are one root
// written several ways, those of the same old hash and the same new
// hash (zlib and zlib@1.3, one spec of zlib 1.3 on the old side, one of
// zlib 1.5 on the new). A root without both hashes is a root alone
// (""). Roots that share a spec on one side alone are roots of their
// own: merged with any other they share a spec with (transitively),
// adding a root lowered the count ("1 root changed" of three roots
// over four old and new specs, "2 roots changed" of two of them), and
// a spelling that stayed at its version was said to move with another
// ("zlib 1.3 → 1.5 = zlib@1.3" of zlib@1.3 rebuilt at 1.3). Where two
// such roots read the same, their readers say them by their spellings
// (report.BySpelling).
func RootChangeKeys(changed []RootChange) []string {
	keys := make([]string, len(changed))
	for i := range changed {
		if x := &changed[i]; x.Old.Hash != "" && x.New.Hash != "" {
			keys[i] = x.Old.Hash + " " + x.New.Hash
		}
	}
	return keys
}

// changeKeyed says whether x has a key of RootChangeKeys (both hashes).
func changeKeyed(x *RootChange) bool { return x.Old.Hash != "" && x.New.Hash != "" }

// compareChangeKeys compares x's and y's keys of RootChangeKeys as
// those strings compare, without making them: of 64,000 roots changed
// alike, the keys were 5.6 MB alive to News' end.
func compareChangeKeys(x, y *RootChange) int {
	kx, ky := changeKeyed(x), changeKeyed(y)
	if !kx || !ky {
		return cmp.Compare(boolInt(kx), boolInt(ky)) // "" first
	}
	return compareSpaced(x.Old.Hash, x.New.Hash, y.Old.Hash, y.New.Hash)
}

// compareSpaced compares a+" "+b with c+" "+d.
func compareSpaced(a, b, c, d string) int {
	if len(a) == len(c) {
		return cmp.Or(strings.Compare(a, c), strings.Compare(b, d))
	}
	la, lc := len(a)+1+len(b), len(c)+1+len(d)
	at := func(s, t string, i int) byte {
		switch {
		case i < len(s):
			return s[i]
		case i == len(s):
			return ' '
		}
		return t[i-len(s)-1]
	}
	for i := range min(la, lc) {
		if x, y := at(a, b, i), at(c, d, i); x != y {
			return cmp.Compare(x, y)
		}
	}
	return cmp.Compare(la, lc)
}

// RootsApart tells changed roots apart that read the same by their
// spellings and changes but are not one root (RootChangeKeys): zlib of
// two environments' lockfiles, two builds of zlib 1.3 each to one of
// zlib 1.5, read "2 roots changed (zlib 1.3 → 1.5, zlib 1.3 → 1.5)" and
// "root zlib changed: 1.3 → 1.5" twice. Each is told apart as the rest
// of the report tells specs apart: by the first facet whose new value
// differs from root to root (its compiler "%gcc@10", target, os,
// platform or the variants not all of them have), else the old one's
// ("was %gcc@9"), else by its short hash ("/ccccccc", the old one's too,
// "/aaaaaaa → /ccccccc", where two share the new spec), each as many
// characters as tell the hashes of the group apart. The specs are found
// by hash in r's packages, read once, on the first call.
type RootsApart struct {
	r *Report
	// specs are the report's specs (both sides) by hash, made on the
	// first call (index): sorted, not a map, which at 64,000 roots
	// changed alike was 9.8 MB of News' peak.
	specs   []*Spec
	indexed bool
	classes map[any]*rootClasses // the roots of each list asked of, by what they read as (alike)
	// hashOnly labels by short hash alone: a facet's label read as
	// another root's spelling (alike).
	hashOnly bool
	// hashLen is the fewest characters of a short hash (0: 7, as Spack
	// prints them): more where a short hash read as a root's spelling
	// (alike).
	hashLen int
	// across are the labels of the roots of acrossRoots' lists
	// (removed, added, changed) whose spellings another list has, ""
	// for the rest (acrossIndex, made once: acrossDone).
	across      [3][]string
	acrossRoots *RootChanges
	acrossDone  bool
}

// rootKeys are the keys of a list's roots (RootChangeKeys, a root
// added or removed's hash) and their spellings, read in place: keyed
// says whether root i has a key, compare orders two keyed roots' keys
// as the keys' strings compare.
type rootKeys struct {
	keyed    func(i int) bool
	compare  func(i, j int) int
	spelling func(i int) string
}

// NewRootsApart returns a RootsApart of r's specs.
func NewRootsApart(r *Report) *RootsApart { return &RootsApart{r: r} }

// Labels returns, for each root of group (indexes into changed, roots
// that read the same), what tells it apart: one label for roots of one
// key (one root written several ways), another for each other root.
func (a *RootsApart) Labels(changed []RootChange, group []int) []string {
	a.index()
	if len(group) == 0 {
		return nil
	}
	out := a.alike(&changed[0], len(changed), group, rootKeys{
		keyed:    func(i int) bool { return changeKeyed(&changed[i]) },
		compare:  func(i, j int) int { return compareChangeKeys(&changed[i], &changed[j]) },
		spelling: func(i int) string { return changed[i].Root },
	},
		func(group []int) []string { return a.labels(changed, group) })
	// A root whose spelling another list has is told apart from
	// those roots too (ChangeAcross).
	for k, i := range group {
		if l := a.ChangeAcross(changed, i); l != "" {
			out[k] = l
		}
	}
	return out
}

// labels is Labels of group as it is.
func (a *RootsApart) labels(changed []RootChange, group []int) []string {
	// One label a root: roots of one key (both hashes) are one, found
	// sorted by key (each run's first the root the label is made of),
	// not in a map by key, which of 1,000 roots changed alike, each its
	// own key, was 250 bytes a root.
	var reps []*RootChange
	at := make([]int, len(group)) // group[k] → its root in reps
	order := make([]int32, len(group))
	for k := range order {
		order[k] = int32(k)
	}
	keyOf := func(k int32) *RootChange { return &changed[group[k]] }
	slices.SortFunc(order, func(x, y int32) int {
		a, b := keyOf(x), keyOf(y)
		return cmp.Or(strings.Compare(a.Old.Hash, b.Old.Hash), strings.Compare(a.New.Hash, b.New.Hash), cmp.Compare(x, y))
	})
	lead := make([]int32, len(group)) // k → the first root of its key in group
	for o, k := range order {
		lead[k] = k
		if x, p := keyOf(k), order[max(o-1, 0)]; o > 0 && changeKeyed(x) {
			if y := keyOf(p); x.Old.Hash == y.Old.Hash && x.New.Hash == y.New.Hash {
				lead[k] = lead[p]
			}
		}
	}
	for k, i := range group {
		if l := int(lead[k]); l != k {
			at[k] = at[l]
			continue
		}
		at[k] = len(reps)
		reps = append(reps, &changed[i])
	}
	olds, news := make([]string, len(reps)), make([]string, len(reps))
	for i, x := range reps {
		olds[i], news[i] = x.Old.Hash, x.New.Hash
	}
	labels := a.facetLabels(news, "")
	if labels == nil {
		labels = a.facetLabels(olds, "was ")
	}
	if labels == nil {
		labels = hashLabels(olds, news, a.hashLen)
	}
	out := make([]string, len(group))
	for k := range group {
		out[k] = labels[at[k]]
	}
	return out
}

// SpecLabels is Labels of roots added or removed (roots, each one
// spec): "2 roots added (zlib, zlib)" of two environments' zlib, each
// its own spec, is "(zlib %gcc@9, zlib %gcc@10)" or "(zlib /aaaaaaa,
// zlib /bbbbbbb)". Roots of one hash are one, of one label.
func (a *RootsApart) SpecLabels(roots []RootSpec, group []int) []string {
	a.index()
	if len(group) == 0 {
		return nil
	}
	out := a.alike(&roots[0], len(roots), group, rootKeys{
		keyed:    func(i int) bool { return roots[i].Hash != "" },
		compare:  func(i, j int) int { return strings.Compare(roots[i].Hash, roots[j].Hash) },
		spelling: func(i int) string { return roots[i].Root },
	},
		func(group []int) []string { return a.specLabels(roots, group) })
	for k, i := range group {
		if l := a.SpecAcross(roots, i); l != "" {
			out[k] = l
		}
	}
	return out
}

// alike returns labels of group (of n roots, list the first of them:
// roots() a function of the key of root i, "" a root alone, and its
// spelling) made
// over every root of the list whose spellings, all of its key's in any
// order, are those of a root of group: the headline, the roots line and
// the news each ask for the roots that read alike in their own words
// (the headline names a rebuilt root alone, the news says its changes
// too), and a label made of each one's group told one root apart as
// "/ddddddd" in the headline and "os=rhel8" in the news. The labels of
// each set of roots are made once.
func (a *RootsApart) alike(list any, n int, group []int, keys rootKeys, labels func(group []int) []string) []string {
	c, ok := a.classes[list]
	if !ok || c.n != n {
		c = &rootClasses{n: n, of: make([]int, n), made: map[string]map[int]string{}, spelling: keys.spelling, spelt: a.spellings()}
		// The roots of a key, sorted by key and spelling, each key's
		// spellings once (a run of the order); not maps by key, of a
		// key or two a root: of 64,000 roots changed alike, each of
		// its own key, they were some 10 MB of the live heap in the
		// render.
		order := make([]int32, 0, n)
		for i := range n {
			if keys.keyed(i) {
				order = append(order, int32(i))
			}
		}
		slices.SortFunc(order, func(x, y int32) int {
			return cmp.Or(keys.compare(int(x), int(y)), strings.Compare(keys.spelling(int(x)), keys.spelling(int(y))))
		})
		// Each key's spellings, sorted, keyed by their lengths
		// (listKey): joined by NUL, the spec spelt "a" and "b" read
		// as the root spelt "a\x00b" (a report given to render may
		// hold one), and a label of the one hung on the other. A
		// key's roots read as one class of read (first), numbered in
		// the order of their first root below.
		read := map[string]int32{}
		first := make([]int32, n) // a keyed root's class of read (0 for a root alone, unread)
		var spellings []string
		for lo := 0; lo < len(order); {
			hi := lo
			spellings = spellings[:0]
			for ; hi < len(order); hi++ {
				if keys.compare(int(order[lo]), int(order[hi])) != 0 {
					break
				}
				sh := keys.spelling(int(order[hi]))
				if len(spellings) == 0 || spellings[len(spellings)-1] != sh {
					spellings = append(spellings, sh)
				}
			}
			r := listKey(spellings)
			id, ok := read[r]
			if !ok {
				id = int32(len(read))
				read[r] = id
			}
			for _, i := range order[lo:hi] {
				first[i] = id
			}
			lo = hi
		}
		keyClass := make([]int, len(read)) // a class of read → its class, -1 before its first root
		for x := range keyClass {
			keyClass[x] = -1
		}
		class := map[string]int{} // a root alone's spelling → its class
		for i := range n {
			sp := keys.spelling(i)
			c.spelt[sp] = true
			// A root alone reads as its one spelling, after a NUL,
			// which no listKey of a key's spellings (one at least)
			// starts with: the classes of roots alone and of keys are
			// told apart by their maps.
			var j int
			if keys.keyed(i) {
				if j = keyClass[first[i]]; j < 0 {
					j = len(c.members)
					keyClass[first[i]] = j
					c.members = append(c.members, nil)
				}
			} else {
				var ok bool
				if j, ok = class[sp]; !ok {
					j = len(c.members)
					class[sp] = j
					c.members = append(c.members, nil)
				}
			}
			c.of[i] = j
			c.members[j] = append(c.members[j], i)
		}
		if a.classes == nil {
			a.classes = map[any]*rootClasses{}
		}
		a.classes[list] = c
	}
	var ids []int
	for _, i := range group {
		ids = append(ids, c.of[i])
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	set := fmt.Sprint(ids)
	made, ok := c.made[set]
	if !ok {
		var wide []int
		for _, j := range ids {
			wide = append(wide, c.members[j]...)
		}
		made = make(map[int]string, len(wide))
		got := labels(wide)
		if c.reads(wide, got) {
			// A root spelt "zlib %gcc@9" beside two environments'
			// zlib labelled "%gcc@9" and "%gcc@10" read "zlib
			// %gcc@9" twice: the facet that tells the group apart
			// is no way to tell it from the other root, the short
			// hash is.
			a.hashOnly = true
			got = labels(wide)
			// A root spelt by hand "zlib /aaaaaaa" beside two
			// environments' zlib labelled "/aaaaaaa" and "/bbbbbbb"
			// read as it: their hashes are said longer, up to whole.
			for n := 7; c.reads(wide, got) && n < maxHashLen; {
				n = min(2*n, maxHashLen)
				a.hashLen = n
				got = labels(wide)
			}
			a.hashOnly, a.hashLen = false, 0
			// A whole hash that still reads as one (a root spelt by
			// hand "zlib /" and the whole of another's hash) is said
			// after the word "hash" (hashWord).
			got = hashWord(got, func(k int, l string) bool { return c.readsAs(wide[k], l) })
		}
		for k, l := range got {
			made[wide[k]] = l
		}
		c.made[set] = made
	}
	out := make([]string, len(group))
	for k, i := range group {
		out[k] = made[i]
	}
	return out
}

// rootClasses are the roots of one list (RootsApart.alike) by what
// they read as: of[i] root i's class, members each class's roots, and
// made the labels made of each set of classes.
type rootClasses struct {
	n       int
	of      []int
	members [][]int
	made    map[string]map[int]string
	// spelling is root i's spelling.
	spelling func(i int) string
	spelt    map[string]bool // every spelling of the list and of the report's roots
}

// spellings returns every root spelling the report names, in any of
// its lists and on either side: a label that reads as one of them reads
// as that root, of this list or another ("root zlib %gcc@9 removed"
// beside an added zlib labelled "%gcc@9" reads as one root removed and
// added).
func (a *RootsApart) spellings() map[string]bool {
	spelt := map[string]bool{}
	if a.r == nil || a.r.Causes == nil || a.r.Causes.Roots == nil {
		return spelt
	}
	rt := a.r.Causes.Roots
	for _, l := range [...][]RootSpec{rt.Added, rt.Removed} {
		for _, x := range l {
			spelt[x.Root] = true
		}
	}
	for _, x := range rt.Changed {
		spelt[x.Root], spelt[x.Old.Root], spelt[x.New.Root] = true, true, true
	}
	for _, x := range rt.Renamed {
		spelt[x.Root], spelt[x.Old.Root], spelt[x.New.Root] = true, true, true
	}
	return spelt
}

// reads reports whether a root of wide, labelled, reads as a spelling
// of the report: "zlib" labelled "%gcc@9" is a root spelt "zlib %gcc@9".
func (c *rootClasses) reads(wide []int, labels []string) bool {
	for k, i := range wide {
		if c.readsAs(i, labels[k]) {
			return true
		}
	}
	return false
}

// readsAs reports whether root i labelled l reads as a spelling.
func (c *rootClasses) readsAs(i int, l string) bool {
	return l != "" && c.spelt[c.spelling(i)+" "+l]
}

// specLabels is SpecLabels of group as it is.
func (a *RootsApart) specLabels(roots []RootSpec, group []int) []string {
	var hashes []string
	at := make([]int, len(group))
	byHash := map[string]int{}
	for k, i := range group {
		h := roots[i].Hash
		j, ok := byHash[h]
		if !ok || h == "" {
			j = len(hashes)
			byHash[h] = j
			hashes = append(hashes, h)
		}
		at[k] = j
	}
	labels := a.facetLabels(hashes, "")
	if labels == nil {
		labels = hashLabels(nil, hashes, a.hashLen)
	}
	out := make([]string, len(group))
	for k := range group {
		out[k] = labels[at[k]]
	}
	return out
}

// index files the report's specs by hash, once: sorted by hash, the
// specs of one hash in the order of the report (a spec added, removed,
// then the pairs' old and new), of which spec finds the last.
func (a *RootsApart) index() {
	if a.indexed {
		return
	}
	a.indexed = true
	if a.r == nil {
		return
	}
	n := 0
	for i := range a.r.Packages {
		s := &a.r.Packages[i].Specs
		n += len(s.Added) + len(s.Removed) + 2*(len(s.Rebuilt)+len(s.Updated)+len(s.Restacked))
	}
	a.specs = make([]*Spec, 0, n)
	for i := range a.r.Packages {
		s := &a.r.Packages[i].Specs
		for _, l := range [...][]Spec{s.Added, s.Removed} {
			for j := range l {
				a.specs = append(a.specs, &l[j])
			}
		}
		for _, l := range [...][]Pair{s.Rebuilt, s.Updated, s.Restacked} {
			for j := range l {
				if l[j].Old != nil {
					a.specs = append(a.specs, l[j].Old)
				}
				if l[j].New != nil {
					a.specs = append(a.specs, l[j].New)
				}
			}
		}
	}
	slices.SortStableFunc(a.specs, func(x, y *Spec) int { return strings.Compare(x.Hash, y.Hash) })
}

// spec is the report's spec of hash h (the last of the report's order
// where several have it), or nil.
func (a *RootsApart) spec(h string) *Spec {
	k, _ := slices.BinarySearchFunc(a.specs, h, func(s *Spec, h string) int {
		if s.Hash <= h {
			return -1 // after every spec of hash h
		}
		return 1
	})
	if k > 0 && a.specs[k-1].Hash == h {
		return a.specs[k-1]
	}
	return nil
}

// hashWord returns labels (whole hashes, "/…" or "∅", one a root)
// said after the word "hash" where one reads as a root's spelling
// (reads(k, l): root k labelled l reads as one): "2 roots removed (zlib
// hash /aaa…a, zlib hash /aaa…b)" beside a root spelt by hand "zlib
// /aaa…a". Where that reads as a spelling too ("zlib hash /aaa…a"
// spelt by hand), each label is said after as many words as it takes
// for it alone: a word more for it is a spelling more that reads as
// it, one of as many words, so that the words cost what those
// spellings do, however many roots the group has. Roots of one label
// (one root written several ways) keep one.
func hashWord(labels []string, reads func(k int, l string) bool) []string {
	some := func(words string) bool {
		for k, l := range labels {
			if reads(k, words+l) {
				return true
			}
		}
		return false
	}
	if !some("") {
		return labels
	}
	out := make([]string, len(labels))
	if !some("hash ") {
		for k, l := range labels {
			out[k] = "hash " + l
		}
		return out
	}
	roots := map[string][]int{} // a label → its roots
	for k, l := range labels {
		roots[l] = append(roots[l], k)
	}
	for k, l := range labels {
		if out[k] != "" {
			continue
		}
		said := l
		for slices.ContainsFunc(roots[l], func(k int) bool { return reads(k, said) }) {
			said = "hash " + said
		}
		for _, k := range roots[l] {
			out[k] = said
		}
	}
	return out
}

// maxHashLen is the most characters of a hash a label says: a Spack
// hash has 32.
const maxHashLen = 64

// maxApartLabel is the most bytes of a facet's label (variants): a
// longer one is no way to tell roots apart in a line, their short hash is.
const maxApartLabel = 64

// facetLabels labels reps by the first facet of their specs (by hash(x))
// whose values are all known and differ root to root, or nil.
func (a *RootsApart) facetLabels(hashes []string, prefix string) []string {
	if a.hashOnly {
		return nil
	}
	specs := make([]*Spec, len(hashes))
	for i, h := range hashes {
		if specs[i] = a.spec(h); specs[i] == nil || h == "" {
			return nil
		}
	}
	facets := [...]struct{ name, mark string }{
		{"compiler", "%"}, {"target", "target="}, {"os", "os="}, {"platform", "platform="},
	}
	// A facet's labels are its mark and value after prefix: they differ
	// where the values do, so the values are told apart (sorted in
	// values, not a map of labels) and the labels made of the facet
	// taken alone. Of 16,000 roots changed alike, the labels and maps
	// of the four facets tried, for the new specs and the old, were 550
	// bytes a root.
	values := make([]string, len(specs))
	for _, f := range facets {
		if facetApart(specs, f.name, len(prefix)+len(f.mark), values) {
			labels := make([]string, len(specs))
			for i, s := range specs {
				labels[i] = prefix + f.mark + specFacet(s, f.name)
			}
			return labels
		}
	}
	labels := make([]string, len(hashes))
	apart := func() bool {
		seen := make(map[string]bool, len(labels))
		for _, l := range labels {
			if seen[l] || len(l) > maxApartLabel {
				return false
			}
			seen[l] = true
		}
		return true
	}
	// The variants not every root's spec has.
	count := map[string]int{}
	for _, s := range specs {
		for _, v := range slices.Compact(slices.Sorted(slices.Values(s.Variants))) {
			count[v]++
		}
	}
	for i, s := range specs {
		var own strings.Builder
		for _, v := range slices.Compact(slices.Sorted(slices.Values(s.Variants))) {
			if count[v] < len(specs) {
				if own.Len() > 0 {
					own.WriteByte(' ')
				}
				if own.WriteString(v); own.Len() > maxApartLabel {
					return nil
				}
			}
		}
		if own.Len() == 0 {
			return nil
		}
		labels[i] = prefix + own.String()
	}
	if apart() {
		return labels
	}
	return nil
}

// facetApart reports whether the specs' values of facet are all known
// (not ""), no two alike, and none longer than maxApartLabel with the
// marked bytes before it; values is room for them, as long as specs.
func facetApart(specs []*Spec, facet string, marked int, values []string) bool {
	for i, s := range specs {
		v := specFacet(s, facet)
		if v == "" || marked+len(v) > maxApartLabel {
			return false // not known, or too long: no label of this facet
		}
		values[i] = v
	}
	slices.Sort(values)
	for i := 1; i < len(values); i++ {
		if values[i] == values[i-1] {
			return false
		}
	}
	return true
}

// hashLabels labels roots (their old and new hashes; olds nil for
// roots added or removed) by their short hash: the new one's where the
// new hashes all differ, else both ("/aaaaaaa → /ccccccc"; roots of
// other keys differ in one), each of as many characters as tell the
// group's hashes apart (at least 7, as Spack prints them, or least).
func hashLabels(olds, news []string, least int) []string {
	short := func(hashes []string) func(string) string {
		sorted := slices.Sorted(slices.Values(hashes))
		sorted = slices.Compact(sorted)
		n := max(7, least)
		for i := 1; i < len(sorted); i++ {
			c := 0
			for c < len(sorted[i-1]) && c < len(sorted[i]) && sorted[i-1][c] == sorted[i][c] {
				c++
			}
			n = max(n, c+1)
		}
		return func(h string) string {
			if h == "" {
				return "∅"
			}
			return "/" + h[:min(n, len(h))]
		}
	}
	newShort := short(news)
	labels := make([]string, len(news))
	distinct := olds == nil || len(slices.Compact(slices.Sorted(slices.Values(news)))) == len(news) && !slices.Contains(news, "")
	oldShort := short(olds)
	for i := range news {
		if distinct {
			labels[i] = newShort(news[i])
		} else {
			labels[i] = oldShort(olds[i]) + " → " + newShort(news[i])
		}
	}
	return labels
}

// RootRename is a root written otherwise (Root, New.Root; Old.Root as
// the old side wrote it) of the same hash.
type RootRename struct {
	Root string   `json:"root"`
	Old  RootSpec `json:"old"`
	New  RootSpec `json:"new"`
	Respelt
}

// RootChange is a root whose concrete spec changed hash.
type RootChange struct {
	Root    string   `json:"root"`
	Old     RootSpec `json:"old"`
	New     RootSpec `json:"new"`
	Changes []Change `json:"changes"` // its own facets
	Why     *Why     `json:"why"`
	Respelt
}

// Respelt says of a root changed or renamed into another spelling that
// it was respelt in its own environment alone: Kept counts the new
// side's roots (of another os, platform or target) that keep the old
// spelling, whose stack stays beside the new one's (two environments'
// roots zlib@1.3, rhel8's alone now zlib@=1.3); Joined counts the old
// side's roots that wrote the new spelling already (debian11's
// zlib@1.3, which rhel8's zlib@=1.3 came to). The old side's specs are
// compared under the new spelling where the respelt root needs them, and
// under the old one where a root keeping it does. Both are absent when
// 0: a root respelt whole (every root of its old spelling, into a
// spelling the old side does not write), and in reports before them.
type Respelt struct {
	Kept   int `json:"kept,omitempty"`
	Joined int `json:"joined,omitempty"`
}

// HasEdges reports whether any node of g has known edges.
func (g Graph) HasEdges() bool {
	for _, n := range g.nodes {
		if n.Deps() != nil {
			return true
		}
	}
	return false
}

// explainer computes causes over two graphs, in two steps. Pairs are
// registered first (node): that builds the graph of the changed pairs of
// nodes reachable from them, each pair once whatever reaches it, without
// recursion. Then solve finds, for every changed pair, its root causes
// with one shortest path each, as a set interned once per distinct
// content and shared by every pair that has it: dependencies first, each
// pair's set is made from its dependencies' whole sets, never a path
// rebuilt or copied per pair, nor a set per pair that merely has the same
// dependencies. Paths are shared: a pair's path is its name, then the
// path of the dependency it goes through (a PathLink), so a chain of N
// pairs keeps N links, not N²/2 names; and a pair whose causes all come
// through one dependency's set takes that set with a via (compose), so a
// chain of N pairs over a hub with K changed leaves keeps one set of K. Ties between shortest paths go to
// the smallest sequence of names. Nothing depends on the order in which
// pairs or edges come, nor on cycles (bad input: each is a warning, see
// cycleWarnings; solveCycle searches inside each).
type explainer struct {
	old, new Graph
	// cyclePairs are the report's pairs of old specs in cycles of the
	// pairing by edges (Report.cyclePairs; read only).
	cyclePairs map[string]string
	// cycleNews are the new ends of cyclePairs, to their old ends.
	cycleNews map[string]string
	// pairHashes are the report's pairs (old hash, new hash), and
	// pairOf the same by old hash, made once a spec has several edges
	// of one name (reportPair).
	pairHashes [][2]string
	pairOnce   sync.Once
	pairOf     map[string]string
	// keys are each graph's structKeys, old (0) and new (1), made once
	// an edge of a name written several times is left to the match in
	// order (edgeKeyOrder).
	keysOnce [2]sync.Once
	keys     [2][]uint64
	memo     map[[2]*GraphNode]int32 // the pairs by their nodes (one per hash a side)
	nodes    []*local
	solved   bool
	// work are the pairs whose changed dependencies wait to be filed.
	work []job

	table []Cause // root causes, by id (renumbered by name once solved)
	// ids are the first cause of each hash of a cause's key (causeHash)
	// and idNext the next of the same hash after each (-1: none), while
	// the causes are filed (causeID): a key joined into a string was one
	// more string a cause, held with its map entry until solved.
	ids    map[uint64]int32
	idNext []int32
	idSeed maphash.Seed
	// links are the paths' links (no pointer in them, so that the
	// collector does not scan them), filed once by their name and next
	// in byKey; depth is how many names each path has. They are made
	// when the first link is filed, sized for linksHint: pairs with no
	// edge file none (builds alike, rebuilt and respelt), and a table
	// made at once for every pair held 2.5 MB of a 64,000-root pair's
	// live heap through Explain.
	links     []link
	byKey     map[uint64]int32
	depth     []int32
	linksHint int
	// names are the edge names, sorted, once solving starts: a link or a
	// candidate holds its name's number, so names compare as numbers.
	names []string
	// flats are the sets of pairs with a via written out (see flat), by
	// set and via; vias are the Why.Via given out, links while solving,
	// renumbered by result.
	flats   map[uint64]int32
	vias    []*int
	scratch []int32
	// all are the distinct sets of causes (all[0] the empty one), by
	// content; sets those the report's pairs use, in the order they
	// first ask (Why.Set), and outOf each one's place there (0: none).
	all    [][]ref
	sets   [][]ref
	setIDs []int32 // the ids in e.all of sets
	outOf  []int
	// bases[i] are set i's bases (see based): all[i] then holds only the
	// references it adds, and those it overrides, over[i] (sorted: the
	// causes its base holds that it holds by a path of its own);
	// size[i] is how many causes its expansion holds.
	bases [][]setBase
	over  [][]int32
	size  []int32
	// parent, level and jump are each set's one base (-1: none, or
	// several), its depth in the tree of single bases, and a jump
	// pointer down that tree; holders[c] the last sets filed that hold
	// cause c themselves (0: none), the latest first (see holds).
	parent, level, jump []int32
	holders             [][holders]int32
	// rootOf is each set's root in the tree of single bases (itself
	// when it has no single base), and heldAt the trie (a root in
	// trie, 0: empty) of the causes of its own references and those of
	// its single bases down to that root, not the root's: holds finds
	// a cause there at any depth. trie's nodes are persistent, shared
	// by a set and its bases: a set adds only the causes none below
	// holds, a path of bits.Len(len(table)) nodes each.
	rootOf, heldAt []int32
	trie           [][2]int32
	trieBits       int
	// groupOf is each cause's group (CauseGroup), numbered in table
	// order; seenCause and seenGroup say a cause, or a cause of a group,
	// is a reference of a set filed so far (see based).
	groupOf   []int32
	groups    int
	seenCause []bool
	seenGroup []bool
	// indeg counts each pair's dependents among the changed pairs;
	// treeOK says a pair is over a tree of pairs fit to be one of several
	// bases (see based).
	indeg  []int32
	treeOK []bool
	// markAt stamps the dependencies of one pair (markStamp) while based
	// looks for dependencies whose causes another brings (dominated).
	markAt    []int32
	markStamp int32
	// baseAt stamps a pair's bases (baseStamp) while based solves it;
	// distinctAt finds the base of a set and via among many (see based).
	baseAt     []int32
	baseStamp  int32
	distinctAt map[[2]int32]int
	// expanded are the based sets written out whole (see expanded), and
	// expandCosts what writing the others out costs (expandCost).
	expandedOf  map[int32]int32
	expandCosts map[int32]int64
	setOf       map[uint64]int // the first set of all with a hash of its references (made when the first set is filed)
	same        []int          // the next set with the same hash as set i (0: none)
	// While solving: the sets computed by the key of what they come
	// from (see solveOne), and the best path to each cause (bestAt: the
	// stamp of the node it is for).
	byKids   map[string]int32
	key      []byte
	best     []cand
	bestAt   []int32
	stamp    int32
	touched  []int32
	cmpMemo  map[[2]int32]int // see cmpLinks
	walked   int              // the links cmpLinks looked at, for the tests
	looked   int              // the links link looked up, for the tests
	marked   int              // the dependencies undominated looked at, for the tests
	compared int              // the dependencies and bases solve and based compared, for the tests
	// probes counts the edges local looks at, for the tests.
	probes int
	// budget is how many references and links the sets written out may
	// cost (CauseBudget; -1: no limit), spent what they cost so far: a
	// pair whose set would go past it is cut (see solveOne).
	budget, spent int64
	// selfUsed says a Why has an own change (Why.Self): the table is
	// then part of the result even without a set.
	selfUsed bool
	// alikeVars number nodes' lists of variants (matchAlike), alike
	// lists alike, each node's joined once however many edges reach it;
	// local runs on several goroutines.
	alikeMu   sync.Mutex
	alikeVars map[*GraphNode]int
	alikeIDs  map[string]int
}

// link is a path link while solving: a name (its number in
// explainer.names) and the next link (-1 at the cause).
type link struct {
	name, next int32
}

// local is what one changed pair of nodes says by itself, and (set) the
// root causes reachable from it, once solved.
type local struct {
	name             string // the package (the new node's name)
	oldHash, newHash string
	own              []Change // facets and recipe: the node's own reasons
	ownID            int32    // own's cause id, -1 when none
	set              int32    // its causes, an index into explainer.all, once solved
	// via is where its paths go first (a link, -1: nowhere): a pair
	// whose causes all come through one dependency shares that
	// dependency's set, and its paths are its own name, the names along
	// via, then each reference's path (see compose).
	via int32
	// cut says set holds only some of its causes (Why.Cut): it was cut
	// to its causes of one name, or a dependency's was cut.
	cut bool
	// The pair's edges, which most pairs of a lockfile's roots rebuilt
	// alike have none of: noEdges (shared, never written) until one is
	// added (edged). Held in the pair, an empty edges, edgeIDs,
	// edgeNames, children and direct made each pair 224 bytes, not 96:
	// 14 MB of Explain's live heap at 64,000 (TestLocalsHoldLittle).
	*localEdges
}

// localEdges are a pair's edges (local): its dependencies' changes.
type localEdges struct {
	edges     []edgeCause
	edgeIDs   []int32 // the edges' cause ids
	edgeNames []int32 // the edges' last names, by number
	children  []child
	direct    []DepChange
}

// noEdges are the edges of a pair with none (local): read only.
var noEdges = &localEdges{direct: []DepChange{}}

// edged returns l's edges to add to: its own, made when it had none.
func (l *local) edged() *localEdges {
	if l.localEdges == noEdges {
		l.localEdges = &localEdges{direct: []DepChange{}}
	}
	return l.localEdges
}

// ref is a root cause in a set while solving: a cause id and a link.
type ref struct{ cause, path int32 }

// setBase is the base of a set (see based): every cause of set, each
// path after the names along via. set 0: no base.
type setBase struct{ set, via int32 }

// edgeCause is an added, removed or provider change of an edge (or a
// changed dependency not in the snapshot) at a node: its cause, and the
// last name of its path (the dependency or the virtual).
type edgeCause struct {
	cause Cause
	name  string
}

// child is a changed dependency pair, by node id and edge name (and
// the name's number, once solving starts).
type child struct {
	id   int32
	name string
	nid  int32
}

type pairRef struct {
	name     string
	old, new *GraphNode
}

// newExplainer returns an explainer for about size changed pairs (a
// hint: the maps and lists are made that big at once, rather than grown
// by doubling).
func newExplainer(before, after Graph, size int) *explainer {
	return &explainer{old: before, new: after, memo: make(map[[2]*GraphNode]int32, size),
		nodes: make([]*local, 0, size), linksHint: size,
		budget: -1}
}

// Explain returns the causes of the pair (old hash a, new hash b), written
// out whole in Why.Causes. With an unknown node or unknown edges on
// either side it returns Known false.
func Explain(before, after Graph, a, b string) *Why {
	e := newExplainer(before, after, 0)
	id, ok := e.register(a, b)
	if !ok {
		return &Why{Known: false, Changed: []DepChange{}, Causes: []Cause{}}
	}
	e.solve()
	w := e.why(id)
	c := e.result()
	w.Causes = c.Resolve(w, e.nodes[id].name)
	w.Set, w.Self, w.Via = 0, nil, nil
	return w
}

// register files the pair (old hash a, new hash b) and every changed
// pair under it; false when a node or its edges are unknown.
func (e *explainer) register(a, b string) (int32, bool) {
	x, y := e.old.Node(a), e.new.Node(b)
	if x == nil || y == nil || x.Deps() == nil || y.Deps() == nil {
		return -1, false
	}
	return e.node(x, y), true
}

// node returns the id of the pair x → y, building it and every changed
// pair under it that is not built yet (a worklist: no recursion, so a
// chain of any length is fine).
func (e *explainer) node(x, y *GraphNode) int32 {
	if id, ok := e.memo[[2]*GraphNode{x, y}]; ok {
		return id
	}
	top := e.addPair(x, y)
	e.drain()
	return top
}

// addPair returns the id of the pair x → y, building it when it is new
// (its changed dependencies wait in e.work).
func (e *explainer) addPair(x, y *GraphNode) int32 {
	k := [2]*GraphNode{x, y}
	if id, ok := e.memo[k]; ok {
		return id
	}
	l, pending := e.local(x, y)
	id := int32(len(e.nodes))
	e.nodes = append(e.nodes, l)
	e.memo[k] = id
	if len(pending) > 0 {
		e.work = append(e.work, job{id, pending})
	}
	return id
}

// drain files the changed dependencies of the pairs in e.work, and theirs.
func (e *explainer) drain() {
	for len(e.work) > 0 {
		j := e.work[len(e.work)-1]
		e.work = e.work[:len(e.work)-1]
		for _, p := range j.pending {
			// addPair may grow work; j is a copy.
			// addPair may grow e.nodes: the pair is read after it.
			ch := child{id: e.addPair(p.old, p.new), name: p.name}
			ed := e.nodes[j.id].edged()
			ed.children = append(ed.children, ch)
		}
	}
}

// job is a built pair whose changed dependencies are not filed yet.
type job struct {
	id      int32
	pending []pairRef
}

// registerAll registers the pairs (old hash, new hash) as register does,
// and returns their ids (-1: a node or its edges unknown). The nodes are
// looked up and what each pair says by itself (local) is worked out on
// GOMAXPROCS goroutines, each pair on its own; then, in order, the pairs
// are filed, and then the changed pairs under them, as node does.
//
// reports[i], when not nil, is the report's pair of pairs[i]: its own
// change of variants is the pair's from and to (sharedDelta), not a copy.
func (e *explainer) registerAll(pairs [][2]string, reports []*Pair) []int32 {
	type built struct {
		x, y    *GraphNode
		l       *local
		pending []pairRef
	}
	res := make([]built, len(pairs))
	build := func(from, to int, probes *int) {
		for i := from; i < to; i++ {
			x, y := e.old.Node(pairs[i][0]), e.new.Node(pairs[i][1])
			if x == nil || y == nil || x.Deps() == nil || y.Deps() == nil {
				continue
			}
			r := &res[i]
			r.x, r.y = x, y
			r.l, r.pending = e.localCounting(x, y, probes, reports[i])
		}
	}
	const chunk = 256
	if workers := min(runtime.GOMAXPROCS(0), (len(pairs)+chunk-1)/chunk); workers > 1 {
		var next atomic.Int64
		probes := make([]int, workers)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for {
					from := int(next.Add(chunk)) - chunk
					if from >= len(pairs) {
						return
					}
					build(from, min(from+chunk, len(pairs)), &probes[w])
				}
			})
		}
		wg.Wait()
		for _, n := range probes {
			e.probes += n
		}
	} else {
		build(0, len(pairs), &e.probes)
	}
	ids := make([]int32, len(pairs))
	var filed []job
	for i := range res {
		r := &res[i]
		if r.x == nil {
			ids[i] = -1
			continue
		}
		k := [2]*GraphNode{r.x, r.y}
		if id, ok := e.memo[k]; ok {
			ids[i] = id // the same pair twice
			continue
		}
		id := int32(len(e.nodes))
		e.nodes = append(e.nodes, r.l)
		e.memo[k] = id
		ids[i] = id
		if len(r.pending) > 0 {
			filed = append(filed, job{id, r.pending})
		}
	}
	for _, j := range filed {
		e.work = append(e.work, j)
		e.drain()
	}
	return ids
}

// why returns the Why of a registered pair, once solved.
func (e *explainer) why(id int32) *Why {
	l := e.nodes[id]
	w := &Why{Known: true, Changed: l.direct, Set: e.setID(l), Cut: l.cut}
	if l.via >= 0 {
		v := int(l.via)
		w.Via = &v
		e.vias = append(e.vias, &v)
	}
	if l.ownID >= 0 {
		self := int(l.ownID)
		w.Self = &self
		e.selfUsed = true
	}
	return w
}

// setID returns the report's set (Why.Set) of l's causes: each distinct
// set is filed once, numbered in the order pairs first ask for it (a
// based set before its base, and its base's base).
func (e *explainer) setID(l *local) int {
	s := l.set
	if s == 0 {
		return 0
	}
	if len(e.sets) == 0 {
		e.sets = append(e.sets, []ref{})
		e.setIDs = append(e.setIDs, 0)
	}
	stack := []int32{s}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if t == 0 || e.outOf[t] != 0 {
			continue
		}
		e.outOf[t] = len(e.sets)
		e.sets = append(e.sets, e.all[t])
		e.setIDs = append(e.setIDs, t)
		for i := len(e.bases[t]) - 1; i >= 0; i-- {
			stack = append(stack, e.bases[t][i].set)
		}
	}
	return e.outOf[s]
}

// intern files a set of references (sorted by cause) once per distinct
// content, found by a hash of its references, then compared, and
// returns its id in e.all (0: the empty set).
func (e *explainer) intern(refs []ref) int32 {
	return e.internOn(refs, nil, nil, true)
}

// setsHint is how many sets of causes the explainer may file (setOf's
// size when the first is): one a pair with edges or changed
// dependencies, at most; a pair with neither has only its own change,
// or none (the empty set). Sized for every pair, as newExplainer made
// it, the map held 2.2 MB of a 64,000-root pair's live heap through
// Explain, where builds alike, rebuilt and respelt, file none.
func (e *explainer) setsHint() int {
	n := 0
	for _, l := range e.nodes {
		if len(l.children)+len(l.edges) > 0 {
			n++
		}
	}
	return n
}

// internOn is intern, for a set that adds refs to its bases (see based),
// those of causes over (sorted) overriding its base's. With hold, a
// new set is filed as holding its references' causes (holders), and
// in the tree of single bases (see holds); a set written out for a
// pair that reads it (expanded, flat) is not: no pair's set is based
// on it.
func (e *explainer) internOn(refs []ref, bases []setBase, over []int32, hold bool) int32 {
	if len(refs) == 0 && len(bases) == 0 {
		return 0
	}
	h := uint64(14695981039346656037)
	size := int32(len(refs) - len(over))
	for _, c := range over {
		h = (h ^ uint64(c) ^ 1<<40) * 1099511628211
	}
	for _, b := range bases {
		h = (h ^ uint64(b.set)) * 1099511628211
		h = (h ^ uint64(uint32(b.via))) * 1099511628211
		size += e.size[b.set]
	}
	for _, r := range refs {
		h = (h ^ uint64(r.cause)) * 1099511628211
		h = (h ^ uint64(r.path)) * 1099511628211
	}
	first, ok := e.setOf[h]
	for id := first; ok && id > 0; id = e.same[id] {
		if slices.Equal(e.bases[id], bases) && slices.Equal(e.all[id], refs) && slices.Equal(e.over[id], over) {
			return int32(id)
		}
	}
	id := len(e.all)
	e.all = append(e.all, refs)
	e.bases = append(e.bases, bases)
	e.over = append(e.over, over)
	e.size = append(e.size, size)
	e.same = append(e.same, 0)
	if ok {
		e.same[id] = first // put first: the chain goes on to the older ones
	}
	if e.setOf == nil {
		e.setOf = make(map[uint64]int, e.setsHint())
	}
	e.setOf[h] = id
	for _, r := range refs {
		e.seenCause[r.cause] = true
		e.seenGroup[e.groupOf[r.cause]] = true
		if hold {
			hs := &e.holders[r.cause]
			copy(hs[1:], hs[:len(hs)-1])
			hs[0] = int32(id)
		}
	}
	// The tree of single bases, with a jump pointer a set (Myers'
	// skew-binary one), so that an ancestor at a depth is found in
	// logarithmic time.
	p, lv, jump := int32(-1), int32(0), int32(id)
	if len(bases) == 1 {
		p, lv, jump = bases[0].set, e.level[bases[0].set]+1, bases[0].set
		if j := e.jump[p]; e.level[p]-e.level[j] == e.level[j]-e.level[e.jump[j]] {
			jump = e.jump[j]
		}
	}
	e.parent = append(e.parent, p)
	e.level = append(e.level, lv)
	e.jump = append(e.jump, jump)
	root, held := int32(id), int32(0)
	if p >= 0 {
		root, held = e.rootOf[p], e.heldAt[p]
		for _, r := range refs {
			if !e.trieHas(held, r.cause) && !hasCause(e.all[root], r.cause) {
				held = e.trieAdd(held, r.cause)
			}
		}
	}
	e.rootOf = append(e.rootOf, root)
	e.heldAt = append(e.heldAt, held)
	return int32(id)
}

// cand is a candidate path to a cause: how many names it has, its first
// name (an edge's, by number), and the link it goes on with (-1: none).
type cand struct {
	depth int32
	name  int32
	next  int32
}

// offer files x as cause c's candidate in this stamp's best, the better
// of two by cmpCand; touched lists each cause offered once.
func (e *explainer) offer(touched *[]int32, c int32, x cand) {
	if e.bestAt[c] != e.stamp {
		e.bestAt[c] = e.stamp
		e.best[c] = x
		*touched = append(*touched, c)
	} else if e.cmpCand(x, e.best[c]) < 0 {
		e.best[c] = x
	}
}

// bestRefs sorts touched and returns a reference for each cause of it,
// by its best candidate's path.
func (e *explainer) bestRefs(touched []int32) []ref {
	slices.Sort(touched)
	refs := make([]ref, len(touched))
	for i, c := range touched {
		b := e.best[c]
		refs[i] = ref{c, e.link(b.name, b.next)}
	}
	return refs
}

// cmpCand orders candidate paths: the shortest first, then the smallest
// sequence of names (the links are compared only on a tie).
func (e *explainer) cmpCand(a, b cand) int {
	if c := cmp.Compare(a.depth, b.depth); c != 0 {
		return c
	}
	if c := cmp.Compare(a.name, b.name); c != 0 {
		return c
	}
	return e.cmpLinks(a.next, b.next)
}

// depthOf is how many names the path from link i has (0 for none).
func (e *explainer) depthOf(i int32) int32 {
	if i < 0 {
		return 0
	}
	return e.depth[i]
}

// cmpLinks compares the paths from links a and b (of the same depth)
// name by name; interned links make equal tails equal ids. A long walk
// files its result under each pair of links it passed (after the first
// few), so that many paths along two long twin paths, with the same names
// and different ends, cost their length once, not once each.
func (e *explainer) cmpLinks(a, b int32) int {
	const short = 16
	var walked [][2]int32
	r, steps := 0, 0
walk:
	for a != b {
		switch {
		case a < 0:
			r = -1
			break walk
		case b < 0:
			r = 1
			break walk
		}
		e.walked++
		if steps++; steps > short {
			k := [2]int32{a, b}
			if v, ok := e.cmpMemo[k]; ok {
				r = v
				break
			}
			walked = append(walked, k)
		}
		if c := cmp.Compare(e.links[a].name, e.links[b].name); c != 0 {
			r = c
			break
		}
		a, b = e.links[a].next, e.links[b].next
	}
	if len(walked) > 0 && e.cmpMemo == nil {
		e.cmpMemo = map[[2]int32]int{}
	}
	for _, k := range walked {
		e.cmpMemo[k] = r
	}
	return r
}

// solve finds every node's root causes and their paths, as interned sets
// (local.set). A node's causes are its edge changes, its changed
// dependencies' own changes, and their causes, each by its shortest path
// (ties to the smallest sequence of names), but never its own change.
// The nodes are solved by strongly connected components, dependencies
// first: a node outside a cycle takes its set from its dependencies'
// whole sets, and nodes with the same edge changes and the same
// dependencies (by edge name and set) share the set computed for the
// first, without looking at its members: the M dependents of a hub with
// K changed leaves cost M + K, not M·K. The work is the pairs, the edges,
// and the sets computed (each member of a dependency's set once per
// distinct set computed from it). A cycle (bad input) is solved by a
// shortest-path search per cause inside it, a ring by based sets where
// it can (solveRing).
func (e *explainer) solve() {
	if e.solved {
		return
	}
	e.solved = true
	comps := e.ownCycles()
	// The table made at its most (each own change and edge cause a
	// cause), never copied to grow: grown by append, a lockfile pair of
	// many roots rebuilt allocated it four times over.
	most := 0
	for _, l := range e.nodes {
		most += min(len(l.own), 1) + len(l.edges)
	}
	e.table = slices.Grow(e.table, most)
	e.idNext = slices.Grow(e.idNext, most)
	for _, l := range e.nodes {
		l.ownID = -1
		if len(l.own) > 0 {
			l.ownID = e.causeID(Cause{Name: l.name, OldHash: l.oldHash, NewHash: l.newHash, Changes: l.own})
		}
		if len(l.edges) > 0 {
			l.edgeIDs = make([]int32, len(l.edges))
		}
		for i, c := range l.edges {
			l.edgeIDs[i] = e.causeID(c.cause)
		}
	}
	// Causes by name, hashes and changes: ids in that order, so that
	// each set sorts by id. The changes compare field by field
	// (compareChanges), making no key: a key joined the strings by NULs,
	// and two causes whose strings held NULs could tie, left in the
	// order they came (TestCauseOrderKeepsNULJoinedApart); a table of
	// one cause, a spec's variants every one flipped (1.28M: 24 MB), made
	// no key either (TestManyVariantsCompareAllocs).
	order := make([]int32, len(e.table))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return compareCauses(e.table[a], e.table[b]) })
	e.ids, e.idNext = nil, nil // filed: no cause is filed after
	renum := make([]int32, len(order))
	for i, old := range order {
		renum[old] = int32(i)
	}
	permuteCauses(e.table, order)
	for _, l := range e.nodes {
		if l.ownID >= 0 {
			l.ownID = renum[l.ownID]
		}
		for i := range l.edgeIDs {
			l.edgeIDs[i] = renum[l.edgeIDs[i]]
		}
	}
	e.numberNames()
	e.numberGroups()
	e.all = [][]ref{{}}
	e.bases = [][]setBase{nil}
	e.over = [][]int32{nil}
	e.size = []int32{0}
	e.parent, e.level, e.jump = []int32{-1}, []int32{0}, []int32{0}
	e.rootOf, e.heldAt = []int32{0}, []int32{0}
	e.trie = [][2]int32{{}} // node 0: the empty trie
	e.trieBits = bits.Len(uint(len(e.table)))
	e.holders = make([][holders]int32, len(e.table))
	e.seenCause = make([]bool, len(e.table))
	e.same = []int{0}
	e.best = make([]cand, len(e.table))
	e.bestAt = make([]int32, len(e.table))
	e.byKids = map[string]int32{}
	e.indeg = make([]int32, len(e.nodes))
	e.treeOK = make([]bool, len(e.nodes))
	e.markAt = make([]int32, len(e.nodes))
	e.baseAt = make([]int32, len(e.nodes))
	ownGroups := make([]int32, e.groups)
	for u, l := range e.nodes {
		if l.ownID >= 0 {
			ownGroups[e.groupOf[l.ownID]]++
		}
		// A dependency named twice counts once (baseAt marks those of
		// u: a pair of K dependencies costs K, not K²).
		for _, ch := range l.children {
			e.compared++
			if e.baseAt[ch.id] != int32(u)+1 && ch.id != int32(u) {
				e.baseAt[ch.id] = int32(u) + 1
				e.indeg[ch.id]++
			}
		}
	}
	clear(e.baseAt)
	comps.each(func(comp []int32, cycle bool) {
		if cycle {
			e.solveCycle(comp)
			// A member reaches every cause that reaches the cycle: one
			// cut dependency cuts them all.
			cut := false
			for _, u := range comp {
				for _, ch := range e.nodes[u].children {
					cut = cut || e.nodes[ch.id].cut
				}
			}
			for _, u := range comp {
				e.nodes[u].cut = e.nodes[u].cut || cut
			}
			return
		}
		u := comp[0]
		e.solveOne(u)
		l := e.nodes[u]
		for _, ch := range l.children {
			l.cut = l.cut || e.nodes[ch.id].cut
		}
		ok := len(l.edgeIDs) == 0 && (l.ownID < 0 || ownGroups[e.groupOf[l.ownID]] == 1)
		for _, ch := range l.children {
			ok = ok && e.treeOK[ch.id] && e.indeg[ch.id] == 1
		}
		e.treeOK[u] = ok
	})
	e.outOf = make([]int, len(e.all))
}

// comps are the strongly connected components of the changed pairs,
// dependencies first, kept flat: component i is nodes[ends[i-1]:ends[i]]
// (ends[-1] being 0), ends[i] negated for a cycle.
type comps struct {
	nodes, ends []int32
}

// each calls f with each component, in order.
func (c comps) each(f func(comp []int32, cycle bool)) {
	from := int32(0)
	for _, end := range c.ends {
		to := max(end, -end)
		f(c.nodes[from:to], end < 0)
		from = to
	}
}

// ownCycles returns the components of the changed pairs (components),
// having given each member of a cycle that nothing outside changes its
// own change: a cycle (bad input) whose members have no own change and
// no edge change, each changed dependency a member, is a spec over
// itself made longer (see local). Its members changed for a reason the
// files do not show, each its own root cause ("other", or its recipe);
// reached only through one another, they had none, nor had the specs
// over them. A member with a change of its own, or a change entering
// from outside, leaves the cycle's causes to those.
func (e *explainer) ownCycles() comps {
	c := comps{nodes: make([]int32, 0, len(e.nodes))}
	var mark []int32 // the members of a cycle, by its stamp
	e.components(func(comp []int32, cycle bool) {
		from := int32(len(c.nodes))
		c.nodes = append(c.nodes, comp...)
		end := int32(len(c.nodes))
		if !cycle {
			c.ends = append(c.ends, end)
			return
		}
		c.ends = append(c.ends, -end)
		in := c.nodes[from:end]
		for _, u := range in {
			l := e.nodes[u]
			if len(l.own) > 0 || len(l.edges) > 0 {
				return
			}
		}
		// The members are stamped with their component's number.
		if mark == nil {
			mark = make([]int32, len(e.nodes))
		}
		stamp := int32(len(c.ends))
		for _, u := range in {
			mark[u] = stamp
		}
		for _, u := range in {
			for _, ch := range e.nodes[u].children {
				if mark[ch.id] != stamp {
					return
				}
			}
		}
		for _, u := range in {
			l := e.nodes[u]
			x, y := e.old.Node(l.oldHash), e.new.Node(l.newHash)
			if x == nil || y == nil || l.oldHash == l.newHash {
				continue
			}
			l.own = ownChange(x, y)
		}
	})
	return c
}

// components calls each with every strongly connected component of the
// changed pairs, dependencies first (see scc.Components); cycle is true
// for a component of more than one node or a node depending on itself.
func (e *explainer) components(each func(comp []int32, cycle bool)) {
	scc.Components(len(e.nodes), nil, func(dst []int32, u int32) []int32 {
		for _, c := range e.nodes[u].children {
			dst = append(dst, c.id)
		}
		return dst
	}, each)
}

// solveOne solves node u, outside any cycle, from its edge changes and
// its dependencies' sets: once per distinct key of them.
func (e *explainer) solveOne(u int32) {
	l := e.nodes[u]
	if len(l.edgeIDs) == 0 && len(l.children) == 0 {
		return
	}
	if len(l.edgeIDs) == 0 && e.compose(l) {
		return
	}
	// The key is worth it only when the dependencies' sets are bigger
	// than it (a node in a chain computes its set of one directly).
	work := len(l.edgeIDs)
	for _, ch := range l.children {
		work += 1 + int(e.size[e.nodes[ch.id].set])
	}
	var key []byte
	if work > 2*(len(l.edgeIDs)+len(l.children)) {
		key = e.key[:0]
		for i, id := range l.edgeIDs {
			key = appendInts(key, id, l.edgeNames[i], -2, -2)
		}
		for _, ch := range l.children {
			v := e.nodes[ch.id]
			key = appendInts(key, ch.nid, v.set, v.via, v.ownID)
		}
		e.key = key
		if s, ok := e.byKids[string(key)]; ok {
			l.set = s
			return
		}
	}
	if e.based(l) {
		if key != nil {
			e.byKids[string(key)] = l.set
		}
		return
	}
	// Past the budget, the pair keeps its causes of one name, found
	// without reading its dependencies' sets, and is cut (not filed
	// by its key: a pair of the same dependencies within the budget
	// holds them all). The budget pays for what the pair reads and
	// for what it writes (writeWeight each), the most it can write
	// taken first and what it did not write given back.
	read := e.readCost(l.children) + int64(len(l.edgeIDs))
	most := writeWeight * e.writeBound(l)
	cut := !e.afford(read + most)
	e.stamp++
	touched := e.touched[:0]
	offer := func(c int32, x cand) { e.offer(&touched, c, x) }
	for i, id := range l.edgeIDs {
		offer(id, cand{1, l.edgeNames[i], -1})
	}
	for _, ch := range l.children {
		v := e.nodes[ch.id]
		if v.ownID >= 0 {
			offer(v.ownID, cand{1, ch.nid, -1})
		}
		if cut {
			continue
		}
		for _, r := range e.all[e.flat(v)] {
			offer(r.cause, cand{e.depth[r.path] + 1, ch.nid, r.path})
		}
	}
	e.touched = touched
	links, sets := len(e.links), len(e.all)
	refs := e.bestRefs(touched)
	l.set = e.intern(refs)
	if !cut {
		written := int64(len(e.links) - links) // the paths' new links
		if len(e.all) > sets {
			written += int64(len(refs)) // a new set
		}
		e.spent -= most - writeWeight*written
	}
	if cut {
		l.cut = true
		if l.set == 0 {
			e.keepNearest(l, l.children)
		}
		return
	}
	if key != nil {
		e.byKids[string(key)] = l.set
	}
}

// CauseBudget returns the references and links that the sets of a
// report's causes may cost, over pairs changed pairs of edges
// dependencies and edge changes in all: K·(pairs + edges) + F, K =
// budgetPerItem and F = budgetFloor. Every report of the test data and
// of the linear shapes (chains, diamonds, hubs, rings, ladders) is far
// within it; a pair whose dependencies bring sets that share causes
// by paths split among them (two chains joined by rungs to the chain
// of smaller names, layers of specs over several of the layer below,
// all changed) writes its set out, the square of the report's size in
// all, and such a report's pairs past the budget are cut (Why.Cut), so
// that a 4x input never costs more than about 4x.
func CauseBudget(pairs, edges int) int64 {
	return budgetPerItem*int64(pairs+edges) + budgetFloor
}

// CauseBudgetTerms returns CauseBudget's K and F, for the reports'
// notes on pairs cut.
func CauseBudgetTerms() (perItem, floor int64) { return budgetPerItem, budgetFloor }

// budgetPerItem and budgetFloor are CauseBudget's K and F (variables
// for the tests).
var (
	budgetPerItem int64 = 16
	budgetFloor   int64 = 1 << 16
)

// afford reports whether w more references and links fit in the
// budget, and spends them if so.
func (e *explainer) afford(w int64) bool {
	if e.budget < 0 {
		return true
	}
	if e.spent+w > e.budget {
		return false
	}
	e.spent += w
	return true
}

// expandCost is what writing set s out (expanded) costs: nothing for a
// set without bases or written out already, else a reference and a
// link for each cause of its expansion, and its bases' written out
// first, at any depth (a chain of N based sets that no pair read
// before, read by one pair, expands each level: N²/2). Found once a
// set (expandCosts): a base written out after counts still in the
// sets found on it before.
func (e *explainer) expandCost(s int32) int64 {
	if len(e.bases[s]) == 0 {
		return 0
	}
	if _, ok := e.expandedOf[s]; ok {
		return 0
	}
	if w, ok := e.expandCosts[s]; ok {
		return w
	}
	if e.expandCosts == nil {
		e.expandCosts = map[int32]int64{}
	}
	// The unexpanded sets below s, each after its bases (a walk with
	// a frame a set: its next base to visit).
	pending := func(b int32) bool {
		if _, done := e.expandCosts[b]; done || len(e.bases[b]) == 0 {
			return false
		}
		_, ok := e.expandedOf[b]
		return !ok
	}
	type frame struct {
		t    int32
		next int
	}
	on := map[int32]bool{s: true}
	stack := []frame{{s, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next < len(e.bases[f.t]) {
			b := e.bases[f.t][f.next].set
			f.next++
			if pending(b) && !on[b] {
				on[b] = true
				stack = append(stack, frame{b, 0})
			}
			continue
		}
		w := int64(e.size[f.t])
		for _, b := range e.bases[f.t] {
			if pending(b.set) || e.expandCosts[b.set] == 0 {
				continue // on the walk (none: bases do not loop), or nothing
			}
			if _, ok := e.expandedOf[b.set]; !ok {
				w += e.expandCosts[b.set]
			}
		}
		e.expandCosts[f.t] = w
		stack = stack[:len(stack)-1]
	}
	return e.expandCosts[s]
}

// writeBound is the most that solveOne writes for l, reading its
// dependencies' sets: a reference and a link for each cause offered
// (each edge change, each dependency's own change and each reference
// of its set).
func (e *explainer) writeBound(l *local) int64 {
	w := int64(len(l.edgeIDs))
	for _, ch := range l.children {
		v := e.nodes[ch.id]
		if v.ownID >= 0 {
			w++
		}
		w += int64(e.size[v.set])
	}
	return 2 * w
}

// writeWeight is what a reference or link that solveOne writes costs
// of the budget, where one read costs 1: what is written is held to
// the end and written out in the report, and a pair that reads sets
// sharing few causes writes up to a reference and a link a reference
// read, so that charging the reads alone let the report grow faster
// than the budget as layers widen (cachediff-gen -dag layered, 15
// layers of 800 → 3,200 specs: 4.6x the JSON).
const writeWeight = 2

// readCost is what reading the sets of the dependencies chs costs
// (solveOne, solveCycle): a reference each, and for a set not yet
// written out with its via (flat), a reference and a link a name of
// the via each, and its expansion.
func (e *explainer) readCost(chs []child) int64 {
	w := int64(0)
	for _, ch := range chs {
		v := e.nodes[ch.id]
		if v.set == 0 {
			w++
			continue
		}
		n := int64(e.size[v.set])
		w += 1 + n + e.expandCost(v.set)
		if v.via >= 0 {
			k := uint64(uint32(v.set))<<32 | uint64(uint32(v.via))
			if _, ok := e.flats[k]; !ok {
				w += n * int64(e.depthOf(v.via))
			}
		}
	}
	return w
}

// baseMin is the fewest causes a set must hold for a set to be built
// on it (based): smaller sets are written out, as they always were, so
// that a report with no long chain of own changes reads as before (a
// variable for the tests, which set it to 1).
var baseMin int32 = 32

// based solves l when its changed dependencies that bring a set (one of
// baseMin causes or more among them) can be its bases, and the others
// bring at most their own changes, none of which can be in those sets,
// nor can l's own edge changes: l's set is then those sets, each with a
// via of its dependency's name linked to its via, plus the dependencies'
// own changes (theirs among them) and l's edge changes, each a path of
// one name. A chain of N specs each with a change of its own costs N
// sets of one or two references, where writing each one's causes out
// cost N²/2 references and links. Dependencies that bring the very same
// set (and via) are one base, through the best of them (cmpVia, as in
// compose): every cause of it is best through that one (the two sides of
// a diamond over a spec with a change of its own).
//
// A dependency's own change is in no set of a dependency that is not
// below it, and in none at all when no set filed so far holds it
// (seenCause); a base dependency's own change is in none of its sets
// (no cycle); an edge change of l's own is in no set when none filed so
// far holds it. Several bases must not share a cause or a group: each is
// then a dependency over a tree of changed pairs (each with one
// dependent, no edge change, and an own change of a group no other pair
// has: treeOK), which no other base reaches, and no cause l adds is of
// a group that a set filed so far holds (seenGroup). With one base, l
// may add a cause of a group its base holds (a chain of one package,
// each version bumped, is one group at every level): the walk that
// counts the groups (Report.Explain) counts a pair once, at the level
// nearest the root of the forest that holds the group. A set's
// expansion then holds each cause once, and the groups' counts and
// vias stay a pass over the sets. It reports whether it solved l.
func (e *explainer) based(l *local) bool {
	var bases []*child
	big := false
	for i := range l.children {
		ch := &l.children[i]
		if v := e.nodes[ch.id]; v.set != 0 {
			bases = append(bases, ch)
			big = big || e.size[v.set] >= baseMin
		}
	}
	if !big {
		return false
	}
	all := len(bases)
	bases = e.undominated(bases)
	// A base left out as another's causes may have been the one of
	// baseMin causes: render refuses a set on bases that each hold
	// fewer (a chain on the two before it, the one before dominated).
	big = false
	for _, ch := range bases {
		big = big || e.size[e.nodes[ch.id].set] >= baseMin
	}
	if !big {
		return false
	}
	// The bases are stamped (baseAt), and those of one set and via
	// found through a map past a few: a pair of K dependencies that
	// bring sets costs K, not K² (each looked for among the others).
	e.baseStamp++
	twice := false
	for _, ch := range bases {
		twice = twice || e.baseAt[ch.id] == e.baseStamp
		e.baseAt[ch.id] = e.baseStamp
	}
	isBase := func(id int32) bool {
		e.compared++
		return e.baseAt[id] == e.baseStamp
	}
	// Dependencies that bring the very same set (and via) are one base:
	// every cause of it is best through the best of them (cmpVia), as
	// in compose.
	var distinct []*child
	byMap := len(bases) > 8
	for _, ch := range bases {
		v := e.nodes[ch.id]
		at := -1
		e.compared++
		if byMap {
			if i, ok := e.distinctAt[[2]int32{v.set, v.via}]; ok {
				at = i
			}
		} else {
			at = slices.IndexFunc(distinct, func(x *child) bool {
				e.compared++
				w := e.nodes[x.id]
				return w.set == v.set && w.via == v.via
			})
		}
		switch {
		case at < 0:
			if byMap {
				if e.distinctAt == nil {
					e.distinctAt = map[[2]int32]int{}
				}
				e.distinctAt[[2]int32{v.set, v.via}] = len(distinct)
			}
			distinct = append(distinct, ch)
		case e.cmpVia(ch, distinct[at]) < 0:
			distinct[at] = ch
		}
	}
	if byMap {
		for _, ch := range distinct {
			v := e.nodes[ch.id]
			delete(e.distinctAt, [2]int32{v.set, v.via})
		}
	}
	several := len(distinct) > 1
	if several {
		if twice {
			return false
		}
		for _, ch := range bases {
			if !e.treeOK[ch.id] || e.indeg[ch.id] != 1 {
				return false
			}
		}
	}
	e.stamp++
	touched := e.touched[:0]
	defer func() { e.touched = touched }()
	offer := func(c int32, x cand) { e.offer(&touched, c, x) }
	// A cause of one name that a set filed so far holds may be in l's
	// one base: it is then an override (its path of one name is shorter
	// than any through the base, of a via and a path), else l is no
	// based set (it may be in a base, not found so near).
	var over []int32
	held := func(c int32) bool {
		if several || !e.holds(e.nodes[distinct[0].id].set, c) {
			return false
		}
		over = append(over, c)
		return true
	}
	// An edge change of l's own is a cause of one name, in no base when
	// no set filed so far holds it.
	for i, c := range l.edgeIDs {
		if several && e.seenGroup[e.groupOf[c]] || e.seenCause[c] && !held(c) {
			return false
		}
		offer(c, cand{1, l.edgeNames[i], -1})
	}
	for _, ch := range l.children {
		c := e.nodes[ch.id].ownID
		if c < 0 {
			continue
		}
		if several && e.seenGroup[e.groupOf[c]] || !isBase(ch.id) && e.seenCause[c] && !held(c) {
			return false
		}
		offer(c, cand{1, ch.nid, -1})
	}
	slices.Sort(over)
	over = slices.Compact(over)
	refs := e.bestRefs(touched)
	sets := make([]setBase, len(distinct))
	for i, ch := range distinct {
		v := e.nodes[ch.id]
		sets[i] = setBase{v.set, e.link(ch.nid, v.via)}
	}
	slices.SortFunc(sets, func(a, b setBase) int { return cmp.Or(cmp.Compare(a.set, b.set), cmp.Compare(a.via, b.via)) })
	l.set = e.internOn(refs, sets, over, true)
	if basedHook != nil {
		basedHook(len(l.edgeIDs) > 0, len(distinct) < len(bases), len(bases) < all, len(over) > 0)
	}
	return true
}

// holdHook, when set (by tests), is called when holds finds a cause
// as one of its last holders, past holdDepth levels.
var holdHook func(deep bool)

// holdDepth is how many levels of single bases holds looks down;
// holders how many of the last sets that hold a cause it tries.
const (
	holdDepth = 4
	holders   = 4
)

// holds reports whether the expansion of set s holds cause c, found
// among the references of s and of its single bases down holdDepth
// levels, or as one of the last sets filed that hold c themselves
// (holders) that is s or one of its single bases at any depth, found
// by a jump down the tree of single bases, or in the trie of the causes
// of its single bases at any depth (heldAt) and their root's (false:
// in no base of the root, when it has several). A spec that links a
// changed leaf besides the dependency it is based on finds the leaf at
// the first level (its base's own reference, or override); one whose
// dependencies below, a few levels of them, do not link the leaf finds
// it as the last set that holds it, or in the trie.
func (e *explainer) holds(s, c int32) bool {
	for t, i := s, 0; i < holdDepth; i++ {
		e.compared++
		if _, ok := slices.BinarySearchFunc(e.all[t], c, func(r ref, c int32) int { return cmp.Compare(r.cause, c) }); ok {
			return true
		}
		if e.parent[t] < 0 {
			return false
		}
		t = e.parent[t]
	}
	for _, h := range e.holders[c] {
		if h == 0 || e.level[h] > e.level[s] {
			continue
		}
		x := s
		for e.level[x] > e.level[h] {
			e.compared++
			if e.level[e.jump[x]] >= e.level[h] {
				x = e.jump[x]
			} else {
				x = e.parent[x]
			}
		}
		if x == h {
			if holdHook != nil {
				holdHook(true)
			}
			return true
		}
	}
	// Any depth: the trie of the causes of s's single bases down to
	// their root, and the root's. A window of the last few found none
	// past it: a chain whose specs link 17 leaves in turn, each spec's
	// dependents linking all 17, and one whose specs all link 20 leaves
	// and every 6th one more, its dependents that one, wrote each
	// dependent's set out, N²/2 references.
	if e.trieHas(e.heldAt[s], c) || hasCause(e.all[e.rootOf[s]], c) {
		if holdHook != nil {
			holdHook(true)
		}
		return true
	}
	return false
}

// reportPair is the new hash of the report's pair of old hash h, ""
// for none; the map is made the first time, once (local runs on several
// goroutines).
func (e *explainer) reportPair(h string) string {
	e.pairOnce.Do(func() {
		e.pairOf = make(map[string]string, len(e.pairHashes))
		for _, p := range e.pairHashes {
			e.pairOf[p[0]] = p[1]
		}
	})
	return e.pairOf[h]
}

// hasCause reports whether refs (sorted by cause) hold cause c.
func hasCause(refs []ref, c int32) bool {
	_, ok := slices.BinarySearchFunc(refs, c, func(r ref, c int32) int { return cmp.Compare(r.cause, c) })
	return ok
}

// trieHas reports whether the trie at root holds cause c: a path of
// its bits, the highest first.
func (e *explainer) trieHas(root, c int32) bool {
	for b := e.trieBits - 1; root != 0 && b >= 0; b-- {
		e.compared++
		root = e.trie[root][c>>b&1]
	}
	return root != 0
}

// trieAdd returns the root of the trie at root with cause c added: the
// nodes along c's path are new, the rest shared (root is unchanged).
func (e *explainer) trieAdd(root, c int32) int32 {
	top := int32(len(e.trie))
	e.trie = append(e.trie, e.trie[root])
	at := top
	for b := e.trieBits - 1; b >= 0; b-- {
		e.compared++
		k := c >> b & 1
		next := int32(len(e.trie))
		e.trie = append(e.trie, e.trie[e.trie[at][k]])
		e.trie[at][k] = next
		at = next
	}
	return top
}

// dominators is how many of a pair's dependencies (those of most
// causes) undominated tries as the dependency through which another's
// causes come; dominatorDeps is how many changed dependencies such a
// dependency, or one it may dominate, has at most (a hub of K changed
// leaves under each of M dependents would be marked M·K times).
const (
	dominators    = 4
	dominatorDeps = 64
)

// undominated returns the dependencies of bases (each bringing a set)
// but those whose causes another brings by as good a path: a dependency
// y is dominated by x, another of bases with a smaller name, when y has
// no edge change of its own and every changed dependency of y that
// brings a cause (its own change or a set) is x or a dependency of x.
// The best path from y to any of its causes goes through such a z: z is
// x, and the path through x is shorter by a name, or x has z as a
// dependency, so a path through x is no longer and, being as long,
// comes first by its first name. y's own change stays a cause of one
// name. Two chains joined by a rung at every step (a_i on a_{i-1} and
// b_i, b_i on b_{i-1}) are then a chain of one base each, as is a chain
// whose every spec depends on the two before it (x the one before
// last, of the smaller name). It tries
// the few dependencies of most causes as x, each marking its
// dependencies once, and only dependencies of a few changed dependencies
// (dominatorDeps): the work is the dependencies of l, times a constant.
func (e *explainer) undominated(bases []*child) []*child {
	if len(bases) < 2 {
		return bases
	}
	by := slices.Clone(bases)
	slices.SortStableFunc(by, func(a, b *child) int {
		return cmp.Compare(e.size[e.nodes[b.id].set], e.size[e.nodes[a.id].set])
	})
	gone := make([]bool, len(bases))
	for _, x := range by[:min(dominators, len(by))] {
		if len(e.nodes[x.id].children) > dominatorDeps {
			continue
		}
		e.markStamp++
		e.markAt[x.id] = e.markStamp // y on x: x's own causes, one name nearer
		for _, z := range e.nodes[x.id].children {
			e.markAt[z.id] = e.markStamp
			e.marked++
		}
		for i, y := range bases {
			if gone[i] || y.id == x.id || y.nid <= x.nid || len(e.nodes[y.id].edgeIDs) > 0 || len(e.nodes[y.id].children) > dominatorDeps {
				continue
			}
			under := true
			for _, z := range e.nodes[y.id].children {
				e.marked++
				if v := e.nodes[z.id]; (v.ownID >= 0 || v.set != 0) && e.markAt[z.id] != e.markStamp {
					under = false
					break
				}
			}
			gone[i] = under
		}
	}
	out := bases[:0:0]
	for i, ch := range bases {
		if !gone[i] {
			out = append(out, ch)
		}
	}
	return out
}

// budgetHook, when set (by tests), is called once the causes are
// solved with what they spent of the budget (CauseBudget).
var budgetHook func(spent, budget int64)

// explainedHook, when set (by tests), is called with how many pairs of
// nodes Explain files: the report's pairs and the changed pairs under
// them.
var explainedHook func(pairs int)

// basedHook, when set (by tests), is called for each set based: whether
// its pair has edge changes of its own, whether dependencies that bring
// one set were taken as one base, whether a dependency's set was left
// out as another's causes (undominated), and whether it overrides a
// cause of its base.
var basedHook func(edges, merged, dominated, over bool)

// expanded returns based set s written out whole, each path with the
// vias of the levels above it written in: s itself when it has no base.
// A pair that cannot be based (its causes come through several sets,
// or with edges of its own) reads its dependencies' sets so. Each set
// of s's bases, at any depth, is written out once (kept in expandedOf)
// from its bases' sets written out, each path with its one via written
// in: a chain of N based sets costs the N²/2 references written, where
// writing each path's vias of every level above it in cost a reference
// at depth d its d vias again for each set written out above it (N³/6
// links looked up: two chains joined by a rung at every step, whose
// every pair reads the sets of the chain beside it).
func (e *explainer) expanded(s int32) int32 {
	if len(e.bases[s]) == 0 {
		return s
	}
	if x, ok := e.expandedOf[s]; ok {
		return x
	}
	if e.expandedOf == nil {
		e.expandedOf = map[int32]int32{}
	}
	done := func(t int32) bool {
		_, ok := e.expandedOf[t]
		return ok || len(e.bases[t]) == 0
	}
	stack := []int32{s}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		if done(t) {
			stack = stack[:len(stack)-1]
			continue
		}
		ready := true
		for _, b := range e.bases[t] {
			if !done(b.set) {
				stack = append(stack, b.set)
				ready = false
			}
		}
		if !ready {
			continue
		}
		stack = stack[:len(stack)-1]
		refs := slices.Clone(e.all[t])
		var vias []int32 // not e.scratch: flat holds its vias there
		for _, b := range e.bases[t] {
			vias = vias[:0]
			for i := b.via; i >= 0; i = e.links[i].next {
				vias = append(vias, e.links[i].name)
			}
			over := e.over[t] // the causes of t's own paths, its one base's skipped
			for _, r := range e.all[e.expanded(b.set)] {
				for len(over) > 0 && over[0] < r.cause {
					over = over[1:]
				}
				if len(over) > 0 && over[0] == r.cause {
					continue
				}
				p := r.path
				for j := len(vias) - 1; j >= 0; j-- {
					p = e.link(vias[j], p)
				}
				refs = append(refs, ref{r.cause, p})
			}
		}
		slices.SortFunc(refs, func(a, b ref) int { return cmp.Compare(a.cause, b.cause) })
		e.expandedOf[t] = e.internOn(refs, nil, nil, false)
	}
	return e.expandedOf[s]
}

// appendInts appends the int32s to a key.
func appendInts(b []byte, v ...int32) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	return b
}

// numberGroups numbers the causes' groups (CauseGroup: a package
// changing one way, whatever its hashes) in table order: e.groupOf.
func (e *explainer) numberGroups() {
	var texts changeIDs
	var kb []byte
	byKey := map[string]int32{}
	e.groupOf = make([]int32, len(e.table))
	for i, cause := range e.table {
		kb = texts.groupKey(kb[:0], cause)
		g, ok := byKey[string(kb)] // no string made to look it up
		if !ok {
			g = int32(e.groups)
			byKey[string(kb)] = g
			e.groups++
		}
		e.groupOf[i] = g
	}
	e.seenGroup = make([]bool, e.groups)
}

// numberNames numbers the edge names of every pair in name order
// (explainer.names), so that links and candidates hold numbers, and
// compare names as numbers.
func (e *explainer) numberNames() {
	ids := map[string]int32{}
	for _, l := range e.nodes {
		for _, c := range l.edges {
			ids[c.name] = 0
		}
		for _, ch := range l.children {
			ids[ch.name] = 0
		}
	}
	e.names = make([]string, 0, len(ids))
	for n := range ids {
		e.names = append(e.names, n)
	}
	slices.Sort(e.names)
	for i, n := range e.names {
		ids[n] = int32(i)
	}
	for _, l := range e.nodes {
		if len(l.edges) > 0 {
			l.edgeNames = make([]int32, len(l.edges))
		}
		for i, c := range l.edges {
			l.edgeNames[i] = ids[c.name]
		}
		for i := range l.children {
			l.children[i].nid = ids[l.children[i].name]
		}
	}
}

// compose solves l, which has no edge change of its own, when its
// changed dependencies reach every cause through one set and none has an
// own change: each cause's best path then goes through the same
// dependency, the best by its path's depth, then its name and via, so l
// takes that set as it is, with a via of the dependency's name linked to
// the dependency's via. That costs l's dependencies, not its causes: the
// N specs of a chain over a hub with K changed leaves cost N + K, where
// writing each one's paths out cost N·K. It reports whether it solved l.
func (e *explainer) compose(l *local) bool {
	var best *child
	set := int32(0)
	for i := range l.children {
		ch := &l.children[i]
		v := e.nodes[ch.id]
		switch {
		case v.ownID >= 0:
			return false
		case v.set == 0:
			continue // it brings no cause
		case set != 0 && v.set != set:
			return false
		}
		set = v.set
		if best == nil || e.cmpVia(ch, best) < 0 {
			best = ch
		}
	}
	if best == nil {
		return false
	}
	l.set, l.via = set, e.link(best.nid, e.nodes[best.id].via)
	return true
}

// cmpVia orders two dependencies of a pair that share their set by the
// paths through them to any of its causes: the depth of their vias, then
// their names, then their vias name by name.
func (e *explainer) cmpVia(a, b *child) int {
	va, vb := e.nodes[a.id].via, e.nodes[b.id].via
	if c := cmp.Compare(e.depthOf(va), e.depthOf(vb)); c != 0 {
		return c
	}
	if c := cmp.Compare(a.nid, b.nid); c != 0 {
		return c
	}
	return e.cmpLinks(va, vb)
}

// flat returns v's set with v's via written into each path: v's set
// itself when v has no via, else a set filed once per set and via. A
// pair that cannot compose (its causes come through several sets, or
// with own changes or edges of its own) reads its dependencies' sets so.
func (e *explainer) flat(v *local) int32 {
	if v.via < 0 || v.set == 0 {
		return e.expanded(v.set)
	}
	k := uint64(uint32(v.set))<<32 | uint64(uint32(v.via))
	if s, ok := e.flats[k]; ok {
		return s
	}
	vias := e.scratch[:0]
	for i := v.via; i >= 0; i = e.links[i].next {
		vias = append(vias, e.links[i].name)
	}
	e.scratch = vias
	base := e.all[e.expanded(v.set)]
	refs := make([]ref, len(base))
	for i, r := range base {
		p := r.path
		for j := len(vias) - 1; j >= 0; j-- {
			p = e.link(vias[j], p)
		}
		refs[i] = ref{r.cause, p}
	}
	s := e.internOn(refs, nil, nil, false)
	if e.flats == nil {
		e.flats = map[uint64]int32{}
	}
	e.flats[k] = s
	return s
}

// solveCycle solves the nodes of a cycle (Spack writes none): for each
// cause that reaches it (an edge change of a member, a dependency's own
// change, a cause of a dependency outside), a shortest-path search inside
// it, by depth, then by the smallest sequence of names. A member never
// has its own change as a cause, nor passes it on.
func (e *explainer) solveCycle(comp []int32) {
	pos := make(map[int32]int32, len(comp))
	for i, u := range comp {
		pos[u] = int32(i)
	}
	type parent struct {
		at   int32
		name int32
	}
	type start struct {
		at int32
		c  cand
	}
	parents := make([][]parent, len(comp))
	starts := map[int32][]start{}
	// Past the budget (reading the dependencies outside, whether the
	// search or solveRing reads them, or searching each cause through
	// the members), each member keeps its causes of one name and is
	// cut, as in solveOne.
	read, inner := int64(0), int64(len(comp))
	for _, u := range comp {
		l := e.nodes[u]
		read += int64(len(l.edgeIDs))
		var out []child
		for _, ch := range l.children {
			if _, in := pos[ch.id]; in {
				inner++
			} else {
				out = append(out, ch)
			}
		}
		read += e.readCost(out)
	}
	if !e.afford(read) {
		e.cutCycle(comp)
		return
	}
	if e.solveRing(comp) {
		return
	}
	for i, u := range comp {
		l := e.nodes[u]
		add := func(c int32, x cand) {
			if c != l.ownID {
				starts[c] = append(starts[c], start{int32(i), x})
			}
		}
		for k, id := range l.edgeIDs {
			add(id, cand{1, l.edgeNames[k], -1})
		}
		for _, ch := range l.children {
			v := e.nodes[ch.id]
			if v.ownID >= 0 {
				add(v.ownID, cand{1, ch.nid, -1})
			}
			if j, in := pos[ch.id]; in {
				parents[j] = append(parents[j], parent{int32(i), ch.nid})
				continue
			}
			for _, r := range e.all[e.flat(v)] {
				add(r.cause, cand{e.depth[r.path] + 1, ch.nid, r.path})
			}
		}
	}
	if !e.afford(int64(len(starts)) * inner) {
		e.cutCycle(comp)
		return
	}
	causes := make([]int32, 0, len(starts))
	for c := range starts {
		causes = append(causes, c)
	}
	slices.Sort(causes)
	refs := make([][]ref, len(comp))
	best := make([]cand, len(comp))
	state := make([]int8, len(comp)) // 0 none, 1 a candidate, 2 done
	for _, c := range causes {
		clear(state)
		h := &depthHeap{}
		offer := func(at int32, x cand) {
			if state[at] == 2 || e.nodes[comp[at]].ownID == c {
				return
			}
			if state[at] == 0 || e.cmpCand(x, best[at]) < 0 {
				state[at], best[at] = 1, x
				heap.Push(h, [2]int32{x.depth, at})
			}
		}
		for _, s := range starts[c] {
			offer(s.at, s.c)
		}
		for h.Len() > 0 {
			it := heap.Pop(h).([2]int32)
			at := it[1]
			if state[at] == 2 {
				continue
			}
			// Every candidate of this depth is in: they come from the
			// starts and from the members done at the depth before.
			state[at] = 2
			lk := e.link(best[at].name, best[at].next)
			refs[at] = append(refs[at], ref{c, lk})
			for _, p := range parents[at] {
				offer(p.at, cand{best[at].depth + 1, p.name, lk})
			}
		}
	}
	for i, u := range comp {
		e.nodes[u].set = e.intern(refs[i])
	}
}

// keepNearest gives l, cut with no cause of one name, the causes of
// the nearest of the dependencies chs that bring a set (by cmpVia, as
// compose): that dependency's set, through it, read nowhere (a link).
// It reports whether one of chs brings a set.
func (e *explainer) keepNearest(l *local, chs []child) bool {
	var best *child
	for i := range chs {
		ch := &chs[i]
		if e.nodes[ch.id].set != 0 && (best == nil || e.cmpVia(ch, best) < 0) {
			best = ch
		}
	}
	if best == nil {
		return false
	}
	v := e.nodes[best.id]
	l.set, l.via = v.set, e.link(best.nid, v.via)
	return true
}

// cutCycle solves the members of a cycle past the budget (solveCycle):
// each keeps its causes of one name, its edge changes and its changed
// dependencies' own changes (not its own), and is cut. A member with
// none keeps the causes of its nearest dependency that has some
// (keepNearest), found in rounds: first its dependencies outside and
// the members that kept causes of one name, then the members that took
// theirs the round before, never a set that holds the member's own
// change (which a dependency in the cycle may bring back to it). Each
// round looks only at the dependencies given a set the round before:
// the rounds cost the cycle's edges.
func (e *explainer) cutCycle(comp []int32) {
	e.cutCycleOneName(comp)
	pos := make(map[int32]int32, len(comp))
	for i, u := range comp {
		pos[u] = int32(i)
	}
	// users[j]: the members over member j, each with its edge.
	users := make([][]child, len(comp))
	var next map[int32][]child // the members to try, with their new dependencies
	add := func(u int32, ch child) {
		if next == nil {
			next = map[int32][]child{}
		}
		next[u] = append(next[u], ch)
	}
	for _, u := range comp {
		l := e.nodes[u]
		for _, ch := range l.children {
			if j, in := pos[ch.id]; in {
				users[j] = append(users[j], child{u, ch.name, ch.nid})
			}
		}
	}
	for _, u := range comp {
		l := e.nodes[u]
		if l.set != 0 {
			continue
		}
		for _, ch := range l.children {
			if _, in := pos[ch.id]; !in && e.nodes[ch.id].set != 0 {
				add(u, ch)
			}
		}
	}
	for j, u := range comp {
		if e.nodes[u].set == 0 {
			continue
		}
		for _, us := range users[j] {
			if e.nodes[us.id].set == 0 {
				add(us.id, child{u, us.name, us.nid})
			}
		}
	}
	for len(next) > 0 {
		round := next
		next = nil
		tried := slices.Sorted(maps.Keys(round))
		var given []int32
		for _, u := range tried {
			l := e.nodes[u]
			chs := round[u]
			// A dependency's set that holds the member's own change
			// is no cause of it (only a member's can: a dependency
			// outside is below the cycle).
			if l.ownID >= 0 {
				chs = slices.DeleteFunc(chs, func(ch child) bool {
					_, ok := slices.BinarySearchFunc(e.all[e.nodes[ch.id].set], l.ownID, func(r ref, c int32) int { return cmp.Compare(r.cause, c) })
					return ok
				})
			}
			if e.keepNearest(l, chs) {
				given = append(given, u)
			}
		}
		for _, u := range given {
			for _, us := range users[pos[u]] {
				if e.nodes[us.id].set == 0 {
					add(us.id, child{u, us.name, us.nid})
				}
			}
		}
	}
	e.keepNearestOutside(comp, pos, users)
	e.keepNearestOther(comp, pos, users)
}

// keepNearestOutside gives each member of comp that cutCycle left with
// no set the causes of its nearest dependency outside that brings a
// set, through the members on the way (its via), found in rounds over
// the members' edges from the dependencies outside: a member whose
// every dependency's set holds its own change (u, bumped, over w alone,
// w over u and d: w's causes of one name are u's change alone) keeps
// d's causes through w, which it would hold uncut, rather than none. No
// set outside holds a member's own change (it is below the cycle). A
// member left with no set and no own change reaches no set at all:
// cutCycle's rounds pass any set on to it. The rounds cost the cycle's
// edges; nothing is done when every member has a set.
func (e *explainer) keepNearestOutside(comp []int32, pos map[int32]int32, users [][]child) {
	left := false
	for _, u := range comp {
		left = left || e.nodes[u].set == 0
	}
	if !left {
		return
	}
	type held struct{ set, via int32 }
	near := make([]held, len(comp)) // set 0: none yet
	// better says the candidate of name nid and via a comes before the
	// one of name nb and via b (as cmpVia).
	better := func(na, a, nb, b int32) bool {
		if c := cmp.Compare(e.depthOf(a), e.depthOf(b)); c != 0 {
			return c < 0
		}
		if na != nb {
			return na < nb
		}
		return e.cmpLinks(a, b) < 0
	}
	var given []int32 // the members given a set in the round before, by place
	for i, u := range comp {
		var best *child
		for k := range e.nodes[u].children {
			ch := &e.nodes[u].children[k]
			v := e.nodes[ch.id]
			if _, in := pos[ch.id]; in || v.set == 0 {
				continue
			}
			if best == nil || better(ch.nid, v.via, best.nid, e.nodes[best.id].via) {
				best = ch
			}
		}
		if best != nil {
			v := e.nodes[best.id]
			near[i] = held{v.set, e.link(best.nid, v.via)}
			given = append(given, int32(i))
		}
	}
	// offers[i] is the best of member i's dependencies given a set in
	// the round before (its name's number and its held), taken once
	// the round is over.
	type offer struct {
		nid int32
		h   held
	}
	offers := make([]offer, len(comp))
	var next []int32
	for len(given) > 0 {
		next = next[:0]
		for _, j := range given {
			for _, us := range users[j] {
				i := pos[us.id]
				if near[i].set != 0 {
					continue
				}
				if o := offers[i]; o.h.set == 0 {
					next = append(next, i)
					offers[i] = offer{us.nid, near[j]}
				} else if better(us.nid, near[j].via, o.nid, o.h.via) {
					offers[i] = offer{us.nid, near[j]}
				}
			}
		}
		slices.Sort(next)
		for _, i := range next {
			o := offers[i]
			near[i] = held{o.h.set, e.link(o.nid, o.h.via)}
		}
		given, next = next, given
	}
	for i, u := range comp {
		if l := e.nodes[u]; l.set == 0 && near[i].set != 0 {
			l.set, l.via = near[i].set, near[i].via
		}
	}
}

// keepNearestOther gives each member of comp that keepNearestOutside
// left with no set the nearest cause other than its own change of its
// nearest member dependency whose set holds one (by cmpVia, as
// keepNearest), through it: a member whose every path leads only to
// members whose sets hold its own change (u, bumped, over w; w over u
// and v; v, bumped, over w: w's causes of one name are u's and v's
// changes) keeps v's change by u>w>v, as it would uncut, rather than
// none. It keeps that one cause, not the dependency's set less its own
// change: D bumped members over a hub over them all would keep D sets
// of D-1 causes each; one cause a member, the nearest of a set or, for
// the member whose own change that is, the next, makes at most two
// distinct sets a dependency's set, shared by the members that take
// them. Each distinct set is read once, and the rounds (as cutCycle's:
// a member given a set passes it on to the members over it left with
// none) cost the cycle's edges; nothing is done when every member has a
// set. Only the references a set writes itself are read (the sets a
// member left here can reach are the members' own, written out whole:
// none reaches a dependency outside with a set).
func (e *explainer) keepNearestOther(comp []int32, pos map[int32]int32, users [][]child) {
	left := false
	for _, u := range comp {
		left = left || e.nodes[u].set == 0
	}
	if !left {
		return
	}
	// nearest[s] are the places in e.all[s] of set s's two nearest
	// references, by their paths' depth, then names, then cause (-1:
	// none).
	nearest := map[int32][2]int32{}
	before := func(a, b ref) bool {
		if c := cmp.Compare(e.depthOf(a.path), e.depthOf(b.path)); c != 0 {
			return c < 0
		}
		if c := e.cmpLinks(a.path, b.path); c != 0 {
			return c < 0
		}
		return a.cause < b.cause
	}
	// other returns set s's nearest reference whose cause is not own.
	other := func(s, own int32) (ref, bool) {
		top, ok := nearest[s]
		if !ok {
			top = [2]int32{-1, -1}
			refs := e.all[s]
			for i := range refs {
				switch {
				case top[0] < 0 || before(refs[i], refs[top[0]]):
					top = [2]int32{int32(i), top[0]}
				case top[1] < 0 || before(refs[i], refs[top[1]]):
					top[1] = int32(i)
				}
			}
			nearest[s] = top
		}
		for _, i := range top {
			if i >= 0 && e.all[s][i].cause != own {
				return e.all[s][i], true
			}
		}
		return ref{}, false
	}
	round := map[int32][]child{}
	for _, u := range comp {
		if e.nodes[u].set != 0 {
			continue
		}
		for _, ch := range e.nodes[u].children {
			if _, in := pos[ch.id]; in && e.nodes[ch.id].set != 0 {
				round[u] = append(round[u], ch)
			}
		}
	}
	for len(round) > 0 {
		tried := slices.Sorted(maps.Keys(round))
		var given []int32
		for _, u := range tried {
			l := e.nodes[u]
			var best *child
			var kept ref
			for i, ch := range round[u] {
				r, ok := other(e.nodes[ch.id].set, l.ownID)
				if ok && (best == nil || e.cmpVia(&round[u][i], best) < 0) {
					best, kept = &round[u][i], r
				}
			}
			if best == nil {
				continue
			}
			l.set, l.via = e.intern([]ref{kept}), e.link(best.nid, e.nodes[best.id].via)
			given = append(given, u)
		}
		round = map[int32][]child{}
		for _, u := range given {
			for _, us := range users[pos[u]] {
				if e.nodes[us.id].set == 0 {
					round[us.id] = append(round[us.id], child{u, us.name, us.nid})
				}
			}
		}
	}
}

// cutCycleOneName gives each member of comp its causes of one name
// (cutCycle), and cuts it.
func (e *explainer) cutCycleOneName(comp []int32) {
	for _, u := range comp {
		l := e.nodes[u]
		e.stamp++
		touched := e.touched[:0]
		for i, id := range l.edgeIDs {
			if id != l.ownID {
				e.offer(&touched, id, cand{1, l.edgeNames[i], -1})
			}
		}
		for _, ch := range l.children {
			if v := e.nodes[ch.id]; v.ownID >= 0 && v.ownID != l.ownID {
				e.offer(&touched, v.ownID, cand{1, ch.nid, -1})
			}
		}
		e.touched = touched
		l.set = e.intern(e.bestRefs(touched))
		l.cut = true
	}
}

// solveRing solves a cycle that is one ring (each member over exactly
// one member, by one edge, none with an own change) whose causes each
// reach it at one member, by the sets a chain of own changes has (see
// based), when they are baseMin or more: solved per cause, every
// member's set held every cause by a path of its own (a ring of N specs
// each over a leaf of its own: N² references and links). The ring is
// cut before the member of the smallest cause, m₀; mₖ₊₁ is the member
// mₖ is over. Sₖ, the causes reaching mₖ … mₙ₋₁, from mₖ, is mₖ's
// own references on Sₖ₊₁ through mₖ₊₁'s name (written out while
// Sₖ₊₁ holds fewer than baseMin causes); m₀'s set is S₀; mₙ₋₁'s is S₀
// through m₀'s name, and mₖ's (k from n−2 down to 1) mₖ₊₁'s through
// mₖ₊₁'s name, each overriding the member's own references: a path of
// one name each (required), shorter than the one around the ring. A
// member without references of its own takes the set it would be
// based on with a via (as compose). The paths are those the search
// finds: in a ring, the one path from mₖ to a cause reaching mⱼ goes
// through mₖ₊₁ … mⱼ. It reports whether it solved comp (otherwise
// solveCycle searches).
func (e *explainer) solveRing(comp []int32) bool {
	n := len(comp)
	if n < 2 || !ringSets {
		return false
	}
	pos := make(map[int32]int32, n)
	for i, u := range comp {
		pos[u] = int32(i)
	}
	next := make([]int32, n) // the member each is over, by place in comp
	name := make([]int32, n) // the name of that edge
	for i, u := range comp {
		l := e.nodes[u]
		if l.ownID >= 0 {
			return false
		}
		next[i] = -1
		for _, ch := range l.children {
			if j, in := pos[ch.id]; in {
				if next[i] >= 0 {
					return false // over two members, or one twice
				}
				next[i], name[i] = j, ch.nid
			}
		}
		if next[i] < 0 {
			return false
		}
	}
	// Each member's own references: its edge changes, its dependencies'
	// own changes and their sets (the best path of each cause at it).
	refs := make([][]ref, n)
	// at is the member a cause reaches the ring at, -1 for several.
	at := make(map[int32]int32)
	for i, u := range comp {
		l := e.nodes[u]
		e.stamp++
		touched := e.touched[:0]
		offer := func(c int32, x cand) { e.offer(&touched, c, x) }
		for k, id := range l.edgeIDs {
			offer(id, cand{1, l.edgeNames[k], -1})
		}
		for _, ch := range l.children {
			if _, in := pos[ch.id]; in {
				continue
			}
			v := e.nodes[ch.id]
			if v.ownID >= 0 {
				offer(v.ownID, cand{1, ch.nid, -1})
			}
			for _, r := range e.all[e.flat(v)] {
				offer(r.cause, cand{e.depth[r.path] + 1, ch.nid, r.path})
			}
		}
		e.touched = touched
		refs[i] = e.bestRefs(touched)
		for _, r := range refs[i] {
			if _, dup := at[r.cause]; dup {
				at[r.cause] = -1
			} else {
				at[r.cause] = int32(i)
			}
		}
	}
	if int32(len(at)) < baseMin {
		return false
	}
	// The cut: before the member of the smallest cause that reaches the
	// ring at one member (the causes are in their final order, so that
	// the cut does not depend on where the cycle is entered).
	first, cut := int32(-1), int32(-1)
	for c, i := range at {
		if i >= 0 && (first < 0 || c < first) {
			first, cut = c, i
		}
	}
	if cut < 0 {
		return false
	}
	order := make([]int32, n) // order[k]: the place in comp of mₖ
	for k, i := 0, cut; k < n; k, i = k+1, next[i] {
		order[k] = i
	}
	// A path of one name each where it overrides: every member's but
	// m₀'s, and any of a cause reaching the ring at several members
	// (the first of them on the way round is nearest, by one name).
	for k := range n {
		for _, r := range refs[order[k]] {
			if e.depth[r.path] != 1 && (k > 0 || at[r.cause] < 0) {
				return false
			}
		}
	}
	type held struct{ set, via int32 }
	// S, from mₙ₋₁ down to m₀; below, the causes S₍ₖ₊₁₎ holds.
	var s held
	below := make(map[int32]bool, len(at))
	for k := n - 1; k >= 0; k-- {
		own := refs[order[k]]
		nm := name[order[k]]
		var over []int32
		for _, r := range own {
			if below[r.cause] {
				over = append(over, r.cause)
			}
		}
		switch {
		case k == n-1:
			s = held{e.intern(own), -1}
		case e.size[s.set] < baseMin:
			// Written out: fewer than baseMin references of S₍ₖ₊₁₎,
			// which is written out too (with no via), but those own
			// overrides.
			out := slices.Clone(own)
			for _, r := range e.all[s.set] {
				if !hasCause(own, r.cause) {
					out = append(out, ref{r.cause, e.link(nm, r.path)})
				}
			}
			slices.SortFunc(out, func(a, b ref) int { return cmp.Compare(a.cause, b.cause) })
			s = held{e.intern(out), -1}
		case len(own) == 0:
			s = held{s.set, e.link(nm, s.via)}
		default:
			s = held{e.internOn(own, []setBase{{s.set, e.link(nm, s.via)}}, over, true), -1}
		}
		for _, r := range own {
			below[r.cause] = true
		}
	}
	e.nodes[comp[order[0]]].set, e.nodes[comp[order[0]]].via = s.set, s.via
	// R, from mₙ₋₁ down to m₁, each on the set of the member after it.
	r := s
	for k := n - 1; k >= 1; k-- {
		own := refs[order[k]]
		nm := name[order[k]]
		if len(own) == 0 {
			r = held{r.set, e.link(nm, r.via)}
		} else {
			over := make([]int32, len(own))
			for i, x := range own {
				over[i] = x.cause
			}
			r = held{e.internOn(own, []setBase{{r.set, e.link(nm, r.via)}}, over, true), -1}
		}
		l := e.nodes[comp[order[k]]]
		l.set, l.via = r.set, r.via
	}
	return true
}

// ringSets says solveRing may solve a ring (a variable for the tests,
// which compare its sets with the search's).
var ringSets = true

// depthHeap is a min-heap of (depth, member) for solveCycle.
type depthHeap [][2]int32

func (h depthHeap) Len() int           { return len(h) }
func (h depthHeap) Less(i, j int) bool { return h[i][0] < h[j][0] }
func (h depthHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *depthHeap) Push(x any)        { *h = append(*h, x.([2]int32)) }
func (h *depthHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// link files a path link once.
func (e *explainer) link(name, next int32) int32 {
	e.looked++
	k := uint64(uint32(name))<<32 | uint64(uint32(next))
	if e.byKey == nil {
		e.byKey = make(map[uint64]int32, e.linksHint)
		e.links, e.depth = make([]link, 0, e.linksHint), make([]int32, 0, e.linksHint)
	}
	if id, ok := e.byKey[k]; ok {
		return id
	}
	id := int32(len(e.links))
	e.links = append(e.links, link{name, next})
	d := int32(1)
	if next >= 0 {
		d += e.depth[next]
	}
	e.depth = append(e.depth, d)
	e.byKey[k] = id
	return id
}

// result returns the table, paths and sets of the pairs filed (setID),
// the paths numbered in the order the sets first use them and only those.
func (e *explainer) result() *Causes {
	c := &Causes{Groups: []CauseGroup{}}
	if len(e.sets) == 0 {
		if e.selfUsed {
			c.Table = e.table // the pairs' own changes
		}
		return c
	}
	renum := make([]int, len(e.links))
	for i := range renum {
		renum[i] = -1
	}
	var used []int32
	number := func(from int32) {
		for i := from; i >= 0 && renum[i] < 0; i = e.links[i].next {
			renum[i] = len(used)
			used = append(used, i)
		}
	}
	for k, s := range e.sets {
		for _, r := range s {
			number(r.path)
		}
		for _, b := range e.bases[e.setIDs[k]] {
			number(b.via)
		}
	}
	// Then the pairs' vias, in the order the pairs were given them.
	for _, v := range e.vias {
		number(int32(*v))
		*v = renum[*v]
	}
	nexts := make([]int, len(used))
	c.Paths = make([]PathLink, len(used))
	for k, i := range used {
		c.Paths[k].Name = e.names[e.links[i].name]
		if nx := e.links[i].next; nx >= 0 {
			nexts[k] = renum[nx]
			c.Paths[k].Next = &nexts[k]
		}
	}
	c.Sets = make([][]CauseRef, len(e.sets))
	refs, based, overs := 0, 0, 0
	for k, s := range e.sets {
		n := len(e.bases[e.setIDs[k]])
		refs += len(s) + n
		based += n
		overs += len(e.over[e.setIDs[k]])
	}
	all := make([]CauseRef, 0, refs)
	bases := make([]SetBase, 0, based)
	overOf := make([]int, 0, overs)
	for k, s := range e.sets {
		n := len(s)
		for _, b := range e.bases[e.setIDs[k]] {
			bases = append(bases, SetBase{Set: e.outOf[b.set], Via: renum[b.via]})
			all = append(all, CauseRef{SetBase: &bases[len(bases)-1]})
			n++
		}
		over := e.over[e.setIDs[k]]
		for _, r := range s {
			ref := CauseRef{Cause: int(r.cause), Path: renum[r.path]}
			if len(over) > 0 && over[0] == r.cause {
				overOf = append(overOf, int(r.cause))
				ref.Over = &overOf[len(overOf)-1]
				over = over[1:]
			}
			all = append(all, ref)
		}
		c.Sets[k] = all[len(all)-n : len(all) : len(all)]
	}
	c.Table = e.table
	return c
}

// cmpUser orders two pairs that share a set by their paths to any of
// its causes: the pair's name na, then the names along via va (and nb,
// vb): by the depth of the vias, then the names, then the vias name by
// name.
func (e *explainer) cmpUser(na string, va int32, nb string, vb int32) int {
	if c := cmp.Compare(e.depthOf(va), e.depthOf(vb)); c != 0 {
		return c
	}
	if c := strings.Compare(na, nb); c != 0 {
		return c
	}
	return e.cmpLinks(va, vb)
}

// cmpFull orders two paths, each a pair's name, the names along its via
// and those along a reference's path (na, va, pa and nb, vb, pb): the
// shortest first, then name by name.
func (e *explainer) cmpFull(na string, va, pa int32, nb string, vb, pb int32) int {
	if c := cmp.Compare(e.depthOf(va)+e.depthOf(pa), e.depthOf(vb)+e.depthOf(pb)); c != 0 {
		return c
	}
	if c := strings.Compare(na, nb); c != 0 {
		return c
	}
	// Name by name until the two vias end at the same place: then the
	// vias, and the paths, compare as links.
	for va >= 0 || vb >= 0 {
		if va >= 0 && vb >= 0 && e.depth[va] == e.depth[vb] {
			if c := e.cmpLinks(va, vb); c != 0 {
				return c
			}
			break
		}
		var x, y int32
		x, va, pa = e.step(va, pa)
		y, vb, pb = e.step(vb, pb)
		e.walked++
		if c := cmp.Compare(x, y); c != 0 {
			return c
		}
	}
	return e.cmpLinks(pa, pb)
}

// step returns the first name of the path along via v, then along p,
// and the rest of both.
func (e *explainer) step(v, p int32) (int32, int32, int32) {
	if v >= 0 {
		return e.links[v].name, e.links[v].next, p
	}
	return e.links[p].name, v, e.links[p].next
}

// causeID files a root cause (without its path) once per report: one
// cause for each name, hashes and kinds of changes (sameCause).
func (e *explainer) causeID(c Cause) int32 {
	if e.ids == nil {
		e.ids, e.idSeed = map[uint64]int32{}, maphash.MakeSeed()
	}
	k := causeHash(e.idSeed, &c)
	first, ok := e.ids[k]
	if ok {
		for id := first; id >= 0; id = e.idNext[id] {
			if sameCause(&e.table[id], &c) {
				return id
			}
		}
	}
	id := int32(len(e.table))
	e.table = append(e.table, c)
	e.idNext = append(e.idNext, -1)
	if ok {
		e.idNext[id], e.idNext[first] = e.idNext[first], id
	} else {
		e.ids[k] = id
	}
	return id
}

// permuteCauses puts table in order (table[i] takes what was
// table[order[i]]) in place, a cycle of the permutation at a time: a
// sorted copy was a second table while the first was alive.
func permuteCauses(table []Cause, order []int32) {
	done := make([]bool, len(order))
	for i := range order {
		if done[i] {
			continue
		}
		first := table[i]
		j := i
		for {
			done[j] = true
			k := int(order[j])
			if k == i {
				table[j] = first
				break
			}
			table[j] = table[k]
			j = k
		}
	}
}

// causeHash is the hash of what files a cause once (sameCause).
func causeHash(seed maphash.Seed, c *Cause) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	for _, s := range [...]string{c.Name, c.OldHash, c.NewHash} {
		maphash.WriteComparable(&h, len(s))
		h.WriteString(s)
	}
	for _, ch := range c.Changes {
		maphash.WriteComparable(&h, len(ch.Kind))
		h.WriteString(ch.Kind)
	}
	return h.Sum64()
}

// sameCause reports whether a and b are one root cause: one name, the
// same hashes, the same kinds of changes in order.
func sameCause(a, b *Cause) bool {
	return a.Name == b.Name && a.OldHash == b.OldHash && a.NewHash == b.NewHash &&
		slices.EqualFunc(a.Changes, b.Changes, func(x, y Change) bool { return x.Kind == y.Kind })
}

// changeIDs numbers the distinct texts of changes (their from and
// to), so that the keys that group causes by their change (Explain)
// hold numbers, not the text: a change of a spec of many variants, every
// one flipped, is as long as its variants (12 MB each at 1.28M), and
// its keys were each a copy of it, held until the groups were made. The
// map holds the texts' strings, not copies. The keys are unambiguous
// (lengths before the names and kinds), so equal keys are equal causes
// as groupKey reads them (TestChangeIDsKeys).
type changeIDs map[string]uint32

func (t *changeIDs) id(s string) uint32 {
	if *t == nil {
		*t = changeIDs{}
	}
	id, ok := (*t)[s]
	if !ok {
		id = uint32(len(*t))
		(*t)[s] = id
	}
	return id
}

// groupKey appends the key of c's group (groupKey's, in numbers) to b.
func (t *changeIDs) groupKey(b []byte, c Cause) []byte {
	b = binary.AppendUvarint(b, uint64(len(c.Name)))
	b = append(b, c.Name...)
	for _, ch := range c.Changes {
		if ch.Kind == "recipe" {
			ch.From, ch.To = "", "" // recipe hashes differ per package, not per change
		}
		b = t.changeKey(b, ch)
	}
	return b
}

// changeKey appends the key of the change ch to b: its kind, from and
// to.
func (t *changeIDs) changeKey(b []byte, ch Change) []byte {
	b = binary.AppendUvarint(b, uint64(len(ch.Kind)))
	b = append(b, ch.Kind...)
	b = binary.AppendUvarint(b, uint64(t.id(ch.From)))
	return binary.AppendUvarint(b, uint64(t.id(ch.To)))
}

// compareCauses orders causes as the table holds them: by name, hashes
// and changes (compareChanges).
func compareCauses(x, y Cause) int {
	return cmp.Or(strings.Compare(x.Name, y.Name), strings.Compare(x.OldHash, y.OldHash),
		strings.Compare(x.NewHash, y.NewHash), compareChanges(x.Changes, y.Changes))
}

// compareChanges orders lists of changes by each change's kind, from and
// to in turn, a list before the longer lists it begins: the order of
// the strings joined by NULs, when no string holds a NUL, but never a
// tie of two lists that differ (a Spack index may hold a NUL in a
// string, "\u0000" being valid JSON).
func compareChanges(a, b []Change) int {
	return slices.CompareFunc(a, b, func(x, y Change) int {
		return cmp.Or(strings.Compare(x.Kind, y.Kind), strings.Compare(x.From, y.From), strings.Compare(x.To, y.To))
	})
}

// local matches the edges of x (old) and y (new) and says what changed at
// this node; pending are the changed dependency pairs, for node to file.
// Edges are matched by sorting, never by a nested loop: a spec with
// 20,000 renamed dependencies costs 20,000 log 20,000.
func (e *explainer) local(x, y *GraphNode) (*local, []pairRef) {
	return e.localCounting(x, y, &e.probes, nil)
}

// localCounting is local, adding the edges it looks at to *probes (its
// own counter on each goroutine of fill), for the nodes of p, the
// report's pair of x and y, when not nil (see sharedDelta).
func (e *explainer) localCounting(x, y *GraphNode, probes *int, p *Pair) (*local, []pairRef) {
	l := &local{name: y.Name, oldHash: x.Hash(), newHash: y.Hash(), via: -1, localEdges: noEdges}
	if x.Deps() == nil || y.Deps() == nil {
		l.own = []Change{{Kind: "other", From: "edges unknown", To: "edges unknown"}}
		return l, nil
	}
	var pending []pairRef
	// Own facets. A compiler that is a dependency (spec format 5 on) is
	// explained by that dependency's change, not by the node.
	l.own = facetChangesOf(x, y, !(compilerIsDep(x) && compilerIsDep(y)), p)
	// Edges: same name first, then unmatched ones providing a common
	// virtual (a provider swap), then added and removed.
	// The hashes are read only between edges of one name (cmp.Or would
	// compare them every time: its arguments are evaluated first).
	byName := func(a, b Edge) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.Hash, b.Hash)
	}
	sorted := func(l []Edge) []Edge {
		if !slices.IsSortedFunc(l, byName) { // as Spack writes them
			l = slices.Clone(l)
			slices.SortFunc(l, byName)
		}
		return mergeEdges(l)
	}
	oldDeps, newDeps := sorted(x.Deps()), sorted(y.Deps())
	usedOld := make([]bool, len(oldDeps))
	usedNew := make([]bool, len(newDeps))
	// For a spec the pairing by edges found in a cycle, an edge to a
	// spec of the report's pairs matches only an edge to its pair: an
	// old ring of N against a new one of N+1 (or a chain) otherwise
	// descended from the pair at the ring's break into the added spec,
	// one place further around the ring each turn, and the explainer
	// walked all N(N+1) pairs of nodes. Such edges are a removed and an
	// added dependency instead. Acyclic input has no such spec.
	_, xInCycle := e.cyclePairs[x.Hash()]
	apart := func(i, j int) bool {
		if !xInCycle {
			return false
		}
		a, b := oldDeps[i].Hash, newDeps[j].Hash
		if a == b {
			return false
		}
		if to, ok := e.cyclePairs[a]; ok {
			return to != b
		}
		_, ok := e.cycleNews[b]
		return ok
	}
	match := func(i, j int) {
		usedOld[i], usedNew[j] = true, true
		a, b := oldDeps[i], newDeps[j]
		if a.Hash == b.Hash {
			// The dependency is the same spec, but the edge's deptypes
			// or virtuals are part of this node's hash: a change the
			// file records, which "hash changed" alone would hide.
			if !sameSet(a.Types, b.Types) || !sameSet(a.Virtuals, b.Virtuals) {
				l.own = append(l.own, Change{Kind: "other", From: edgeText(a), To: edgeText(b)})
			}
			return
		}
		l.edged().direct = append(l.edged().direct, DepChange{Name: b.Name, OldHash: a.Hash, NewHash: b.Hash})
		xo, yn := e.old.Node(a.Hash), e.new.Node(b.Hash)
		if xo == nil || yn == nil {
			l.edged().edges = append(l.edged().edges, edgeCause{Cause{Name: b.Name, OldHash: a.Hash, NewHash: b.Hash,
				Changes: []Change{{Kind: "other", From: "not in the snapshot", To: "not in the snapshot"}}}, b.Name})
			return
		}
		pending = append(pending, pairRef{b.Name, xo, yn})
	}
	// Same name and same hash, then same name: both lists are sorted by
	// name and hash, so each name's edges are a run in each, matched in
	// order (the same pairs the nested loops of old matched).
	for i, j := 0, 0; i < len(oldDeps) && j < len(newDeps); {
		(*probes)++
		a, b := oldDeps[i], newDeps[j]
		switch c := byName(a, b); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			if !apart(i, j) {
				match(i, j)
			}
			i++
			j++
		}
	}
	// A name of several edges on a side: an edge of x to itself (a
	// cycle, bad input) matches y's to itself first. In hash order, a
	// ring of specs each also over itself matched x's own edge with y's
	// to the next spec, and the explainer walked N² pairs of nodes.
	// Then, for a spec the pairing by edges found in a cycle, an edge to
	// another such spec matches y's to its pair: in hash order, a ring
	// of specs each over the next two matched x's edge to the next with
	// y's to the one after, and the pairs of nodes crossed the ring.
	// Acyclic input has no such spec.
	if dupNames(oldDeps) || dupNames(newDeps) {
		xh, yh := x.Hash(), y.Hash()
		_, inCycle := e.cyclePairs[xh]
		for i, a := range oldDeps {
			if usedOld[i] {
				continue
			}
			to := ""
			if a.Hash == xh {
				to = yh
			} else if inCycle {
				to = e.cyclePairs[a.Hash]
			}
			if to == "" {
				// The report's pair of the dependency, for acyclic
				// input too: in hash order, a spec over two builds of
				// one package (each over the one before and another)
				// matched each old edge with the other's pair, and the
				// explainer walked the crossed pairs of nodes, N² of
				// them, each a dependency "added" and "dropped".
				to = e.reportPair(a.Hash)
			}
			if to == "" {
				continue
			}
			(*probes)++
			if j, found := slices.BinarySearchFunc(newDeps, Edge{Name: a.Name, Hash: to}, byName); found && !usedNew[j] {
				match(i, j)
			}
		}
		if !inCycle { // a cycle's edges follow its pairs (apart)
			e.matchAlike(oldDeps, newDeps, usedOld, usedNew, match, probes)
		}
	}
	// The edges left in order: of a name left several times on a side,
	// in the order of their nodes' places in their own graphs
	// (leftOrder), not by hash. In hash order, an old edge whose
	// dependency's pair the new spec is not over matched either of two
	// new edges of its name alike but for their places (an edge added
	// over one), by the labels, and the other way the other
	// (TestEdgeLeftByPlace).
	oi, nj := e.leftOrder(oldDeps, newDeps, usedOld, usedNew)
	for x, y := 0, 0; x < len(oldDeps) && y < len(newDeps); {
		(*probes)++
		i, j := x, y
		if oi != nil {
			i, j = oi[x], nj[y]
		}
		switch {
		case usedOld[i]:
			x++
		case usedNew[j]:
			y++
		default:
			switch c := strings.Compare(oldDeps[i].Name, newDeps[j].Name); {
			case c < 0:
				x++
			case c > 0:
				y++
			default:
				if apart(i, j) {
					// Only the edge kept apart is passed over (the old
					// one when its end is of the pairs): the other may
					// still match the next edge of its name. Passing
					// both, a ring's break left a rebuilt dependency's
					// edge unmatched, by hash order.
					if _, ok := e.cyclePairs[oldDeps[i].Hash]; ok {
						x++
					} else {
						y++
					}
					continue
				}
				match(i, j)
				x++
				y++
			}
		}
	}
	// Provider swaps: each unmatched old edge with virtuals takes the
	// first unmatched new edge (in order) sharing one, found through an
	// index of the new edges by virtual. An edge that apart governs (its
	// end of the cycle pairs) matches only its pair's, by name, and is
	// no provider swap: the edges of a ring over a virtual it kept apart
	// were swapped as "provider same@1 → same@1".
	kept := func(i, j int) bool {
		if !xInCycle {
			return false
		}
		if i >= 0 {
			_, ok := e.cyclePairs[oldDeps[i].Hash]
			return ok
		}
		_, ok := e.cycleNews[newDeps[j].Hash]
		return ok
	}
	var byVirtual map[string][]int
	for j, b := range newDeps {
		if usedNew[j] || kept(-1, j) {
			continue
		}
		for _, v := range b.Virtuals {
			if byVirtual == nil {
				byVirtual = map[string][]int{}
			}
			byVirtual[v] = append(byVirtual[v], j)
		}
	}
	for i, a := range oldDeps {
		if usedOld[i] || len(a.Virtuals) == 0 || byVirtual == nil || kept(i, -1) {
			continue
		}
		j := -1
		for _, v := range a.Virtuals {
			list := byVirtual[v]
			for len(list) > 0 && usedNew[list[0]] {
				(*probes)++
				list = list[1:]
			}
			(*probes)++
			byVirtual[v] = list
			if len(list) > 0 && (j < 0 || list[0] < j) {
				j = list[0]
			}
		}
		if j < 0 {
			continue
		}
		b := newDeps[j]
		v := commonVirtual(a.Virtuals, b.Virtuals)
		usedOld[i], usedNew[j] = true, true
		// Named by the virtual, as its cause is: the old provider's hash
		// under the new one's name would say that package changed.
		l.edged().direct = append(l.edged().direct, DepChange{Name: v, OldHash: a.Hash, NewHash: b.Hash})
		l.edged().edges = append(l.edged().edges, edgeCause{Cause{Name: v, OldHash: a.Hash, NewHash: b.Hash,
			Changes: []Change{{Kind: "provider", From: e.spell(e.old, a), To: e.spell(e.new, b)}}}, v})
	}
	for i, a := range oldDeps {
		if !usedOld[i] {
			l.edged().direct = append(l.edged().direct, DepChange{Name: a.Name, OldHash: a.Hash})
			l.edged().edges = append(l.edged().edges, edgeCause{Cause{Name: a.Name, OldHash: a.Hash,
				Changes: []Change{{Kind: "removed", From: e.spell(e.old, a)}}}, a.Name})
		}
	}
	for j, b := range newDeps {
		if !usedNew[j] {
			l.edged().direct = append(l.edged().direct, DepChange{Name: b.Name, NewHash: b.Hash})
			l.edged().edges = append(l.edged().edges, edgeCause{Cause{Name: b.Name, NewHash: b.Hash,
				Changes: []Change{{Kind: "added", To: e.spell(e.new, b)}}}, b.Name})
		}
	}
	slices.SortFunc(l.direct, func(a, b DepChange) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c // mostly: the hashes are not read
		}
		return cmp.Or(strings.Compare(a.OldHash, b.OldHash), strings.Compare(a.NewHash, b.NewHash))
	})
	// A node whose hash changed with no facet, no edge and no dependency
	// changing: its recipe (or something the files do not show) did. Its
	// edge to itself (a cycle of one, bad input) is no dependency
	// changing: counted as one, a spec over itself rebuilt had no cause
	// at all, nor had the specs over it.
	if len(l.own) == 0 && len(l.edges) == 0 && onlySelf(pending, x, y) && x.Hash() != y.Hash() {
		l.own = ownChange(x, y)
	}
	return l, pending
}

// ownChange is the own change of a pair x → y whose hash changed with
// no facet, no edge and no dependency changing (but itself, or the
// other members of its cycle): its recipe's, or "other".
func ownChange(x, y *GraphNode) []Change {
	if xr, yr := x.PackageHash(), y.PackageHash(); xr != "" && yr != "" && xr != yr {
		return []Change{{Kind: "recipe", From: xr, To: yr}}
	}
	return []Change{{Kind: "other"}}
}

// onlySelf says pending (a node's changed dependency pairs) are none
// but the node's own pair, x to y (its edges to itself).
func onlySelf(pending []pairRef, x, y *GraphNode) bool {
	for _, p := range pending {
		if p.old.Hash() != x.Hash() || p.new.Hash() != y.Hash() {
			return false
		}
	}
	return true
}

// spell writes an edge's node as name@version, or the name alone when the
// node is not in the graph.
func (e *explainer) spell(g Graph, d Edge) string {
	if n := g.Node(d.Hash); n != nil && n.Version() != "" {
		return n.Name + "@" + n.Version()
	}
	return d.Name
}

func commonVirtual(a, b []string) string {
	for _, v := range a {
		if slices.Contains(b, v) {
			return v
		}
	}
	return ""
}

// compilerIsDep reports whether n's compiler is a build dependency
// providing c, cxx or fortran.
func compilerIsDep(n *GraphNode) bool {
	for _, d := range n.Deps() {
		for _, v := range d.Virtuals {
			if v == "c" || v == "cxx" || v == "fortran" {
				return true
			}
		}
	}
	return false
}

// facetChanges lists the facets that differ, in the engine's pass order.
func facetChanges(x, y *GraphNode, compiler bool) []Change {
	return facetChangesOf(x, y, compiler, nil)
}

// facetChangesOf is facetChanges for the nodes of p, the report's pair
// of x and y, when not nil (see sharedDelta).
func facetChangesOf(x, y *GraphNode, compiler bool, p *Pair) []Change {
	var out []Change
	if x.Version() != y.Version() {
		out = append(out, Change{Kind: "version", From: x.Version(), To: y.Version()})
	}
	xs, ys := x.spec(), y.spec()
	if compiler && xs.Compiler != ys.Compiler {
		out = append(out, Change{Kind: "compiler", From: xs.Compiler, To: ys.Compiler})
	}
	if !slices.Equal(xs.Variants, ys.Variants) {
		from, to, ok := sharedDelta(xs.Variants, ys.Variants, p)
		if !ok {
			from, to = variantDelta(xs.Variants, ys.Variants, nil)
		}
		out = append(out, Change{Kind: "variants", From: from, To: to})
	}
	if xs.Target != ys.Target {
		out = append(out, Change{Kind: "target", From: xs.Target, To: ys.Target})
	}
	if xs.OS != ys.OS {
		out = append(out, Change{Kind: "os", From: xs.OS, To: ys.OS})
	}
	if xs.Platform != ys.Platform {
		out = append(out, Change{Kind: "platform", From: xs.Platform, To: ys.Platform})
	}
	return out
}

// sharedDelta returns the from and to of p, the report's pair whose
// specs' variants are a and b (the same lists), when its facet is the
// variants: what variantDelta would write again. A spec of many
// variants, every one flipped, has a from and a to as long as its
// variants (12 MB each at 1.28M), and its cause held a copy of both
// (TestLongChangeSharedWithPair).
func sharedDelta(a, b []string, p *Pair) (from, to string, ok bool) {
	if p == nil || p.Facet != "variants" || p.Old == nil || p.New == nil || !sameList(a, p.Old.Variants) || !sameList(b, p.New.Variants) {
		return "", "", false
	}
	return p.From, p.To, true
}

// sameList reports whether a and b are the same list: the same array
// and length.
func sameList(a, b []string) bool {
	return len(a) == len(b) && unsafe.SliceData(a) == unsafe.SliceData(b)
}

// variantDelta writes the variants only in a, and only in b
// (listops.Minus, linear: a scan of a long list for each variant took
// 80,000 variants of one spec, one changed, 26 s to explain); probes,
// when not nil, counts the strings looked at, for the tests.
func variantDelta(a, b []string, probes *int) (string, string) {
	return listops.MinusJoin(a, b, " ", probes), listops.MinusJoin(b, a, " ", probes)
}

// GroupKey identifies the group (CauseGroup) of a cause: the same
// package changing the same way, whatever the hashes.
func GroupKey(c Cause) string { return groupKey(c) }

// groupKey identifies a cause over the report: the same package changing
// the same way, whatever the hashes (one per OS and target). Each string
// goes after its length, as in changeIDs.groupKey: joined by NULs, which
// a saved report's strings may hold, a version changed to
// "1.0.9\x00variants\x00~x\x00+x" was of the group of a version and a
// variants change, and the laws let a group name changes that some of
// its causes have not (TestGroupOfNULJoinedChanges).
func groupKey(c Cause) string {
	b := appendString(nil, c.Name)
	for _, ch := range c.Changes {
		b = appendString(b, ch.Kind)
		if ch.Kind == "recipe" {
			continue // recipe hashes differ per package, not per change
		}
		b = appendString(appendString(b, ch.From), ch.To)
	}
	return string(b)
}

// appendString appends s to b after its length.
func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// Explain fills Why on every rebuilt and updated pair of r, and r.Causes,
// from the two sides' graphs. When neither side has edges (catalogue
// pages) no cause can be known: r.Causes only counts the pairs, none of
// them known, so that every format says the causes are unknown (and
// guesses none); the pairs get no Why, and a report without pairs no
// Causes. A dependency cycle in either graph (which Spack never writes)
// is a warning naming it.
func (r *Report) Explain(before, after Graph) {
	if !before.HasEdges() && !after.HasEdges() {
		if n := r.Summary.Specs.Rebuilt + r.Summary.Specs.Updated; n > 0 {
			r.Causes = &Causes{Pairs: n, Groups: []CauseGroup{}}
		}
		return
	}
	// The cycles are warnings of their own, searched on a goroutine
	// while the pairs are explained (all read the graphs, none writes
	// them), and sorted into the warnings at the end. The two graphs
	// are searched one after the other: each search numbers its graph's
	// nodes and their edges (about 170 bytes a node, let go once it is
	// done), and on a goroutine each, both were held at once beside the
	// explainer, at the peak of a lockfile pair's live heap (10.6 of 84
	// MB at 32,000 roots), which sets its peak RSS (docs/performance.md,
	// "The 24 MiB floor"). Two more gather each graph's lockfile roots
	// for roots. The roots' respelling compareSnapshots made is taken as
	// it is.
	var cycles [2][]snapshot.Warning
	var rootsOf [2]map[string][]*GraphNode
	ren := r.respeltOf(before, after)
	var wg, gathered sync.WaitGroup
	gathered.Add(2)
	graphs := [2]Graph{before, after}
	for side, g := range graphs {
		wg.Go(func() {
			rootsOf[side] = rootNodes(g)
			gathered.Done()
		})
	}
	wg.Go(func() {
		for side, path := range [2]string{r.Old.Path, r.New.Path} {
			cycles[side] = cycleWarnings(graphs[side], path)
		}
	})
	defer func() {
		wg.Wait()
		if w := append(cycles[0], cycles[1]...); len(w) > 0 {
			for i := range w {
				w[i] = validWarning(w[i])
			}
			r.Warnings = sortedWarnings(append(r.Warnings, w...))
		}
	}()
	e := newExplainer(before, after, r.Summary.Specs.Rebuilt+r.Summary.Specs.Updated)
	e.cyclePairs = r.cyclePairs
	if len(e.cyclePairs) > 0 {
		e.cycleNews = make(map[string]string, len(e.cyclePairs))
		for o, nw := range e.cyclePairs {
			e.cycleNews[nw] = o
		}
	}
	c := &Causes{Groups: []CauseGroup{}}
	type top struct {
		p       *Pair
		updated bool
		id      int32
	}
	var tops []top
	var hashes [][2]string
	add := func(p *Pair, updated bool) {
		tops = append(tops, top{p, updated, -1})
		hashes = append(hashes, [2]string{p.Old.Hash, p.New.Hash})
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		for j := range p.Specs.Rebuilt {
			add(&p.Specs.Rebuilt[j], false)
		}
		for j := range p.Specs.Updated {
			add(&p.Specs.Updated[j], true)
		}
	}
	c.Pairs = len(tops)
	reports := make([]*Pair, len(tops))
	for i, t := range tops {
		reports[i] = t.p
	}
	e.pairHashes = hashes
	if r.allPairs != nil {
		// The report's pairs, and those of the whole snapshots of specs
		// of none of them (a view by stacks may pair a spec otherwise:
		// two old specs paired with one new, the first in hash order
		// would take it).
		in := make(map[string]bool, 2*len(hashes))
		for _, h := range hashes {
			in[h[0]], in[h[1]] = true, true
		}
		all := slices.Clone(hashes)
		for _, h := range r.allPairs {
			if !in[h[0]] && !in[h[1]] {
				all = append(all, h)
			}
		}
		e.pairHashes = all
	}
	ids := e.registerAll(hashes, reports)
	if explainedHook != nil {
		explainedHook(len(e.nodes))
	}
	known := tops[:0]
	for i, t := range tops {
		if ids[i] < 0 {
			t.p.Why = &Why{Known: false, Changed: []DepChange{}}
			continue
		}
		t.id = ids[i]
		known = append(known, t)
	}
	tops = known
	gathered.Wait()
	roots, changed, rootIDs := e.pairRoots(rootsOf[0], rootsOf[1], ren, hashes, newRootFilter(r.Options))
	rootsOf, ren = [2]map[string][]*GraphNode{}, nil
	edges := 0
	for _, l := range e.nodes {
		edges += len(l.children) + len(l.edges)
	}
	e.budget = CauseBudget(len(e.nodes), edges)
	e.solve()
	if budgetHook != nil {
		budgetHook(e.spent, e.budget)
	}

	// Groups: the table's causes by package and change (e.groupOf).
	type group struct {
		CauseGroup
		via     int32  // the best path so far: its pair's name, via, the sets' vias and link
		best    prefix // the pair's name, via and the sets' vias
		self    string // the smallest name of a pair whose own change it is
		counted int32
	}
	groups := make([]*group, e.groups)
	groupOf := e.groupOf
	for i, cause := range e.table {
		if g := groupOf[i]; groups[g] == nil {
			cg := CauseGroup{Name: cause.Name, Changes: cause.Changes}
			if cg.Changes[0].Kind == "recipe" {
				cg.Changes = []Change{{Kind: "recipe"}}
			}
			groups[g] = &group{CauseGroup: cg, via: -1, counted: -1}
		}
	}
	// The pairs by set: how many rebuilt and updated pairs have it, and
	// the one with the best path to its causes. Each distinct set's
	// causes are then counted once for all its pairs (M dependents of a
	// hub with K changed leaves cost M + K, not M·K), and a based set's
	// once for all the pairs of the sets based on it (a chain of N specs
	// each with a change of its own: N, not N²/2).
	type use struct {
		rebuilt, updated int
		best             prefix
		has              bool
	}
	uses := make([]use, len(e.all))
	// The pairs with an own change and a set: whether the set holds a
	// cause of its group (then the set counts the pair there), found
	// while walking the sets.
	type ownQuery struct {
		group   int32
		updated bool
	}
	ownAt := map[int32][]ownQuery{}
	countOwn := func(g *group, updated bool) {
		g.Specs++
		if updated {
			g.Updated++
		} else {
			g.Rebuilt++
		}
	}
	// The Why of each pair a root changed takes (its pair's, shared).
	var whyOf []*Why
	if len(rootIDs) > 0 {
		whyOf = make([]*Why, len(e.nodes))
	}
	for _, t := range tops {
		l := e.nodes[t.id]
		w := e.why(t.id)
		t.p.Why = w
		if whyOf != nil && whyOf[t.id] == nil {
			whyOf[t.id] = w
		}
		c.Known++
		if len(w.Changed) == 0 {
			c.Own++
		}
		if l.set != 0 || l.ownID >= 0 {
			c.Explained++
		}
		if w.Cut {
			c.Cut++
		}
		if l.ownID >= 0 {
			// The pair's own change: counted here, once per pair even
			// when a cause of its set is of the same group.
			gi := groupOf[l.ownID]
			g := groups[gi]
			g.Own++
			if l.set == 0 {
				countOwn(g, t.updated)
			} else {
				ownAt[l.set] = append(ownAt[l.set], ownQuery{gi, t.updated})
			}
			if g.self == "" || l.name < g.self {
				g.self = l.name
			}
		}
		if l.set == 0 {
			continue
		}
		u := &uses[l.set]
		if !u.has || e.cmpUser(l.name, l.via, u.best.name, u.best.via) < 0 {
			u.best = prefix{name: l.name, via: l.via, depth: e.depthOf(l.via)}
		}
		u.has = true
		if t.updated {
			u.updated++
		} else {
			u.rebuilt++
		}
	}
	// Each set's weight: its pairs and those of the sets based on it
	// (made after it), with the best path prefix among them.
	for s := len(e.all) - 1; s > 0; s-- {
		u := &uses[s]
		if !u.has {
			continue
		}
		for _, b := range e.bases[s] {
			x := &uses[b.set]
			x.rebuilt += u.rebuilt
			x.updated += u.updated
			p := u.best
			p.chain = &viaCons{b.via, p.chain}
			p.depth += e.depthOf(b.via)
			if !x.has || e.cmpPrefix(p, -1, x.best, -1) < 0 {
				x.best = p
			}
			x.has = true
		}
	}
	// A set counts a group where no level above it (its bases) holds
	// one, once (a group may repeat down single bases).
	active := make([]int32, e.groups)
	e.forest(func(s int32) {
		u := &uses[s]
		for _, ref := range e.all[s] {
			gi := groupOf[ref.cause]
			g := groups[gi]
			if !u.has {
				continue
			}
			// The via is the shortest path to any cause of the group,
			// at any level that holds one; the pairs count at the
			// first level (the highest) only, once.
			if g.via < 0 || e.cmpPrefix(u.best, ref.path, g.best, g.via) < 0 {
				g.via, g.best = ref.path, u.best
			}
			if active[gi] > 0 || g.counted == s {
				continue
			}
			g.counted = s
			g.Specs += u.rebuilt + u.updated
			g.Rebuilt += u.rebuilt
			g.Updated += u.updated
		}
		for _, ref := range e.all[s] {
			active[groupOf[ref.cause]]++
		}
		for _, q := range ownAt[s] {
			if active[q.group] == 0 {
				countOwn(groups[q.group], q.updated)
			}
		}
	}, func(s int32) {
		for _, ref := range e.all[s] {
			active[groupOf[ref.cause]]--
		}
	}, func(_ int32, closure []int32, on bool) {
		d := int32(1)
		if !on {
			d = -1
		}
		for _, x := range closure {
			for _, ref := range e.all[x] {
				active[groupOf[ref.cause]] += d
			}
		}
	})
	// Most specs first, then by name and change (its text written once
	// per group, not per comparison).
	type sorted struct {
		g    *group
		text *string // changeOrder's, made when first compared: a group's change
		// may be as long as its variants (every one flipped: 12 MB each
		// at 1.28M), and most groups differ by their size or name
	}
	textOf := func(s sorted) string {
		if *s.text == "" {
			*s.text = "\x00" + changeOrder(s.g.Changes) // "" is not made yet; each is compared past the same \x00
		}
		return *s.text
	}
	var out []sorted
	for _, g := range groups {
		if g.Specs == 0 {
			continue // a cause of a dependency no pair of the report reaches
		}
		if g.self != "" {
			g.Via = []string{g.self}
		} else {
			g.Via = e.appendNames([]string{g.best.name}, g.best, g.via)
		}
		out = append(out, sorted{g, new(string)})
	}
	// A spec's own change is its first cause, inherited ones come after
	// it: the groups that are only their specs' own changes (no other
	// pair inherits them) first, then the own changes that others
	// inherit, then the edges' (dependencies added, removed or swapped,
	// or not in the snapshot); each by most specs.
	slices.SortFunc(out, func(a, b sorted) int {
		if c := groupOrderBy(a.g.CauseGroup, b.g.CauseGroup); c != 0 {
			return c
		}
		return strings.Compare(textOf(a), textOf(b))
	})
	c.Groups = make([]CauseGroup, len(out))
	at := make(map[*group]int, len(out))
	for i, s := range out {
		c.Groups[i] = s.g.CauseGroup
		at[s.g] = i
	}
	// One change shared by the groups of several packages (every
	// spec's target moved, a compiler bumped, recipes changed): one
	// cause, counting each pair once.
	sharedOf := make([]int, len(groups))
	var texts changeIDs
	var kb []byte
	var shared []SharedCause
	byChange := map[string]int{}
	for gi, g := range groups {
		sharedOf[gi] = -1
		if g.Specs == 0 || len(g.Changes) != 1 || !sharedKinds[g.Changes[0].Kind] {
			continue
		}
		kb = texts.changeKey(kb[:0], g.Changes[0])
		s, ok := byChange[string(kb)]
		ch := g.Changes[0]
		if !ok {
			s = len(shared)
			byChange[string(kb)] = s
			shared = append(shared, SharedCause{Kind: ch.Kind, From: ch.From, To: ch.To})
		}
		sharedOf[gi] = s
		shared[s].Groups = append(shared[s].Groups, at[g])
	}
	if len(shared) > 0 {
		// A set counts a shared change where no level above it holds
		// one, once for its pairs and those based on it; a pair with an
		// own change of a shared kind counts where its set has none.
		stamp := make([]int32, len(shared))
		activeShared := make([]int32, len(shared))
		walked, walk := make([]int32, len(shared)), int32(0) // the shared changes of a base's sets, by walk
		type ownShared struct {
			y       int
			updated bool
		}
		selfAt := map[int32][]ownShared{}
		for _, t := range tops {
			l := e.nodes[t.id]
			if l.ownID < 0 {
				continue
			}
			if y := sharedOf[groupOf[l.ownID]]; y >= 0 {
				selfAt[l.set] = append(selfAt[l.set], ownShared{y, t.updated})
			}
		}
		countSelf := func(q ownShared) {
			shared[q.y].Specs++
			if q.updated {
				shared[q.y].Updated++
			} else {
				shared[q.y].Rebuilt++
			}
		}
		for _, q := range selfAt[0] {
			countSelf(q)
		}
		e.forest(func(s int32) {
			u := &uses[s]
			for _, r := range e.all[s] {
				y := sharedOf[groupOf[r.cause]]
				if y < 0 {
					continue
				}
				if u.has && activeShared[y] == 0 && stamp[y] != s {
					shared[y].Specs += u.rebuilt + u.updated
					shared[y].Rebuilt += u.rebuilt
					shared[y].Updated += u.updated
				}
				stamp[y] = s
			}
			for _, r := range e.all[s] {
				if y := sharedOf[groupOf[r.cause]]; y >= 0 {
					activeShared[y]++
				}
			}
			for _, q := range selfAt[s] {
				if activeShared[q.y] == 0 {
					countSelf(q)
				}
			}
		}, func(s int32) {
			for _, r := range e.all[s] {
				if y := sharedOf[groupOf[r.cause]]; y >= 0 {
					activeShared[y]--
				}
			}
		}, func(j int32, closure []int32, on bool) {
			// A set of several bases: its pairs (and those based on it)
			// were counted once for each base that holds a shared
			// change, at its level there: once is enough.
			d := int32(1)
			if !on {
				d = -1
			}
			u := &uses[j]
			walk++
			for _, x := range closure {
				for _, r := range e.all[x] {
					y := sharedOf[groupOf[r.cause]]
					if y < 0 {
						continue
					}
					if !on || walked[y] == walk {
						continue
					}
					walked[y] = walk
					if u.has && activeShared[y] > 0 {
						shared[y].Specs -= u.rebuilt + u.updated
						shared[y].Rebuilt -= u.rebuilt
						shared[y].Updated -= u.updated
					}
				}
			}
			for _, x := range closure {
				for _, r := range e.all[x] {
					if y := sharedOf[groupOf[r.cause]]; y >= 0 {
						activeShared[y] += d
					}
				}
			}
		})
		for _, s := range shared {
			if len(s.Groups) < 2 {
				continue
			}
			slices.Sort(s.Groups)
			s.Packages = make([]string, len(s.Groups))
			for i, g := range s.Groups {
				s.Packages[i] = c.Groups[g].Name
			}
			slices.Sort(s.Packages)
			c.Shared = append(c.Shared, s)
		}
		slices.SortFunc(c.Shared, sharedOrder)
	}
	for i, id := range rootIDs {
		if id >= 0 {
			if changed[i].why = whyOf[id]; whyOf[id] == nil {
				changed[i].why = e.why(id)
			}
		}
	}
	whyOf, rootIDs = nil, nil
	res := e.result()
	c.Table, c.Paths, c.Sets = res.Table, res.Paths, res.Sets
	if roots != nil {
		// Made once the explainer is let go: past Explain's peak.
		roots.Changed = rootsChanged(changed)
		roots.countKept(r)
	}
	c.Roots = roots
	r.Causes = c
}

// rootNodes returns the nodes of g that are lockfile roots, by their
// spec as written, each root's nodes in hash order.
// The roots' lists are cut from one array of them all, in order of
// spelling and hash, and the map made at its size: a list grown by
// append each, and the map by doubling, were a root's bytes three times
// over (rootNodes was 3% of a lockfile pair's allocation).
func rootNodes(g Graph) map[string][]*GraphNode {
	type rooted struct {
		root string
		node *GraphNode
	}
	var all []rooted
	for _, n := range g.nodes {
		for _, root := range n.spec().RootNames(n.Name) {
			if all == nil {
				all = make([]rooted, 0, len(g.nodes))
			}
			all = append(all, rooted{root, n})
		}
	}
	if len(all) == 0 {
		return map[string][]*GraphNode{}
	}
	slices.SortFunc(all, func(a, b rooted) int {
		return cmp.Or(strings.Compare(a.root, b.root), strings.Compare(a.node.Hash(), b.node.Hash()))
	})
	spellings := 1
	for i := 1; i < len(all); i++ {
		if all[i].root != all[i-1].root {
			spellings++
		}
	}
	m := make(map[string][]*GraphNode, spellings)
	nodes := make([]*GraphNode, len(all))
	start := 0
	for i, x := range all {
		nodes[i] = x.node
		if i+1 == len(all) || all[i+1].root != x.root {
			m[x.root] = nodes[start : i+1 : i+1]
			start = i + 1
		}
	}
	return m
}

// fitted is l, or a copy at its length when l holds less than half its
// capacity (a list made at its bound, kept in the report).
func fitted(l []RootSpec) []RootSpec {
	if len(l) >= cap(l)/2 {
		return l
	}
	return append(make([]RootSpec, 0, len(l)), l...)
}

// roots compares the lockfile roots of both sides (o and n, rootNodes of
// each graph) by their spec as written; nil when neither side has roots.
// ren is respell(o, n), or nil to make it.
// The roots changed are returned apart, compact (rootChanged, in rc.
// Changed's order; rootsChanged makes rc.Changed of them), and their
// pairs registered (rootPair): the ids it returns are theirs, whose Why
// Explain gives once solved. pairs are the report's rebuilt and updated
// specs (old hash, new hash).
func (e *explainer) pairRoots(o, n map[string][]*GraphNode, ren *respelling, pairs [][2]string, keep rootFilter) (*RootChanges, []rootChanged, []int32) {
	if len(o) == 0 && len(n) == 0 {
		return nil, nil, nil
	}
	rs := func(root string, g *GraphNode) RootSpec {
		return RootSpec{Root: root, Name: g.Name, Version: g.Version(), Hash: g.Hash()}
	}
	var ids []int32 // of changed (rootPair)
	var changed []rootChanged
	// The roots removed and added, each list made at its bound, the
	// roots of its side: grown by append, a quarter at a time past 256,
	// they allocated five times their size (21 MB of a lockfile pair of
	// 32,000 roots); cut to their length below when much shorter.
	nOld, nNew := 0, 0
	for _, l := range o {
		nOld += len(l)
	}
	for _, l := range n {
		nNew += len(l)
	}
	rc := &RootChanges{Added: make([]RootSpec, 0, nNew), Removed: make([]RootSpec, 0, nOld)}
	var pairOf map[string]string // pairs by old hash, made when first needed
	// The roots respelt: of a spelling both sides write, a root respelt
	// alone (or one that came into it respelt) pairs with its other
	// spelling below, never with another environment's root of this one.
	if ren == nil {
		ren = respell(o, n)
	}
	for root, ons := range o {
		nns := n[root]
		if ren.partly(root) || ren.joined[root] > 0 {
			ons = slices.DeleteFunc(slices.Clone(ons), func(x *GraphNode) bool {
				if ren.part[rootAt{root, x.Hash()}] != "" {
					rc.Removed = append(rc.Removed, rs(root, x))
					return true
				}
				return false
			})
			nns = slices.DeleteFunc(slices.Clone(nns), func(y *GraphNode) bool {
				if ren.into[rootAt{root, y.Hash()}] {
					rc.Added = append(rc.Added, rs(root, y))
					return true
				}
				return false
			})
		}
		if len(nns) == 0 {
			for _, x := range ons {
				rc.Removed = append(rc.Removed, rs(root, x))
			}
			continue
		}
		// A hash both sides list under this root is that root unchanged
		// (two roots may share a spelling, curl@1 and curl@2 both written
		// curl, as two lockfiles of a folder each do); the rest pair as
		// the report's specs pair, then in hash order (one each, almost
		// always). In hash order alone, curl@1 a → d and curl@2 b → c,
		// both rebuilt, were "curl changed 1 → 2" and "2 → 1".
		if len(ons) > 1 || len(nns) > 1 {
			ons, nns = unpairedRoots(ons, nns)
			// One side's one root too: rhel8's and debian11's
			// cmake, rhel8's alone now, bumped, paired in hash order
			// debian11's with rhel8's new one (os debian11 → rhel8),
			// and rhel8's was said removed.
			if len(ons) > 0 && len(nns) > 0 && len(ons)+len(nns) > 2 {
				if pairOf == nil {
					pairOf = make(map[string]string, len(pairs))
					for _, p := range pairs {
						pairOf[p[0]] = p[1]
					}
				}
				ons, nns = pairedFirst(ons, nns, pairOf)
			}
		}
		for i := 0; i < max(len(ons), len(nns)); i++ {
			switch {
			case i >= len(nns):
				rc.Removed = append(rc.Removed, rs(root, ons[i]))
			case i >= len(ons):
				rc.Added = append(rc.Added, rs(root, nns[i]))
			case ons[i].Hash() != nns[i].Hash():
				x, y := ons[i], nns[i]
				if !keep.changed(root, root, x.Name, y.Name) {
					continue
				}
				changed = append(changed, rootChanged{old: root, root: root, x: x, y: y})
				ids = append(ids, e.rootPair(&changed[len(changed)-1], x.Hash(), y.Hash()))
			}
		}
	}
	for root, nns := range n {
		if len(o[root]) == 0 {
			for _, y := range nns {
				rc.Added = append(rc.Added, rs(root, y))
			}
		}
	}
	byRoot := func(a, b RootSpec) int {
		return cmp.Or(strings.Compare(a.Root, b.Root), strings.Compare(a.Hash, b.Hash))
	}
	slices.SortFunc(rc.Added, byRoot)
	slices.SortFunc(rc.Removed, byRoot)
	// A root removed and a root added whose specs as written differ only
	// in the package's own version (llvm@21 → llvm@22, of one package)
	// are one root, changed (or, of one hash, unchanged): each removed
	// root takes the first such added one, in order. As for renamedRoots,
	// which compares the old side under the new spelling, only a spelling
	// the other side does not write: two roots written curl, one removed,
	// and curl@3 added, is no rename of the curl that stayed.
	// A pair of one hash comes first (curl of [curl@1, curl@2] removed
	// and curl@2 added with curl@2's hash is curl@2 renamed, curl@1
	// removed), then the rest in order.
	if len(rc.Removed) > 0 && len(rc.Added) > 0 {
		// Only as respeltRoots respells the stacks, which take one new
		// spelling each: roots curl and curl@1 both written curl@3 now
		// were both changed, where the old side's stack curl@1 was
		// compared as itself (and render refused the report: facets.
		// stack.removed named curl@1, a root changed).
		specPairs := pairs
		pairs := make([]int, len(rc.Removed))
		for i := range pairs {
			pairs[i] = -1
		}
		// The added roots of a spelling the old side does not write, by
		// hash, package and spelling, and by package and spelling (the
		// rest, in order). Each key's added roots are a list in order:
		// the map holds its first (its index in rc.Added and 1, 0 for
		// none), and next each one's next. The lists of a key apart
		// ([]int), the environments in each key (envArch, 48 bytes)
		// and the maps made for every added root were 7 MB of a
		// lockfile pair of 32,000 roots, held at Explain's peak, which
		// sets its peak RSS (docs/performance.md, "The 24 MiB floor").
		type key struct {
			hash, name, root string
			arch             int32 // of the roots of a spelling several old ones take whole (merged): archs' number
		}
		archs := map[envArch]int32{{}: 0}
		archOfRoot := func(g Graph, h string) envArch {
			if x := g.Node(h); x != nil {
				return archOf(x)
			}
			return envArch{}
		}
		archNo := func(g Graph, h string) int32 {
			a := archOfRoot(g, h)
			n, ok := archs[a]
			if !ok {
				n = int32(len(archs))
				archs[a] = n
			}
			return n
		}
		merged := ren.merged()
		// byRoot's keys are a root's package and spelling: builds alike
		// under one spelling share one (64,000 such roots held 5 MB of
		// empty slots sized for every root), so it is sized for the
		// listed roots' spellings (rc.Added is sorted by spelling).
		listed, spellings := 0, 0
		for j, y := range rc.Added {
			if len(o[y.Root]) == 0 || ren.into[rootAt{y.Root, y.Hash}] {
				listed++
				if j == 0 || rc.Added[j-1].Root != y.Root {
					spellings++
				}
			}
		}
		byHash, byRoot := make(map[key]int32, listed), make(map[key]int32, spellings)
		nextHash, nextRoot := make([]int32, len(rc.Added)), make([]int32, len(rc.Added))
		for j := len(rc.Added) - 1; j >= 0; j-- { // each put first: the lists in order
			y := rc.Added[j]
			if len(o[y.Root]) == 0 || ren.into[rootAt{y.Root, y.Hash}] {
				k := key{hash: y.Hash, name: y.Name, root: y.Root}
				nextHash[j], byHash[k] = byHash[k], int32(j)+1
				k = key{name: y.Name, root: y.Root}
				if merged[y.Root] {
					k.arch = archNo(e.new, y.Hash)
				}
				nextRoot[j], byRoot[k] = byRoot[k], int32(j)+1
			}
		}
		paired := make([]bool, len(rc.Added))
		// take pairs the removed root i with the first added root of m[k]
		// (its lists' next) not paired yet, if any, and drops those it
		// passed (each paired).
		take := func(i int, m map[key]int32, next []int32, k key) {
			l := m[k]
			for l > 0 && paired[l-1] {
				l = next[l-1]
			}
			if l > 0 {
				pairs[i], paired[l-1] = int(l-1), true
				l = next[l-1]
			}
			m[k] = l
		}
		for i, x := range rc.Removed {
			k := key{hash: x.Hash, name: x.Name, root: ren.of(x.Root, x.Hash)}
			if l := byHash[k]; k.root != "" && l > 0 {
				pairs[i], paired[l-1], byHash[k] = int(l-1), true, nextHash[l-1]
			}
		}
		// Then as respell paired them (by environment, version, facets),
		// as the old side's stacks were renamed: of rhel8's cmake for 1.0
		// and 3.0, now cmake@3.0 (as debian11's roots write it) for 3.0
		// rebuilt, cmake's 3.0 took cmake@3.0's stack while the roots'
		// change paired its 1.0 in hash order, a root changed whose spec
		// was in no stack of its spelling.
		for i, x := range rc.Removed {
			m := ren.mate[rootAt{x.Root, x.Hash}]
			k := key{hash: m, name: x.Name, root: ren.of(x.Root, x.Hash)}
			if m == "" || k.root == "" || pairs[i] >= 0 {
				continue
			}
			take(i, byHash, nextHash, k)
		}
		// Then as the report's specs pair (of two environments' roots
		// written alike, cmake@3.31.6 on rhel8 and on debian11, both
		// now cmake@3.31.7: each its own environment's, where hash order
		// crossed them, os debian11 → rhel8 and back). Into a spelling
		// several old ones go (merged), only in its environment, as
		// below: the other way round that spelling is split, its roots
		// respelt alone, each in its environment (of rhel's curl-x and
		// curl-x@1.0 and ubuntu's curl-x, now three rhel curl-x@=1.0,
		// ubuntu's was changed into rhel's third as its spec paired,
		// where new → old that root was removed and ubuntu's added,
		// TestRootMergedPairsBySpecInItsEnvironment).
		for i, x := range rc.Removed {
			k := key{name: x.Name, root: ren.of(x.Root, x.Hash)}
			if k.root == "" || pairs[i] >= 0 {
				continue
			}
			if pairOf == nil {
				pairOf = make(map[string]string, len(specPairs))
				for _, p := range specPairs {
					pairOf[p[0]] = p[1]
				}
			}
			h, ok := pairOf[x.Hash]
			if !ok || merged[k.root] && archOfRoot(e.old, x.Hash) != archOfRoot(e.new, h) {
				continue
			}
			k.hash = h
			take(i, byHash, nextHash, k)
		}
		// A root whose hash the other side roots, under any spelling, is
		// that root kept or respelt, never another root changed: of
		// debarm's p rooted hdf5@=1.0 and hdf5@1.0, now hdf5@1.0 alone,
		// beside l added under hdf5, hdf5@=1.0 taken whole by hdf5 for
		// another root, p was said changed into l, where new → old l was
		// removed and p's hdf5@=1.0 added (TestRootHeldPairsByHashAlone).
		// Only the hashes both graphs hold are asked of (an old root's
		// of newHeld, a new root's of oldHeld): of a pair whose roots
		// were all rebuilt, none (64,000 roots a side held 8.7 MB).
		oldHeld, newHeld := heldIn(o, e.new), heldIn(n, e.old)
		// A root of a spelling that several old spellings take whole
		// (merged) pairs in its environment, as each root of a spelling
		// split into several does, its mirror: of debarm's and debian's
		// cmake, debarm's split into cmake@1.0 and cmake@=3.0, new →
		// old debarm's cmake@1.0 rebuilt was said changed into debian's
		// cmake, removed old → new (TestRootMergedPairsInItsEnvironment).
		for i, x := range rc.Removed {
			k := key{name: x.Name, root: ren.of(x.Root, x.Hash)}
			if k.root == "" || pairs[i] >= 0 || newHeld[x.Hash] {
				continue
			}
			if merged[k.root] {
				k.arch = archNo(e.old, x.Hash)
			}
			l := byRoot[k]
			for l > 0 && (paired[l-1] || oldHeld[rc.Added[l-1].Hash]) {
				l = nextRoot[l-1]
			}
			byRoot[k] = l
			take(i, byRoot, nextRoot, k)
		}
		taken := make([]bool, len(rc.Added))
		// Each list made at its length: grown by append, a pair of
		// many roots respelt copied them as many bytes again.
		nRemoved, nRenamed := 0, 0
		for i, j := range pairs {
			switch {
			case j < 0:
				nRemoved++
			case rc.Removed[i].Hash == rc.Added[j].Hash:
				nRenamed++
			}
		}
		removed := make([]RootSpec, 0, nRemoved)
		rc.Renamed = make([]RootRename, 0, nRenamed)
		changed = slices.Grow(changed, len(rc.Removed)-nRemoved-nRenamed)
		for i, x := range rc.Removed {
			j := pairs[i]
			if j < 0 {
				removed = append(removed, x)
				continue
			}
			taken[j] = true
			y := rc.Added[j]
			// A root respelt (changed or renamed into another spelling)
			// is kept whatever the filters: the old side's stacks were
			// compared under its new spelling, and a log's checks across
			// its steps read the respelling from the roots (dropped under
			// --stack zlib@1.5 --package curl, a log of zlib@1.3 → 1.5 →
			// 1.6 over curl was refused by render).
			var sp Respelt
			if ren.part[rootAt{x.Root, x.Hash}] != "" {
				sp.Kept = ren.kept[x.Root]
			}
			if ren.into[rootAt{y.Root, y.Hash}] {
				sp.Joined = ren.joined[y.Root]
			}
			if x.Hash == y.Hash {
				// Written otherwise (python@3.13 → python), concretized
				// the same: the same root, with nothing changed.
				rc.Renamed = append(rc.Renamed, RootRename{Root: y.Root, Old: x, New: y, Respelt: sp})
				continue
			}
			// Each root's spec is its graph's node of its hash (rs):
			// every node of a graph is filed by its hash (Graph.add).
			changed = append(changed, rootChanged{old: x.Root, root: y.Root, x: e.old.Node(x.Hash), y: e.new.Node(y.Hash), sp: sp})
			ids = append(ids, e.rootPair(&changed[len(changed)-1], x.Hash, y.Hash))
		}
		added := make([]RootSpec, 0, len(rc.Added)-(len(rc.Removed)-nRemoved))
		for j, y := range rc.Added {
			if !taken[j] {
				added = append(added, y)
			}
		}
		rc.Removed, rc.Added = orEmpty(removed), orEmpty(added)
	}
	rc.Removed, rc.Added = fitted(rc.Removed), fitted(rc.Added)
	if keep.on() {
		// Paired first, as without filters: a root respelt, or a
		// provider swapped under one spelling, is one root.
		// A root removed of a spelling respelt root by root (whole into
		// a spelling the old side writes too, or one whose other roots
		// are respelt alone: it keeps its spelling) is kept whatever the
		// filters, as the roots respelt out of that spelling are: the
		// old side's stack of the spelling is its alone, and the laws of
		// the roots read it from the list. Of ubuntu's cmake 1.0 and 3.0
		// and debian's cmake, now cmake@1.0 and cmake@=2.0 with debian's
		// gone, --stack hdf5@3.0 counted debian's zlib in stack cmake on
		// the old side with no root cmake listed, and render refused it.
		// Its mirror, a root added of a spelling that new → old respells
		// root by root, is kept too (respell the other way round, made
		// when a root added is first left out), so that the filtered
		// reports mirror each other: new → old, debian's cmake added
		// was dropped where old → new listed it removed.
		rc.Removed = slices.DeleteFunc(rc.Removed, func(x RootSpec) bool {
			return !keep.changed(x.Root, ren.of(x.Root, x.Hash), x.Name, "") && !ren.byRoot[x.Root]
		})
		var back *respelling // new → old, made when first needed
		rc.Added = slices.DeleteFunc(rc.Added, func(y RootSpec) bool {
			if keep.changed(y.Root, "", y.Name, "") {
				return false
			}
			if back == nil {
				back = respell(n, o)
			}
			return !back.byRoot[y.Root]
		})
	}
	sort.Sort(changedByRoot{changed, ids}) // no two of one new root and hash: no order between equals to keep
	slices.SortFunc(rc.Renamed, func(a, b RootRename) int { return byRoot(a.New, b.New) })
	return rc, changed, ids
}

// rootChanged is a root changed as pairRoots pairs it: its old and new
// spellings, its old and new nodes, its Why (set by rootPair when its
// pair is unknown, else by Explain once solved) and its respelling.
// Explain makes the roots' RootChange (rootsChanged) after the explainer
// is let go: 72 bytes a root where a RootChange is 192 and its specs
// (RootSpec) are made then, of a 64,000-root pair 7.7 MB less at
// Explain's peak (TestRootsChangedHeldCompact).
type rootChanged struct {
	old, root string
	x, y      *GraphNode
	why       *Why
	sp        Respelt
}

// rootsChanged makes the roots changed of l, in order, and lets l go.
func rootsChanged(l []rootChanged) []RootChange {
	rs := func(root string, g *GraphNode) RootSpec {
		return RootSpec{Root: root, Name: g.Name, Version: g.Version(), Hash: g.Hash()}
	}
	out := make([]RootChange, len(l))
	for i := range l {
		c := &l[i]
		x, y := c.x, c.y
		out[i] = RootChange{Root: c.root, Old: rs(c.old, x), New: rs(c.root, y),
			Changes: orEmpty(facetChanges(x, y, !(compilerIsDep(x) && compilerIsDep(y)))), Why: c.why, Respelt: c.sp}
		*c = rootChanged{}
	}
	return out
}

// rootPair registers the pair of a root changed, old hash a and new
// hash b, and returns its id, or -1 when a node or its edges are
// unknown: then c's Why says so, else Explain gives c the Why of its
// pair once solved (the report pair's own, when the report pairs the
// two specs so: each root changed held a copy of its pair's Why, and
// a map of those Whys to their ids, 8 MB of a 64,000-root pair's live
// heap at Explain's peak).
func (e *explainer) rootPair(c *rootChanged, a, b string) int32 {
	id, ok := e.register(a, b)
	if !ok {
		c.why = &Why{Known: false, Changed: []DepChange{}}
		return -1
	}
	return id
}

// changedByRoot sorts the roots changed by their new root, and their
// ids (explainer.rootPair) along.
type changedByRoot struct {
	l   []rootChanged
	ids []int32
}

func (c changedByRoot) Len() int { return len(c.l) }
func (c changedByRoot) Less(i, j int) bool {
	a, b := &c.l[i], &c.l[j]
	return cmp.Or(strings.Compare(a.root, b.root), strings.Compare(a.y.Hash(), b.y.Hash())) < 0
}
func (c changedByRoot) Swap(i, j int) {
	c.l[i], c.l[j] = c.l[j], c.l[i]
	c.ids[i], c.ids[j] = c.ids[j], c.ids[i]
}

// rootFilter is what --package and --stack keep of the lockfile roots
// (Explain): a root whose package a --package pattern matches, and whose
// spelling (either, of a root changed) --stack selects; every root when
// neither is given, and a root respelt into another spelling always. A lockfile's stacks are its roots, and the
// view keeps the packages named and the specs of the stacks selected:
// a root outside them is no news of it. Under --package zlib-ng, two
// environments' cmake changed were said in the news ("root cmake changed"
// twice) below the headline "no changes (1 package, 2 specs)", exit 0.
type rootFilter struct {
	names  *nameMatcher    // nil: every package
	stacks map[string]bool // nil: every spelling
}

func newRootFilter(o Options) rootFilter {
	var f rootFilter
	if len(o.Packages) > 0 {
		m := newNameMatcher(o.Packages)
		f.names = &m
	}
	if len(o.Stacks) > 0 {
		f.stacks = make(map[string]bool, len(o.Stacks))
		for _, st := range o.Stacks {
			f.stacks[st] = true
		}
	}
	return f
}

func (f rootFilter) on() bool { return f.names != nil || f.stacks != nil }

// changed reports whether a root is kept: spelt root (or, changed or
// renamed, old), of package name (or, swapped, other); "" is none.
func (f rootFilter) changed(old, root, name, other string) bool {
	if f.names != nil && !f.names.match(name) && (other == "" || !f.names.match(other)) {
		return false
	}
	return f.stacks == nil || f.stacks[old] || root != "" && f.stacks[root]
}

// unpairedRoots returns the nodes of o and n (each in hash order) whose hash
// the other does not hold, in order.
func unpairedRoots(o, n []*GraphNode) ([]*GraphNode, []*GraphNode) {
	var ro, rn []*GraphNode
	i, j := 0, 0
	for i < len(o) || j < len(n) {
		switch {
		case j == len(n) || i < len(o) && o[i].Hash() < n[j].Hash():
			ro = append(ro, o[i])
			i++
		case i == len(o) || n[j].Hash() < o[i].Hash():
			rn = append(rn, n[j])
			j++
		default:
			i++
			j++
		}
	}
	return ro, rn
}

// pairedFirst orders the nodes o and n of one root's spelling so that
// those the report's specs pair (pairOf: an old hash's new one) stand at
// the same place, first, in o's order; then those of one environment
// (archOf), each of o's rest in order with the first of n's rest of its
// environment; each side's rest follows in order. Both in hash order,
// the environment's pairs are the same either way round: of ubuntu's o
// rooted hdf5@1.0 (its spec paired under another spelling), now rhel's
// h and ubuntu's l both rooted hdf5@1.0, o was changed into h in hash
// order, os ubuntu22.04 → rhel8, and ubuntu's l said added
// (TestRootTwiceInItsEnvironment).
func pairedFirst(o, n []*GraphNode, pairOf map[string]string) ([]*GraphNode, []*GraphNode) {
	at := make(map[string]int, len(n))
	for j, y := range n {
		at[y.Hash()] = j
	}
	taken := make([]bool, len(n))
	var po, pn, rest []*GraphNode
	for _, x := range o {
		if h, ok := pairOf[x.Hash()]; ok {
			if j, ok := at[h]; ok && !taken[j] {
				taken[j] = true
				po, pn = append(po, x), append(pn, n[j])
				continue
			}
		}
		rest = append(rest, x)
	}
	// Then by environment: each environment's new roots left, in order.
	byArch := map[envArch][]int{}
	for j, y := range n {
		if !taken[j] {
			a := archOf(y)
			byArch[a] = append(byArch[a], j)
		}
	}
	left := rest[:0:0]
	for _, x := range rest {
		a := archOf(x)
		if l := byArch[a]; len(l) > 0 {
			taken[l[0]] = true
			byArch[a] = l[1:]
			po, pn = append(po, x), append(pn, n[l[0]])
			continue
		}
		left = append(left, x)
	}
	if len(po) == 0 {
		return o, n
	}
	for j, y := range n {
		if !taken[j] {
			pn = append(pn, y)
		}
	}
	return append(po, left...), pn
}

// countKept counts the specs whose hash both sides of r hold, and among
// them those needed by fewer, more or other roots than before. A root
// changed only in its version is the same root: the engine compared the
// old side under its new name (rootrename.go), so its kept specs are
// unchanged, not restacked, and none of them is counted here.
func (rc *RootChanges) countKept(r *Report) {
	rc.Unchanged = r.Summary.Specs.Unchanged + r.Summary.Specs.Restacked
	for i := range r.Packages {
		for _, p := range r.Packages[i].Specs.Restacked {
			switch o, n := len(p.Old.Stacks), len(p.New.Stacks); {
			case n < o:
				rc.FewerRoots++
			case n > o:
				rc.MoreRoots++
			default:
				rc.OtherRoots++
			}
		}
	}
}

// cycleSearchHook, when set (by tests), is called as a graph's cycle
// search starts, and what it returns as the search ends.
var cycleSearchHook func() (done func())

// maxCycles is how many dependency cycles a graph's warnings name; the
// rest are counted in one more warning.
const maxCycles = 10

// cycleWarnings names the dependency cycles of g (its strongly connected
// components of more than one node, or a node depending on itself),
// found by scc.Components (a chain of any length is fine). Spack never writes a cycle: the causes are still computed,
// and do not depend on where a cycle is entered (see explainer).
//
// The nodes with known edges are numbered, so that the search keeps its
// state in slices and looks each edge up once. The set of cycles does
// not depend on the order of the search, and the warnings are sorted by
// their text: only past maxCycles, where the search's order picks the
// cycles named, is it run again from the nodes in hash order, so that
// the warnings depend neither on the map's order nor on addresses.
func cycleWarnings(g Graph, file string) []snapshot.Warning {
	if cycleSearchHook != nil {
		defer cycleSearchHook()()
	}
	// Only a node with edges can be on a cycle. Without any (a lockfile
	// of leaves), the numbering below would cost a slice and a map
	// entry a node for nothing.
	edges := false
	for _, n := range g.nodes {
		if len(n.Deps()) > 0 {
			edges = true
			break
		}
	}
	if !edges {
		return nil
	}
	// The nodes are numbered in the order of their addresses, mostly the
	// order they were loaded in, as their edges were: the search from each
	// in turn then reads memory mostly forward, not in the map's order.
	byAddr := byAddress(g)
	idx := newHashIndex(g.Len())
	nodes := make([]*GraphNode, 0, g.Len())
	// Each node's edges, read from its spec once, in the order of the
	// nodes: the search reads them as it goes, not through the spec.
	deps := make([][]Edge, 0, g.Len())
	var order []int32 // the nodes with known edges
	for _, k := range byAddr {
		id := idx.add(k.h)
		nodes = append(nodes, k.n)
		d := k.n.Deps()
		deps = append(deps, d)
		if d != nil {
			order = append(order, id)
		}
	}
	cycles := findCycles(order, deps, idx)
	if len(cycles) > maxCycles {
		slices.SortFunc(order, func(a, b int32) int { return strings.Compare(idx.keys[a], idx.keys[b]) })
		cycles = findCycles(order, deps, idx)
	}
	var out []snapshot.Warning
	for i, comp := range cycles {
		if i == maxCycles {
			out = append(out, snapshot.Warning{File: file, Message: fmt.Sprintf("%d more dependency cycles", len(cycles)-maxCycles)})
			break
		}
		ns := make([]*GraphNode, len(comp))
		for k, u := range comp {
			ns[k] = nodes[u]
		}
		out = append(out, snapshot.Warning{File: file, Message: cycleText(ns)})
	}
	return out
}

// keyed is a node of a graph and the hash it is filed under.
type keyed struct {
	h string
	n *GraphNode
}

// byAddress returns the nodes of g in the order of their addresses. The
// nodes of GraphOf are elements of one slice: each is then put in its
// place by its offset in it, without a sort; nodes that are not (a graph
// made otherwise) are sorted.
func byAddress(g Graph) []keyed {
	out := make([]keyed, 0, g.Len())
	lo, hi := ^uintptr(0), uintptr(0)
	for _, n := range g.nodes {
		out = append(out, keyed{n.Hash(), n})
		a := uintptr(unsafe.Pointer(n))
		lo, hi = min(lo, a), max(hi, a)
	}
	const size = unsafe.Sizeof(GraphNode{})
	if len(out) > 1 && (hi-lo)/size < uintptr(2*len(out)) {
		// Room for twice the nodes at most: GraphOf's slice also holds
		// the specs of a hash filed twice, which the graph does not.
		slots := make([]keyed, (hi-lo)/size+1)
		placed := true
		for _, k := range out {
			d := uintptr(unsafe.Pointer(k.n)) - lo
			if d%size != 0 || slots[d/size].n != nil {
				placed = false // not one slice's elements, or a node filed twice
				break
			}
			slots[d/size] = k
		}
		if placed {
			out = out[:0]
			for _, k := range slots {
				if k.n != nil {
					out = append(out, k)
				}
			}
			return out
		}
	}
	slices.SortFunc(out, func(a, b keyed) int {
		return cmp.Compare(uintptr(unsafe.Pointer(a.n)), uintptr(unsafe.Pointer(b.n)))
	})
	return out
}

// findCycles returns the cycles among the nodes numbered by idx, whose
// edges are deps (by number), searched from the nodes in order, each
// node's edges in the order of its Deps, in the order the search closes
// them. An edge to a hash idx does not know, or to a node whose edges are
// unknown, goes nowhere.
func findCycles(order []int32, deps [][]Edge, idx *hashIndex) [][]int32 {
	known := make([]bool, len(deps))
	for _, u := range order {
		known[u] = true
	}
	var cycles [][]int32
	scc.Components(len(deps), order, func(dst []int32, u int32) []int32 {
		for _, d := range deps[u] {
			if v, ok := idx.id(d.Hash); ok && known[v] {
				dst = append(dst, v)
			}
		}
		return dst
	}, func(comp []int32, cycle bool) {
		if cycle {
			cycles = append(cycles, slices.Clone(comp))
		}
	})
	return cycles
}

// hashIndex numbers hashes (in the order added), and finds them first by
// the address of their bytes: the loaders intern each file's hashes, so
// an edge's hash is mostly the very string its node is filed under, and a
// probe by address neither hashes the bytes nor reads them to compare.
// Only hashes of Spack's length are filed by address (a string of that
// length at that address is that hash: strings are never modified, see
// internal/memo; a map, not a memo table, as every node is filed). A
// hash not found by address (equal bytes elsewhere, another length, or no
// such node) is looked up by its text, in a map made on first need.
type hashIndex struct {
	keys   []string // by id
	byAddr map[*byte]int32
	byText map[string]int32
}

// hashLen is the length of a Spack DAG hash.
const hashLen = 32

func newHashIndex(size int) *hashIndex {
	return &hashIndex{keys: make([]string, 0, size), byAddr: make(map[*byte]int32, size)}
}

// add files h (once: a caller adds distinct hashes) and returns its id.
func (x *hashIndex) add(h string) int32 {
	id := int32(len(x.keys))
	x.keys = append(x.keys, h)
	if len(h) == hashLen {
		x.byAddr[unsafe.StringData(h)] = id
	}
	if x.byText != nil {
		x.byText[h] = id
	}
	return id
}

// id returns h's id.
func (x *hashIndex) id(h string) (int32, bool) {
	if len(h) == hashLen {
		if id, ok := x.byAddr[unsafe.StringData(h)]; ok {
			return id, true
		}
	}
	if x.byText == nil {
		x.byText = make(map[string]int32, len(x.keys))
		for i, k := range x.keys {
			x.byText[k] = int32(i)
		}
	}
	id, ok := x.byText[h]
	return id, ok
}

// cycleText names a cycle's specs (name/short hash, sorted; at most 8):
// "dependency cycle of 2 specs: a/abcdefg, b/hijklmn (Spack writes none:
// the causes through it are still computed)". Names and hashes come from
// the input: each is quoted when it holds anything but a name's
// characters.
func cycleText(comp []*GraphNode) string {
	names := make([]string, len(comp))
	for i, n := range comp {
		h := n.Hash()
		if len(h) > 7 {
			h = h[:7]
		}
		names[i] = safeName(n.Name) + "/" + safeName(h)
	}
	slices.Sort(names)
	more := ""
	if len(names) > 8 {
		more = fmt.Sprintf(", and %d more", len(names)-8)
		names = names[:8]
	}
	noun := "specs"
	if len(comp) == 1 {
		noun = "spec (it depends on itself)"
	}
	return fmt.Sprintf("dependency cycle of %d %s: %s%s (Spack writes none: the causes through it are still computed)",
		len(comp), noun, strings.Join(names, ", "), more)
}

// safeName returns s as it is when it is a plain name (letters, digits,
// and - _ . + @), and quoted in ASCII with Go's escapes otherwise, so
// that a message never carries a newline or a control character from
// the input, and two names never read alike: a name of a backslash and
// n is quoted "\\n", a newline "\n", and a lookalike letter is an
// escape ("b\u0441 x" beside "bc x").
func safeName(s string) string {
	if plainName(s) {
		return s
	}
	return strconv.QuoteToASCII(s)
}

// plainName reports whether s is a name safeName writes as it is.
func plainName(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.+@", r)) {
			return false
		}
	}
	return s != ""
}

// shortName is safeName of s cut as shortValue cuts it: quoted when s
// is not a plain name, wherever what makes it so stands, and the cut's
// mark ("…" and 8 digits of the digest) as it is, after a plain name and
// inside the quotes of another (as jsonv1's shownValue writes it). Quoted whole, the mark is
// \u2026: a plain name cut read "lll\u2026", as a quoted name of
// those characters whole does, and the marks of two names spelt two
// ways in one message.
func shortName(s string) string { return shortNameAt(s, shortChars) }

// shortChars is how many characters shortValue and shortName keep.
const shortChars = 60

// shortNameAt is shortName of s cut after its first n characters (an
// invalid byte is one) rather than shortChars: as long as tells s from
// another name of the same first shortChars. The part kept is quoted as
// it is, so an invalid byte reads \xff, as it does in s whole. The cut's
// mark is that of s's digest (cutmark.Of): with "…" alone, two recipes
// (package_hash) alike for 60 characters read "package_hash lll… →
// lll…", as if the one recipe had not changed.
func shortNameAt(s string, n int) string {
	k := 0
	for i := range s {
		if k == n {
			if plainName(s) {
				return s[:i] + cutmark.Of(s)
			}
			q := strconv.QuoteToASCII(s[:i])
			return q[:len(q)-1] + cutmark.Of(s) + `"`
		}
		k++
	}
	return safeName(s)
}

// GraphOf returns a snapshot's dependency graph: its specs (and the
// unlisted ones they depend on) that have edges, by hash; an empty Graph
// when no spec has edges (catalogue pages), at the cost of a look at each
// package.
// A hash listed twice is the first spec's (the listed specs before the
// unlisted ones).
func GraphOf(s *snapshot.Snapshot) Graph {
	edges := false
	size := 0
	for _, p := range s.Packages {
		if len(p.Specs) > 0 && p.Specs[0].Deps() != nil || len(p.Unlisted()) > 0 {
			edges = true
		}
		size += len(p.Specs) + len(p.Unlisted())
	}
	if !edges {
		return Graph{}
	}
	// The nodes come from one slab, and are filed in order: a spec of a
	// hash filed before is not (the first spec of a hash wins, a listed
	// one before an unlisted one).
	slab := make([]GraphNode, size)
	g := Graph{nodes: make([]*GraphNode, 0, size)}
	g.sized(size)
	k := 0
	add := func(name string, sp *snapshot.Spec) {
		n := &slab[k]
		k++
		*n = GraphNode{Name: name, Spec: sp}
		g.add(n, false)
	}
	for _, p := range s.Packages {
		for i := range p.Specs {
			add(p.Name, &p.Specs[i])
		}
	}
	for _, p := range s.Packages {
		u := p.Unlisted()
		for i := range u {
			add(u[i].Name, &u[i].Spec)
		}
	}
	return g
}

// graphsOf returns GraphOf of both snapshots, built at once, and the
// rootNodes of each (for respeltRoots), each gathered with its graph.
func graphsOf(before, after *snapshot.Snapshot) (Graph, Graph, [2]map[string][]*GraphNode) {
	var og Graph
	var roots [2]map[string][]*GraphNode
	var wg sync.WaitGroup
	wg.Go(func() {
		og = GraphOf(before)
		roots[0] = rootNodes(og)
	})
	ng := GraphOf(after)
	roots[1] = rootNodes(ng)
	wg.Wait()
	return og, ng, roots
}

// AdoptCauses moves the causes of a report written before issue 35, each
// written out whole in Why.Causes, into r.Causes' table, paths and sets,
// as Explain writes them now, so that the renderers read one form. A
// cause whose path does not start at its pair's package and go on to at
// least the cause is an error (a report edited by hand).
func (r *Report) AdoptCauses() error {
	c := r.Causes
	type at struct {
		w    *Why
		name string
		path string
	}
	var whys []at
	for i := range r.Packages {
		p := &r.Packages[i]
		for j := range p.Specs.Rebuilt {
			whys = append(whys, at{p.Specs.Rebuilt[j].Why, p.Name, fmt.Sprintf("packages[%d].specs.rebuilt[%d].why", i, j)})
		}
		for j := range p.Specs.Updated {
			whys = append(whys, at{p.Specs.Updated[j].Why, p.Name, fmt.Sprintf("packages[%d].specs.updated[%d].why", i, j)})
		}
	}
	if c != nil && c.Roots != nil {
		for i := range c.Roots.Changed {
			rc := &c.Roots.Changed[i]
			whys = append(whys, at{rc.Why, rc.New.Name, fmt.Sprintf("causes.roots.changed[%d].why", i)})
		}
	}
	legacy := false
	for _, a := range whys {
		if a.w != nil && len(a.w.Causes) > 0 {
			legacy = true
			break
		}
	}
	if !legacy {
		return nil
	}
	if c == nil {
		return fmt.Errorf("%s: causes, but the report has no causes section", whys[0].path)
	}
	// cachediff before issue 35 wrote no paths and no sets, today's no
	// causes out whole: a report with both is neither's, and its lists,
	// checked in the engine's order only where nothing was adopted into
	// them, were rendered duplicated or reordered.
	for _, a := range whys {
		switch {
		case a.w == nil || len(a.w.Causes) == 0:
		case a.w.Via != nil:
			return fmt.Errorf("%s.via: beside causes written out whole (a report of cachediff before issue 35), which have no via", a.path)
		case a.w.Set != 0:
			return fmt.Errorf("%s.set: beside causes written out whole (a report of cachediff before issue 35), which have no set", a.path)
		case len(c.Paths) > 0 || len(c.Sets) > 0:
			return fmt.Errorf("%s.causes: written out whole (as cachediff before issue 35 wrote them) beside causes.paths and causes.sets (as cachediff writes them now): a report's causes are written one way", a.path)
		}
	}
	ids := map[string]int{}
	for i, t := range c.Table {
		ids[adoptKey(t)] = i
	}
	links := map[pathKey]int{}
	setOf := map[string]int{}
	if len(c.Sets) == 0 {
		c.Sets = [][]CauseRef{{}}
	}
	for _, a := range whys {
		if a.w == nil || len(a.w.Causes) == 0 {
			continue
		}
		var refs []CauseRef
		for k, cs := range a.w.Causes {
			if len(cs.Path) < 2 || cs.Path[0] != a.name {
				return fmt.Errorf("%s.causes[%d].path: %d names, from %s: a path starts at the pair's package (%s) and goes on to the cause",
					a.path, k, len(cs.Path), shortValue(firstOr(cs.Path)), shortValue(a.name))
			}
			key := adoptKey(cs)
			id, ok := ids[key]
			if !ok {
				id = len(c.Table)
				t := cs
				t.Path = nil
				c.Table = append(c.Table, t)
				ids[key] = id
			}
			next := -1
			for i := len(cs.Path) - 1; i >= 1; i-- {
				k := pathKey{cs.Path[i], next}
				l, ok := links[k]
				if !ok {
					l = len(c.Paths)
					pl := PathLink{Name: cs.Path[i]}
					if next >= 0 {
						n := next
						pl.Next = &n
					}
					c.Paths = append(c.Paths, pl)
					links[k] = l
				}
				next = l
			}
			refs = append(refs, CauseRef{Cause: id, Path: next})
		}
		// A set lists its causes in the table's order: the causes
		// written out whole are by name, and the table adopted them in
		// the order first met, so that a pair naming a cause met first
		// after another of a later name was refused as "1 after 5: a
		// set lists each cause once, in order".
		slices.SortStableFunc(refs, func(x, y CauseRef) int { return cmp.Compare(x.Cause, y.Cause) })
		var b strings.Builder
		for _, ref := range refs {
			fmt.Fprintf(&b, "%d:%d ", ref.Cause, ref.Path)
		}
		s, ok := setOf[b.String()]
		if !ok {
			s = len(c.Sets)
			c.Sets = append(c.Sets, refs)
			setOf[b.String()] = s
		}
		a.w.Set, a.w.Causes = s, nil
	}
	return nil
}

// adoptKey is the key AdoptCauses files a cause by: its name, hashes and
// changes, each string after its length (a saved report may hold a NUL
// in a string, "\u0000" being valid JSON: joined by NULs, a change of
// version to "2\x00variants\x00~x\x00+x" was one cause with a change
// of version to 2 and of variants from ~x to +x).
func adoptKey(c Cause) string {
	n := len(c.Name) + len(c.OldHash) + len(c.NewHash) + 16
	for _, ch := range c.Changes {
		n += len(ch.Kind) + len(ch.From) + len(ch.To) + 12
	}
	b := make([]byte, 0, n)
	add := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	add(c.Name)
	add(c.OldHash)
	add(c.NewHash)
	for _, ch := range c.Changes {
		add(ch.Kind)
		add(ch.From)
		add(ch.To)
	}
	return string(b)
}

// pathKey is a path link being filed: its name and next link (-1 none).
type pathKey struct {
	name string
	next int
}

func firstOr(l []string) string {
	if len(l) == 0 {
		return ""
	}
	return l[0]
}

// sameSet reports whether a and b hold the same strings, in any order
// (Spack reads deptypes as flags and virtuals as a set).
func sameSet(a, b []string) bool {
	if len(a) == len(b) && slices.Equal(a, b) {
		return true
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(slices.Compact(x), slices.Compact(y))
}

// mergeEdges returns l (sorted by name and hash) with the edges to one
// dependency (one name and hash) made one, of the deptypes and virtuals
// of all: Spack reads them so (wire_spec_nodes and add_dependency_edge
// update the edge to a spec it already has; Spack 0.21 to 0.23 refused
// such a file instead), so a file writing zlib twice, (build) and
// (link), and one writing it once, (build, link), record one edge. l
// itself when no two are alike.
func mergeEdges(l []Edge) []Edge {
	i := 1
	for i < len(l) && (l[i].Name != l[i-1].Name || l[i].Hash != l[i-1].Hash) {
		i++
	}
	if i >= len(l) {
		return l
	}
	out := slices.Clone(l[:i-1])
	for i = i - 1; i < len(l); {
		j := i + 1
		for j < len(l) && l[j].Name == l[i].Name && l[j].Hash == l[i].Hash {
			j++
		}
		d := l[i]
		if j > i+1 {
			var types, virtuals []string
			for _, x := range l[i:j] {
				types, virtuals = append(types, x.Types...), append(virtuals, x.Virtuals...)
			}
			d.Types, d.Virtuals = firstOfEach(types), firstOfEach(virtuals)
		}
		out = append(out, d)
		i = j
	}
	return out
}

// dupNames reports whether sorted edges l have a name twice.
func dupNames(l []Edge) bool {
	for i := 1; i < len(l); i++ {
		if l[i].Name == l[i-1].Name {
			return true
		}
	}
	return false
}

// firstOfEach returns l with each string's first occurrence alone, in
// order (in place).
func firstOfEach(l []string) []string {
	seen := make(map[string]bool, len(l))
	out := l[:0]
	for _, x := range l {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// edgeText writes an edge's parameters: "dependency zlib (build, link)",
// with the virtuals it provides ("dependency openmpi (build, link; mpi)"),
// each list in Spack's one spelling of it, sorted (deptypes are a set,
// spelled build, link, run, test; a DependencySpec sorts its virtuals):
// an edge written (link, build) said so, and the change of a spec whose
// file wrote it so read otherwise than the same change written (build,
// link), a cause of its own in a group of changes several packages share.
func edgeText(d Edge) string {
	s := "dependency " + d.Name + " (" + strings.Join(spackOrder(d.Types), ", ")
	if len(d.Virtuals) > 0 {
		s += "; " + strings.Join(spackOrder(d.Virtuals), ", ")
	}
	return s + ")"
}

// spackOrder returns l sorted, once each: l itself when it is so (as
// Spack writes it), else a copy.
func spackOrder(l []string) []string {
	for i := 1; i < len(l); i++ {
		if l[i-1] >= l[i] {
			return slices.Compact(slices.Sorted(slices.Values(l)))
		}
	}
	return l
}

// prefix is where a pair's paths to the causes of a set go before the
// set's references: the pair's name, the names along its via, then
// those along the vias of the sets between its own set and this one
// (chain, the last first); depth counts the names after the pair's.
type prefix struct {
	name  string
	via   int32
	chain *viaCons
	depth int32
}

// viaCons is a list of links.
type viaCons struct {
	via  int32
	next *viaCons
}

// appendNames appends to out the names along p's via, its chain (in
// order) and link (-1: none).
func (e *explainer) appendNames(out []string, p prefix, link int32) []string {
	for _, l := range e.prefixLinks(p, link) {
		for i := l; i >= 0; i = e.links[i].next {
			out = append(out, e.names[e.links[i].name])
		}
	}
	return out
}

// prefixLinks returns p's via, the links of its chain in order, then link.
func (e *explainer) prefixLinks(p prefix, link int32) []int32 {
	ls := []int32{p.via}
	n := len(ls)
	for c := p.chain; c != nil; c = c.next {
		ls = append(ls, c.via)
	}
	slices.Reverse(ls[n:])
	return append(ls, link)
}

// cmpPrefix orders two paths, each a prefix then the names along a link
// (-1: none): the shortest first, then name by name, as cmpFull.
func (e *explainer) cmpPrefix(a prefix, pa int32, b prefix, pb int32) int {
	if a.chain == nil && b.chain == nil {
		if pa < 0 && pb < 0 {
			return e.cmpUser(a.name, a.via, b.name, b.via)
		}
		if pa >= 0 && pb >= 0 {
			return e.cmpFull(a.name, a.via, pa, b.name, b.via, pb)
		}
	}
	if c := cmp.Compare(a.depth+e.depthOf(pa), b.depth+e.depthOf(pb)); c != 0 {
		return c
	}
	if c := strings.Compare(a.name, b.name); c != 0 {
		return c
	}
	var x, y []int32
	for _, l := range e.prefixLinks(a, pa) {
		for i := l; i >= 0; i = e.links[i].next {
			x = append(x, e.links[i].name)
		}
	}
	for _, l := range e.prefixLinks(b, pb) {
		for i := l; i >= 0; i = e.links[i].next {
			y = append(y, e.links[i].name)
		}
	}
	e.walked += len(x)
	return slices.Compare(x, y)
}

// forest walks the sets of e.all (but the empty one) as a forest of
// their bases: enter(s) before the sets based on s, leave(s) after. A
// set of several bases is under the one of most causes; each other
// one's sets (closure: the base and its bases, at any depth) are given
// to extra before enter and after leave (on false), so that a walk sees
// every set of a set's expansion. A smaller base's sets are walked once
// per set of several bases above them: each set, a logarithm of times.
func (e *explainer) forest(enter, leave func(s int32), extra func(s int32, closure []int32, on bool)) {
	n := len(e.all)
	primary := func(s int) int32 {
		var best setBase
		for _, b := range e.bases[s] {
			if best.set == 0 || e.size[b.set] > e.size[best.set] {
				best = b
			}
		}
		return best.set
	}
	start, kids := setForest(n, func(s int) int { return int(primary(s)) })
	seen := make([]int32, n)
	walk := int32(0)
	closure := func(from int32) []int32 {
		walk++
		out := []int32{from}
		seen[from] = walk
		for i := 0; i < len(out); i++ {
			for _, b := range e.bases[out[i]] {
				if seen[b.set] != walk {
					seen[b.set] = walk
					out = append(out, b.set)
				}
			}
		}
		return out
	}
	others := func(s int32, on bool) {
		if len(e.bases[s]) < 2 {
			return
		}
		p := primary(int(s))
		for _, b := range e.bases[s] {
			if b.set != p {
				extra(s, closure(b.set), on)
			}
		}
	}
	in := func(s int32) {
		others(s, true)
		enter(s)
	}
	out := func(s int32) {
		leave(s)
		others(s, false)
	}
	type frame struct{ s, next int32 }
	var stack []frame
	for _, root := range kids[start[0]:start[1]] {
		in(root)
		stack = append(stack[:0], frame{root, start[root]})
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next == start[f.s+1] {
				out(f.s)
				stack = stack[:len(stack)-1]
				continue
			}
			k := kids[f.next]
			f.next++
			in(k)
			stack = append(stack, frame{k, start[k]})
		}
	}
}

// leftOrder is the order in which localCounting matches the edges left (not
// used) of old and new (each sorted by name and hash): nil for their
// own, when no name is left on both sides and more than once on one;
// else each name's edges by their nodes' structKeys in their own graph
// (a dependency of no node first), by hash among those of one key, so
// that which of several edges alike an edge matches goes by the graphs,
// whatever the hashes, and the other way round the same two match.
func (e *explainer) leftOrder(oldDeps, newDeps []Edge, usedOld, usedNew []bool) (oi, nj []int) {
	left := func(l []Edge, used []bool, i int) (end, n int) {
		for end = i; end < len(l) && l[end].Name == l[i].Name; end++ {
			if !used[end] {
				n++
			}
		}
		return end, n
	}
	need := false
	for i, j := 0, 0; i < len(oldDeps) && j < len(newDeps) && !need; {
		switch c := strings.Compare(oldDeps[i].Name, newDeps[j].Name); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			ei, ni := left(oldDeps, usedOld, i)
			ej, nn := left(newDeps, usedNew, j)
			need = ni > 0 && nn > 0 && ni+nn > 2
			i, j = ei, ej
		}
	}
	if !need {
		return nil, nil
	}
	return e.edgeKeyOrder(0, oldDeps), e.edgeKeyOrder(1, newDeps)
}

// edgeKeyOrder is the places of l (edges of side 0, old, or 1, new;
// sorted by name and hash) with each name's run sorted by its nodes'
// structKeys, stable.
func (e *explainer) edgeKeyOrder(side int, l []Edge) []int {
	g := [2]Graph{e.old, e.new}[side]
	e.keysOnce[side].Do(func() { e.keys[side] = structKeys(g) })
	keys := e.keys[side]
	k := make([]uint64, len(l))
	for i, d := range l {
		if _, at := g.place(d.Hash); at >= 0 {
			k[i] = keys[at]
		}
	}
	order := make([]int, len(l))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(strings.Compare(l[a].Name, l[b].Name), cmp.Compare(k[a], k[b]))
	})
	return order
}

// matchAlike matches the edges of a name written several times on a side
// that are left after the identical ones and the report's pairs, by what
// their nodes say rather than by hash: an old edge and a new one whose
// nodes alone of the name's unmatched edges agree on version, variants,
// compiler, OS and target; then on version and variants; then on version.
// In hash order alone, a spec over two builds of one package, each
// rebuilt, paired py 1 with the new py 2 when the new hashes sorted the
// other way, and invented "py 1 → 2" and "py 2 → 1" causes. Edges still
// alike at every level are left to the match by name. It reads each edge
// once a level (a map of keys), whatever the count of one name's edges.
func (e *explainer) matchAlike(oldDeps, newDeps []Edge, usedOld, usedNew []bool, match func(i, j int), probes *int) {
	type slot struct{ olds, news, i, j int }
	for level := range 3 {
		key := func(g Graph, d Edge) (string, bool) {
			n := g.Node(d.Hash)
			if n == nil {
				return "", false
			}
			k := d.Name + "\x00" + n.Version()
			if level < 2 {
				k += "\x00" + strconv.Itoa(e.variantsID(n))
			}
			if level < 1 {
				k += "\x00" + n.Compiler() + "\x00" + n.OS() + "\x00" + n.Platform() + "\x00" + n.Target()
			}
			return k, true
		}
		var slots map[string]*slot
		add := func(k string, i, j int) {
			if slots == nil {
				slots = map[string]*slot{}
			}
			s := slots[k]
			if s == nil {
				s = &slot{i: -1, j: -1}
				slots[k] = s
			}
			if i >= 0 {
				s.olds, s.i = s.olds+1, i
			} else {
				s.news, s.j = s.news+1, j
			}
		}
		// Only names left unmatched on both sides, more than once on one.
		left := func(l []Edge, used []bool) map[string]int {
			m := map[string]int{}
			for i, d := range l {
				if !used[i] {
					m[d.Name]++
				}
			}
			return m
		}
		lo, ln := left(oldDeps, usedOld), left(newDeps, usedNew)
		want := func(name string) bool { return lo[name] > 0 && ln[name] > 0 && lo[name]+ln[name] > 2 }
		for i, a := range oldDeps {
			(*probes)++
			if !usedOld[i] && want(a.Name) {
				if k, ok := key(e.old, a); ok {
					add(k, i, -1)
				}
			}
		}
		for j, b := range newDeps {
			(*probes)++
			if !usedNew[j] && want(b.Name) {
				if k, ok := key(e.new, b); ok {
					add(k, -1, j)
				}
			}
		}
		if slots == nil {
			return
		}
		// In the old edges' order (by name and hash of the old side, which
		// relabelling the new side does not move), each matched once.
		for i := range oldDeps {
			if usedOld[i] || !want(oldDeps[i].Name) {
				continue
			}
			k, ok := key(e.old, oldDeps[i])
			if !ok {
				continue
			}
			if s := slots[k]; s != nil && s.olds == 1 && s.news == 1 && !usedNew[s.j] {
				match(s.i, s.j)
			}
		}
	}
}

// variantsID returns the number of n's list of variants (equal lists,
// equal numbers), the list joined once per node: a node of many variants
// reached by many edges is read once, and the keys of matchAlike stay
// short.
func (e *explainer) variantsID(n *GraphNode) int {
	e.alikeMu.Lock()
	defer e.alikeMu.Unlock()
	id, ok := e.alikeVars[n]
	if !ok {
		if e.alikeVars == nil {
			e.alikeVars, e.alikeIDs = map[*GraphNode]int{}, map[string]int{}
		}
		v := strings.Join(n.Variants(), "\x00")
		if id, ok = e.alikeIDs[v]; !ok {
			id = len(e.alikeIDs)
			e.alikeIDs[v] = id
		}
		e.alikeVars[n] = id
	}
	return id
}
