// Package html is the html output format: one self-contained page
// of a report or of a log, with SVG charts drawn here
// (htmlchart.go) and templates/html.tmpl laying them out. Format is its
// entry in report/builtin.
package html

import (
	"bufio"
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"sync"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/templates"
)

// The page (--format html, issue 32): one self-contained HTML file of a
// pair or of a log, made to be looked at. Its content, in order: the
// title and the highlights (NewsText, the same words as every format),
// the counts, the charts (inline SVG drawn here: htmlchart.go), then the
// details, one collapsed <details> per package with every row the JSON
// has, rebuilt rows included, up to a bound (HTMLMaxRows, HTMLMaxPackages;
// beyond it rows and packages are counted, not listed, and JSON keeps
// them).
//
// Everything is rendered by html/template (templates/html.tmpl), whose
// contexts escape every value: no string of the data reaches markup, an
// attribute, a style or a script unescaped. The page's style and script
// (templates/html_style.tmpl, html_script.tmpl, read as they are) are
// inline and named by their hashes in the page's Content-Security-Policy,
// which forbids everything else: no request leaves the page. The script
// is an enhancement only (a filter by package name, opening every
// <details> to print): without it the page says the same.

const (
	// HTMLMaxRows is the most spec rows the details of a pair's page
	// list; rows past it are counted per package.
	HTMLMaxRows = 2000
	// HTMLMaxPackages is the most packages with a <details> block on a
	// pair's page; the rest are counted.
	HTMLMaxPackages = 1000
	// HTMLMaxStepRows and HTMLMaxStepPackages are the same bounds for
	// each step of a log's page.
	HTMLMaxStepRows     = 200
	HTMLMaxStepPackages = 100
	// HTMLNewsNames is how many packages a highlight on the page names
	// (NewsText's maxNames).
	HTMLNewsNames = 10
	// HTMLNewsPerKind is how many highlights of each kind a list of
	// them names (a week of many version bumps has hundreds); a line
	// counts the rest, which the details and JSON keep.
	HTMLNewsPerKind = 50
	// htmlMaxWarnings is how many warnings a page lists.
	htmlMaxWarnings = 100
	// htmlMaxCauses is how many roots, and how many root causes, the
	// Why rebuilt block of a pair or step lists; the rest are counted.
	htmlMaxCauses = 100
	// htmlRootCauses is how many root causes a changed root's row
	// names, the rest counted (as Markdown's): a root over K changed
	// leaves through a chain of N specs resolved K paths of N names.
	htmlRootCauses = 10
)

// htmlAssets are the page's template, style and script, and the
// Content-Security-Policy that allows those two and nothing else.
type htmlAssets struct {
	t   *template.Template
	css template.CSS
	js  template.JS
	csp string
}

var htmlBuiltin = sync.OnceValues(func() (*htmlAssets, error) {
	t, err := template.New("html.tmpl").ParseFS(templates.FS, "html.tmpl")
	if err != nil {
		return nil, err
	}
	css, err := fs.ReadFile(templates.FS, "html_style.tmpl")
	if err != nil {
		return nil, err
	}
	js, err := fs.ReadFile(templates.FS, "html_script.tmpl")
	if err != nil {
		return nil, err
	}
	hash := func(b []byte) string {
		s := sha256.Sum256(b)
		return "'sha256-" + base64.StdEncoding.EncodeToString(s[:]) + "'"
	}
	csp := "default-src 'none'; style-src " + hash(css) + "; script-src " + hash(js) +
		"; img-src 'none'; font-src 'none'; connect-src 'none'; media-src 'none'; object-src 'none'; frame-src 'none'; worker-src 'none'; manifest-src 'none'; base-uri 'none'; form-action 'none'"
	return &htmlAssets{t: t, css: template.CSS(css), js: template.JS(js), csp: csp}, nil
})

// PageText is how the page writes a value of the data (a name, a
// version, a label, a highlight's words): control and invisible
// characters as Go escapes (VisibleInput: "g\u200bcc" does not pass for gcc,
// and U+202E cannot turn the text around), then a word over 200
// characters or a text over 2,000 shortened with "…", as Markdown
// shortens them; JSON keeps every value whole. html/template escapes the
// result.
func PageText(s string) string { return report.Shorten(report.VisibleSpaces(s)) }

