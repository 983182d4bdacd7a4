package diff

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

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
// records outside the build cache, an external compiler).
type Graph map[string]*GraphNode

// GraphNode is one concrete spec with its edges. Deps nil means the node's
// edges are unknown (a catalogue page): nothing about it is guessed.
type GraphNode struct {
	Hash     string
	Name     string
	Version  string
	Compiler string
	OS       string
	Platform string
	Target   string
	Variants []string // canonical, sorted
	// PackageHash is the recipe's hash, "" when the file has none.
	PackageHash string
	Deps        []Edge
	// Root names the lockfile root this node is ("" when it is none).
	Root string
}

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
	Changed []DepChange `json:"changed"`
	// Causes are the root causes, each with the path to it.
	Causes []Cause `json:"causes"`
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
	// Path names the specs from the pair's own (first) to the cause (last).
	Path []string `json:"path"`
}

// Change is one reason of a cause.
type Change struct {
	// Kind is a facet that changed (version, compiler, variants, target,
	// os, platform), or added, removed, provider (a virtual now provided by
	// another package), recipe (the package's recipe hash changed and
	// nothing else did), or other (the hash changed, nothing visible did).
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
	Pairs     int          `json:"pairs"`
	Known     int          `json:"known"`
	Explained int          `json:"explained"`
	Own       int          `json:"own"`
	Groups    []CauseGroup `json:"groups"`
	// Roots is the lockfile view: roots added, removed and changed.
	Roots *RootChanges `json:"roots,omitempty"`
}

// CauseGroup is one root cause over the whole report: the same package
// changing the same way (on every OS and target it was built for).
type CauseGroup struct {
	Name    string   `json:"name"`
	Changes []Change `json:"changes"`
	// Specs counts the pairs it is a root cause of; Rebuilt and Updated
	// split them.
	Specs   int `json:"specs"`
	Rebuilt int `json:"rebuilt"`
	Updated int `json:"updated"`
	// Via is the shortest path to it from one of those pairs (the first
	// by package name): an example of how it reaches them.
	Via []string `json:"via"`
}

// RootChanges lists a lockfile's roots (by their spec as written) that
// were added, removed or concretized differently.
type RootChanges struct {
	Added   []RootSpec   `json:"added"`
	Removed []RootSpec   `json:"removed"`
	Changed []RootChange `json:"changed"`
}

// RootSpec is a root: its spec as written, and the concrete node.
type RootSpec struct {
	Root    string `json:"root"`
	Name    string `json:"name"`
	Version string `json:"version"`
	Hash    string `json:"hash"`
}

// RootChange is a root whose concrete spec changed hash.
type RootChange struct {
	Root    string   `json:"root"`
	Old     RootSpec `json:"old"`
	New     RootSpec `json:"new"`
	Changes []Change `json:"changes"` // its own facets
	Why     *Why     `json:"why"`
}

// HasEdges reports whether any node of g has known edges.
func (g Graph) HasEdges() bool {
	for _, n := range g {
		if n.Deps != nil {
			return true
		}
	}
	return false
}

// explainer computes causes over two graphs, memoizing each dependency
// pair's own changes and changed children.
type explainer struct {
	old, new Graph
	memo     map[[2]string]*local
	causes   []Cause // root causes without paths, by id
	ids      map[string]int32
}

// local is what one changed pair of nodes says by itself, and (reach)
// the root causes reachable from it.
type local struct {
	name             string // the package (the new node's name)
	oldHash, newHash string
	own              []Change // facets and recipe: the node's own reasons
	edges            []Cause  // added, removed, provider changes at this node (Path = [dep])
	children         []pairRef
	direct           []DepChange
	state            uint8
	reached          []reach
}

const (
	stateNew uint8 = iota
	stateBusy
	stateDone
)

type pairRef struct {
	name     string
	old, new *GraphNode
}

func newExplainer(before, after Graph) *explainer {
	return &explainer{old: before, new: after, memo: map[[2]string]*local{}, ids: map[string]int32{}}
}

// Explain returns the causes of the pair (old hash a, new hash b). With
// an unknown node or unknown edges on either side it returns Known false.
func Explain(before, after Graph, a, b string) *Why {
	return newExplainer(before, after).explain(a, b)
}

