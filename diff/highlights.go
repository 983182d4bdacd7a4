package diff

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// Highlight is one item of news in a report: what a maintainer acts on,
// computed from the report's data (never from rendered text) so that
// every format leads with the same items. Report.Highlights lists them
// in the order News sorts them; docs/json.md documents each kind.
type Highlight struct {
	// Kind is one of the Highlight* constants.
	Kind string `json:"kind"`
	// Step is the step of a log the item happened in (1 is the first
	// step, the first snapshot → the second); 0, and absent, in a pair's
	// report.
	Step int `json:"step,omitempty"`
	// Facet is the facet of a coverage item: stack, platform, os, target
	// or compiler.
	Facet string `json:"facet,omitempty"`
	// Value is what the item is about, by kind: the facet value
	// (coverage), the root's spec as written (roots), the package of a
	// root cause, the gate kind that tripped.
	Value string `json:"value,omitempty"`
	// Versions are a package's versions: the new package's, the removed
	// one's, and for a version change both sides and the difference.
	Versions *VersionChange `json:"versions,omitempty"`
	// Specs counts the specs of a coverage item on each side (with the
	// value), and of a root-changed item's package (its hash, old → new:
	// 1 → 1).
	Specs *OldToNew `json:"specs,omitempty"`
	// From and To are a root's version, old and new.
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Apart tells a changed root apart from another item that would
	// read the same (its value, spellings, from, to and changes), a root
	// of another spec (RootsApart): "%gcc@10", "/ccccccc"; absent when
	// none reads the same.
	Apart string `json:"apart,omitempty"`
	// Changes are a root cause's changes, or a changed root's own.
	Changes []Change `json:"changes,omitempty"`
	// Count is how many specs a root cause explains, or how many a gate
	// kind counted; Unit names one of what it counts ("spec", "stack").
	Count int    `json:"count,omitempty"`
	Unit  string `json:"unit,omitempty"`
	// Values are the facet values a gate kind counted (the stacks, OSes,
	// targets or compilers lost), for gate-tripped; for a root item, the
	// root's other spellings (one spec named as several roots), after
	// Value.
	Values []string `json:"values,omitempty"`
	// Packages are the packages the item concerns, sorted: the package
	// itself, or those whose specs with the facet value came or went
	// (added, removed, updated in that facet, joined or left the stack).
	Packages []string `json:"packages"`
}

// Highlight kinds, in the order a report lists them.
const (
	HighlightNewPackage     = "new-package"     // a package only in the new snapshot
	HighlightRemovedPackage = "removed-package" // a package only in the old snapshot
	HighlightVersion        = "version"         // a package in both whose set of versions changed
	HighlightVanished       = "vanished"        // a facet value no spec has any more
	HighlightAppeared       = "appeared"        // a facet value no spec had before
	HighlightShrank         = "shrank"          // a facet value that lost at least half its specs (MoveFloor)
	HighlightGrew           = "grew"            // a facet value that at least doubled its specs (MoveFloor)
	HighlightRootRemoved    = "root-removed"    // a lockfile root that is gone
	HighlightRootAdded      = "root-added"      // a lockfile root that is new
	HighlightRootChanged    = "root-changed"    // a lockfile root concretized differently
	HighlightCause          = "cause"           // a root cause of rebuilds, or a change many packages share (at most MaxCauseHighlights)
	HighlightGateTripped    = "gate-tripped"    // a --fail-on kind that the report holds
	HighlightGatePassed     = "gate-passed"     // --fail-on found none of its kinds
)

// highlightKinds is the order of the kinds.
var highlightKinds = []string{
	HighlightNewPackage, HighlightRemovedPackage, HighlightVersion,
	HighlightVanished, HighlightAppeared, HighlightShrank, HighlightGrew,
	HighlightRootRemoved, HighlightRootAdded, HighlightRootChanged,
	HighlightCause, HighlightGateTripped, HighlightGatePassed,
}

// MoveFloor is the least number of specs a facet value must gain or lose
// for its move to be news (HighlightShrank, HighlightGrew): besides
// halving or doubling, the value moved by at least this many specs, so
// that a stack of two specs losing one is not news and a stack of 300
// losing 200 is.
const MoveFloor = 4

// MaxCauseHighlights is how many root causes are highlights: first the
// changes several packages share (Causes.Shared, each one item), then the
// other causes (Causes.Groups), in their order. The report has them all.
const MaxCauseHighlights = 10

// coverageFacets are the facets of coverage items, in the order the
// items are listed: the stacks first (a CI stack is what a maintainer
// owns), then the platform, os, target and compiler.
var coverageFacets = [...]string{"stack", "platform", "os", "target", "compiler"}