// shownText is how the page writes a sentence of values each made
// VisibleSpaces already (a cause's words, as report.NewsShown writes a
// highlight's): a message (report.VisibleMessage), shortened as PageText
// shortens. PageText of the whole showed the sentence's own spaces
// beside a value's: the cause "zlib " 1.0 → 2.0 and the cause zlib
// " 1.0" → 2.0 both read "zlib\x20\x201.0 → 2.0".
func shownText(s string) string { return report.Shorten(report.VisibleMessage(s)) }

// pageTexts is PageText of each of l, in a new list.
func pageTexts(l []string) []string {
	out := make([]string, len(l))
	for i, s := range l {
		out[i] = PageText(s)
	}
	return out
}

// htmlPage is what html.tmpl lays out: plain strings and numbers, which
// the template escapes in their contexts.
type htmlPage struct {
	CSP   string
	CSS   template.CSS
	JS    template.JS
	Title string
	Lead  string   // what is compared
	Notes []string // filters, canonicalization, skipped pages
	News  []htmlNews
	// NoNews is said when there is no highlight.
	NoNews string
	Counts htmlTable
	Charts []*htmlChart
	// Steps are the details: one for a pair (Title empty), a log's
	// newest first.
	Steps    []*htmlStep
	Warnings []string
	// MoreWarnings counts the warnings not listed.
	MoreWarnings int
	Bounds       string // the size bound, said once
}

// htmlNews is one highlight: its step (a log's), its text, and the page
// of its package when it concerns one and --link-base is set.
type htmlNews struct {
	Step string
	Kind string
	Text string
	Href string
}

// htmlTable is a table of text cells; Head is its header row.
type htmlTable struct {
	Caption string
	Head    []string
	Rows    [][]string
}

// htmlStep is the details of a pair, or of one step of a log.
type htmlStep struct {
	ID       string // the step's anchor ("" for a pair)
	Title    string
	Summary  string
	News     []htmlNews
	Packages []htmlPkg
	// MorePackages counts the packages with changes beyond the bound.
	MorePackages int
	// Why is why specs were rebuilt (nil when none was); Unknown says
	// instead, in one line, that catalogue pages keep no causes.
	Why     *htmlWhy
	Unknown string
	// Notes are a log's step's skipped pages and warnings (a pair's page
	// has them in its notes and its Warnings section).
	Notes []string

	// written holds a log's step as it was rendered when it came
	// (logHTML.Step): its summary line is piece at of written, what
	// follows its highlights piece at+1; nil for a step rendered with the
	// page (a pair's), whose fields above say it all.
	written *spill.Spill
	at      int
}

// Written reports whether the step was rendered as it came (written):
// the page writes it back (WrittenSummary, WrittenRest).
func (s *htmlStep) Written() bool { return s.written != nil }

// WrittenSummary is the step's summary line as html.tmpl's
// "html-step-summary" rendered it when the step came: escaped then, and
// so written as it is.
func (s *htmlStep) WrittenSummary() (template.HTML, error) { return s.piece(s.at) }

// WrittenRest is what follows the step's highlights, as html.tmpl's
// "html-step-rest" rendered it when the step came.
func (s *htmlStep) WrittenRest() (template.HTML, error) { return s.piece(s.at + 1) }

func (s *htmlStep) piece(i int) (template.HTML, error) {
	var b strings.Builder
	b.Grow(s.written.Piece(i).Len())
	if _, err := s.written.Piece(i).WriteTo(&b); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}

// htmlWhy is the Why rebuilt block of a report of Spack's own files: the
// lockfiles' roots, the changes several packages share, the root causes
// grouped, each table up to htmlMaxCauses rows with the rest counted.
type htmlWhy struct {
	Summary string
	Roots   htmlTable
	Shared  htmlTable
	Groups  htmlTable
	// More says what the tables leave out.
	More []string
	Note string
}

// htmlPkg is one package's <details>.
type htmlPkg struct {
	Name    string
	Href    string
	Status  string
	Summary string
	Shared  string // the variants every spec has
	Rows    []htmlRow
	// Unlisted counts the rows past the bound.
	Unlisted int
}

