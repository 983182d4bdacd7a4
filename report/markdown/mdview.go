package markdown

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/memo"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/view"
	"github.com/cachediff/cachediff/snapshot"
)

// Ranks of the Markdown report's sections: the lowest is cut first. New
// and removed packages are worth the most; the rebuilt-only list the
// least.
const (
	rankCausesUnknown = iota - 2 // causes unknown (catalogue pages): a line, dropped first
	rankRebuilt                  // negative: cut to view.CutRows rows before anything else
	rankPackages
	rankTargets
	rankPlatforms
	rankOSs
	rankCompilers
	rankStacks
	rankUpdates
	rankVersions
	rankWarnings
	rankCauses // why specs were rebuilt (causes.go)
	rankRemoved
	rankAdded
	rankRoots // a lockfile's roots added, removed, changed (causes.go)
)

// markdownView builds the Markdown report of doc as a view.View: every row
// rendered and escaped, nothing cut yet.
func markdownView(doc report.Document) *view.View {
	plain := report.PlainCounts(&doc)
	// The rebuilt-only list reads every rebuilt pair and shows no hash: it
	// is built on the other core while the hashes are abbreviated and the
	// rest is built (in a real week it was a third of this view's time).
	var rebuilt *view.Section
	done := make(chan struct{})
	go func() {
		defer close(done)
		rb := mdBuilder{doc: doc, link: doc.Render.LinkBase, plain: plain}
		rebuilt = rb.rebuiltOnly()
	}()
	m := mdBuilder{doc: doc, link: doc.Render.LinkBase, abbrev: report.Abbreviate(doc.Report), plain: plain}
	unknown := report.UnknownCauses(doc.Causes) // said once, at the end (tailNotes)
	v := &view.View{Head: m.head(), Tail: tailNotes(doc.Report, unknown), Kept: keptParts(doc)}
	v.NoticeFor = func(limit int) string {
		return "\n\n> **Shortened** to fit in " + strconv.Itoa(limit) + " bytes: some sections are summarised or left out. For the full report, run cachediff without `--max-bytes`, or save it with `--format json` and run `cachediff render report.json`."
	}
	v.Skipped = m.skipped()
	defer m.fitNews(v, doc.Render.MaxBytes)
	add := func(s *view.Section) {
		if s != nil {
			v.Sections = append(v.Sections, s)
		}
	}
	add(m.roots())
	if !unknown {
		add(m.causes())
	}
	add(m.updates())
	add(m.packageTable("added", rankAdded, "New packages", "new package", diff.Added))
	add(m.packageTable("removed", rankRemoved, "Removed packages", "removed package", diff.Removed))
	add(m.versions())
	r := doc.Report
	add(m.rollup("compilers", rankCompilers, "Compilers", r.Facets.Compiler))
	add(m.rollup("oss", rankOSs, "Operating systems", r.Facets.OS))
	add(m.rollup("platforms", rankPlatforms, "Platforms", r.Facets.Platform))
	add(m.rollup("targets", rankTargets, "Targets", r.Facets.Target))
	add(m.stacks())
	add(m.packages())
	<-done
	add(rebuilt)
	add(m.warnings())
	return v
}

// stepView is the view.View of a step of a log: no headline (the log heads
// its steps itself, logMarkdown.stepHead); its head is its highlights,
// which say its new and removed packages and its version changes, so
// that no table says them again; each of its sections is collapsed in a
// <details> block of its own (so that any cut of the log leaves whole
// blocks); the coverage of the five facets is one table; the
// rebuilt-only packages are counted without their stacks; and what is
// true of every step (canonicalization, catalogue pages keep no edges,
// what a package's block lists) is said once, at the log's end.
func stepView(doc report.Document, plain []int) *view.View {
	m := mdBuilder{doc: doc, link: doc.Render.LinkBase, abbrev: report.Abbreviate(doc.Report), plain: plain, step: true}
	v := &view.View{Head: m.head(), Tail: "\n", Kept: keptParts(doc)}
	v.Skipped = m.skipped()
	add := func(summary string, s *view.Section) {
		if s != nil {
			collapse(s, summary)
			v.Sections = append(v.Sections, s)
		}
	}
	add("Roots", m.roots())
	if !report.UnknownCauses(doc.Causes) {
		add("Why rebuilt", m.causes())
	}
	add("Updates", m.updates())
	add("Coverage", m.coverage())
	add("", m.specTable())
	add("", m.rebuiltCounts())
	add("Warnings", m.warnings())
	return v
}

// collapse puts s in a <details> block: its "### title" heading becomes
// the block's summary (summary when it has none).
func collapse(s *view.Section, summary string) {
	h := strings.TrimPrefix(s.Heading, "\n\n")
	if t, ok := strings.CutPrefix(h, "### "); ok {
		summary, h, _ = strings.Cut(t, "\n")
		summary = strings.TrimSpace(summary)
	}
	if h != "" {
		h = "\n" + h // the blank line after the summary
	}
	s.Heading = "\n\n<details><summary>" + summary + "</summary>" + h
	s.Footer += "\n\n</details>"
}

