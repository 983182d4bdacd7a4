// Package text is the text output format: the terminal view of a report
// (text.tmpl lays out the lines TextView fits to the width) and the text
// log. Format is its entry in report/builtin.
package text

import (
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// The terminal view (--format text), compact in the manner of nvd: a
// headline, then the report's highlights (diff.Highlight, in the words of
// NewsText) in sections of one item a line, Versions, New, Removed,
// Coverage, Causes and Rebuilt (Roots first for Spack's own files), each
// item with the counts of its package; then what is not news, kept short:
// the packages that only gained or lost specs, the rebuilds. Every line
// fits report.Options.Width (report.DefaultWidth when 0); a list too long
// for its lines ends in "…and N more". templates/text.tmpl lays TextView
// out.

// maxTextRows is how many lines a section gives to what is not a
// highlight (packages whose specs came or went, or that were updated or
// restacked) before "…and N more"; highlights are all listed.
const maxTextRows = 10

// maxRebuiltLines is how many lines the names of the packages changed by
// rebuilds alone take before "…and N more".
const maxRebuiltLines = 4

// TextView is the terminal view, fitted to its width: the headline's
// lines (with the gate and filters), the sections, and the lines after
// them (skipped pages, warnings, the note on unknown causes).
type TextView struct {
	Head     []string
	Sections []TextSection
	Tail     []string
}

// TextSection is a section of the terminal view: its title line and its
// item lines, indented.
type TextSection struct {
	Title string
	Lines []string
}

// TextView returns the terminal view of the report (templates/text.tmpl).
func (d *Document) TextView() *TextView {
	return d.textView(textWidthOf(d.Render.Width), false)
}

// textWidthOf is the width fitted to for report.Options.Width w.
func textWidthOf(w int) int {
	switch {
	case w <= 0:
		return report.DefaultWidth
	case w < report.MinWidth:
		return report.MinWidth
	}
	return w
}

// textFit writes the lines of one view at one width.
type textFit struct {
	width int
	color bool
}

// item is a section's line: s (plain text, already made safe) wrapped at
// the width, indented by two, continued by four.
func (f textFit) item(s string) []string { return wrapText(s, f.width, "  ", "    ") }

// para is a line of its own, continued by two.
func (f textFit) para(s string) []string { return wrapText(s, f.width, "", "  ") }

// news is a highlight's item line: NewsText with as many of its packages
// named as fit on one line, then suffix (the package's counts).
func (f textFit) news(h diff.Highlight, suffix string) []string {
	avail := f.width - 2
	one := fitNames(len(h.Packages), avail, func(k int) string {
		return report.VisibleInput(report.NewsText(h, k)) + suffix
	})
	return f.item(f.paintName(h, one))
}

// paintName colours the package a package's item is about, where
// NewsText writes it: bold for a version change, green for a new
// package, red for a removed one.
func (f textFit) paintName(h diff.Highlight, line string) string {
	if !f.color || len(h.Packages) != 1 {
		return line
	}
	prefix, style := "", "bold"
	switch h.Kind {
	case diff.HighlightNewPackage:
		prefix, style = "new package ", "green"
	case diff.HighlightRemovedPackage:
		prefix, style = "removed package ", "red"
	case diff.HighlightVersion:
	default:
		return line
	}
	name := report.VisibleInput(report.ListItem(h.Packages[0], report.NamesQuoted(h.Packages))) // as NewsText names it
	if rest, ok := strings.CutPrefix(line, prefix+name); ok {
		return prefix + paintStr(true, style, name) + rest
	}
	return line
}

// textView builds the view at width; step leaves out the title and the
// note said once for a whole log (a log's step).
func (d *Document) textView(width int, step bool) *TextView {
	f := textFit{width: width, color: d.Render.Color}
	c := d.Render.Color
	v := &TextView{}

	// The headline.
	facts := d.textFacts()
	if step {
		v.Head = f.para(facts)
	} else {
		title := d.Render.Title
		if title == "" {
			title = "cachediff"
		}
		v.Head = f.para(paintStr(c, "bold", report.VisibleInput(title)) + ": " + d.sidesText() + ": " + facts)
	}
	for _, h := range d.Highlights {
		switch h.Kind {
		case diff.HighlightGateTripped:
			line := fitNames(len(h.Packages), width, func(k int) string { return report.VisibleInput(report.NewsText(h, k)) })
			if rest, ok := strings.CutPrefix(line, "gate tripped"); ok {
				line = paintStr(c, "red", "gate tripped") + rest
			}
			v.Head = append(v.Head, f.para(line)...)
		case diff.HighlightGatePassed:
			line := paintStr(c, "green", report.VisibleInput(report.NewsText(h, 0)))
			if d.Gate != nil {
				line += ": no change of the kinds it fails on (" + report.VisibleInput(strings.Join(d.Gate.FailOn, ", ")) + ")"
			}
			v.Head = append(v.Head, f.para(line)...)
		}
	}
	if o := d.Options; o.Filtered() {
		var parts []string
		if len(o.Packages) > 0 {
			parts = append(parts, "packages "+report.FilterList(o.Packages, report.VisibleInput))
		}
		if len(o.Stacks) > 0 {
			s := "specs in stack "
			if len(o.Stacks) > 1 {
				s = "specs in stacks "
			}
			parts = append(parts, s+report.FilterList(o.Stacks, report.VisibleInput))
		}
		if len(o.Ignore) > 0 {
			parts = append(parts, "pairing ignores "+report.FilterList(o.Ignore, report.VisibleInput))
		}
		v.Head = append(v.Head, f.para("filters: "+strings.Join(parts, "; "))...)
	}

	// The sections: the highlights, each with its package's counts.
	byName := make(map[string]*diff.Package, len(d.Packages))
	for i := range d.Packages {
		byName[d.Packages[i].Name] = &d.Packages[i]
	}
	named := map[string]bool{} // packages a highlight's line gives the counts of
	var roots, versions, added, removed, coverage, causes []string
	for _, h := range d.Highlights {
		switch h.Kind {
		case diff.HighlightRootRemoved, diff.HighlightRootAdded, diff.HighlightRootChanged:
			roots = append(roots, f.news(h, "")...)
		case diff.HighlightVersion, diff.HighlightNewPackage, diff.HighlightRemovedPackage:
			suffix := ""
			if len(h.Packages) == 1 {
				if p := byName[h.Packages[0]]; p != nil {
					suffix = countsText(c, p, d.Render.RebuiltRows)
					named[p.Name] = true
				}
			}
			lines := f.news(h, suffix)
			switch h.Kind {
			case diff.HighlightVersion:
				versions = append(versions, lines...)
			case diff.HighlightNewPackage:
				added = append(added, lines...)
			default:
				removed = append(removed, lines...)
			}
		case diff.HighlightVanished, diff.HighlightAppeared, diff.HighlightShrank, diff.HighlightGrew:
			coverage = append(coverage, f.news(h, "")...)
		case diff.HighlightCause:
			causes = append(causes, f.news(h, "")...)
		}
	}
	if d.Causes != nil && len(d.Causes.Groups) > diff.MaxCauseHighlights {
		// Wrapped as an item: written as one line, it ran past a
		// narrow --width.
		causes = append(causes, f.item("…and "+report.Plural(len(d.Causes.Groups)-diff.MaxCauseHighlights, "more cause")+" (--format md lists them)")...)
	}

	// What is not news: the other changed packages, by what changed.
	plain := report.PlainCounts(d.Document)
	var moved, other []string  // packages whose specs came or went; the others
	var only []namedCount      // packages changed by plain rebuilds alone
	var restacked []namedCount // packages whose specs only moved stacks (roots)
	var b strings.Builder
	for i := range d.Packages {
		p := &d.Packages[i]
		if named[p.Name] {
			continue
		}
		if !d.Render.RebuiltRows && report.PkgRebuildsOnly(p, plain[i]) {
			only = append(only, namedCount{p.Name, " " + strconv.Itoa(p.Counts.Rebuilt)})
			continue
		}
		if n := p.Counts; !d.Render.RebuiltRows && p.Status == diff.Changed && !p.Versions.Changed() &&
			n.Restacked > 0 && n.Added+n.Removed+n.Rebuilt+n.Updated == 0 {
			restacked = append(restacked, namedCount{p.Name, " " + strconv.Itoa(n.Restacked)})
			continue
		}
		b.Reset()
		textPackage(&b, c, p, d.Render.RebuiltRows)
		if p.Counts.Added+p.Counts.Removed > 0 {
			moved = append(moved, b.String())
		} else {
			other = append(other, b.String())
		}
	}
	coverage = append(coverage, f.rows(moved, "package", d.Render.RebuiltRows)...)
	var rebuilt []string
	switch r := report.ShareOfRebuilds(d.Document, plain); {
	case report.OnlyRebuilds(d.Report) && only != nil:
		// The headline said it all but the names.
		rebuilt = f.names("", namedCounts(only, listOdd))
	case r.Plain > 0:
		line := "rebuilt only (new hash, same facets and stacks): " + report.Plural(r.Plain, "spec") + " of " + report.Plural(r.Changes, "spec change") + " (" + report.Percent(r.Plain, r.Changes) + ")"
		if o := r.OtherRebuilds(d.Document); o != "" {
			line += "; " + o
		}
		if only == nil {
			rebuilt = f.item(line)
		} else {
			rebuilt = f.names(line+"; "+report.Plural(len(only), "package")+" had nothing else: ", namedCounts(only, listOdd))
		}
	}
	if restacked != nil {
		rebuilt = append(rebuilt, f.names("restacked only (same hash, other stacks): "+report.Plural(len(restacked), "package")+": ", namedCounts(restacked, listOdd))...)
	}
	rebuilt = append(rebuilt, f.rows(other, "package", d.Render.RebuiltRows)...)

	for _, s := range [...]struct {
		title string
		lines []string
	}{
		{"Roots", roots}, {"Versions", versions}, {"New", added}, {"Removed", removed},
		{"Coverage", coverage}, {"Causes", causes}, {"Rebuilt", rebuilt},
	} {
		if len(s.lines) > 0 {
			v.Sections = append(v.Sections, TextSection{Title: paintStr(c, "bold", s.title+":"), Lines: s.lines})
		}
	}

	// After the sections.
	if n := len(d.Old.Skipped) + len(d.New.Skipped); n > 0 {
		v.Tail = append(v.Tail, f.para(paintStr(c, "yellow", report.Plural(n, snapshot.SkippedNoun(d.Old.Skipped, d.New.Skipped)))+" skipped (--skip-invalid), their specs not counted:")...)
		for _, side := range [...]struct {
			name string
			l    []skippedPage
		}{{"old", skippedLines(d.Old.Skipped)}, {"new", skippedLines(d.New.Skipped)}} {
			for _, s := range side.l {
				v.Tail = append(v.Tail, f.item(side.name+" "+s.where+": "+report.Visible(s.reason))...)
			}
		}
	}
	if len(d.Warnings) > 0 {
		v.Tail = append(v.Tail, f.para(paintStr(c, "yellow", report.Plural(len(d.Warnings), "warning"))+":")...)
		for _, w := range d.Warnings {
			v.Tail = append(v.Tail, f.item(report.VisibleInput(report.WarningWhere(w))+": "+report.Visible(w.Message))...)
		}
	}
	if !step && d.Causes != nil {
		if note := report.UnknownNote(d.Causes); note != "" {
			v.Tail = append(v.Tail, f.para("why: "+report.VisibleInput(note))...)
		}
	}
	return v
}

// rows are a section's lines of packages that are not news: all of them
// with all set (--rows rebuilt), else up to maxTextRows lines.
func (f textFit) rows(l []string, noun string, all bool) []string {
	var out []string
	for i, s := range l {
		if !all && len(l) > maxTextRows && i == maxTextRows-1 {
			out = append(out, f.item("…and "+report.Plural(len(l)-i, "more "+noun))...)
			break
		}
		out = append(out, f.item(s)...)
	}
	return out
}

// names writes head and the names of l, "name count" each, as an item of
// up to maxRebuiltLines lines (more if head alone takes more), the rest
// counted; a name is never broken from its count.
func (f textFit) names(head string, l []string) []string {
	item := func(k int) []string { return wrapWords(namesWords(head, l, k), f.width, "  ", "    ") }
	most := max(maxRebuiltLines, len(item(0)))
	fits := func(k int) bool { return len(item(k)) <= most }
	if fits(len(l)) {
		return item(len(l))
	}
	lo, hi := 0, len(l)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return item(lo)
}

// namesWords are the words of head and the first k names of l, the rest
// counted ("…and N more"), each name with its comma one word.
func namesWords(head string, l []string, k int) []string {
	words := glueArrows(strings.Split(strings.TrimSuffix(head, " "), " "))
	if head == "" {
		words = nil
	}
	for i, name := range l[:k] {
		if i < len(l)-1 {
			name += ","
		}
		words = append(words, name)
	}
	if k < len(l) {
		words = append(words, "…and "+strconv.Itoa(len(l)-k)+" more")
	}
	return words
}

// countsText is a package's counts for its highlight's line: ", +3 −3
// specs, 2 rebuilt, 14 updated", or "" when none; the stacks of its
// rebuilds only with allStacks (--rows rebuilt).
func countsText(c bool, p *diff.Package, allStacks bool) string {
	stacks := stacksNone
	if allStacks {
		stacks = stacksAll
	}
	var b strings.Builder
	writeCounts(&b, c, p, stacks)
	return b.String()
}

// textFacts is the headline after the sides: a comparison of Spack's
// own files in roots (rootsHeadline), a report of rebuilds alone
// (rebuildsHeadline), else the counts of packages and specs.
func (d *Document) textFacts() string {
	p, s := d.Summary.Packages, d.Summary.Specs
	if !d.HasChanges() {
		return "no changes (" + report.Plural(p.New, "package") + ", " + report.Plural(s.New, "spec") + ")" + report.UnchangedBut(d.Report)
	}
	if line, ok := report.RootsHeadline(d.Report); ok {
		return report.VisibleInput(line)
	}
	if report.OnlyRebuilds(d.Report) {
		return report.VisibleInput(report.RebuildsHeadline(d.Report))
	}
	c := d.Render.Color
	var b strings.Builder
	b.WriteString(report.Plural(p.Changed+p.Added+p.Removed, "package") + " changed")
	var parts []string
	for _, x := range [...]struct {
		n    int
		what string
	}{{p.Added, " new"}, {p.Removed, " removed"}, {p.Unchanged, " unchanged"}} {
		if x.n > 0 {
			parts = append(parts, strconv.Itoa(x.n)+x.what)
		}
	}
	if parts != nil {
		b.WriteString(" (" + strings.Join(parts, ", ") + ")")
	}
	b.WriteString("; specs " + strconv.Itoa(s.Old) + " → " + strconv.Itoa(s.New) + " (" +
		paintStr(c, "green", "+"+strconv.Itoa(s.Added)) + nbsp + paintStr(c, "red", "−"+strconv.Itoa(s.Removed)))
	for _, x := range [...]struct {
		n    int
		what string
	}{{s.Rebuilt, " rebuilt"}, {s.Updated, " updated"}, {s.Restacked, " restacked"}, {s.Unchanged, " unchanged"}} {
		if x.n > 0 {
			b.WriteString(", " + strconv.Itoa(x.n) + x.what)
		}
	}
	b.WriteString(")")
	return b.String()
}

// sidesText names the two sides as the headline does: by name when both
// have the same tag and their names differ, else by path, else by tag;
// plain text, each cut as textLabel cuts it.
func (d *Document) sidesText() string {
	a, b := report.SideNames(d.Old, d.New)
	return textLabel(report.VisibleInput(a)) + " → " + textLabel(report.VisibleInput(b))
}

// skippedPage is a skipped page for its line: where, and why.
type skippedPage struct{ where, reason string }

func skippedLines(l []snapshot.Skipped) []skippedPage {
	out := make([]skippedPage, len(l))
	for i, s := range l {
		out[i] = skippedPage{report.VisibleInput(report.SkippedWhere(s)), s.Reason}
	}
	return out
}