// rollup returns the roll-up of facet f.
func (fs *Facets) rollup(f string) *Rollup {
	switch f {
	case "stack":
		return &fs.Stack
	case "platform":
		return &fs.Platform
	case "os":
		return &fs.OS
	case "target":
		return &fs.Target
	}
	return &fs.Compiler
}

// moved reports whether a value present on both sides moved enough to be
// news, and which way.
func movedBy(c OldToNew) (string, bool) {
	d := c.Delta()
	switch {
	case c.Old == 0 || c.New == 0:
		return "", false
	case -d >= MoveFloor && 2*c.New <= c.Old:
		return HighlightShrank, true
	case d >= MoveFloor && c.New >= 2*c.Old:
		return HighlightGrew, true
	}
	return "", false
}

// News computes r's highlights (the gate's items from r.Gate): one pass
// over the report's changed specs, and only when a facet value came, went
// or moved. The items are sorted by kind (the order of the Highlight* constants), then by facet,
// value and package; a log's items are its steps' in step order.
func News(r *Report) []Highlight {
	// An item per new, removed or re-versioned package: the list is made
	// at its size, and each item points at its package's versions (a
	// one-sided diff of a package per spec kept 379 bytes a package here,
	// copying them and growing the list by append).
	n := 0
	for i := range r.Packages {
		if p := &r.Packages[i]; p.Status == Added || p.Status == Removed || p.Versions.Changed() {
			n++
		}
	}
	out := make([]Highlight, 0, n+newsRoom(r))
	for i := range r.Packages {
		p := &r.Packages[i]
		switch {
		case p.Status == Added:
			out = append(out, Highlight{Kind: HighlightNewPackage, Versions: &p.Versions, Packages: []string{p.Name}})
		case p.Status == Removed:
			out = append(out, Highlight{Kind: HighlightRemovedPackage, Versions: &p.Versions, Packages: []string{p.Name}})
		case p.Versions.Changed():
			out = append(out, Highlight{Kind: HighlightVersion, Versions: &p.Versions, Packages: []string{p.Name}})
		}
	}

	// Coverage: the values that came, went or moved, per facet, and then
	// the packages whose changed specs hold them.
	type key struct{ facet, value string }
	items := map[key]int{} // index into out
	var want [len(coverageFacets)]map[string]int
	for fi, f := range coverageFacets {
		if f == "stack" && rootsView(r) {
			continue // a lockfile's stacks are its roots: the root items say it
		}
		ru := r.Facets.rollup(f)
		for _, vc := range ru.Counts {
			if f == "stack" && !SelectedStack(r, vc.Value) {
				continue
			}
			kind := ""
			switch {
			case vc.Old == 0 && vc.New > 0:
				kind = HighlightAppeared
			case vc.New == 0 && vc.Old > 0:
				kind = HighlightVanished
			case f == "stack" && vc.Value == "root":
				continue // the catalogue's stack of every spec: its size is in the counts
			default:
				var ok bool
				if kind, ok = movedBy(vc.OldToNew); !ok {
					continue
				}
			}
			c := vc.OldToNew
			if want[fi] == nil {
				want[fi] = map[string]int{}
			}
			want[fi][vc.Value] = len(out)
			items[key{f, vc.Value}] = len(out)
			out = append(out, Highlight{Kind: kind, Facet: f, Value: vc.Value, Specs: &c, Packages: []string{}})
		}
		// A value listed as added or removed whose counts the report
		// lacks (a report edited by hand) is still news.
		for _, l := range [...]struct {
			kind   string
			values []string
		}{{HighlightAppeared, ru.Added}, {HighlightVanished, ru.Removed}} {
			for _, v := range l.values {
				if _, ok := items[key{f, v}]; ok || f == "stack" && !SelectedStack(r, v) {
					continue
				}
				if want[fi] == nil {
					want[fi] = map[string]int{}
				}
				want[fi][v] = len(out)
				items[key{f, v}] = len(out)
				out = append(out, Highlight{Kind: l.kind, Facet: f, Value: v, Specs: &OldToNew{}, Packages: []string{}})
			}
		}
	}
	if len(items) > 0 {
		concerned(r, want[:], out)
	}

	if c := r.Causes; c != nil {
		if rt := c.Roots; rt != nil {
			// One spec named as two roots (zlib and zlib@1, one hash) is
			// one root written two ways, as the headline says it ("1
			// root added (zlib = zlib@1)"): one item, its first
			// spelling the value and the others its values.
			spelt := newRootSpellings()
			apart := NewRootsApart(r)
			for _, l := range [...]struct {
				kind  string
				roots []RootSpec
			}{{HighlightRootRemoved, rt.Removed}, {HighlightRootAdded, rt.Added}} {
				first := len(out)
				var made []int // the root each item is made for
				again := repeated(len(l.roots), func(i, j int) int { return strings.Compare(l.roots[i].Hash, l.roots[j].Hash) })
				for i, x := range l.roots {
					if !again[i] || !spelt.more(&out, l.kind, x.Hash, x.Root) {
						made = append(made, i)
						h := Highlight{Kind: l.kind, Value: x.Root, Packages: []string{x.Name}}
						if l.kind == HighlightRootRemoved {
							h.From = x.Version
						} else {
							h.To = x.Version
						}
						out = append(out, h)
					}
				}
				// Two environments' zlib, each its own spec: told apart.
				rootsApart(out[first:], made, func(group []int) []string { return apart.SpecLabels(l.roots, group) },
					func(i int) bool { return apart.SpecAcross(l.roots, i) != "" })
			}
			// Changed roots of one key (RootChangeKeys) that say the
			// same change are one item; a spelling whose change reads
			// otherwise (its versions, its own facets) is an item of
			// its own, its change said. A root whose key no other
			// root has (again) is an item of its own, never filed in
			// spelt: of 64,000 roots changed alike, each of its own
			// key, their keys and spelt's maps were 25 MB of the live
			// heap, News' peak.
			again := repeated(len(rt.Changed), func(i, j int) int { return compareChangeKeys(&rt.Changed[i], &rt.Changed[j]) })
			first := len(out)
			var made []int // the changed root each item is made for
			for i, x := range rt.Changed {
				if again[i] && changeKeyed(&x) && spelt.more(&out, HighlightRootChanged, rootChangeSaid(c, &x), x.Root) {
					continue
				}
				made = append(made, i)
				from, to := x.Old.Version, x.New.Version
				if x.Swapped() {
					// Another package (a provider swap): its versions
					// alone, "3.13.5 → 1.0.8", read as one package's
					// move, and packages are sorted, so which was the
					// old one is not said elsewhere.
					from, to = x.Old.SpecText(), x.New.SpecText()
				}
				out = append(out, Highlight{Kind: HighlightRootChanged, Value: x.Root, From: from, To: to,
					Changes: c.RootOwn(&x), Packages: uniqueSorted(x.Old.Name, x.New.Name)})
			}
			rootsApart(out[first:], made, func(group []int) []string { return apart.Labels(rt.Changed, group) },
				func(i int) bool { return apart.ChangeAcross(rt.Changed, i) != "" })
		}
		// A change many packages share (every spec moved target) is one
		// cause with a count; then the causes of one package each.
		n := 0
		inShared := map[int]bool{}
		for _, sc := range c.Shared {
			for _, g := range sc.Groups {
				inShared[g] = true
			}
			if n < MaxCauseHighlights {
				out = append(out, Highlight{Kind: HighlightCause, Changes: []Change{{Kind: sc.Kind, From: sc.From, To: sc.To}},
					Count: sc.Specs, Unit: "spec", Packages: slices.Clone(orEmpty(sc.Packages))})
				n++
			}
		}
		for i, g := range c.Groups {
			if n == MaxCauseHighlights {
				break
			}
			if inShared[i] {
				continue
			}
			out = append(out, Highlight{Kind: HighlightCause, Value: g.Name, Changes: g.Changes, Count: g.Specs, Unit: "spec", Packages: []string{g.Name}})
			n++
		}
	}
	out = append(out, gateNews(r.Gate)...)
	sortNews(out)
	return out
}