// specTable is a log step's one table of the specs that changed, but
// plain rebuilds, package by package: what a pair's report writes as a
// <details> block per package. A package's plain rebuilds in a package
// with other changes are a row that counts them; the variants are those
// not every spec of the package has (said once, at the log's end).
func (m *mdBuilder) specTable() *view.Section {
	all := m.doc.Render.RebuiltRows
	var rows []string
	var plainRows map[int]int // the row of a package's plain rebuilds: how many
	pkgs := 0
	b := &m.b
	for i := range m.doc.Packages {
		if !all && m.only(i) {
			continue
		}
		p := &m.doc.Packages[i]
		pkgs++
		name := "\n| " + report.MDPackage(m.link, p.Name) + " | "
		shared := p.SharedVariants
		for j := range p.Specs.Updated {
			u := &p.Specs.Updated[j]
			b.WriteString(name + "updated " + m.md(u.Facet) + " | ")
			m.pairCells(u)
			rows = append(rows, m.row())
		}
		for j := range p.Specs.Rebuilt {
			r := &p.Specs.Rebuilt[j]
			if !all && r.Plain() {
				continue
			}
			b.WriteString(name + "rebuilt | ")
			m.pairCells(r)
			rows = append(rows, m.row())
		}
		if n := m.plain[i]; !all && n > 0 {
			rows = append(rows, name+report.Plural(n, "plain rebuild")+" |  |  |  |  |  |  | "+m.rebuiltStacks(p, false)+" |")
			if plainRows == nil {
				plainRows = map[int]int{}
			}
			plainRows[len(rows)-1] = n
		}
		for j := range p.Specs.Restacked {
			r := &p.Specs.Restacked[j]
			n := r.New
			b.WriteString(name + "restacked | `" + m.abbrev.Short(n.Hash) + "` | " + m.md(report.Same(report.JoinVersions(n.Versions, nil))) + " | " + m.md(report.Same(n.Compiler)) + " | " + m.md(report.Same(n.OS)) + " | " + m.md(report.Same(n.Target)) + " |  | ")
			m.stackChange(b, r)
			b.WriteString(" |")
			rows = append(rows, m.row())
		}
		for _, l := range []struct {
			kind  string
			specs []diff.Spec
		}{{"added", p.Specs.Added}, {"removed", p.Specs.Removed}} {
			for j := range l.specs {
				sp := &l.specs[j]
				rows = append(rows, name+l.kind+" | `"+m.abbrev.Short(sp.Hash)+"` | "+m.md(report.Same(report.JoinVersions(sp.Versions, nil)))+" | "+m.md(report.Same(sp.Compiler))+" | "+m.md(report.Same(sp.OS))+" | "+m.md(report.Same(sp.Target))+" | "+m.variants(sp.Variants, shared)+" | "+m.stackList(sp.Stacks)+" |")
			}
		}
	}
	if rows == nil {
		return nil
	}
	// The "…and N more specs" line counts the specs of the rows it
	// leaves out, not the rows: 9 rows were 11 specs where one of them
	// counts a package's 3 plain rebuilds.
	var counts []int
	if plainRows != nil {
		counts = make([]int, len(rows))
		for i := range counts {
			counts[i] = 1
		}
		for i, n := range plainRows {
			counts[i] = n
		}
	}
	return &view.Section{Name: "packages", Rank: rankPackages, Noun: "spec", Rows: rows, Counts: counts,
		Heading: "\n\n### Specs of " + report.Plural(pkgs, "package") + "\n\n| package | change | hash | version | compiler | os | target | variants | stacks |\n|---|---|---|---|---|---|---|---|---|"}
}

// coverage is a log step's one table of the facet values and stacks
// whose counts changed.
func (m *mdBuilder) coverage() *view.Section {
	r := m.doc.Report
	var rows []string
	for _, f := range []struct {
		name string
		ru   diff.Rollup
	}{{"compiler", r.Facets.Compiler}, {"os", r.Facets.OS}, {"platform", r.Facets.Platform}, {"target", r.Facets.Target}} {
		for _, c := range f.ru.Counts {
			if c.Old != c.New {
				rows = append(rows, "\n| "+f.name+" | "+report.EscapeMD(c.Value)+" | "+strconv.Itoa(c.Old)+" → "+strconv.Itoa(c.New)+" | "+signedInt(c.Delta())+newGone(c.Old, c.New)+" |")
			}
		}
	}
	for _, st := range r.Stacks {
		if st.Specs.Old != st.Specs.New && st.Name != "root" { // root holds every spec: the counts say it
			rows = append(rows, "\n| stack | "+report.EscapeMD(st.Name)+" | "+strconv.Itoa(st.Specs.Old)+" → "+strconv.Itoa(st.Specs.New)+" | "+signedInt(st.Specs.Delta())+stackNewGone(r, st.Name, st.Specs.Old, st.Specs.New)+" |")
		}
	}
	if rows == nil {
		return nil
	}
	return &view.Section{Name: "coverage", Rank: rankStacks, Noun: "changed value", Rows: rows, LeastRows: 1,
		Heading: "\n\n### Coverage (" + strconv.Itoa(len(rows)) + ")\n\n| facet | value | specs | change |\n|---|---|--:|--:|"}
}

// mdPackageItem is report.MDPackage of a package's name as an item of
// a list (report.ListItem): its text quoted when quoted, its link to the
// package's page by the name itself.
func mdPackageItem(base, name string, quoted bool) string {
	if !quoted {
		return report.MDPackage(base, name)
	}
	text := report.EscapeMD(report.ListItem(name, true))
	if base == "" {
		return text
	}
	return "[" + text + "](" + report.PackageURL(base, name) + ")"
}