// htmlRow is one spec row: its change and its cells (hash, version,
// compiler, os, target, platform, variants, stacks). Each is made
// PageText where the row is added, but the variants cell
// (variantsCell), made so already: a spec's variants but the shared
// ones made visible and cut without the whole list joined
// (report.ShownWords), which for one spec of 4M variants each holding
// a tab (48 MB of JSON) rendered the page at 6.0x its input.
type htmlRow struct {
	Kind  string
	Cells [8]string
}

// variantsCell is the index of htmlRow's variants cell.
const variantsCell = 6

// HTML writes r as a self-contained page.
func HTML(w io.Writer, r *diff.Report, o report.Options) error {
	a, err := htmlBuiltin()
	if err != nil {
		return fmt.Errorf("built-in HTML template: %w", err)
	}
	p := newHTMLPage(a)
	p.Title = PageText(cmp.Or(o.Title, pairTitle(r)))
	p.Lead = PageText(pairLead(r))
	p.Notes = reportNotes(r)
	p.News = boundNews(r.Highlights, func(h diff.Highlight) htmlNews { return newsItem(h, "", o.LinkBase) })
	if len(p.News) == 0 {
		p.NoNews = "Nothing to highlight: no package came, went or changed version, and no stack, platform, OS, target or compiler came, went or moved."
		if !r.HasChanges() {
			p.NoNews = "No changes" + report.UnchangedBut(r) + "."
		}
	}
	p.Counts = pairCounts(r)
	p.Charts = pairCharts(r)
	step := htmlDetails(r, o, HTMLMaxRows, HTMLMaxPackages)
	step.Summary = pairSummary(r)
	step.Why, step.Unknown = htmlCauses(r)
	p.Steps = []*htmlStep{step}
	p.Warnings, p.MoreWarnings = warningLines(r.Warnings)
	p.Bounds = fmt.Sprintf("The details list at most %d packages and %d spec rows; past that they are counted, not listed (--format json keeps every row).", HTMLMaxPackages, HTMLMaxRows)
	return writeHTML(w, a, p)
}

func newHTMLPage(a *htmlAssets) *htmlPage {
	return &htmlPage{CSP: a.csp, CSS: a.css, JS: a.js}
}

// writeHTML executes the template into w, buffered, and returns any
// error of the writer.
func writeHTML(w io.Writer, a *htmlAssets, p *htmlPage) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := a.t.Execute(bw, p); err != nil {
		return err
	}
	return bw.Flush()
}

// pairTitle is the page's default title, the Markdown headline's words.
func pairTitle(r *diff.Report) string {
	a, b := report.SideNames(r.Old, r.New)
	return "cachediff: " + a + " → " + b
}

// pairLead names the two snapshots by their paths, each with its counts
// in parentheses: a path holding a parenthesis is quoted, as a step's
// title quotes a label (report.StepLabel), and in ASCII where it holds
// a lookalike (report.LeadPath). As it was, the old "a (1
// spec of 1 package). New: b" beside the new c and the old a beside the
// new "b (1 spec of 1 package). New: c" both read "Old: a (1 spec of 1
// package). New: b (1 spec of 1 package). New: c (…)".
func pairLead(r *diff.Report) string {
	return "Old: " + report.LeadPath(r.Old.Path) + " (" + report.Plural(r.Old.Specs, "spec") + " of " + report.Plural(r.Old.Packages, "package") + "). New: " +
		report.LeadPath(r.New.Path) + " (" + report.Plural(r.New.Specs, "spec") + " of " + report.Plural(r.New.Packages, "package") + ")."
}

// pairSummary is the line of counts of a report.
func pairSummary(r *diff.Report) string {
	s, p := r.Summary.Specs, r.Summary.Packages
	if !r.HasChanges() {
		return fmt.Sprintf("No changes: %s and %s, all unchanged%s.", report.Plural(p.New, "package"), report.Plural(s.New, "spec"), report.UnchangedBut(r))
	}
	return fmt.Sprintf("%s changed (%d new, %d removed, %d unchanged); specs %d → %d: %d added, %d removed, %d rebuilt, %d updated, %d restacked, %d unchanged.",
		report.Plural(p.Changed+p.Added+p.Removed, "package"), p.Added, p.Removed, p.Unchanged, s.Old, s.New, s.Added, s.Removed, s.Rebuilt, s.Updated, s.Restacked, s.Unchanged)
}

