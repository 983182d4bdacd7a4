package report

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/cachediff/cachediff/diff"
)

// plainRebuilds counts a package's rebuilt pairs that are Plain.
func plainRebuilds(p *diff.Package) int {
	n := 0
	for i := range p.Specs.Rebuilt {
		if p.Specs.Rebuilt[i].Plain() {
			n++
		}
	}
	return n
}

// rebuiltOnly reports whether a package changed by plain rebuilds alone:
// the reports list it with the other such packages, in one place.
func RebuiltOnly(p *diff.Package) bool { return PkgRebuildsOnly(p, plainRebuilds(p)) }

// PkgRebuildsOnly is rebuiltOnly, given the package's plainRebuilds.
func PkgRebuildsOnly(p *diff.Package, plain int) bool {
	c := p.Counts
	return p.Status == diff.Changed && c.Rebuilt > 0 && c.Added+c.Removed+c.Updated+c.Restacked == 0 && plain == c.Rebuilt
}

// only is rebuiltOnly of package i.
func (m *mdBuilder) only(i int) bool { return PkgRebuildsOnly(&m.doc.Packages[i], m.plain[i]) }

// RebuildShare is how much of a report's change is plain rebuilds (a new
// hash and nothing else: Pair.Plain), of all its spec changes, and how
// many rebuilt specs are not plain: they moved stacks, or differ in a
// facet --ignore left out of the pairing, and are listed as rows. The
// headlines of Markdown and text say it.
type RebuildShare struct{ Plain, Other, Changes int }

func ShareOfRebuilds(doc *Document, plain []int) RebuildShare {
	s := doc.Summary.Specs
	var r RebuildShare
	for _, n := range plain {
		r.Plain += n
	}
	r.Other = s.Rebuilt - r.Plain
	r.Changes = s.Rebuilt + s.Updated + s.Restacked + s.Added + s.Removed
	return r
}

// PlainCounts is plainRebuilds of each package of doc, in order.
func PlainCounts(doc *Document) []int {
	plain := make([]int, len(doc.Packages))
	for i := range doc.Packages {
		plain[i] = plainRebuilds(&doc.Packages[i])
	}
	return plain
}

// otherRebuilds says what the rebuilt specs that are not plain changed,
// for the headlines ("" when there are none).
func (r RebuildShare) OtherRebuilds(doc *Document) string {
	if r.Other == 0 {
		return ""
	}
	what := "stacks"
	if len(doc.Options.Ignore) > 0 {
		what = "stacks or an ignored facet"
	}
	return Plural(r.Other, "more rebuilt spec") + " changed " + what + " (listed)"
}