// rebuiltCounts is a log step's list of the packages that changed by
// plain rebuilds alone, how many each (the stacks are in the report of
// the step's pair).
func (m *mdBuilder) rebuiltCounts() *view.Section {
	if m.doc.Render.RebuiltRows {
		return nil
	}
	// The names quoted as a sentence's are (NamesQuoted), each followed
	// by its count: the packages "a 3, b" of 1 spec and c of 3 read "a 3,
	// b 1, c 3", as a of 3 and "b 1, c" of 3.
	var names []string
	for i := range m.doc.Packages {
		if m.only(i) {
			names = append(names, m.doc.Packages[i].Name)
		}
	}
	q := report.NamesQuoted(names)
	var rows []string
	specs := 0
	for i := range m.doc.Packages {
		p := &m.doc.Packages[i]
		if !m.only(i) {
			continue
		}
		specs += p.Counts.Rebuilt
		sep := ", "
		if rows == nil {
			sep = "\n\n"
		}
		rows = append(rows, sep+mdPackageItem(m.link, p.Name, q)+" "+strconv.Itoa(p.Counts.Rebuilt))
	}
	if rows == nil {
		return nil
	}
	return &view.Section{Name: "rebuilt", Rank: rankRebuilt, Noun: "rebuilt-only package", Rows: rows, LeastRows: 1,
		Heading: "\n\n### Rebuilt only: " + report.Plural(len(rows), "package") + ", " + report.Plural(specs, "spec")}
}

// mdBuilder renders the parts of a Markdown view.View.
type mdBuilder struct {
	doc         report.Document
	link        string
	abbrev      report.Abbrev   // the report's short hashes
	plain       []int           // per package, its plainRebuilds
	step        bool            // a step of a log (stepView): no headline, and only the log's news
	b           strings.Builder // scratch for rows
	esc         map[string]string
	stackCells  map[report.StacksKey]string // rebuiltStacks, by the lists read
	changeCells map[[3]memo.Key]string      // stackChange, by the lists read
	// The pair's head around its highlights (head): what comes before
	// the list and after it, and the list's lines, kept so that a limit
	// too small for the whole list can keep its first lines (fitNews).
	headPre, headPost string
	newsLines         []string
}

// md is Escape, remembered: the cells of spec rows repeat the same few
// compilers, OSs, targets, versions, variants and stacks thousands of
// times. A cell of more than maxCachedCell bytes is escaped each time,
// not remembered: the rows copy what they write, so a remembered cell
// is a second copy held to the end, and cells of hundreds of distinct
// variants each (an update of a spec's variants) held the report's
// longest text twice.
func (m *mdBuilder) md(s string) string {
	if v, ok := m.esc[s]; ok {
		return v
	}
	v := report.EscapeMD(s)
	if len(s) > maxCachedCell {
		return v
	}
	if m.esc == nil {
		m.esc = make(map[string]string)
	}
	if len(m.esc) < 1<<16 {
		m.esc[s] = v
	}
	return v
}

// variants is the cell of a spec's variants a but the shared ones, or
// the line of the shared ones (with shared nil): the list joined
// (listops.MinusJoin), its items quoted for the view (report.Words) and
// escaped (md). A list whose items and spaces between them are more
// than maxCachedCell bytes, never remembered, is made visible and cut
// without the whole cell joined (report.EscapeMDWords): one spec of 4M
// variants each holding a tab (48 MB of JSON) rendered at 5.8x its
// input, the cell joined, quoted again and made visible only to be cut
// to 2,000 characters, and 1,000 variants of 16,000 U+200B each (48 MB)
// at 6.1x while the list's items, not its bytes, were counted.
func (m *mdBuilder) variants(a, shared []string) string {
	if listBytesOver(a, maxCachedCell) {
		return report.EscapeMDWords(a, shared)
	}
	return m.md(report.MinusJoinWords(a, shared, " "))
}

// listBytesOver reports whether l's strings joined by single spaces are
// more than limit bytes, reading no more of l than it takes to tell.
func listBytesOver(l []string, limit int) bool {
	n := -1
	for _, s := range l {
		if n += 1 + len(s); n > limit {
			return true
		}
	}
	return false
}

// maxCachedCell is the longest text whose escape md remembers: 65,536
// cells of it are at most 64 MB.
const maxCachedCell = 1 << 10

// rebuiltStacks is the cell of p's plain rebuilds' stacks (all: every
// rebuilt pair of p is plain), report.RebuiltStacks as every view
// writes a list of stacks (report.JoinList),
// remembered by the lists of stacks it reads (report.RebuiltStacksKey):
// the packages of a lockfile's chain under M roots hold one list of M.
func (m *mdBuilder) rebuiltStacks(p *diff.Package, all bool) string {
	k, ok := report.RebuiltStacksKey(p, all)
	if v, seen := m.stackCells[k]; ok && seen {
		return v
	}
	v := m.md(report.JoinList(report.RebuiltStacks(p, all)))
	if ok {
		if m.stackCells == nil {
			m.stackCells = make(map[report.StacksKey]string)
		}
		m.stackCells[k] = v
	}
	return v
}

// change is the change function of templates (a facet cell: the new
// value, or old → new), remembered.
func (m *mdBuilder) change(before, after string) string {
	if before == after {
		return m.md(report.Same(after))
	}
	return m.md(report.None(before)) + " → " + m.md(report.None(after))
}

// row returns what was written to m.b and resets it.
func (m *mdBuilder) row() string {
	s := m.b.String()
	m.b.Reset()
	return s
}

func joinMD(l []string, sep string) string { return report.EscapeMD(strings.Join(l, sep)) }

// firstNames writes at most five names, and how many more, as every
// view writes a list of names (report.JoinList).
func firstNames(l []string) string { return firstNamesQuoted(l, report.ListQuoted(l)) }