// newsRoom is at least the number of News's items that are not a
// package's: a coverage item per facet value (and per value listed as
// added or removed), a root item per root removed, added or changed, the
// causes' items and the gate's. The list is made with room for them, so
// that it is never copied to grow.
func newsRoom(r *Report) int {
	n := MaxCauseHighlights + 1
	for _, f := range coverageFacets {
		if f == "stack" && rootsView(r) {
			continue // News makes no item of a lockfile's stacks
		}
		// The values that came, went or moved, not every value: a
		// lockfile of 100,000 roots reserved an item (about 100 bytes)
		// for each, 0.75x the input, to fill none.
		ru := r.Facets.rollup(f)
		n += len(ru.Added) + len(ru.Removed)
		for _, vc := range ru.Counts {
			if _, moved := movedBy(vc.OldToNew); moved || (vc.Old == 0) != (vc.New == 0) {
				n++
			}
		}
	}
	if c := r.Causes; c != nil && c.Roots != nil {
		n += len(c.Roots.Removed) + len(c.Roots.Added) + len(c.Roots.Changed)
	}
	if r.Gate != nil {
		n += len(r.Gate.Tripped)
	}
	return n
}

// SelectedStack reports whether stack st is news in r: any stack, or
// under --stack only a selected one. The view keeps another stack's
// specs only where they are in a selected one too, so such a stack looks
// gone when the view lost that overlap, not the stack; the lost-stack
// gate does not count it either (findLostStacks), and no format may
// call it new or gone.
func SelectedStack(r *Report, st string) bool {
	return len(r.Options.Stacks) == 0 || slices.Contains(r.Options.Stacks, st)
}