// reportNotes are the lines on how the report was made, as the page
// writes them (PageText; a skipped page's reason, pageMessage).
func reportNotes(r *diff.Report) []string {
	out := reportFacts(r)
	for _, side := range []struct {
		name string
		l    []snapshotSkipped
	}{{"old", sideSkipped(r.Old)}, {"new", sideSkipped(r.New)}} {
		for _, s := range side.l {
			out = append(out, skippedLine(side.name, s))
		}
	}
	return out
}

// skippedLine is a skipped page's line, as the page writes it.
func skippedLine(side string, s snapshotSkipped) string {
	return pageMessage("Skipped in the "+side+" snapshot (invalid): "+s.where, s.reason)
}

// pageMessage is "where: message" as the page writes it: where (a file,
// with its line) a value of the data (PageText), message a message of the
// report that quotes its input where it is made (report.VisibleMessage:
// as on standard error, its runs of spaces shown), the two shortened as
// PageText shortens a text.
func pageMessage(where, msg string) string {
	return report.ShortenMessage(report.VisibleSpaces(where) + ": " + report.VisibleMessage(msg))
}

// reportFacts are the filters and canonicalization of the report, in
// words (reportNotes), as the page writes them: a filter's values as a
// list (report.FilterList), each value's edge spaces shown and the
// line's own not (shownText).
func reportFacts(r *diff.Report) []string {
	var out []string
	o := r.Options
	if len(o.Packages) > 0 {
		out = append(out, shownText("Filtered to packages "+report.FilterList(o.Packages, report.VisibleSpaces)+"."))
	}
	if len(o.Stacks) > 0 {
		out = append(out, shownText("Filtered to specs in stacks "+report.FilterList(o.Stacks, report.VisibleSpaces)+"."))
	}
	if len(o.Ignore) > 0 {
		out = append(out, shownText("Pairing ignores "+report.FilterList(o.Ignore, report.VisibleSpaces)+"."))
	}
	if o.Canonicalize {
		var rules []string
		for _, c := range r.Canonicalized {
			if c.Old != 0 || c.New != 0 {
				rules = append(rules, fmt.Sprintf("%s %d → %d", c.Value, c.Old, c.New))
			}
		}
		if rules != nil {
			out = append(out, PageText("Canonicalized strings (old → new): "+strings.Join(rules, ", ")+"."))
		}
	} else {
		out = append(out, PageText("Canonicalization is off: strings are compared as written."))
	}
	return out
}

type snapshotSkipped struct{ where, reason string }

func sideSkipped(s diff.Side) []snapshotSkipped {
	var out []snapshotSkipped
	for _, k := range s.Skipped {
		out = append(out, snapshotSkipped{report.SkippedWhere(k), k.Reason})
	}
	return out
}

// newsItem is a highlight on the page, linked to its package's page
// when it is news of one package.
func newsItem(h diff.Highlight, step, linkBase string) htmlNews {
	n := htmlNews{Step: step, Kind: h.Kind, Text: report.Shorten(report.NewsShown(h, HTMLNewsNames))}
	switch h.Kind {
	case diff.HighlightNewPackage, diff.HighlightRemovedPackage, diff.HighlightVersion:
		if len(h.Packages) == 1 {
			n.Href = report.PackageURL(linkBase, h.Packages[0])
		}
	}
	return n
}

// pairCounts is the table of counts of a report.
func pairCounts(r *diff.Report) htmlTable {
	s, p := r.Summary.Specs, r.Summary.Packages
	i := strconv.Itoa
	return htmlTable{
		Head: []string{"", "old", "new", "unchanged", "changed", "added", "removed", "rebuilt", "updated", "restacked"},
		Rows: [][]string{
			{"packages", i(p.Old), i(p.New), i(p.Unchanged), i(p.Changed), i(p.Added), i(p.Removed), "", "", report.RestackedOnlyCell(r)},
			{"specs", i(s.Old), i(s.New), i(s.Unchanged), "", i(s.Added), i(s.Removed), i(s.Rebuilt), i(s.Updated), i(s.Restacked)},
		},
	}
}