// gateNames is firstNames in the gate's line, whose trips are joined by
// " · ", each naming its packages in parentheses: quoted where one
// could read as more than a name there (report.PartsQuoted).
func gateNames(l []string) string { return firstNamesQuoted(l, report.PartsQuoted(l)) }

// firstNamesQuoted is up to five of l joined by ", ", each quoted when
// q (report.JoinQuoted), then how many more.
func firstNamesQuoted(l []string, q bool) string {
	if len(l) <= 5 {
		return report.EscapeMD(report.JoinQuoted(l, q))
	}
	return report.EscapeMD(report.JoinQuoted(l[:5], q)) + " and " + strconv.Itoa(len(l)-5) + " more"
}

func signedInt(n int) string {
	s, _ := report.Signed(n)
	return s
}

func lastOf(l []string) string {
	if len(l) == 0 {
		return ""
	}
	return l[len(l)-1]
}

func (m *mdBuilder) head() string {
	r, o := m.doc.Report, m.doc.Render
	b := &m.b
	if m.step {
		// A step of a log: headed by the log (stepHead, with the series'
		// labels), its filters said once at the log's top and its gate in
		// its highlights and the table of steps.
		m.stepHead()
		return m.row()
	}
	if o.Marker != "" {
		b.WriteString(o.Marker + "\n")
	}
	b.WriteString("## ")
	switch {
	case o.Title != "":
		b.WriteString(report.EscapeMD(o.Title))
	default:
		a, z := report.SideNames(r.Old, r.New)
		b.WriteString("cachediff: " + report.EscapeMD(a) + " → " + report.EscapeMD(z))
	}
	b.WriteString("\n\n")
	if r.Options.Filtered() {
		m.filters(r.Options, o.MaxBytes)
		b.WriteString("\n\n")
	}
	if r.Gate != nil {
		m.gate(r.Gate)
		b.WriteString("\n\n")
	}
	s, p := r.Summary.Specs, r.Summary.Packages
	m.headline()
	m.headPre = m.row()
	m.newsLines = nil
	for _, h := range m.doc.Highlights {
		m.newsLines = append(m.newsLines, "\n- "+mdNews(h, m.link))
	}
	fmt.Fprintf(b, "\n\n|  | old | new | unchanged | changed | added | removed | rebuilt | updated | restacked |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n| packages | %d | %d | %d | %d | %d | %d |  |  | %s |\n| specs | %d | %d | %d |  | %d | %d | %d | %d | %d |",
		p.Old, p.New, p.Unchanged, p.Changed, p.Added, p.Removed, report.RestackedOnlyCell(r), s.Old, s.New, s.Unchanged, s.Added, s.Removed, s.Rebuilt, s.Updated, s.Restacked)
	if r.HasChanges() && !report.OnlyRebuilds(r) {
		m.rebuiltLine()
	}
	m.headPost = m.row()
	return m.headWith(len(m.newsLines))
}

// pairNewsHeading heads a pair's highlights.
const pairNewsHeading = "\n\n### Highlights\n"

// headWith is the pair's head with its first k highlights, and a line
// that counts the others.
func (m *mdBuilder) headWith(k int) string {
	var b strings.Builder
	b.WriteString(m.headPre)
	if len(m.newsLines) > 0 {
		b.WriteString(pairNewsHeading)
		for _, l := range m.newsLines[:k] {
			b.WriteString(l)
		}
		b.WriteString(moreNews(len(m.newsLines) - k))
	}
	b.WriteString(m.headPost)
	return b.String()
}

// headLen is len(m.headWith(k)), where listed is the bytes of its first
// k highlights' lines, without building it.
func (m *mdBuilder) headLen(k, listed int) int {
	n := len(m.headPre) + len(m.headPost)
	if len(m.newsLines) > 0 {
		n += len(pairNewsHeading) + listed + len(moreNews(len(m.newsLines)-k))
	}
	return n
}

// moreNews is the line that counts the n highlights a pair's head leaves
// out; "" when it lists them all.
func moreNews(n int) string {
	if n <= 0 {
		return ""
	}
	return "\n- …and " + report.Plural(n, "more highlight") + ": `--format json` lists them all (`highlights`)"
}

// fitNews keeps v under limit when even its head, tail and notice
// would not fit with every highlight: every detail is left out, and the
// list keeps its first highlights that fit (so that no highlight goes
// while a detail stays). It does nothing when the head fits. The heads
// it tries are measured (headLen), not built: building each, from the
// whole list down, was quadratic in the highlights (8,000 new packages
// under --github-comment took 47 s).
func (m *mdBuilder) fitNews(v *view.View, limit int) {
	if limit <= 0 || len(m.newsLines) == 0 {
		return
	}
	rest := len(v.Tail) + len(v.NoticeFor(limit))    // all but the head
	if s := v.Skipped; s != nil && len(s.Rows) > 0 { // Fit keeps its heading and its "…and N more" line
		more := "\n\n…and " + strconv.Itoa(len(s.Rows)) + " more " + s.Noun + "s."
		if len(s.Rows) == 1 {
			more = strings.TrimSuffix(more, "s.") + "."
		}
		rest += len(s.BareHeading()) + len(s.Footer) + len(more)
	}
	if len(v.Head)+rest <= limit {
		return
	}
	k, listed := len(m.newsLines)-1, 0
	for _, l := range m.newsLines[:k] {
		listed += len(l)
	}
	for k > 0 && m.headLen(k, listed)+rest > limit {
		k--
		listed -= len(m.newsLines[k])
	}
	v.Head = m.headWith(k)
	v.Sections = nil
	v.Omitted = true
}