// rootsView reports whether r compares lockfiles, whose stacks are the
// roots that need a spec (docs/json.md): their news are root items, not
// stack coverage.
func rootsView(r *Report) bool { return r.Causes != nil && r.Causes.Roots != nil }

// gateNews returns the gate's items: one per kind that tripped, or one
// that says it passed; none without a gate.
func gateNews(g *Gate) []Highlight {
	if g == nil {
		return nil
	}
	if g.Passed() {
		return []Highlight{{Kind: HighlightGatePassed, Packages: []string{}}}
	}
	out := make([]Highlight, 0, len(g.Tripped))
	for _, t := range g.Tripped {
		out = append(out, Highlight{Kind: HighlightGateTripped, Value: t.Kind, Count: t.Count, Unit: t.Unit,
			Values: slices.Clone(t.Values), Packages: slices.Clone(orEmpty(t.Packages))})
	}
	return out
}

// SetGate sets r.Gate to g and replaces the gate's items among r's
// highlights.
func (r *Report) SetGate(g *Gate) {
	r.Gate = g
	kept := r.Highlights[:0:0]
	for _, h := range r.Highlights {
		if h.Kind != HighlightGateTripped && h.Kind != HighlightGatePassed {
			kept = append(kept, h)
		}
	}
	r.Highlights = append(kept, gateNews(g)...)
	if r.Highlights == nil {
		r.Highlights = []Highlight{}
	}
}

// concerned fills the packages of the coverage items: those whose specs
// with a value of want[facet] (an index into out) came or went. Those are
// the added and removed specs, the updated pairs whose changed facet is
// that facet, and the pairs that joined or left a stack; a rebuilt or
// restacked pair keeps its facets (unless --ignore lets them differ), so
// the real week's 60k rebuilt pairs are not read spec by spec.
func concerned(r *Report, want []map[string]int, out []Highlight) {
	// Packages come in name order: an item names a package when it first
	// meets it, so each list is sorted as it is made.
	last := make([]int, len(out)) // per item, the package it named last, +1
	hit := func(pkg, k int) {
		if last[k] != pkg+1 {
			last[k] = pkg + 1
			out[k].Packages = append(out[k].Packages, r.Packages[pkg].Name)
		}
	}
	stacks := func(pkg int, l []string) {
		if want[0] == nil {
			return
		}
		for _, st := range l {
			if k, ok := want[0][st]; ok {
				hit(pkg, k)
			}
		}
	}
	value := func(pkg, fi int, v string) {
		if want[fi] != nil {
			if k, ok := want[fi][v]; ok {
				hit(pkg, k)
			}
		}
	}
	whole := func(pkg int, s *Spec) {
		stacks(pkg, s.Stacks)
		for fi := 1; fi < len(want); fi++ {
			value(pkg, fi, specFacet(s, coverageFacets[fi]))
		}
	}
	ignored := map[int]bool{} // facets --ignore lets a rebuilt pair change
	for fi, f := range coverageFacets {
		if fi > 0 && want[fi] != nil && slices.Contains(r.Options.Ignore, f) {
			ignored[fi] = true
		}
	}
	pair := func(pkg int, p *Pair, facet string) {
		stacks(pkg, p.StacksJoined)
		stacks(pkg, p.StacksLeft)
		for fi := 1; fi < len(want); fi++ {
			if f := coverageFacets[fi]; want[fi] != nil && (f == facet || ignored[fi]) {
				value(pkg, fi, specFacet(p.Old, f))
				value(pkg, fi, specFacet(p.New, f))
			}
		}
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		for j := range p.Specs.Added {
			whole(i, &p.Specs.Added[j])
		}
		for j := range p.Specs.Removed {
			whole(i, &p.Specs.Removed[j])
		}
		for j := range p.Specs.Updated {
			pair(i, &p.Specs.Updated[j], p.Specs.Updated[j].Facet)
		}
		for _, l := range [...][]Pair{p.Specs.Rebuilt, p.Specs.Restacked} {
			for j := range l {
				if len(l[j].StacksJoined)+len(l[j].StacksLeft) > 0 || len(ignored) > 0 {
					pair(i, &l[j], "")
				}
			}
		}
		// A restacked pair is one hash, which names one build, but a
		// page can list it with another compiler (the loader warns): the
		// values that went and came name its package too.
		for j := range p.Specs.Restacked {
			o, n := p.Specs.Restacked[j].Old, p.Specs.Restacked[j].New
			for fi := 1; fi < len(want); fi++ {
				if f := coverageFacets[fi]; want[fi] != nil && !ignored[fi] && specFacet(o, f) != specFacet(n, f) {
					value(i, fi, specFacet(o, f))
					value(i, fi, specFacet(n, f))
				}
			}
		}
	}
}