// RebuiltStacks lists the stacks of a package's plain rebuilds (root
// left out, as the spec rows do), sorted. all says that every rebuilt
// pair of p is plain (a rebuilt-only package), which spares the check.
func RebuiltStacks(p *diff.Package, all bool) []string {
	var out []string
	// The loader shares equal lists, so a package's specs hold a few
	// lists of stacks, each many times: add each list (by its address)
	// once, as a slot its address picks remembers it (a list whose slot
	// another took is added again). Lists at other addresses may still be
	// equal, or overlap: the sort and compact below make the result
	// whatever the sharing. A scan of the lists seen, up to 64, was the
	// largest part of a real week's rebuilt-only section at 60k specs,
	// whose large packages hold dozens of lists of stacks.
	type listID struct {
		p *string
		n int
	}
	var seen [64]listID
	for i := range p.Specs.Rebuilt {
		r := &p.Specs.Rebuilt[i]
		if !all && !r.Plain() {
			continue
		}
		l := r.New.Stacks
		id := listID{unsafe.SliceData(l), len(l)}
		a := uintptr(unsafe.Pointer(id.p))
		slot := &seen[(a>>4^a>>10)%uintptr(len(seen))]
		if *slot == id {
			continue
		}
		*slot = id
		for _, s := range l {
			if s != "root" {
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// packages is the section of <details> blocks, one per package with
// something to act on (all of them with --rows rebuilt), each with a
// one-line summary for Fit.
func (m *mdBuilder) packages() *Section {
	all := m.doc.Render.RebuiltRows
	var listed []int // the packages' indexes
	weight := 0      // their changed specs (changed below)
	for i := range m.doc.Packages {
		if all || !m.only(i) {
			listed = append(listed, i)
			weight += changed(&m.doc.Packages[i])
		}
	}
	if listed == nil {
		return nil
	}
	s := &Section{Name: "packages", Rank: rankPackages, Noun: "package", Heading: "\n\n### Packages",
		Rows: make([]string, len(listed)), Short: make([]string, len(listed))}
	rows := func(b *mdBuilder, from, to int) {
		for k := from; k < to; k++ {
			i := listed[k]
			p := &m.doc.Packages[i]
			s.Rows[k] = b.details(p, m.plain[i], all)
			s.Short[k] = b.pkgLine(p)
		}
	}
	// The blocks after half of the changed specs are written on the
	// other core, by a builder of their own (once the rebuilt-only list
	// went to the other core, these blocks were nearly half of the view's
	// time, all on one core).
	half, w := len(listed), 0
	for k, i := range listed {
		if w >= weight/2 {
			half = k
			break
		}
		w += changed(&m.doc.Packages[i])
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		other := mdBuilder{doc: m.doc, link: m.link, abbrev: m.abbrev, plain: m.plain}
		rows(&other, half, len(listed))
	})
	rows(m, 0, half)
	wg.Wait()
	return s
}

// changed counts p's changed specs, the work of its block: a row each,
// or a look for the stacks of its plain rebuilds.
func changed(p *diff.Package) int {
	c := p.Counts
	return c.Added + c.Removed + c.Rebuilt + c.Updated + c.Restacked
}

// PkgCounts writes " · 2 added, 1 rebuilt" (nothing when all are zero).
func PkgCounts(b *strings.Builder, c diff.Counts) {
	sep := " · "
	for _, x := range []struct {
		n    int
		name string
	}{{c.Added, " added"}, {c.Removed, " removed"}, {c.Rebuilt, " rebuilt"}, {c.Updated, " updated"}, {c.Restacked, " restacked"}} {
		if x.n != 0 {
			b.WriteString(sep)
			b.WriteString(strconv.Itoa(x.n))
			b.WriteString(x.name)
			sep = ", "
		}
	}
}

func (m *mdBuilder) pkgLine(p *diff.Package) string {
	m.b.WriteString("\n\n- **" + mdPackage(m.link, p.Name) + "** (" + escapeMD(p.Status) + "): " + strconv.Itoa(p.Counts.Old) + " → " + Plural(p.Counts.New, "spec"))
	PkgCounts(&m.b, p.Counts)
	return m.row()
}

// details writes a package's <details> block: its rows of updated,
// rebuilt (all, or those that say more than "new hash"), restacked, added
// and removed specs.
func (m *mdBuilder) details(p *diff.Package, plain int, allRebuilt bool) string {
	b := &m.b
	b.WriteString("\n\n<details><summary><b>" + htmlPackage(m.link, p.Name) + "</b> (" + escapeHTML(p.Status) + "): " + strconv.Itoa(p.Counts.Old) + " → " + Plural(p.Counts.New, "spec"))
	PkgCounts(b, p.Counts)
	b.WriteString("</summary>\n\n")
	shared := p.SharedVariants
	if len(shared) > 0 {
		b.WriteString("Every spec has " + m.joinMD(shared, " ") + ". ")
	}
	b.WriteString("Variants are listed for added and removed specs, and where an update changed them.")
	if !allRebuilt {
		if n := plain; n > 0 {
			b.WriteString(" Rebuilt with a new hash and nothing else changed (counted, not listed): " + Plural(n, "spec"))
			if st := RebuiltStacks(p, false); len(st) > 0 {
				b.WriteString(", in " + m.joinMD(st, ", "))
			}
			b.WriteString(".")
		}
	}
	b.WriteString("\n\n| change | hash | version | compiler | os | target | variants | stacks |\n|---|---|---|---|---|---|---|---|")
	for i := range p.Specs.Updated {
		u := &p.Specs.Updated[i]
		b.WriteString("\n| updated " + m.md(u.Facet) + " | ")
		m.pairCells(u)
	}
	for i := range p.Specs.Rebuilt {
		r := &p.Specs.Rebuilt[i]
		if !allRebuilt && r.Plain() {
			continue
		}
		b.WriteString("\n| rebuilt | ")
		m.pairCells(r)
	}
	for i := range p.Specs.Restacked {
		r := &p.Specs.Restacked[i]
		n := r.New
		b.WriteString("\n| restacked | `" + m.abbrev.Short(n.Hash) + "` | " + m.joinMD(n.Versions, ", ") + " | " + m.md(n.Compiler) + " | " + m.md(n.OS) + " | " + m.md(n.Target) + " |  | ")
		m.stackChange(b, r)
		b.WriteString(" |")
	}
	for _, l := range []struct {
		kind  string
		specs []diff.Spec
	}{{"added", p.Specs.Added}, {"removed", p.Specs.Removed}} {
		for i := range l.specs {
			s := &l.specs[i]
			b.WriteString("\n| " + l.kind + " | `" + m.abbrev.Short(s.Hash) + "` | " + m.joinMD(s.Versions, ", ") + " | " + m.md(s.Compiler) + " | " + m.md(s.OS) + " | " + m.md(s.Target) + " | " + m.joinMD(minus(s.Variants, shared), " ") + " | " + m.stackList(s.Stacks) + " |")
		}
	}
	b.WriteString("\n\n</details>")
	return m.row()
}

// pairCells writes the cells of a rebuilt or updated pair after the
// change cell: hashes, facets (old → new where they differ), variants,
// stacks, and the row's end.
func (m *mdBuilder) pairCells(p *diff.Pair) {
	b := &m.b
	o, n := p.Old, p.New
	b.WriteString("`" + m.abbrev.Short(o.Hash) + "` → `" + m.abbrev.Short(n.Hash) + "` | ")
	if p.Facet == "version" {
		b.WriteString(m.md(p.From) + " → " + m.md(p.To))
	} else {
		b.WriteString(m.change(strings.Join(o.Versions, ", "), strings.Join(n.Versions, ", ")))
	}
	b.WriteString(" | " + m.change(o.Compiler, n.Compiler) + " | " + m.change(o.OS, n.OS))
	if o.Platform != n.Platform {
		b.WriteString(" (platform " + m.md(o.Platform) + " → " + m.md(n.Platform) + ")")
	}
	b.WriteString(" | " + m.change(o.Target, n.Target) + " | ")
	if p.Facet == "variants" {
		b.WriteString(m.md(p.From) + " → " + m.md(p.To))
	} else if gone, came := minus(o.Variants, n.Variants), minus(n.Variants, o.Variants); len(gone)+len(came) > 0 {
		b.WriteString(m.joinMD(gone, " ") + " → " + m.joinMD(came, " "))
	}
	b.WriteString(" | ")
	m.stackChange(b, p)
	b.WriteString(" |")
}

// stackList writes a spec's stacks but root.
func (m *mdBuilder) stackList(stacks []string) string {
	return m.joinMD(without(stacks, "root"), ", ")
}

// without returns l without the strings equal to x.
func without(l []string, x string) []string {
	if !slices.Contains(l, x) {
		return l
	}
	out := make([]string, 0, len(l))
	for _, s := range l {
		if s != x {
			out = append(out, s)
		}
	}
	return out
}

// stackChange writes a pair's stacks: the new ones, with the stacks it
// joined (+) and left (−) marked.
func (m *mdBuilder) stackChange(b *strings.Builder, p *diff.Pair) {
	if len(p.StacksJoined)+len(p.StacksLeft) == 0 {
		b.WriteString(m.stackList(p.New.Stacks))
		return
	}
	sep := ""
	for _, s := range without(minus(p.New.Stacks, p.StacksJoined), "root") {
		b.WriteString(sep + m.md(s))
		sep = ", "
	}
	for _, s := range p.StacksJoined {
		b.WriteString(sep + "+" + m.md(s))
		sep = ", "
	}
	for _, s := range p.StacksLeft {
		b.WriteString(sep + "−" + m.md(s))
		sep = ", "
	}
}

// rebuiltOnly is the compact list of the packages that changed by plain
// rebuilds alone: one row each, how many and in which stacks. With
// --rows rebuilt they have their <details> blocks instead.
func (m *mdBuilder) rebuiltOnly() *Section {
	if m.doc.Render.RebuiltRows {
		return nil
	}
	var rows []string
	specs := 0
	for i := range m.doc.Packages {
		p := &m.doc.Packages[i]
		if !m.only(i) {
			continue
		}
		specs += p.Counts.Rebuilt
		rows = append(rows, "\n| "+mdPackage(m.link, p.Name)+" | "+strconv.Itoa(p.Counts.Rebuilt)+" | "+m.joinMD(RebuiltStacks(p, true), ", ")+" |")
	}
	if rows == nil {
		return nil
	}
	return &Section{Name: "rebuilt", Rank: rankRebuilt, Noun: "rebuilt-only package", Rows: rows,
		Heading: "\n\n### Rebuilt only (" + Plural(len(rows), "package") + ", " + Plural(specs, "spec") + ")\n\nNothing changed in these packages but rebuilds: new hashes, the same facets and stacks. `--rows rebuilt` lists every spec.\n\n| package | rebuilt | stacks |\n|---|--:|---|"}
}