// headline writes the report's headline: that nothing changed, that
// only rebuilds did (rebuildsHeadline), the roots of Spack's own files
// (rootsHeadline), or the counts of packages and specs.
func (m *mdBuilder) headline() {
	r, b := m.doc.Report, &m.b
	s, p := r.Summary.Specs, r.Summary.Packages
	if !r.HasChanges() {
		fmt.Fprintf(b, "**No changes**: %s and %s, all unchanged%s", report.Plural(p.New, "package"), report.Plural(s.New, "spec"), report.UnchangedBut(r))
		return
	}
	if report.OnlyRebuilds(r) {
		h := report.RebuildsHeadline(r)
		b.WriteString("**Only rebuilds**: " + report.EscapeMD(strings.TrimPrefix(h, "Only rebuilds: ")))
		return
	}
	if h, ok := report.RootsHeadlineShown(r); ok {
		b.WriteString("**" + report.EscapeMDText(h) + "**")
		return
	}
	fmt.Fprintf(b, "**%s changed** (%d new, %d removed, %d unchanged) · **specs %d → %d**: %d added, %d removed, %d rebuilt, %d updated, %d restacked, %d unchanged",
		report.Plural(p.Changed+p.Added+p.Removed, "package"), p.Added, p.Removed, p.Unchanged, s.Old, s.New, s.Added, s.Removed, s.Rebuilt, s.Updated, s.Restacked, s.Unchanged)
}

// newsNames is how many packages a highlight names before it counts the
// rest.
const newsNames = 5

// highlights writes the report's highlights as a list, one line an
// item (mdNews), after heading; nothing when there are none.
func (m *mdBuilder) highlights(heading string) {
	written := false
	for _, h := range m.doc.Highlights {
		if m.step && !logNews(h) {
			continue // the log's gate line says it once
		}
		if !written {
			m.b.WriteString(heading)
			written = true
		}
		m.b.WriteString("\n- " + mdNews(h, m.link))
	}
}

// stepNews counts a log step's highlights that its head lists.
func stepNews(r *diff.Report) int {
	n := 0
	for _, h := range r.Highlights {
		if logNews(h) {
			n++
		}
	}
	return n
}

// stepHead is the head of a log's step (its headline aside): its
// highlights, or what it is when it has none.
func (m *mdBuilder) stepHead() {
	r := m.doc.Report
	if stepNews(r) > 0 {
		m.highlights("\n")
		if report.OnlyRebuilds(r) {
			m.b.WriteString("\n\n" + report.EscapeMD(report.RebuildsHeadline(r)) + ".")
		}
		return
	}
	m.b.WriteString("\n\n")
	if r.HasChanges() && !report.OnlyRebuilds(r) {
		// Its counts are its row in the table of steps.
		if h, ok := report.RootsHeadlineShown(r); ok {
			m.b.WriteString("**No news**: " + report.EscapeMDText(h) + ".")
			return
		}
		p := r.Summary.Packages
		m.b.WriteString("**No news**: " + report.Plural(p.Changed+p.Added+p.Removed, "package") + " changed; the details follow.")
		return
	}
	m.headline()
	m.b.WriteString(".")
}

// mdNewsText is report.NewsText of h escaped for Markdown, its values'
// edge spaces shown and the sentence's own not (report.NewsShown).
func mdNewsText(h diff.Highlight) string { return report.EscapeMDText(report.NewsShown(h, newsNames)) }

// mdNews is report.NewsText of h escaped for Markdown, its packages linked
// with base link when set.
func mdNews(h diff.Highlight, link string) string {
	if link == "" || len(h.Packages) == 0 || strings.ContainsAny(h.Value, "\ue000\ue001") || report.NamesQuoted(h.Packages) {
		// Names quoted (report.NamesQuoted) are not linked: the marks
		// that stand for them would not be.
		return mdNewsText(h)
	}
	// The names go in as marks that escaping keeps, and come out linked.
	names := h.Packages
	marks := make([]string, len(names))
	for i, n := range names {
		if strings.ContainsAny(n, "\ue000\ue001") {
			return mdNewsText(h)
		}
		marks[i] = "\ue000" + strconv.Itoa(i) + "\ue001"
	}
	h.Packages = marks
	s := mdNewsText(h)
	var b strings.Builder
	for {
		i := strings.Index(s, "\ue000")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "\ue001")
		if j < 0 {
			break
		}
		k, err := strconv.Atoi(s[i+len("\ue000") : i+j])
		if err != nil || k < 0 || k >= len(names) {
			break
		}
		b.WriteString(s[:i] + report.MDPackage(link, names[k]))
		s = s[i+j+len("\ue001"):]
	}
	b.WriteString(s)
	return b.String()
}

// tailNotes is what is true of a whole report, said once at its end:
// the canonicalization counts, and that catalogue pages keep no
// dependency edges (so causes are unknown). Each note starts with its
// own blank line; the tail ends with a line break. It is built at once
// at about its length: a report of 1M canonicalization rules (16 MB of
// notes) made a string of each rule's note, joined them, and copied the
// note three times more (the sentence, the tail, the line break), and
// render peaked there, over 4x its JSON.
func tailNotes(r *diff.Report, unknown bool) string {
	const unknownNote = "\n\nCatalogue pages keep no dependency edges, so causes are unknown."
	var b strings.Builder
	b.Grow(len(unknownNote) + canonNoteLen(r.Options.Canonicalize, r.Canonicalized) + 1)
	if unknown {
		b.WriteString(unknownNote)
	}
	writeCanonNote(&b, r.Options.Canonicalize, r.Canonicalized)
	b.WriteString("\n")
	return b.String()
}