// specFacet returns the value of facet f of s (not the stacks).
func specFacet(s *Spec, f string) string {
	switch f {
	case "platform":
		return s.Platform
	case "os":
		return s.OS
	case "target":
		return s.Target
	}
	return s.Compiler
}

func uniqueSorted(a, b string) []string {
	if a == b || b == "" {
		return []string{a}
	}
	if a == "" {
		return []string{b}
	}
	if b < a {
		a, b = b, a
	}
	return []string{a, b}
}

// rootsApart sets the Apart of the roots' items of one kind (items[k]
// made for root made[k]) that read the same as another (rootSaid: what
// NewsText writes of them), each told apart as labels (RootsApart)
// tells the roots of a group.
//
// An item whose root across says is read in another list too (a root
// of its spelling removed, added or changed: RootsApart.SpecAcross) is
// told apart whether or not another item of its list reads the same.
func rootsApart(items []Highlight, made []int, labels func(group []int) []string, across func(i int) bool) {
	// What an item says is written into one buffer, a string made of
	// it once per group (64,000 roots changed alike made one each, 4
	// MB of News' peak).
	group := map[string]int{} // what an item says: its group
	var groups [][]int        // each group's items, in the order of its first
	var b []byte
	for k := range items {
		b = rootSaidTo(b[:0], &items[k])
		j, ok := group[string(b)]
		if !ok {
			j = len(groups)
			group[string(b)] = j
			groups = append(groups, nil)
		}
		groups[j] = append(groups[j], k)
	}
	var alone []int // the items of roots across says, no other item reading as they do
	for _, g := range groups {
		if len(g) == 1 && across(made[g[0]]) {
			alone = append(alone, g[0])
		}
	}
	if len(alone) > 0 {
		roots := make([]int, len(alone))
		for j, k := range alone {
			roots[j] = made[k]
		}
		for j, l := range labels(roots) {
			items[alone[j]].Apart = l
		}
	}
	if len(groups) == len(items) {
		return
	}
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		roots := make([]int, len(g))
		for j, k := range g {
			roots[j] = made[k]
		}
		for j, l := range labels(roots) {
			items[g[j]].Apart = l
		}
	}
}

// newsSpellings is how many spellings of a root NewsText names, the
// rest counted (report's maxSpellings).
const newsSpellings = 3

// rootSaid is what NewsText writes of a root's item: its spellings as
// named (the first newsSpellings, in any order, the rest counted), and for a changed
// root its versions where both are known and differ, else its changes
// as ChangeText words them. Neither a root added or removed's version
// nor a change's values that ChangeText leaves out are said: two
// environments' zlib, one changed 1.3 → 1.5 alone and the other with a
// variant too, or removed at 1.3 and at 1.5, read "root zlib changed:
// 1.3 → 1.5" and "root zlib removed" twice, told apart by nothing.
func rootSaid(h *Highlight) string { return string(rootSaidTo(nil, h)) }

// rootSaidTo appends rootSaid(h) to b.
func rootSaidTo(b []byte, h *Highlight) []byte {
	// Each part after its length (said), not joined by NUL: a report
	// given to render may hold a NUL in a spelling, and the root spelt
	// "a\x00b", "c" and "d" read as the root spelt "a", "b\x00c" and
	// "d", so that each was labelled as if they read alike.
	s := said{b}
	var first [newsSpellings]string
	named := append(append(first[:0], h.Value), h.Values[:min(len(h.Values), newsSpellings-1)]...)
	slices.Sort(named) // "zlib = zlib@1.3" reads as "zlib@1.3 = zlib" does: one root's spellings
	s.b = appendListKey(s.b, named)
	s.b = binary.AppendUvarint(s.b, uint64(len(h.Values)))
	if h.Kind != HighlightRootChanged {
		return s.b
	}
	if h.From != h.To && h.From != "" && h.To != "" {
		s.b = append(s.b, 1)
		s.put(h.From, h.To)
		return s.b
	}
	s.b = append(s.b, 2)
	for _, ch := range h.Changes {
		s.put(ch.Kind)
		switch ch.Kind {
		case "version":
			s.put(cmp.Or(ch.From, "∅"), cmp.Or(ch.To, "∅"))
		case "added":
			s.put(ch.To)
		case "removed":
			s.put(ch.From)
		case "recipe":
		case "other":
			if ch.From != ch.To {
				s.put(ch.From, ch.To)
			}
		default:
			s.put(cmp.Or(ch.From, "(none)"), cmp.Or(ch.To, "(none)"))
		}
	}
	return s.b
}