// warningLines lists up to htmlMaxWarnings warnings, and counts the rest.
func warningLines(ws []snapshot.Warning) ([]string, int) {
	var out []string
	for i, w := range ws {
		if i == htmlMaxWarnings {
			return out, len(ws) - i
		}
		out = append(out, pageMessage(report.WarningWhere(w), w.Message))
	}
	return out, 0
}

// htmlDetails is the details of r: a <details> per package that is not
// unchanged, each with its rows, up to maxRows rows and maxPkgs packages.
func htmlDetails(r *diff.Report, o report.Options, maxRows, maxPkgs int) *htmlStep {
	st := &htmlStep{}
	ab := report.Abbreviate(r)
	rows := 0
	for i := range r.Packages {
		p := &r.Packages[i]
		if len(st.Packages) == maxPkgs {
			st.MorePackages = len(r.Packages) - i
			break
		}
		hp := htmlPkg{Name: PageText(p.Name), Href: report.PackageURL(o.LinkBase, p.Name), Status: p.Status}
		var b strings.Builder
		b.WriteString(strconv.Itoa(p.Counts.Old) + " → " + report.Plural(p.Counts.New, "spec"))
		report.PkgCounts(&b, p.Counts)
		hp.Summary = b.String()
		if len(p.SharedVariants) > 0 {
			hp.Shared = PageText("Every spec has " + report.JoinWords(p.SharedVariants, " ") + ".")
		}
		room := maxRows - rows
		add := func(row htmlRow) {
			row.Kind = PageText(row.Kind)
			for i := range row.Cells {
				if i != variantsCell {
					row.Cells[i] = PageText(row.Cells[i])
				}
			}
			if room > 0 {
				hp.Rows = append(hp.Rows, row)
				room--
				rows++
			} else {
				hp.Unlisted++
			}
		}
		for _, l := range []struct {
			kind  string
			pairs []diff.Pair
		}{{"updated", p.Specs.Updated}, {"rebuilt", p.Specs.Rebuilt}, {"restacked", p.Specs.Restacked}} {
			for j := range l.pairs {
				if room <= 0 {
					hp.Unlisted += len(l.pairs) - j
					break
				}
				add(pairRow(l.kind, &l.pairs[j], ab, p.SharedVariants))
			}
		}
		for _, l := range []struct {
			kind  string
			specs []diff.Spec
		}{{"added", p.Specs.Added}, {"removed", p.Specs.Removed}} {
			for j := range l.specs {
				if room <= 0 {
					hp.Unlisted += len(l.specs) - j
					break
				}
				s := &l.specs[j]
				add(htmlRow{Kind: l.kind, Cells: [8]string{ab.Short(s.Hash), report.Same(report.JoinVersions(s.Versions, nil)), report.Same(s.Compiler), report.Same(s.OS), report.Same(s.Target), report.Same(s.Platform),
					report.ShownWords(s.Variants, p.SharedVariants), report.JoinList(s.Stacks)}})
			}
		}
		st.Packages = append(st.Packages, hp)
	}
	return st
}

// change writes a facet of a pair: "old → new" where they differ, each
// side that could read as another quoted (report.None, report.Same).
func htmlChange(before, after string) string {
	if before == after {
		return report.Same(after)
	}
	return report.None(before) + " → " + report.None(after)
}