// canonNote says how strings were canonicalized ("" when canonicalized
// and no rule applied).
func canonNote(on bool, counts diff.ValueCounts) string {
	var b strings.Builder
	b.Grow(canonNoteLen(on, counts))
	writeCanonNote(&b, on, counts)
	return b.String()
}

const (
	canonOff  = "\n\nCanonicalization is off: strings are compared as written."
	canonHead = "\n\nCanonicalized strings (old → new): "
)

// writeCanonNote writes canonNote's note to b.
func writeCanonNote(b *strings.Builder, on bool, counts diff.ValueCounts) {
	if !on {
		b.WriteString(canonOff)
		return
	}
	sep := canonHead
	var n [20]byte
	for _, c := range counts {
		if c.Old != 0 || c.New != 0 {
			b.WriteString(sep)
			b.WriteString(report.EscapeMD(c.Value))
			b.WriteString(" ")
			b.Write(strconv.AppendInt(n[:0], int64(c.Old), 10))
			b.WriteString(" → ")
			b.Write(strconv.AppendInt(n[:0], int64(c.New), 10))
			sep = ", "
		}
	}
	if sep == ", " {
		b.WriteString(".")
	}
}

// canonNoteLen is the length of canonNote's note, its values as they are
// written (escaped, a value is a little longer; shortened, shorter).
func canonNoteLen(on bool, counts diff.ValueCounts) int {
	if !on {
		return len(canonOff)
	}
	l := 0
	var n [20]byte
	for _, c := range counts {
		if c.Old != 0 || c.New != 0 {
			l += len(", ") + len(c.Value) + len(" ") + len(strconv.AppendInt(n[:0], int64(c.Old), 10)) + len(" → ") + len(strconv.AppendInt(n[:0], int64(c.New), 10))
		}
	}
	if l == 0 {
		return 0
	}
	return l - len(", ") + len(canonHead) + len(".")
}

// rebuiltLine says, under the summary line, how much of the change is
// rebuilds alone: specs with a new hash and nothing else changed.
func (m *mdBuilder) rebuiltLine() {
	if m.doc.Summary.Specs.Rebuilt == 0 {
		return
	}
	r := report.ShareOfRebuilds(&m.doc, m.plain)
	pkgs := 0
	for i := range m.doc.Packages {
		if m.only(i) {
			pkgs++
		}
	}
	changed := m.doc.Summary.Packages.Changed
	fmt.Fprintf(&m.b, "\n\n**Rebuilt only: %s of %s (%s)**: a new hash, the same facets and stacks.",
		report.Plural(r.Plain, "spec"), report.Plural(r.Changes, "spec change"), report.Percent(r.Plain, r.Changes))
	if o := r.OtherRebuilds(&m.doc); o != "" {
		m.b.WriteString(" " + o + ".")
	}
	fmt.Fprintf(&m.b, " %s of %d changed had nothing but such rebuilds", report.Plural(pkgs, "package"), changed)
	if m.doc.Render.RebuiltRows {
		m.b.WriteString("; every rebuilt spec is listed (`--rows rebuilt`).")
	} else {
		m.b.WriteString("; such rebuilds are counted per package, not listed (`--rows rebuilt` lists them).")
	}
}

// filters writes the filters line. Under a byte limit (limit > 0) a
// line longer than a quarter of it names the first few values of each
// list and counts the rest: the line is never cut, so ten thousand
// --stack names would otherwise leave no report that fits, and no gate
// result.
func (m *mdBuilder) filters(o diff.Options, limit int) {
	line := filtersLine(o, false)
	if limit > 0 && len(line) > limit/4 {
		line = filtersLine(o, true)
	}
	m.b.WriteString(line)
}

// filtersLine is the filters line of o, each list whole or (short) its
// first names and a count of the rest.
func filtersLine(o diff.Options, short bool) string {
	var b strings.Builder
	list := func(l []string) {
		if short && len(l) > 5 {
			b.WriteString(report.FilterList(l[:5], report.EscapeMD) + " and " + strconv.Itoa(len(l)-5) + " more")
			return
		}
		b.WriteString(report.FilterList(l, report.EscapeMD))
	}
	b.WriteString("🔎 **Filters**:")
	if len(o.Packages) > 0 {
		b.WriteString(" packages ")
		list(o.Packages)
	}
	if len(o.Stacks) > 0 {
		if len(o.Packages) > 0 {
			b.WriteString(" ·")
		}
		b.WriteString(" specs in stack")
		if len(o.Stacks) > 1 {
			b.WriteString("s")
		}
		b.WriteString(" ")
		list(o.Stacks)
	}
	if len(o.Ignore) > 0 {
		if len(o.Packages)+len(o.Stacks) > 0 {
			b.WriteString(" ·")
		}
		b.WriteString(" pairing ignores " + report.FilterList(o.Ignore, report.EscapeMD))
	}
	b.WriteString(".")
	if len(o.Packages)+len(o.Stacks) > 0 {
		b.WriteString(" Counts are of what the filters keep; canonicalization counts and warnings cover the whole snapshots.")
	}
	return b.String()
}