// appendListKey appends listKey(l) to b.
func appendListKey(b []byte, l []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(l)))
	for _, v := range l {
		b = binary.AppendUvarint(b, uint64(len(v)))
		b = append(b, v...)
	}
	return b
}

// said is a key of what an item says: each part after its length, so
// that no two lists of parts make one key, whatever bytes they hold.
type said struct{ b []byte }

// put adds parts to the key.
func (s *said) put(parts ...string) {
	for _, p := range parts {
		s.b = binary.AppendUvarint(s.b, uint64(len(p)))
		s.b = append(s.b, p...)
	}
}

// rootChangeSaid is the key of a changed root's item: its root's key
// (RootChangeKeys) and what the item says of it, both sides' specs and
// its own changes, each part after its length (said).
func rootChangeSaid(c *Causes, x *RootChange) string {
	var s said
	s.b = binary.AppendUvarint(s.b, uint64(len(x.Old.Hash)+1+len(x.New.Hash)))
	s.b = append(append(append(s.b, x.Old.Hash...), ' '), x.New.Hash...)
	s.put(x.Old.SpecText(), x.New.SpecText())
	for _, ch := range c.RootOwn(x) {
		s.put(ch.Kind, ch.From, ch.To)
	}
	return string(s.b)
}

// repeated says of each of n things whether another has its key (the
// order cmp, 0 for keys alike): sorted by key, not a map of n keys.
func repeated(n int, cmp func(i, j int) int) []bool {
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(x, y int32) int { return cmp(int(x), int(y)) })
	out := make([]bool, n)
	for k := 1; k < n; k++ {
		if cmp(int(order[k-1]), int(order[k])) == 0 {
			out[order[k-1]], out[order[k]] = true, true
		}
	}
	return out
}

// rootSpellings finds the highlight of a root already made for a spec
// (by kind and hash, or for a changed root both hashes): the items of
// roots that are one spec written several ways (RootsHeadline's
// OneRootEach).
type rootSpellings struct {
	item map[[2]string]int      // kind and key: the index of its item
	said map[[3]string]struct{} // kind, key and a spelling said of it
	// probes counts the spellings compared, for tests: a spelling is
	// looked up in said, where a scan of the item's values made one
	// spec written 80,000 ways 3.2e9 comparisons (TestRootSpellingsLinear).
	probes int
}

func newRootSpellings() *rootSpellings {
	return &rootSpellings{item: map[[2]string]int{}, said: map[[3]string]struct{}{}}
}

// more adds root to the values of the item of kind made for key, and
// reports whether there was one; when not, the item appended next to
// *out is key's. A spelling said already is not said again, and key ""
// (a root without a hash) is a root alone.
func (m *rootSpellings) more(out *[]Highlight, kind, key, root string) bool {
	if key == "" {
		return false
	}
	m.probes++
	if _, dup := m.said[[3]string{kind, key, root}]; !dup {
		m.said[[3]string{kind, key, root}] = struct{}{}
	} else {
		_, ok := m.item[[2]string{kind, key}]
		return ok
	}
	i, ok := m.item[[2]string{kind, key}]
	if !ok {
		m.item[[2]string{kind, key}] = len(*out)
		return false
	}
	h := &(*out)[i]
	h.Values = append(h.Values, root)
	return true
}

// sortNews sorts items by kind, then facet (in coverage order), then
// what they are about. Causes keep their order (most specs first), and
// so do the items of one step of a log among themselves.
func sortNews(out []Highlight) {
	rank := func(kinds []string, k string) int { return slices.Index(kinds, k) }
	slices.SortStableFunc(out, func(a, b Highlight) int {
		c := cmp.Or(cmp.Compare(a.Step, b.Step),
			cmp.Compare(rank(highlightKinds, a.Kind), rank(highlightKinds, b.Kind)),
			cmp.Compare(rank(coverageFacets[:], a.Facet), rank(coverageFacets[:], b.Facet)))
		if c != 0 || a.Kind == HighlightCause || a.Kind == HighlightGateTripped {
			return c
		}
		return cmp.Or(strings.Compare(a.Value, b.Value), slices.Compare(a.Packages, b.Packages))
	})
}

// SeriesNews returns the highlights of a log's steps, each with its step
// (steps[i] is step i+1), in step order.
func SeriesNews(steps []*Report) []Highlight {
	out := []Highlight{}
	for i, r := range steps {
		out = append(out, StepNews(i+1, r)...)
	}
	return out
}