// pairRow is the row of a rebuilt, updated or restacked pair.
func pairRow(kind string, p *diff.Pair, ab report.Abbrev, shared []string) htmlRow {
	o, n := p.Old, p.New
	row := htmlRow{Kind: kind}
	if kind == "updated" {
		row.Kind = "updated " + p.Facet
	}
	hash := ab.Short(o.Hash) + " → " + ab.Short(n.Hash)
	if o.Hash == n.Hash {
		hash = ab.Short(n.Hash)
	}
	variants := ""
	if gone, came := listops.Minus(o.Variants, n.Variants, nil), listops.Minus(n.Variants, o.Variants, nil); len(gone)+len(came) > 0 {
		variants = PageText(report.None(report.JoinWords(gone, " ")) + " → " + report.None(report.JoinWords(came, " ")))
	} else {
		variants = report.ShownWords(n.Variants, shared)
	}
	// The stacks kept, joined (+) and left (−), as one list
	// (report.ListQuoted), as Markdown writes them.
	stacks := report.JoinList(n.Stacks)
	if len(p.StacksJoined)+len(p.StacksLeft) > 0 {
		kept := listops.Minus(n.Stacks, p.StacksJoined, nil)
		quoted := report.ListQuoted(kept, p.StacksJoined, p.StacksLeft)
		items := make([]string, 0, len(kept)+len(p.StacksJoined)+len(p.StacksLeft))
		for _, x := range [...]struct {
			mark string
			l    []string
		}{{"", kept}, {"+", p.StacksJoined}, {"−", p.StacksLeft}} {
			for _, s := range x.l {
				items = append(items, x.mark+report.ListItem(s, quoted))
			}
		}
		stacks = strings.Join(items, ", ")
	}
	row.Cells = [8]string{hash, htmlChange(report.JoinVersions(o.Versions, n.Versions), report.JoinVersions(n.Versions, o.Versions)),
		htmlChange(o.Compiler, n.Compiler), htmlChange(o.OS, n.OS), htmlChange(o.Target, n.Target), htmlChange(o.Platform, n.Platform),
		variants, stacks}
	return row
}

// htmlCauses is why r's specs were rebuilt (Markdown's Why rebuilt and
// Environment roots, in one block): nil and a line when every cause is
// unknown (catalogue pages), nil and "" when no spec was rebuilt or
// updated and no root moved.
func htmlCauses(r *diff.Report) (*htmlWhy, string) {
	c := r.Causes
	if c == nil || (c.Pairs == 0 && c.Roots == nil) {
		return nil, ""
	}
	if report.UnknownCauses(c) {
		return nil, PageText("Why rebuilt: " + report.UnknownNote(c) + ".")
	}
	ab := report.Abbreviate(r)
	w := &htmlWhy{Note: PageText(report.UnknownNote(c))}
	i := strconv.Itoa
	more := func(n int, noun string) {
		if n > 0 {
			w.More = append(w.More, report.Plural(n, noun)+" more not listed (the page's bound; --format json has them).")
		}
	}
	var parts []string
	if rc := c.Roots; rc != nil {
		w.Roots = htmlTable{Caption: "Environment roots", Head: []string{"change", "root", "spec", "why"}}
		n := 0
		// The spec and why cells are sentences of values, each value's
		// edge spaces shown and the sentence's own not (shownText).
		row := func(kind, root, spec, why string) {
			if n < htmlMaxCauses {
				w.Roots.Rows = append(w.Roots.Rows, []string{PageText(kind), PageText(root), shownText(spec), shownText(why)})
			}
			n++
		}
		vs := report.VisibleSpaces
		for _, x := range rc.Added {
			row("added", x.Root, vs(x.SpecText())+" "+ab.Short(x.Hash), "")
		}
		for _, x := range rc.Removed {
			row("removed", x.Root, vs(x.SpecText())+" "+ab.Short(x.Hash), "")
		}
		order := diff.NewCauseOrder() // the sets' causes sorted, shared by the roots that share a set
		for _, x := range rc.Changed {
			if n >= htmlMaxCauses {
				n++ // a row not listed: its causes are not resolved
				continue
			}
			// Each side quoted where it holds an arrow (report.Same):
			// the root zl → ib@1 read "zl → ib@1 aaaaaaa → bbbbbbb".
			spec := vs(report.Same(x.Old.SpecText())) + " " + ab.Short(x.Old.Hash) + " → "
			if x.New.SpecText() != x.Old.SpecText() {
				spec += vs(report.Same(x.New.SpecText())) + " "
			}
			spec += ab.Short(x.New.Hash)
			var why []string
			if own := c.RootOwn(&x); len(own) > 0 {
				why = append(why, "own: "+report.ChangeTextOf(own, vs))
			}
			causes, all := c.ResolveFirst(x.Why, x.New.Name, htmlRootCauses, report.MaxPathNames, order)
			for _, cs := range causes {
				why = append(why, report.CauseTextOf(cs.Name, cs.Changes, vs)+" (via "+report.JoinPathOf(cs.Path, vs)+")")
			}
			if all > len(causes) {
				why = append(why, "and "+report.Plural(all-len(causes), "more root cause")+" (--format json)")
			}
			if len(why) == 0 {
				why = append(why, "hash only")
			}
			row("changed", x.Root, spec, strings.Join(why, "; "))
		}
		more(n-len(w.Roots.Rows), "root")
		parts = append(parts, fmt.Sprintf("roots: %d added, %d removed, %d changed", len(rc.Added), len(rc.Removed), len(rc.Changed)))
	}
	if len(c.Shared) > 0 {
		w.Shared = htmlTable{Caption: "Changes that several packages share", Head: []string{"change", "specs", "rebuilt", "updated", "packages"}}
		for k, s := range c.Shared {
			if k == htmlMaxCauses {
				more(len(c.Shared)-k, "shared change")
				break
			}
			w.Shared.Rows = append(w.Shared.Rows, []string{report.Shorten(report.ChangeShown([]diff.Change{{Kind: s.Kind, From: s.From, To: s.To}})),
				i(s.Specs), i(s.Rebuilt), i(s.Updated), PageText(report.JoinList(s.Packages))})
		}
	}
	if len(c.Groups) > 0 {
		w.Groups = htmlTable{Caption: "Root causes", Head: []string{"root cause", "change", "specs", "rebuilt", "updated", "via (one path)"}}
		for k, g := range c.Groups {
			if k == htmlMaxCauses {
				more(len(c.Groups)-k, "root cause")
				break
			}
			w.Groups.Rows = append(w.Groups.Rows, []string{PageText(g.Name), report.Shorten(report.ChangeShown(g.Changes)), i(g.Specs), i(g.Rebuilt), i(g.Updated), report.Shorten(report.PathShown(g.Via))})
		}
	}
	if line := report.CausesShown(r); line != "" {
		parts = append(parts, line)
	} else if c.Pairs > 0 {
		parts = append(parts, report.Plural(c.Pairs, "spec")+" rebuilt or updated, none with a root cause among its dependencies")
	}
	w.Summary = report.Shorten("Why rebuilt: " + strings.Join(parts, "; ") + ".")
	return w, ""
}