func (m *mdBuilder) gate(g *diff.Gate) {
	b := &m.b
	if g.Passed() {
		b.WriteString("✅ **Gate passed**: no change of the kinds it fails on (" + joinMD(g.FailOn, ", ") + ")")
		return
	}
	untripped := slices.Clone(g.FailOn)
	for _, t := range g.Tripped {
		untripped = slices.DeleteFunc(untripped, func(k string) bool { return k == t.Kind })
	}
	b.WriteString("❌ **Gate tripped**: ")
	for i, t := range g.Tripped {
		if i > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(trippedText(t))
	}
	if len(untripped) > 0 {
		b.WriteString(" · clear: " + joinMD(untripped, ", "))
	}
}

// trippedText writes a kind the gate tripped on: "removed-spec (3 specs
// in 2 packages: gcc-runtime, llvm)".
func trippedText(t diff.Trip) string {
	unit := t.Unit
	if unit == "os" {
		unit = "operating system"
	}
	s := report.EscapeMD(t.Kind) + " (" + report.EscapeMD(report.Plural(t.Count, unit))
	switch {
	case len(t.Values) > 0:
		s += ": " + gateNames(t.Values)
	case t.Unit != "package":
		s += " in " + report.Plural(len(t.Packages), "package") + ": " + gateNames(t.Packages)
	default:
		s += ": " + gateNames(t.Packages)
	}
	return s + ")"
}

// keptParts names what the smallest shortened report of doc holds, for
// report.TooSmallError.
func keptParts(doc report.Document) []string {
	var kept []string
	if doc.Render.Marker != "" {
		kept = append(kept, "the marker line")
	}
	kept = append(kept, "the headline")
	if doc.Options.Filtered() {
		kept = append(kept, "the filters line")
	}
	if doc.Gate != nil {
		kept = append(kept, "the gate line")
	}
	if len(doc.Highlights) > 0 {
		kept = append(kept, "the highlights")
	}
	kept = append(kept, "the summary table")
	canon := !doc.Options.Canonicalize
	for _, v := range doc.Canonicalized {
		canon = canon || v.Old+v.New > 0
	}
	if report.UnknownCauses(doc.Causes) {
		kept = append(kept, "the note on causes")
	}
	if canon {
		kept = append(kept, "the canonicalization line")
	}
	if n := len(doc.Old.Skipped) + len(doc.New.Skipped); n > 0 {
		kept = append(kept, fmt.Sprintf("the heading and count of the %d skipped %ss", n, snapshot.SkippedNoun(doc.Old.Skipped, doc.New.Skipped)))
	}
	return append(kept, "the shortening notice")
}

func (m *mdBuilder) skipped() *view.Section {
	r := m.doc.Report
	n := len(r.Old.Skipped) + len(r.New.Skipped)
	if n == 0 {
		return nil
	}
	noun := snapshot.SkippedNoun(r.Old.Skipped, r.New.Skipped)
	s := &view.Section{Name: "skipped", Noun: noun,
		Heading: "\n\n### Skipped " + noun + "s (" + strconv.Itoa(n) + ")\n\nThese " + noun + "s are invalid and were left out (`--skip-invalid`): none of their specs is counted in this report, and a package whose " + noun + " was skipped shows as added or removed.\n\n| snapshot | file | line:column | problem |\n|---|---|--:|---|"}
	s.Rows = make([]string, 0, n)
	for _, side := range []struct {
		name string
		l    []snapshot.Skipped
	}{{"old", r.Old.Skipped}, {"new", r.New.Skipped}} {
		for _, p := range side.l {
			// Quoted in ASCII where it holds a lookalike, as the other views
			// name it (report.FileCell, FileItem's rule for a cell):
			// new/аb.spec.json, its а Cyrillic, read as
			// new/ab.spec.json; one that begins with a quote is quoted
			// too, to read as no file quoted, and one with an edge space,
			// whose cell wrote it \x20, as the other views quote it.
			m.b.WriteString("\n| " + side.name + " | " + report.EscapeMD(report.FileCell(p.File)) + " | ")
			if p.Line != 0 {
				m.b.WriteString(strconv.Itoa(p.Line))
			}
			if p.Column != 0 {
				m.b.WriteString(":" + strconv.Itoa(p.Column))
			}
			m.b.WriteString(" | " + report.EscapeMDMessage(p.Reason) + " |")
			s.Rows = append(s.Rows, m.row())
		}
	}
	return s
}

func (m *mdBuilder) updates() *view.Section {
	u := m.doc.Updates
	if len(u) == 0 {
		return nil
	}
	s := &view.Section{Name: "updates", Rank: rankUpdates, Noun: "change", Rows: make([]string, 0, len(u)),
		Heading: "\n\n### Updates\n\nSpecs rebuilt with exactly one facet changed, grouped by change.\n\n| facet | old | new | specs | packages |\n|---|---|---|--:|---|"}
	for _, g := range u {
		from, to := report.None(report.FacetWords(g.Facet, g.From)), report.None(report.FacetWords(g.Facet, g.To))
		s.Rows = append(s.Rows, "\n| "+report.EscapeMD(g.Facet)+" | "+report.EscapeMD(from)+" | "+report.EscapeMD(to)+" | "+strconv.Itoa(g.Specs)+" | "+firstNames(g.Packages)+" |")
	}
	return s
}