// StepNews returns r's highlights as step i of a log: copies with Step
// set, which a log keeps after r is dropped. A package's item points at
// the package's versions (News), which would keep every package of r,
// specs and all, alive with it: the copies' versions are copied too, into
// one list of their own.
func StepNews(i int, r *Report) []Highlight {
	out := make([]Highlight, len(r.Highlights))
	n := 0
	for _, h := range r.Highlights {
		if h.Versions != nil {
			n++
		}
	}
	versions := make([]VersionChange, 0, n) // made at its size: never moved
	for j, h := range r.Highlights {
		h.Step = i
		if h.Versions != nil {
			versions = append(versions, *h.Versions)
			h.Versions = &versions[len(versions)-1]
		}
		out[j] = h
	}
	return out
}

// checkNews checks that r's highlights hold the news no format may
// leave out: each new and removed package, each version change, and each
// facet value that appeared or vanished (a lockfile's stacks aside, see
// rootsView, and under --stack the stacks not selected, SelectedStack);
// and no news News could not write (checkNewsItems).
func (r *Report) checkNews() error {
	if r.Highlights == nil {
		return nil
	}
	if err := r.checkNewsItems(); err != nil {
		return err
	}
	type key struct{ kind, facet, value string }
	have := map[key]bool{}
	for _, h := range r.Highlights {
		v := h.Value
		if h.Facet == "" && len(h.Packages) == 1 {
			v = h.Packages[0]
		}
		have[key{h.Kind, h.Facet, v}] = true
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		k := key{"", "", p.Name}
		switch {
		case p.Status == Added:
			k.kind = HighlightNewPackage
		case p.Status == Removed:
			k.kind = HighlightRemovedPackage
		case p.Versions.Changed():
			k.kind = HighlightVersion
		default:
			continue
		}
		if !have[k] {
			return lawf("highlights", "no %s item for package %q", k.kind, shortValue(p.Name))
		}
	}
	for _, f := range coverageFacets {
		if f == "stack" && rootsView(r) {
			continue
		}
		ru := r.Facets.rollup(f)
		for _, l := range [...]struct {
			kind   string
			values []string
		}{{HighlightAppeared, ru.Added}, {HighlightVanished, ru.Removed}} {
			for _, v := range l.values {
				if !have[key{l.kind, f, v}] && (f != "stack" || SelectedStack(r, v)) {
					return lawf("highlights", "no %s item for %s %q", l.kind, f, shortValue(v))
				}
			}
		}
	}
	return nil
}

// checkNewsItems checks that a package's item (new-package,
// removed-package, version) names one package of the report whose news
// it is, once, and that the highlights are no more than News writes: a
// package's item each, and newsRoom's (its stacks counted for a
// lockfile too, as an older cachediff may have written them). render
// computes the highlights again, so that a saved report with a version
// item of a package it has not, or 1M gate items more (37 MB, decoded
// to 287 MB), rendered as the one it was made from.
func (r *Report) checkNewsItems() error {
	kinds := make(map[string]string, len(r.Packages)) // a package's item: its kind
	for i := range r.Packages {
		switch p := &r.Packages[i]; {
		case p.Status == Added:
			kinds[p.Name] = HighlightNewPackage
		case p.Status == Removed:
			kinds[p.Name] = HighlightRemovedPackage
		case p.Versions.Changed():
			kinds[p.Name] = HighlightVersion
		}
	}
	seen := make(map[string]bool, len(kinds))
	for i := range r.Highlights {
		h := &r.Highlights[i]
		if h.Kind != HighlightNewPackage && h.Kind != HighlightRemovedPackage && h.Kind != HighlightVersion {
			continue
		}
		at := fmt.Sprintf("highlights[%d]", i)
		if len(h.Packages) != 1 {
			return lawf(at+".packages", "%d packages, but a %s item names its package alone", len(h.Packages), h.Kind)
		}
		name := h.Packages[0]
		switch k, ok := kinds[name]; {
		case !ok:
			return lawf(at, "a %s item for package %q, but the report lists no such news of it: a package's item is of a package added, removed or whose versions changed", h.Kind, shortValue(name))
		case k != h.Kind:
			return lawf(at, "a %s item for package %q, whose news is a %s item", h.Kind, shortValue(name), k)
		case seen[name]:
			return lawf(at, "the %s item for package %q again: a package has one item", h.Kind, shortValue(name))
		}
		seen[name] = true
	}
	if err := r.checkCoverageItems(); err != nil {
		return err
	}
	room := len(kinds) + newsRoom(r)
	if rootsView(r) {
		ru := r.Facets.rollup("stack")
		room += len(ru.Added) + len(ru.Removed) + len(ru.Counts)
	}
	if len(r.Highlights) > room {
		return lawf("highlights", "%d items, but the report's news are at most %d: an item for each package added, removed or whose versions changed, each facet value that came, went or moved, each root added, removed or changed, %d causes and the gate's", len(r.Highlights), room, MaxCauseHighlights)
	}
	return nil
}