func (e *explainer) explain(a, b string) *Why {
	x, y := e.old[a], e.new[b]
	if x == nil || y == nil || x.Deps == nil || y.Deps == nil {
		return &Why{Known: false, Changed: []DepChange{}, Causes: []Cause{}}
	}
	top := e.local(x, y)
	w := &Why{Known: true, Changed: top.direct, Causes: []Cause{}}
	for _, r := range e.reach(top) {
		if r.via == nil && r.edge == "" {
			continue // the pair's own change is no cause of itself
		}
		c := e.causes[r.id]
		c.Path = e.path(top, r)
		w.Causes = append(w.Causes, c)
	}
	sortCauses(w.Causes)
	return w
}

// reach is a root cause reachable from a changed pair: the cause (an
// index into explainer.causes), how many names its path has after the
// pair's own, and where it goes on: via a changed child pair, or to the
// edge's dependency (edge), or nowhere (the pair's own change).
type reach struct {
	id    int32
	depth int32
	via   *local
	name  string // via's package name
	edge  string // an edge cause's last name
}

// reach returns the root causes reachable from l, each with one shortest
// path (ties: the smallest sequence of names, so that both directions
// agree), computed once per pair and shared by every dependent. A cycle
// (not a DAG: bad input) is cut where it closes.
func (e *explainer) reach(l *local) []reach {
	switch l.state {
	case stateDone:
		return l.reached
	case stateBusy:
		return nil
	}
	l.state = stateBusy
	var out []reach
	add := func(c reach) {
		for i := range out {
			if out[i].id == c.id {
				if e.better(c, out[i]) {
					out[i] = c
				}
				return
			}
		}
		out = append(out, c)
	}
	if len(l.own) > 0 {
		add(reach{id: e.causeID(Cause{Name: l.name, OldHash: l.oldHash, NewHash: l.newHash, Changes: l.own})})
	}
	for _, c := range l.edges {
		edge := c.Path[0]
		c.Path = nil
		add(reach{id: e.causeID(c), depth: 1, edge: edge})
	}
	for _, ch := range l.children {
		cl := e.local(ch.old, ch.new)
		for _, r := range e.reach(cl) {
			add(reach{id: r.id, depth: r.depth + 1, via: cl, name: ch.name})
		}
	}
	l.reached, l.state = out, stateDone
	return out
}

// better reports whether path a is shorter than b, or as long and
// smaller name by name.
func (e *explainer) better(a, b reach) bool {
	if a.depth != b.depth {
		return a.depth < b.depth
	}
	return slices.Compare(e.tail(a), e.tail(b)) < 0
}

// tail is the names of a path after the pair's own.
func (e *explainer) tail(r reach) []string {
	var out []string
	for {
		switch {
		case r.edge != "":
			return append(out, r.edge)
		case r.via == nil:
			return out
		}
		out = append(out, r.name)
		next, ok := findReach(r.via.reached, r.id)
		if !ok {
			return out
		}
		r = next
	}
}

func findReach(rs []reach, id int32) (reach, bool) {
	for _, r := range rs {
		if r.id == id {
			return r, true
		}
	}
	return reach{}, false
}

// path is the cause's path from l's pair: its name, then the tail.
func (e *explainer) path(l *local, r reach) []string {
	return append([]string{l.name}, e.tail(r)...)
}

// causeID files a root cause (without its path) once per report.
func (e *explainer) causeID(c Cause) int32 {
	var b strings.Builder
	b.WriteString(c.Name)
	b.WriteByte(0)
	b.WriteString(c.OldHash)
	b.WriteByte(0)
	b.WriteString(c.NewHash)
	for _, ch := range c.Changes {
		b.WriteByte(0)
		b.WriteString(ch.Kind)
	}
	k := b.String()
	if id, ok := e.ids[k]; ok {
		return id
	}
	id := int32(len(e.causes))
	e.causes = append(e.causes, c)
	e.ids[k] = id
	return id
}

func sortCauses(cs []Cause) {
	slices.SortFunc(cs, func(a, b Cause) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.OldHash, b.OldHash),
			strings.Compare(a.NewHash, b.NewHash), slices.Compare(a.Path, b.Path))
	})
}