// newsNouns name the highlights of a kind in the line that counts those
// a list leaves out.
var newsNouns = map[string]string{
	diff.HighlightNewPackage: "new packages", diff.HighlightRemovedPackage: "removed packages", diff.HighlightVersion: "version changes",
	diff.HighlightVanished: "values gone", diff.HighlightAppeared: "values new", diff.HighlightShrank: "values that shrank",
	diff.HighlightGrew: "values that grew", diff.HighlightRootRemoved: "roots removed", diff.HighlightRootAdded: "roots added",
	diff.HighlightRootChanged: "roots changed", diff.HighlightCause: "causes",
}

// boundNews are the page's items of hs, in their order, at most
// HTMLNewsPerKind of each kind; after the last item listed of a kind
// that has more, a line counts them.
func boundNews(hs []diff.Highlight, item func(diff.Highlight) htmlNews) []htmlNews {
	total := map[string]int{}
	for _, h := range hs {
		total[h.Kind]++
	}
	seen := map[string]int{}
	var out []htmlNews
	for _, h := range hs {
		seen[h.Kind]++
		if seen[h.Kind] > HTMLNewsPerKind {
			continue
		}
		out = append(out, item(h))
		if seen[h.Kind] == HTMLNewsPerKind && total[h.Kind] > HTMLNewsPerKind {
			out = append(out, htmlNews{Kind: "more", Text: fmt.Sprintf("%d more highlights of %s (the details and --format json have them).",
				total[h.Kind]-HTMLNewsPerKind, cmp.Or(newsNouns[h.Kind], h.Kind))})
		}
	}
	return out
}