// checkCoverageItems checks that each coverage item (appeared, vanished,
// shrank, grew) is one a cachediff could have written: of a coverage
// facet, about a value of that facet whose counts make it that kind
// (movedBy; a value listed as added or removed without counts,
// appeared or vanished at 0 → 0), its specs the value's counts, its
// packages packages the report lists, once per facet value, with no
// field of another kind. render computes the highlights again, so a
// saved report with a forged item ("grew" for a value that did not
// move, another value's counts, an unknown facet) rendered as the one it
// was made from. The item's packages are not checked to be those News
// computes, nor the catalogue's root stack refused: builds before
// 9f9c7fd2 wrote an item's packages from every changed spec, and the
// root stack's growth, and their reports stay readable.
func (r *Report) checkCoverageItems() error {
	// A facet's values: their counts (ok when the report has them) and
	// the kind of item News makes of them ("" for none).
	type wanted struct {
		c    OldToNew
		ok   bool
		kind string
	}
	var values [len(coverageFacets)]map[string]wanted
	var listed map[string]bool // the packages the report lists
	seen := map[[2]string]bool{}
	for i := range r.Highlights {
		h := &r.Highlights[i]
		if h.Kind != HighlightAppeared && h.Kind != HighlightVanished && h.Kind != HighlightShrank && h.Kind != HighlightGrew {
			continue
		}
		at := fmt.Sprintf("highlights[%d]", i)
		fi := slices.Index(coverageFacets[:], h.Facet)
		if fi < 0 {
			return lawf(at+".facet", "%q, but a coverage item's (kind %s) is one of %s", shortValue(h.Facet), h.Kind, strings.Join(coverageFacets[:], ", "))
		}
		if h.Versions != nil || h.From != "" || h.To != "" || h.Apart != "" || h.Changes != nil || h.Count != 0 || h.Unit != "" || h.Values != nil {
			return lawf(at, "a coverage item (kind %s) with a field of another kind (versions, from, to, apart, changes, count, unit or values): a coverage item has facet, value, specs and packages", h.Kind)
		}
		if values[fi] == nil {
			ru := r.Facets.rollup(h.Facet)
			m := make(map[string]wanted, len(ru.Counts))
			for _, vc := range ru.Counts {
				w := wanted{c: vc.OldToNew, ok: true}
				switch c := vc.OldToNew; {
				case c.Old == 0 && c.New > 0:
					w.kind = HighlightAppeared
				case c.New == 0 && c.Old > 0:
					w.kind = HighlightVanished
				default:
					w.kind, _ = movedBy(c)
				}
				m[vc.Value] = w
			}
			for _, l := range [...]struct {
				kind   string
				values []string
			}{{HighlightAppeared, ru.Added}, {HighlightVanished, ru.Removed}} {
				for _, v := range l.values {
					if _, ok := m[v]; !ok {
						m[v] = wanted{kind: l.kind}
					}
				}
			}
			values[fi] = m
		}
		w := values[fi][h.Value]
		c, ok, kind := w.c, w.ok, w.kind
		switch {
		case kind == "":
			return lawf(at, "a coverage item of kind %s for %s %q, which neither came, went nor moved (facets.%s: %s): a coverage item is of a value that did", h.Kind, h.Facet, shortValue(h.Value), h.Facet, countsText(c, ok))
		case kind != h.Kind:
			return lawf(at, "a coverage item of kind %s for %s %q, whose news is of kind %s (facets.%s: %s)", h.Kind, h.Facet, shortValue(h.Value), kind, h.Facet, countsText(c, ok))
		case h.Specs == nil || *h.Specs != c:
			return lawf(at+".specs", "%s, but facets.%s counts %q %s", specsText(h.Specs), h.Facet, shortValue(h.Value), countsText(c, ok))
		case seen[[2]string{h.Facet, h.Value}]:
			return lawf(at, "a second item (kind %s) for %s %q: a facet value has one item", h.Kind, h.Facet, shortValue(h.Value))
		}
		seen[[2]string{h.Facet, h.Value}] = true
		if listed == nil {
			listed = make(map[string]bool, len(r.Packages))
			for j := range r.Packages {
				listed[r.Packages[j].Name] = true
			}
		}
		for j, p := range h.Packages {
			if !listed[p] {
				return lawf(fmt.Sprintf("%s.packages[%d]", at, j), "%q, but the report lists no such package: a coverage item's packages are those whose specs with its value came or went", shortValue(p))
			}
		}
	}
	return nil
}

// countsText says a facet value's counts as a law's message reads them.
func countsText(c OldToNew, ok bool) string {
	if !ok {
		return "no counts"
	}
	return fmt.Sprintf("%d → %d specs", c.Old, c.New)
}

// specsText says a coverage item's specs.
func specsText(c *OldToNew) string {
	if c == nil {
		return "no specs"
	}
	return fmt.Sprintf("%d → %d specs", c.Old, c.New)
}