// local matches the edges of x (old) and y (new) and says what changed at
// this node.
func (e *explainer) local(x, y *GraphNode) *local {
	k := [2]string{x.Hash, y.Hash}
	if l, ok := e.memo[k]; ok {
		return l
	}
	l := &local{name: y.Name, oldHash: x.Hash, newHash: y.Hash, direct: []DepChange{}}
	e.memo[k] = l
	if x.Deps == nil || y.Deps == nil {
		l.own = []Change{{Kind: "other", From: "edges unknown", To: "edges unknown"}}
		return l
	}
	// Own facets. A compiler that is a dependency (spec format 5 on) is
	// explained by that dependency's change, not by the node.
	l.own = facetChanges(x, y, !(compilerIsDep(x) && compilerIsDep(y)))
	// Edges: same name first, then unmatched ones providing a common
	// virtual (a provider swap), then added and removed.
	byName := func(a, b Edge) int { return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.Hash, b.Hash)) }
	sorted := func(l []Edge) []Edge {
		if slices.IsSortedFunc(l, byName) { // as Spack writes them
			return l
		}
		l = slices.Clone(l)
		slices.SortFunc(l, byName)
		return l
	}
	oldDeps, newDeps := sorted(x.Deps), sorted(y.Deps)
	usedOld := make([]bool, len(oldDeps))
	usedNew := make([]bool, len(newDeps))
	match := func(i, j int) {
		usedOld[i], usedNew[j] = true, true
		a, b := oldDeps[i], newDeps[j]
		if a.Hash == b.Hash {
			return
		}
		l.direct = append(l.direct, DepChange{Name: b.Name, OldHash: a.Hash, NewHash: b.Hash})
		xo, yn := e.old[a.Hash], e.new[b.Hash]
		if xo == nil || yn == nil {
			l.edges = append(l.edges, Cause{Name: b.Name, OldHash: a.Hash, NewHash: b.Hash,
				Changes: []Change{{Kind: "other", From: "not in the snapshot", To: "not in the snapshot"}}, Path: []string{b.Name}})
			return
		}
		l.children = append(l.children, pairRef{b.Name, xo, yn})
	}
	// Same name and same hash, then same name.
	for pass := 0; pass < 2; pass++ {
		for i, a := range oldDeps {
			if usedOld[i] {
				continue
			}
			for j, b := range newDeps {
				if !usedNew[j] && a.Name == b.Name && (pass == 1 || a.Hash == b.Hash) {
					match(i, j)
					break
				}
			}
		}
	}
	for i, a := range oldDeps {
		if usedOld[i] || len(a.Virtuals) == 0 {
			continue
		}
		for j, b := range newDeps {
			if usedNew[j] {
				continue
			}
			if v := commonVirtual(a.Virtuals, b.Virtuals); v != "" {
				usedOld[i], usedNew[j] = true, true
				// Named by the virtual, as its cause is: the old
				// provider's hash under the new one's name would say
				// that package changed.
				l.direct = append(l.direct, DepChange{Name: v, OldHash: a.Hash, NewHash: b.Hash})
				l.edges = append(l.edges, Cause{Name: v, OldHash: a.Hash, NewHash: b.Hash,
					Changes: []Change{{Kind: "provider", From: e.spell(e.old, a), To: e.spell(e.new, b)}}, Path: []string{v}})
				break
			}
		}
	}
	for i, a := range oldDeps {
		if !usedOld[i] {
			l.direct = append(l.direct, DepChange{Name: a.Name, OldHash: a.Hash})
			l.edges = append(l.edges, Cause{Name: a.Name, OldHash: a.Hash,
				Changes: []Change{{Kind: "removed", From: e.spell(e.old, a)}}, Path: []string{a.Name}})
		}
	}
	for j, b := range newDeps {
		if !usedNew[j] {
			l.direct = append(l.direct, DepChange{Name: b.Name, NewHash: b.Hash})
			l.edges = append(l.edges, Cause{Name: b.Name, NewHash: b.Hash,
				Changes: []Change{{Kind: "added", To: e.spell(e.new, b)}}, Path: []string{b.Name}})
		}
	}
	slices.SortFunc(l.direct, func(a, b DepChange) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.OldHash, b.OldHash), strings.Compare(a.NewHash, b.NewHash))
	})
	slices.SortFunc(l.children, func(a, b pairRef) int {
		return cmp.Or(strings.Compare(a.name, b.name), strings.Compare(a.old.Hash, b.old.Hash), strings.Compare(a.new.Hash, b.new.Hash))
	})
	// A node whose hash changed with no facet, no edge and no dependency
	// changing: its recipe (or something the files do not show) did.
	if len(l.own) == 0 && len(l.edges) == 0 && len(l.children) == 0 && x.Hash != y.Hash {
		if x.PackageHash != "" && y.PackageHash != "" && x.PackageHash != y.PackageHash {
			l.own = []Change{{Kind: "recipe", From: x.PackageHash, To: y.PackageHash}}
		} else {
			l.own = []Change{{Kind: "other"}}
		}
	}
	return l
}