func (m *mdBuilder) packageTable(name string, rank int, title, noun string, status diff.Status) *view.Section {
	var rows []string
	for i := range m.doc.Packages {
		p := &m.doc.Packages[i]
		if p.Status != status {
			continue
		}
		versions, n := p.Versions.New, p.Counts.New
		if status == diff.Removed {
			versions, n = p.Versions.Old, p.Counts.Old
		}
		rows = append(rows, "\n| "+report.MDPackage(m.link, p.Name)+" | "+report.EscapeMD(report.JoinVersions(versions, nil))+" | "+strconv.Itoa(n)+" |")
	}
	if rows == nil {
		return nil
	}
	return &view.Section{Name: name, Rank: rank, Noun: noun, Rows: rows, LeastRows: 1,
		Heading: "\n\n### " + title + " (" + strconv.Itoa(len(rows)) + ")\n\n| package | versions | specs |\n|---|---|--:|"}
}

func direction(d string) string {
	switch d {
	case diff.Upgraded:
		return "⬆️ upgraded"
	case diff.Downgraded:
		return "⬇️ downgraded"
	}
	return report.EscapeMD(d)
}

func (m *mdBuilder) versions() *view.Section {
	var rows []string
	for i := range m.doc.Packages {
		p := &m.doc.Packages[i]
		if p.Status != diff.Changed || !p.Versions.Changed() {
			continue
		}
		v := p.Versions
		before, after := lastOf(v.Old), lastOf(v.New)
		m.b.WriteString("\n| " + report.MDPackage(m.link, p.Name) + " | " + report.EscapeMD(report.None(before)))
		if before != after {
			m.b.WriteString(" → " + report.EscapeMD(report.None(after)))
		}
		m.b.WriteString(" | " + report.EscapeMD(report.JoinVersions(v.Added, nil)) + " | " + report.EscapeMD(report.JoinVersions(v.Removed, nil)) + " | " + direction(v.Direction) + " |")
		rows = append(rows, m.row())
	}
	if rows == nil {
		return nil
	}
	return &view.Section{Name: "versions", Rank: rankVersions, Noun: "version change", Rows: rows, LeastRows: 1,
		Heading: "\n\n### Version changes (" + strconv.Itoa(len(rows)) + ")\n\n| package | newest | added | removed | change |\n|---|---|---|---|---|"}
}

// newGone writes " (new)" or " (gone)" after a count that appeared or
// disappeared.
func newGone(before, after int) string {
	switch {
	case before == 0:
		return " (new)"
	case after == 0:
		return " (gone)"
	}
	return ""
}

// stackNewGone is newGone for stack st, but nothing under --stack for a
// stack not selected: the view sees it only where it overlaps the
// selected stacks, so it looks gone when that overlap went, not the
// stack (diff.SelectedStack; the news and the lost-stack gate agree).
func stackNewGone(r *diff.Report, st string, before, after int) string {
	if !diff.SelectedStack(r, st) {
		return ""
	}
	return newGone(before, after)
}

func (m *mdBuilder) rollup(name string, rank int, title string, r diff.Rollup) *view.Section {
	var rows []string
	for _, c := range r.Counts {
		if c.Old != c.New {
			rows = append(rows, "\n| "+report.EscapeMD(report.None(c.Value))+" | "+strconv.Itoa(c.Old)+" | "+strconv.Itoa(c.New)+" | "+signedInt(c.Delta())+newGone(c.Old, c.New)+" |")
		}
	}
	if rows == nil {
		return nil
	}
	s := &view.Section{Name: name, Rank: rank, Noun: "changed value", Rows: rows,
		Heading: "\n\n### " + title + "\n\n| value | old | new | change |\n|---|--:|--:|--:|"}
	if k := len(r.Counts) - len(rows); k > 0 {
		s.Footer = "\n\n" + report.Plural(k, "other value") + " unchanged."
	}
	return s
}

func (m *mdBuilder) stacks() *view.Section {
	var rows []string
	all := m.doc.Stacks
	for _, st := range all {
		if st.Specs.Old == st.Specs.New && st.Packages.Old == st.Packages.New {
			continue
		}
		rows = append(rows, fmt.Sprintf("\n| %s | %d | %d | %s%s | %d | %d |", report.EscapeMD(st.Name), st.Specs.Old, st.Specs.New,
			signedInt(st.Specs.Delta()), stackNewGone(m.doc.Report, st.Name, st.Specs.Old, st.Specs.New), st.Packages.Old, st.Packages.New))
	}
	if rows == nil {
		return nil
	}
	s := &view.Section{Name: "stacks", Rank: rankStacks, Noun: "stack", Rows: rows,
		Heading: "\n\n### Stacks\n\n| stack | specs old | specs new | change | packages old | packages new |\n|---|--:|--:|--:|--:|--:|"}
	if k := len(all) - len(rows); k > 0 {
		s.Footer = "\n\n" + report.Plural(k, "other stack") + " unchanged."
	}
	return s
}

func (m *mdBuilder) warnings() *view.Section {
	w := m.doc.Warnings
	if len(w) == 0 {
		return nil
	}
	// LeastRows: cut to no row, the heading would stand over nothing but
	// "…and 3000 more warnings.", which its own count already says.
	s := &view.Section{Name: "warnings", Rank: rankWarnings, Noun: "warning", Rows: make([]string, 0, len(w)), LeastRows: 1,
		Heading: "\n\n### Warnings (" + strconv.Itoa(len(w)) + ")\n"}
	for _, x := range w {
		m.b.WriteString("\n- " + report.EscapeMD(report.FileItem(x.File)))
		if x.Line != 0 {
			m.b.WriteString(":" + strconv.Itoa(x.Line))
		}
		m.b.WriteString(": " + report.EscapeMDMessage(x.Message))
		s.Rows = append(s.Rows, m.row())
	}
	return s
}
