package markdown

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/internal/memo"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/view"
)

// only is rebuiltOnly of package i.
func (m *mdBuilder) only(i int) bool { return report.PkgRebuildsOnly(&m.doc.Packages[i], m.plain[i]) }

// packages is the section of <details> blocks, one per package with
// something to act on (all of them with --rows rebuilt), each with a
// one-line summary for Fit.
func (m *mdBuilder) packages() *view.Section {
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
	s := &view.Section{Name: "packages", Rank: rankPackages, Noun: "package", Heading: "\n\n### Packages",
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

func (m *mdBuilder) pkgLine(p *diff.Package) string {
	m.b.WriteString("\n\n- **" + report.MDPackage(m.link, p.Name) + "** (" + report.EscapeMD(p.Status) + "): " + strconv.Itoa(p.Counts.Old) + " → " + report.Plural(p.Counts.New, "spec"))
	report.PkgCounts(&m.b, p.Counts)
	return m.row()
}

// details writes a package's <details> block: its rows of updated,
// rebuilt (all, or those that say more than "new hash"), restacked, added
// and removed specs.
func (m *mdBuilder) details(p *diff.Package, plain int, allRebuilt bool) string {
	b := &m.b
	b.WriteString("\n\n<details><summary><b>" + report.HTMLPackage(m.link, p.Name) + "</b> (" + report.EscapeHTML(p.Status) + "): " + strconv.Itoa(p.Counts.Old) + " → " + report.Plural(p.Counts.New, "spec"))
	report.PkgCounts(b, p.Counts)
	b.WriteString("</summary>\n\n")
	shared := p.SharedVariants
	if len(shared) > 0 {
		b.WriteString("Every spec has " + m.variants(shared, nil) + ". ")
	}
	b.WriteString("Variants are listed for added and removed specs, and where an update changed them.")
	if !allRebuilt {
		if n := plain; n > 0 {
			b.WriteString(" Rebuilt with a new hash and nothing else changed (counted, not listed): " + report.Plural(n, "spec"))
			if st := m.rebuiltStacks(p, false); st != "" {
				b.WriteString(", in " + st)
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
		b.WriteString("\n| restacked | `" + m.abbrev.Short(n.Hash) + "` | " + m.md(report.Same(report.JoinVersions(n.Versions, nil))) + " | " + m.md(report.Same(n.Compiler)) + " | " + m.md(report.Same(n.OS)) + " | " + m.md(report.Same(n.Target)) + " |  | ")
		m.stackChange(b, r)
		b.WriteString(" |")
	}
	for _, l := range []struct {
		kind  string
		specs []diff.Spec
	}{{"added", p.Specs.Added}, {"removed", p.Specs.Removed}} {
		for i := range l.specs {
			s := &l.specs[i]
			b.WriteString("\n| " + l.kind + " | `" + m.abbrev.Short(s.Hash) + "` | " + m.md(report.Same(report.JoinVersions(s.Versions, nil))) + " | " + m.md(report.Same(s.Compiler)) + " | " + m.md(report.Same(s.OS)) + " | " + m.md(report.Same(s.Target)) + " | " + m.variants(s.Variants, shared) + " | " + m.stackList(s.Stacks) + " |")
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
		b.WriteString(m.md(report.None(report.FacetWords(p.Facet, p.From))) + " → " + m.md(report.None(report.FacetWords(p.Facet, p.To))))
	} else {
		b.WriteString(m.change(report.JoinVersions(o.Versions, n.Versions), report.JoinVersions(n.Versions, o.Versions)))
	}
	b.WriteString(" | " + m.change(o.Compiler, n.Compiler) + " | " + m.change(o.OS, n.OS))
	if o.Platform != n.Platform {
		b.WriteString(" (platform " + m.md(report.None(o.Platform)) + " → " + m.md(report.None(n.Platform)) + ")")
	}
	b.WriteString(" | " + m.change(o.Target, n.Target) + " | ")
	if p.Facet == "variants" {
		b.WriteString(m.md(report.None(report.FacetWords(p.Facet, p.From))) + " → " + m.md(report.None(report.FacetWords(p.Facet, p.To))))
	} else if gone, came := listops.Minus(o.Variants, n.Variants, nil), listops.Minus(n.Variants, o.Variants, nil); len(gone)+len(came) > 0 {
		b.WriteString(m.md(report.None(report.JoinWords(gone, " "))) + " → " + m.md(report.None(report.JoinWords(came, " "))))
	}
	b.WriteString(" | ")
	m.stackChange(b, p)
	b.WriteString(" |")
}

// cellStacks is how many stack names a spec's cell lists of each kind
// (its stacks, or those it kept, joined and left), the rest counted. A
// lockfile's stacks are its roots: a dependency that every one of 600
// roots needs would otherwise list all 600 in each of its rows, and the
// report would grow with roots × specs.
const cellStacks = 10

// stackList writes a spec's stacks but root, as every view writes a
// list of them (report.JoinList).
func (m *mdBuilder) stackList(stacks []string) string {
	l := without(stacks, "root")
	if len(l) <= cellStacks {
		return m.md(report.JoinList(l))
	}
	return m.md(report.JoinList(l[:cellStacks])) + " and " + strconv.Itoa(len(l)-cellStacks) + " more"
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
// joined (+) and left (−) marked; of each kind the first cellStacks, and
// how many more. They are one list (report.ListQuoted): a stack kept
// named "+a" is quoted, not read as the stack a joined.
func (m *mdBuilder) stackChange(b *strings.Builder, p *diff.Pair) {
	if len(p.StacksJoined)+len(p.StacksLeft) == 0 {
		b.WriteString(m.stackList(p.New.Stacks))
		return
	}
	// The cell is kept by its three lists' identities: the pairs of one
	// old list and one new share them (the loader's lists, and the
	// engine's joined and left), and the stacks kept, worked out here,
	// read the whole new list: K packages restacked from one root to M
	// read the M roots K times.
	k := [3]memo.Key{memo.List(p.New.Stacks), memo.List(p.StacksJoined), memo.List(p.StacksLeft)}
	if c, ok := m.changeCells[k]; ok {
		b.WriteString(c)
		return
	}
	if stackCellReads != nil {
		stackCellReads(len(p.New.Stacks))
	}
	start := b.Len()
	defer func() {
		if m.changeCells == nil {
			m.changeCells = make(map[[3]memo.Key]string)
		}
		m.changeCells[k] = strings.Clone(b.String()[start:])
	}()
	kept := without(listops.Minus(p.New.Stacks, p.StacksJoined, nil), "root")
	shown := func(l []string) []string { return l[:min(len(l), cellStacks)] }
	quoted := report.ListQuoted(shown(kept), shown(p.StacksJoined), shown(p.StacksLeft))
	sep := ""
	list := func(l []string, mark, more string) {
		for _, s := range shown(l) {
			b.WriteString(sep + mark + m.md(report.ListItem(s, quoted)))
			sep = ", "
		}
		if len(l) > cellStacks {
			b.WriteString(" and " + strconv.Itoa(len(l)-cellStacks) + more)
		}
	}
	list(kept, "", " more")
	list(p.StacksJoined, "+", " more joined")
	list(p.StacksLeft, "−", " more left")
}

// stackCellReads, when set (by tests), is called with the length of each
// new list of stacks that stackChange reads: a list that many pairs
// share is read once, not once a pair.
var stackCellReads func(n int)

// rebuiltOnly is the compact list of the packages that changed by plain
// rebuilds alone: one row each, how many and in which stacks. With
// --rows rebuilt they have their <details> blocks instead.
func (m *mdBuilder) rebuiltOnly() *view.Section {
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
		rows = append(rows, "\n| "+report.MDPackage(m.link, p.Name)+" | "+strconv.Itoa(p.Counts.Rebuilt)+" | "+m.rebuiltStacks(p, true)+" |")
	}
	if rows == nil {
		return nil
	}
	return &view.Section{Name: "rebuilt", Rank: rankRebuilt, Noun: "rebuilt-only package", Rows: rows, LeastRows: 1,
		Heading: "\n\n### Rebuilt only (" + report.Plural(len(rows), "package") + ", " + report.Plural(specs, "spec") + ")\n\nNothing changed in these packages but rebuilds: new hashes, the same facets and stacks. `--rows rebuilt` lists every spec.\n\n| package | rebuilt | stacks |\n|---|--:|---|"}
}