// spell writes an edge's node as name@version, or the name alone when the
// node is not in the graph.
func (e *explainer) spell(g Graph, d Edge) string {
	if n := g[d.Hash]; n != nil && n.Version != "" {
		return n.Name + "@" + n.Version
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
	for _, d := range n.Deps {
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
	var out []Change
	if x.Version != y.Version {
		out = append(out, Change{Kind: "version", From: x.Version, To: y.Version})
	}
	if compiler && x.Compiler != y.Compiler {
		out = append(out, Change{Kind: "compiler", From: x.Compiler, To: y.Compiler})
	}
	if !slices.Equal(x.Variants, y.Variants) {
		from, to := variantDelta(x.Variants, y.Variants)
		out = append(out, Change{Kind: "variants", From: from, To: to})
	}
	if x.Target != y.Target {
		out = append(out, Change{Kind: "target", From: x.Target, To: y.Target})
	}
	if x.OS != y.OS {
		out = append(out, Change{Kind: "os", From: x.OS, To: y.OS})
	}
	if x.Platform != y.Platform {
		out = append(out, Change{Kind: "platform", From: x.Platform, To: y.Platform})
	}
	return out
}

// variantDelta writes the variants only in a, and only in b.
func variantDelta(a, b []string) (string, string) {
	var from, to []string
	for _, v := range a {
		if !slices.Contains(b, v) {
			from = append(from, v)
		}
	}
	for _, v := range b {
		if !slices.Contains(a, v) {
			to = append(to, v)
		}
	}
	return strings.Join(from, " "), strings.Join(to, " ")
}

// ChangeText writes a cause's changes for people: "2.2.1 → 2.2.3",
// "+shared → ~shared", "added zlib@1.3", "mpich@4.1 → openmpi@5.0".
func ChangeText(cs []Change) string {
	var parts []string
	for _, c := range cs {
		switch c.Kind {
		case "version":
			parts = append(parts, c.From+" → "+c.To)
		case "added":
			parts = append(parts, "added ("+c.To+")")
		case "removed":
			parts = append(parts, "removed ("+c.From+")")
		case "recipe":
			parts = append(parts, "recipe changed")
		case "other":
			parts = append(parts, "hash changed")
		default:
			parts = append(parts, fmt.Sprintf("%s %s → %s", c.Kind, orNone(c.From), orNone(c.To)))
		}
	}
	return strings.Join(parts, ", ")
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// groupKey identifies a cause over the report: the same package changing
// the same way, whatever the hashes (one per OS and target).
func groupKey(c Cause) string {
	var b strings.Builder
	b.WriteString(c.Name)
	for _, ch := range c.Changes {
		b.WriteByte(0)
		b.WriteString(ch.Kind)
		if ch.Kind == "recipe" {
			continue // recipe hashes differ per package, not per change
		}
		b.WriteByte(0)
		b.WriteString(ch.From)
		b.WriteByte(0)
		b.WriteString(ch.To)
	}
	return b.String()
}

// Explain fills Why on every rebuilt and updated pair of r, and r.Causes,
// from the two sides' graphs. When neither side has edges (catalogue
// pages) no cause can be known: r.Causes only counts the pairs, none of
// them known, so that every format says the causes are unknown (and
// guesses none); the pairs get no Why, and a report without pairs no
// Causes.
func (r *Report) Explain(before, after Graph) {
	if !before.HasEdges() && !after.HasEdges() {
		if n := r.Summary.Specs.Rebuilt + r.Summary.Specs.Updated; n > 0 {
			r.Causes = &Causes{Pairs: n, Groups: []CauseGroup{}}
		}
		return
	}
	e := newExplainer(before, after)
	c := &Causes{Groups: []CauseGroup{}}
	groups := map[string]*CauseGroup{}
	add := func(p *Pair, updated bool, pkg string) {
		c.Pairs++
		w := e.explain(p.Old.Hash, p.New.Hash)
		p.Why = w
		if !w.Known {
			return
		}
		c.Known++
		if len(w.Changed) == 0 {
			c.Own++
		}
		if len(w.Causes) > 0 {
			c.Explained++
		}
		counted := map[string]bool{}
		for _, cause := range w.Causes {
			k := groupKey(cause)
			g := groups[k]
			if g == nil {
				g = &CauseGroup{Name: cause.Name, Changes: cause.Changes}
				if g.Changes[0].Kind == "recipe" {
					g.Changes = []Change{{Kind: "recipe"}}
				}
				groups[k] = g
			}
			if counted[k] {
				continue
			}
			counted[k] = true
			g.Specs++
			if updated {
				g.Updated++
			} else {
				g.Rebuilt++
			}
			if g.Via == nil || len(cause.Path) < len(g.Via) || len(cause.Path) == len(g.Via) && slices.Compare(cause.Path, g.Via) < 0 {
				g.Via = cause.Path
			}
		}
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		for j := range p.Specs.Rebuilt {
			add(&p.Specs.Rebuilt[j], false, p.Name)
		}
		for j := range p.Specs.Updated {
			add(&p.Specs.Updated[j], true, p.Name)
		}
	}
	for _, g := range groups {
		c.Groups = append(c.Groups, *g)
	}
	slices.SortFunc(c.Groups, func(a, b CauseGroup) int {
		return cmp.Or(cmp.Compare(b.Specs, a.Specs), strings.Compare(a.Name, b.Name),
			strings.Compare(ChangeText(a.Changes), ChangeText(b.Changes)))
	})
	c.Roots = e.roots()
	r.Causes = c
}

// roots compares the lockfile roots of both sides by their spec as
// written; nil when neither side has roots.
func (e *explainer) roots() *RootChanges {
	collect := func(g Graph) map[string][]*GraphNode {
		m := map[string][]*GraphNode{}
		for _, n := range g {
			if n.Root != "" {
				m[n.Root] = append(m[n.Root], n)
			}
		}
		for _, ns := range m {
			slices.SortFunc(ns, func(a, b *GraphNode) int { return strings.Compare(a.Hash, b.Hash) })
		}
		return m
	}
	o, n := collect(e.old), collect(e.new)
	if len(o) == 0 && len(n) == 0 {
		return nil
	}
	rs := func(root string, g *GraphNode) RootSpec {
		return RootSpec{Root: root, Name: g.Name, Version: g.Version, Hash: g.Hash}
	}
	rc := &RootChanges{Added: []RootSpec{}, Removed: []RootSpec{}, Changed: []RootChange{}}
	for root, ons := range o {
		nns := n[root]
		if len(nns) == 0 {
			for _, x := range ons {
				rc.Removed = append(rc.Removed, rs(root, x))
			}
			continue
		}
		// Pair a root's nodes in hash order (one each, almost always).
		for i := 0; i < max(len(ons), len(nns)); i++ {
			switch {
			case i >= len(nns):
				rc.Removed = append(rc.Removed, rs(root, ons[i]))
			case i >= len(ons):
				rc.Added = append(rc.Added, rs(root, nns[i]))
			case ons[i].Hash != nns[i].Hash:
				x, y := ons[i], nns[i]
				rc.Changed = append(rc.Changed, RootChange{Root: root, Old: rs(root, x), New: rs(root, y),
					Changes: orEmpty(facetChanges(x, y, !(compilerIsDep(x) && compilerIsDep(y)))), Why: e.explain(x.Hash, y.Hash)})
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
	slices.SortFunc(rc.Changed, func(a, b RootChange) int { return byRoot(a.New, b.New) })
	return rc
}

// GraphOf returns a snapshot's dependency graph: its specs (and the
// unlisted ones they depend on) that have edges, by hash; nil when no spec
// has edges (catalogue pages), at the cost of a look at each package.
func GraphOf(s *snapshot.Snapshot) Graph {
	edges := false
	for _, p := range s.Packages {
		if len(p.Specs) > 0 && p.Specs[0].Deps() != nil || len(p.Unlisted) > 0 {
			edges = true
			break
		}
	}
	if !edges {
		return nil
	}
	g := make(Graph, s.Specs())
	add := func(name string, sp *snapshot.Spec) {
		n := &GraphNode{Hash: sp.Hash, Name: name, Version: strings.Join(sp.Versions, ","), Compiler: sp.Compiler,
			OS: sp.OS, Platform: sp.Platform, Target: sp.Target, Variants: sp.Variants, PackageHash: sp.Recipe(), Root: sp.Root()}
		n.Deps = sp.Deps() // nil: edges unknown
		if _, dup := g[sp.Hash]; !dup {
			g[sp.Hash] = n
		}
	}
	for _, p := range s.Packages {
		for i := range p.Specs {
			add(p.Name, &p.Specs[i])
		}
	}
	for _, p := range s.Packages {
		for i := range p.Unlisted {
			add(p.Unlisted[i].Name, &p.Unlisted[i].Spec)
		}
	}
	return g
}
